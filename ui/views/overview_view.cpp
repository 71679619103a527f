#include "ui/views/overview_view.h"

#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/memory_chart.h"
#include "ui/charts/step_time_chart.h"
#include "ui/controls/diagnostics_view.h"
#include "ui/i18n/invalid_layout.h"

namespace shardscope::ui {

OverviewView::OverviewView(const ViewContext&, QWidget* parent)
    : View(parent), diagnostics_(new DiagnosticsView), memoryChart_(new MemoryChart), stepChart_(new StepTimeChart),
      memoryPanel_(new ChartPanel(memoryChart_)), stepPanel_(new ChartPanel(stepChart_))
{
    auto* layout = new QVBoxLayout(this);
    // A fixed-height, scrollable strip: messages that change length while a slider moves must
    // not resize (and so fully re-render) the charts under them.
    auto* diagnosticsScroll = new QScrollArea;
    diagnosticsScroll->setWidget(diagnostics_);
    diagnosticsScroll->setWidgetResizable(true);
    diagnosticsScroll->setFrameShape(QFrame::NoFrame);
    diagnosticsScroll->setFixedHeight(4 * fontMetrics().lineSpacing() + 8);
    layout->addWidget(diagnosticsScroll);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(memoryPanel_);
    split->addWidget(stepPanel_);
    layout->addWidget(split, 1);
}

void OverviewView::scenarioChanged(const Scenario& s, const Estimate& e)
{
    const QString invalid = invalidLayoutText(s, e);
    memoryChart_->setInvalid(invalid);
    stepChart_->setInvalid(invalid);
    memoryChart_->setEstimate(s, e);
    stepChart_->setEstimate(s, e);
    diagnostics_->setDiagnostics(e.diagnostics);
}

} // namespace shardscope::ui
