#include "ui/views/overview_view.h"

#include <QEvent>
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
    : View(parent), diagnosticsScroll_(new QScrollArea), diagnostics_(new DiagnosticsView), memoryChart_(new MemoryChart),
      stepChart_(new StepTimeChart), memoryPanel_(new ChartPanel(memoryChart_)), stepPanel_(new ChartPanel(stepChart_))
{
    auto* layout = new QVBoxLayout(this);
    // A fixed-height, scrollable strip: messages that change length while a slider moves must
    // not resize (and so fully re-render) the charts under them.
    diagnosticsScroll_->setWidget(diagnostics_);
    diagnosticsScroll_->setWidgetResizable(true);
    diagnosticsScroll_->setFrameShape(QFrame::NoFrame);
    fitStripToFont();
    layout->addWidget(diagnosticsScroll_);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(memoryPanel_);
    split->addWidget(stepPanel_);
    layout->addWidget(split, 1);
}

// Four line spacings of the current font (the label's 6 px margins leave three and a half lines of
// text; a taller strip shortens the charts below it and crowds their labels): presentation mode
// and View > Larger text enlarge the font after construction, and a height kept in the old font's
// lines would show only one or two of the new.
void OverviewView::fitStripToFont()
{
    diagnosticsScroll_->setFixedHeight(4 * fontMetrics().lineSpacing() + 8);
}

void OverviewView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        fitStripToFont();
    View::changeEvent(event);
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
