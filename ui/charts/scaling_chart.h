#pragma once
#include <QPointer>
#include <vector>

#include "core/estimate/sweeps.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 4: MFU and the share of the step spent waiting on communication versus the number of
// GPUs (log axis), data parallelism growing at a fixed global batch or fixed per-GPU work.
class ScalingChart : public ChartBase {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);
    // `gpusPerNode`: where NVLink ends and the network begins, marked on the chart.
    void setPoints(std::vector<ScalingPoint> points, ScalingMode mode, int currentGpus, int gpusPerNode = 8);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "scaling";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    void placeEndNote();  // once laid out: right of the curves' last point, or left where it does not fit
    bool overOtherText(const QRectF& r);  // whether r (pixels) meets one of the chart's other labels

    std::vector<ScalingPoint> points_;
    ScalingMode mode_ = ScalingMode::FixedGlobalBatch;
    int current_ = 0;
    int gpusPerNode_ = 8;
    QPointer<QCPItemText> endNote_;  // why the curves stop early; owned by the plot
    int endGpus_ = 0;                // where they stop: the last GPU count that runs
};

} // namespace shardscope::ui
