#pragma once
#include "core/estimate/sweeps.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Operations 1: the effective training time ratio (ETTR) and the goodput (tokens per second
// that survive failures) from 8 to 16,384 GPUs, with the single-GPU point beside them: failures
// grow with the GPU count, so the share of time that trains falls.
class OpsScalingChart : public ChartBase {
    Q_OBJECT
public:
    explicit OpsScalingChart(QWidget* parent = nullptr);
    void setSweep(OpsSweep sweep, int currentGpus);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "ops-scaling";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    OpsSweep sweep_;
    int current_ = 0;
};

} // namespace shardscope::ui
