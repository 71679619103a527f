#pragma once
#include <QPointer>

#include "core/reshard/transfer_plan.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// The checkpoint migration as a picture a teacher can show: the source layout's ranks on the
// left, the target layout's on the right, and the bytes each target rank reads from each source
// rank as flows whose width follows the bytes. Layouts of more than 32 ranks are drawn by node
// (gpusPerNode consecutive ranks).
class ReshardChart : public ChartBase {
    Q_OBJECT
public:
    explicit ReshardChart(QWidget* parent = nullptr);
    void setPlan(ReshardPlan plan, int gpusPerNode);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "reshard";
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    // Once the layout is known: short box labels where the long ones do not fit their boxes,
    // room above the first row for the two headings, and the headings shortened where they
    // would meet (the layouts are also in the fields above the chart).
    void fitLabels();

    struct BoxLabel {
        QPointer<QCPItemText> item;
        QString full;
        QString brief;
        double x0, x1;  // the box's edges (axis coordinates)
        int index;      // the box's place on its side, from the top
    };
    ReshardPlan plan_;
    int gpusPerNode_ = 8;
    double rows_ = 1;
    QList<BoxLabel> boxLabels_;
    QPointer<QCPItemText> fromHeading_, toHeading_;
    QString fromText_, toText_;
};

} // namespace shardscope::ui
