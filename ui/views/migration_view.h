#pragma once
#include "ui/views/view.h"

class QLabel;
class QLineEdit;
class QSplitter;
class QTableWidget;

namespace shardscope::ui {

class ChartPanel;
class PlacementChart;
class ReshardChart;

// "Migration": from the plan to a real engine. A checkpoint moved from one layout to another
// (every tensor's split, who reads what from whom, the pitfalls of this model), and where the
// current layout's collectives run: inside a node or across the network.
class MigrationView : public View {
    Q_OBJECT
public:
    explicit MigrationView(const ViewContext& context, QWidget* parent = nullptr);
    QList<ChartPanel*> panels() const override { return {flowsPanel_, placementPanel_}; }
    void scenarioChanged(const Scenario& scenario, const Estimate& estimate) override;
    void setLayouts(const QString& from, const QString& to);  // as typed; tests and scripting

protected:
    void changeEvent(QEvent* event) override;

private:
    void replan();
    void retranslate();

    Scenario scenario_;
    bool edited_ = false;  // the user typed a layout: keep it when the scenario changes
    QLabel* fromLabel_;
    QLabel* toLabel_;
    QLineEdit* from_;
    QLineEdit* to_;
    QLabel* problems_;
    QLabel* tensorsLabel_;
    QTableWidget* tensors_;
    ReshardChart* flows_;
    PlacementChart* placement_;
    ChartPanel* flowsPanel_;
    ChartPanel* placementPanel_;
    QSplitter* split_ = nullptr;  // the resharding row above the placement chart
};

} // namespace shardscope::ui
