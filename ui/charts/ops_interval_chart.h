#pragma once
#include <vector>

#include "core/ops/ops_model.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Operations 2: the share of wall-clock time lost against the checkpoint interval: checkpoints
// too often stall training, too rarely lose more work per failure. Young's and Daly's optimum and
// the interval in use are marked.
class OpsIntervalChart : public ChartBase {
    Q_OBJECT
public:
    explicit OpsIntervalChart(QWidget* parent = nullptr);
    void setCurve(std::vector<IntervalPoint> curve, const OpsEstimate& ops);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "ops-interval";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    void marker(double minutes, const QString& text, const QPen& pen, double labelY, Qt::Alignment align);

    std::vector<IntervalPoint> curve_;
    OpsEstimate ops_;
};

} // namespace shardscope::ui
