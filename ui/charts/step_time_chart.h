#pragma once
#include <QPointer>
#include "core/estimate/estimate.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 3: where a training step's time goes. Top bar: the critical path (GEMMs, memory-bound
// kernels, communication left exposed per parallel dimension, the pipeline bubble, the
// optimizer). Bottom bar: all communication, exposed versus hidden behind compute.
class StepTimeChart : public ChartBase {
    Q_OBJECT
public:
    explicit StepTimeChart(QWidget* parent = nullptr);
    void setEstimate(const Scenario& scenario, const Estimate& estimate);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "communication";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    void fitTotalLabel();  // the x range that leaves room for the step's total, right of its bar

    Scenario scenario_;
    Estimate estimate_;
    QPointer<QCPItemText> total_;  // owned by the plot, which deletes it with its items
};

} // namespace shardscope::ui
