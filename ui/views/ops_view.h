#pragma once
#include "ui/views/view.h"

class QCheckBox;
class QTabWidget;

namespace shardscope::ui {

class CheckpointChart;
class ComparisonChart;
class OpsIntervalChart;
class OpsPanel;
class OpsScalingChart;

// "Operations": what running at scale costs beyond the step time. ETTR and goodput from 8 to
// 16,384 GPUs beside one GPU (computed in the background), time lost against the checkpoint
// interval, what a checkpoint holds and how long it takes, and the article's single-card versus
// cluster table; the ops controls above them.
class OpsView : public View {
    Q_OBJECT
public:
    explicit OpsView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return panels_; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;

    OpsPanel* controls() const { return controls_; }
    OpsScalingChart* scalingChart() const { return scalingChart_; }
    OpsIntervalChart* intervalChart() const { return intervalChart_; }
    CheckpointChart* checkpointChart() const { return checkpointChart_; }
    ComparisonChart* comparisonChart() const { return comparisonChart_; }
    QCheckBox* dalyBox() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ViewContext context_;
    OpsPanel* controls_;
    QTabWidget* pages_;
    OpsScalingChart* scalingChart_;
    OpsIntervalChart* intervalChart_;
    CheckpointChart* checkpointChart_;
    ComparisonChart* comparisonChart_;
    QList<ChartPanel*> panels_;
};

} // namespace shardscope::ui
