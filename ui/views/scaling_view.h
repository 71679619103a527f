#pragma once
#include "core/estimate/sweeps.h"
#include "ui/views/view.h"

class QComboBox;
class QLabel;

namespace shardscope::ui {

class ChartPanel;
class ScalingChart;

// "Scaling": MFU and the share of time waiting on the network from 8 to 16,384 GPUs, with the
// choice of strong or weak scaling (computed in the background).
class ScalingView : public View {
    Q_OBJECT
public:
    explicit ScalingView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {panel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;
    ScalingChart* chart() const { return chart_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ViewContext context_;
    ScalingMode mode_ = ScalingMode::FixedGlobalBatch;
    QLabel* modeLabel_;
    QComboBox* modeBox_;
    ScalingChart* chart_;
    ChartPanel* panel_;
};

} // namespace shardscope::ui
