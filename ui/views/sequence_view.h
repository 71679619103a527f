#pragma once
#include "ui/views/view.h"

namespace shardscope::ui {

class ChartPanel;
class SequenceChart;

// "Sequence length": memory from 256 to 1M tokens, one GPU beside the layout (computed in the
// background).
class SequenceView : public View {
    Q_OBJECT
public:
    explicit SequenceView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {panel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;
    SequenceChart* chart() const { return chart_; }

private:
    ViewContext context_;
    SequenceChart* chart_;
    ChartPanel* panel_;
};

} // namespace shardscope::ui
