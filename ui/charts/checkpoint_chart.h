#pragma once
#include "core/estimate/estimate.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Operations 3: what a checkpoint holds, state by state, on one GPU, for the whole job and for
// the rank that writes the most, with the time to write it and how long training stops.
class CheckpointChart : public ChartBase {
    Q_OBJECT
public:
    explicit CheckpointChart(QWidget* parent = nullptr);
    // `single` is the same training on one GPU (core's singleGpuScenario).
    void setEstimates(const Scenario& scenario, const Estimate& cluster, const Estimate& single);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "checkpoint";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    Scenario scenario_;
    OpsEstimate cluster_;
    OpsEstimate single_;
};

} // namespace shardscope::ui
