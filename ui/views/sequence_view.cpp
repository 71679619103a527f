#include "ui/views/sequence_view.h"

#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/sequence_chart.h"
#include "ui/document/background_runner.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/invalid_layout.h"

namespace shardscope::ui {

SequenceView::SequenceView(const ViewContext& context, QWidget* parent)
    : View(parent), context_(context), chart_(new SequenceChart), panel_(new ChartPanel(chart_))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(panel_);
    connect(context_.runner, &BackgroundRunner::sequenceReady, this, [this](const std::vector<SequencePoint>& points) {
        const Scenario& s = context_.document->scenario();
        chart_->setPoints(points, context_.document->estimate().memory.gpuCapacity, s.parallel.gpus, s.training.seqLen);
    });
}

void SequenceView::scenarioChanged(const Scenario& scenario, const Estimate& estimate)
{
    const QString invalid = invalidLayoutText(scenario, estimate);
    for (ChartPanel* panel : panels())
        panel->chart()->setInvalid(invalid);
    context_.runner->requestSequence(scenario);
}

} // namespace shardscope::ui
