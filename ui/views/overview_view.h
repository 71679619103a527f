#pragma once
#include "ui/views/view.h"

class QScrollArea;

namespace shardscope::ui {

class ChartPanel;
class DiagnosticsView;
class MemoryChart;
class StepTimeChart;

// "Memory and step time": the diagnostics strip, the memory ledger (one GPU beside the layout's
// most loaded GPU) and where a step's time goes.
class OverviewView : public View {
    Q_OBJECT
public:
    explicit OverviewView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {memoryPanel_, stepPanel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;
    MemoryChart* memoryChart() const { return memoryChart_; }
    StepTimeChart* stepTimeChart() const { return stepChart_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitStripToFont();
    QScrollArea* diagnosticsScroll_;
    DiagnosticsView* diagnostics_;
    MemoryChart* memoryChart_;
    StepTimeChart* stepChart_;
    ChartPanel* memoryPanel_;
    ChartPanel* stepPanel_;
};

} // namespace shardscope::ui
