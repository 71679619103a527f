#pragma once
#include "core/data/samplers.h"
#include "ui/views/view.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace shardscope::ui {

class ChartPanel;
class DataShardingChart;

// The spec the data view starts from for a scenario: a few samples more than a whole number per
// rank on the layout's data-parallel ranks (at most 16, for a readable grid), shuffled.
DataSpec defaultDataSpec(const Scenario& scenario);

// "Data sharding": how N samples fall on the data-parallel ranks under PyTorch's
// DistributedSampler or Megatron-LM's sampler, the seeds each rank uses, and the manifest hash of
// what decides the order.
class DataView : public View {
    Q_OBJECT
public:
    explicit DataView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {panel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;
    void setSpec(const DataSpec& spec);  // tests and scripting

protected:
    void changeEvent(QEvent* event) override;

private:
    DataSpec specFromControls() const;
    void recompute();
    void retranslate();

    bool edited_ = false;
    bool updating_ = false;
    QLabel* samplesLabel_;
    QLabel* ranksLabel_;
    QLabel* samplerLabel_;
    QLabel* seedLabel_;
    QLabel* epochLabel_;
    QLabel* microLabel_;
    QLabel* consumedLabel_;
    QSpinBox* samples_;
    QSpinBox* ranks_;
    QComboBox* sampler_;
    QCheckBox* shuffle_;
    QCheckBox* dropLast_;
    QSpinBox* seed_;
    QSpinBox* epoch_;
    QSpinBox* micro_;
    QSpinBox* consumed_;
    QLabel* notes_;
    QTableWidget* seeds_;
    DataShardingChart* chart_;
    ChartPanel* panel_;
    int tp_ = 1;
    int pp_ = 1;
};

} // namespace shardscope::ui
