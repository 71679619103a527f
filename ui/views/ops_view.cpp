#include "ui/views/ops_view.h"

#include <QEvent>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/estimate/sweeps.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/checkpoint_chart.h"
#include "ui/charts/comparison_chart.h"
#include "ui/charts/ops_interval_chart.h"
#include "ui/charts/ops_scaling_chart.h"
#include "ui/controls/ops_panel.h"
#include "ui/document/background_runner.h"
#include "ui/document/scenario_document.h"

namespace shardscope::ui {

OpsView::OpsView(const ViewContext& context, QWidget* parent)
    : View(parent), context_(context), controls_(new OpsPanel(context.document)), pages_(new QTabWidget),
      scalingChart_(new OpsScalingChart), intervalChart_(new OpsIntervalChart), checkpointChart_(new CheckpointChart),
      comparisonChart_(new ComparisonChart)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(controls_);
    // One chart per page: four charts side by side would be too small to read on a laptop.
    for (ChartBase* chart : std::initializer_list<ChartBase*>{scalingChart_, intervalChart_, checkpointChart_, comparisonChart_}) {
        auto* panel = new ChartPanel(chart);
        panels_.append(panel);
        pages_->addTab(panel, QString());
    }
    layout->addWidget(pages_, 1);
    connect(context_.runner, &BackgroundRunner::opsReady, this, [this](const OpsSweep& sweep) {
        scalingChart_->setSweep(sweep, context_.document->scenario().parallel.gpus);
    });
    retranslate();
}

void OpsView::scenarioChanged(const Scenario& scenario, const Estimate& estimate)
{
    context_.runner->requestOps(scenario);
    if (!estimate.valid())
        return;
    // Three more estimates (one GPU, one GPU with LoRA): microseconds each.
    const SingleGpuComparison one = compareWithOneGpu(scenario);
    intervalChart_->setCurve(intervalCurveAround(estimate.ops), estimate.ops);
    checkpointChart_->setEstimates(scenario, estimate, one.single);
    comparisonChart_->setEstimates(scenario, estimate, one);
}

QCheckBox* OpsView::dalyBox() const { return controls_->dalyBox(); }

void OpsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    View::changeEvent(event);
}

void OpsView::retranslate()
{
    pages_->setTabText(0, tr("Failures and scale"));
    pages_->setTabText(1, tr("Checkpoint interval"));
    pages_->setTabText(2, tr("Checkpoint size"));
    pages_->setTabText(3, tr("One GPU versus the cluster"));
}

} // namespace shardscope::ui
