#pragma once
#include "ui/views/view.h"

#include "core/precision/drift.h"
#include "core/precision/reduction.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;

namespace shardscope::ui {

class BackgroundRunner;
class ChartPanel;
class DriftChart;
class ReductionChart;
class ShardedMasterTable;
class ValueSlider;
struct DriftResults;

// The precision lab: a weight updated step after step in a low format under each strategy
// (opening on the article's 1.0 + 1e-4, 10,000 times, in bf16), and the error of summing
// gradients over N GPUs, and whether sharding the fp32 master weights changes them. Runs off the
// GUI thread.
class PrecisionPanel : public View {
    Q_OBJECT
public:
    PrecisionPanel(BackgroundRunner* runner, QWidget* parent = nullptr);

    DriftChart* driftChart() const { return driftChart_; }
    ReductionChart* reductionChart() const { return reductionChart_; }
    ChartPanel* driftPanel() const { return driftPanel_; }
    ChartPanel* reductionPanel() const { return reductionPanel_; }
    ShardedMasterTable* shardedMaster() const { return shardedMaster_; }
    QTabWidget* experiments() const { return experiments_; }  // one tab per experiment
    DriftSpec driftSpec() const;
    QList<ChartPanel*> panels() const override;
    void scenarioChanged(const Scenario&, const Estimate&) override {}  // its experiments have their own controls
    void run();  // (re)start both experiments with the current controls

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void runDrift();      // the weight-update experiment, from its controls
    void runReduction();  // the N-rank reduction sweep, from the gradient format and seed
    void showDrift(const DriftResults& results);

    BackgroundRunner* runner_;
    QGroupBox* driftBox_;
    QLabel* formatLabel_;
    QComboBox* format_;
    QLabel* startLabel_;
    QLineEdit* start_;
    QLabel* updateLabel_;
    QLineEdit* update_;
    QLabel* spreadLabel_;
    QLineEdit* spread_;
    ValueSlider* steps_;
    QCheckBox* strategies_[4];
    QLabel* seedLabel_;
    QSpinBox* seed_;
    QGroupBox* reduceBox_;
    QLabel* gradientLabel_;
    QComboBox* gradientFormat_;
    DriftChart* driftChart_;
    ReductionChart* reductionChart_;
    ChartPanel* driftPanel_;
    ChartPanel* reductionPanel_;
    ShardedMasterTable* shardedMaster_;
    QTabWidget* experiments_;
    QLabel* status_;
};

} // namespace shardscope::ui
