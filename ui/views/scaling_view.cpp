#include "ui/views/scaling_view.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/scaling_chart.h"
#include "ui/document/background_runner.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/invalid_layout.h"
namespace shardscope::ui {

ScalingView::ScalingView(const ViewContext& context, QWidget* parent)
    : View(parent), context_(context), modeLabel_(new QLabel), modeBox_(new QComboBox), chart_(new ScalingChart),
      panel_(new ChartPanel(chart_))
{
    auto* layout = new QVBoxLayout(this);
    auto* modeRow = new QHBoxLayout;
    modeLabel_->setBuddy(modeBox_);
    modeRow->addWidget(modeLabel_);
    modeRow->addWidget(modeBox_);
    modeRow->addStretch();
    layout->addLayout(modeRow);
    layout->addWidget(panel_, 1);
    connect(modeBox_, &QComboBox::activated, this, [this](int index) {
        mode_ = index == 0 ? ScalingMode::FixedGlobalBatch : ScalingMode::FixedPerGpuWork;
        context_.runner->requestScaling(context_.document->scenario(), mode_);
    });
    connect(context_.runner, &BackgroundRunner::scalingReady, this, [this](const std::vector<ScalingPoint>& points) {
        chart_->setPoints(points, mode_, context_.document->scenario().parallel.gpus,
                          context_.document->scenario().cluster.gpusPerNode);
    });
    retranslate();
}

void ScalingView::scenarioChanged(const Scenario& scenario, const Estimate& estimate)
{
    const QString invalid = invalidLayoutText(scenario, estimate);
    for (ChartPanel* panel : panels())
        panel->chart()->setInvalid(invalid);
    context_.runner->requestScaling(scenario, mode_);
}

void ScalingView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    View::changeEvent(event);
}

void ScalingView::retranslate()
{
    modeLabel_->setText(tr("&As GPUs grow:"));
    const int mode = modeBox_->currentIndex();
    modeBox_->clear();
    modeBox_->addItem(tr("keep the global batch (strong scaling)"));
    modeBox_->addItem(tr("keep the work per GPU (weak scaling)"));
    modeBox_->setCurrentIndex(std::max(0, mode));
}

} // namespace shardscope::ui
