#pragma once
#include "ui/controls/scenario_panel.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;

namespace shardscope::ui {

// Parallel layout and cluster controls: GPU count, TP, PP, CP, EP (sliders that snap to the
// layouts that can run), the derived DP, ZeRO stage, sequence parallelism, virtual pipeline
// stages, offload, the GPU, GPUs per node and the rank order (how ranks fill nodes).
class LayoutPanel : public ScenarioPanel {
    Q_OBJECT
public:
    explicit LayoutPanel(ScenarioDocument* document, QWidget* parent = nullptr);

    ValueSlider* gpuSlider() const { return gpus_; }
    ValueSlider* tpSlider() const { return tp_; }

protected:
    void sync() override;
    void retranslate() override;

private:
    QGroupBox* layoutBox_;
    QGroupBox* clusterBox_;
    ValueSlider* gpus_;
    QLabel* dp_;
    ValueSlider* tp_;
    ValueSlider* pp_;
    ValueSlider* cp_;
    ValueSlider* ep_;
    ValueSlider* vpp_;
    QLabel* zeroLabel_;
    QComboBox* zero_;
    QCheckBox* sequenceParallel_;
    QLabel* offloadLabel_;
    QComboBox* offload_;
    QLabel* gpuLabel_;
    QComboBox* gpu_;
    ValueSlider* perNode_;
    QLabel* rankOrderLabel_;
    QComboBox* rankOrder_;
};

} // namespace shardscope::ui
