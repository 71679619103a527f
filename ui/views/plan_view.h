#pragma once
#include <optional>

#include "core/plan/plan_scenes.h"
#include "ui/document/background_runner.h"
#include "ui/views/view.h"

class QLabel;
class QPushButton;
class QScrollArea;
class QTableWidget;

namespace shardscope::ui {

class ChartPanel;
class PlanChart;
class PlanControls;

// "Plan": which layout should I use? Every layout of the scenario's GPUs searched by core's
// planner in the background (a newer request replaces a queued one), the feasible ones as a
// scatter with the Pareto front, the best ranked in a table with their reasons, the layouts each
// rule excluded; a plan applies to the scenario as one undo step. The article's scenes set the
// scenario and the constraints and say whether the numbers agree with its rule of thumb.
class PlanView : public View {
    Q_OBJECT
public:
    explicit PlanView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {panel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;

    // Applies the table's row (0: the best plan) to the document's scenario: one undo step.
    // False when there is no such row or the plans are out of date.
    bool applyRow(int row);
    void chooseScene(PlanScene scene);

    PlanChart* chart() const { return chart_; }
    PlanControls* controls() const { return controls_; }
    QTableWidget* table() const { return table_; }
    QLabel* errorLabel() const { return error_; }
    QLabel* rejectedLabel() const { return rejected_; }
    QPushButton* applyButton() const { return apply_; }
    const std::optional<PlanRun>& lastRun() const { return run_; }

protected:
    void showEvent(QShowEvent* event) override;

public:
    void catchUp() override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void replan();
    void showRun(const PlanRun& run);
    void fillTable();
    void retranslate();
    void fitToFont();  // column widths and the left column's width follow the type (presentation mode)

    ViewContext context_;
    QScrollArea* left_ = nullptr;
    PlanControls* controls_;
    PlanChart* chart_;
    ChartPanel* panel_;
    QTableWidget* table_;
    QLabel* summary_;
    QLabel* rejected_;
    QLabel* error_;
    QPushButton* apply_;
    std::optional<PlanRun> run_;
    bool stale_ = false;    // the scenario changed while the view was hidden: re-plan when shown
    bool current_ = false;  // run_ answers the document's scenario and the controls as they are
    std::optional<PlanScene> scene_;
    std::string sceneBase_;  // the scene's scenario as JSON: the scene holds while the document keeps it
};

} // namespace shardscope::ui
