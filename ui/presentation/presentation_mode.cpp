#include "ui/presentation/presentation_mode.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <algorithm>

#include "ui/charts/chart_panel.h"
#include "ui/presentation/presentation_strip.h"

namespace shardscope::ui {

PresentationMode::PresentationMode(QMainWindow* window, QTabWidget* tabs, ScenarioDocument* document, QObject* parent)
    : QObject(parent), window_(window), tabs_(tabs), bar_(new QToolBar(window)), strip_(new PresentationStrip(document))
{
    bar_->setObjectName(QStringLiteral("PresentationBar"));
    bar_->setMovable(false);
    bar_->setFloatable(false);
    bar_->addWidget(strip_);
    window_->addToolBar(Qt::BottomToolBarArea, bar_);
    bar_->hide();
    connect(tabs_, &QTabWidget::currentChanged, this, &PresentationMode::updateKnobs);
}

double PresentationMode::scaleFor(QSize screen)
{
    // The charts' type (9 to 13 points at scale 1) is sized for a desktop window about 600 px
    // tall per chart row; in presentation one row of charts fills the screen, so the type grows
    // with the screen's height: 1.28 at 768 px, 1.8 at 1080 px. Logical pixels: a 4K screen at
    // 200 % reads like 1080p, and one at 100 % gets 3.6.
    return std::clamp(screen.height() / 600.0, 1.15, 4.0);
}

void PresentationMode::enter(QSize screen, bool fullScreen)
{
    if (active_)
        return;
    active_ = true;
    screen_ = screen;
    normalSize_ = window_->size();
    hiddenDocks_.clear();
    // The controls on the left go; what the presenter talks along (the guided tour, on the
    // right) stays.
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        if (dock->isVisible() && window_->dockWidgetArea(dock) == Qt::LeftDockWidgetArea) {
            hiddenDocks_.append(dock);
            dock->hide();
        }
    }
    window_->statusBar()->hide();
    for (ChartPanel* panel : panels_)
        panel->setPresenting(true);
    updateKnobs();
    if (fullScreen)
        window_->showFullScreen();
    else
        window_->resize(screen);
    emit scaleChanged(scaleFor(screen));
}

void PresentationMode::leave()
{
    if (!active_)
        return;
    active_ = false;
    bar_->hide();
    for (ChartPanel* panel : panels_)
        panel->setPresenting(false);
    window_->statusBar()->show();
    for (const QPointer<QDockWidget>& dock : hiddenDocks_) {
        if (dock)
            dock->show();
    }
    if (window_->isFullScreen())
        window_->showNormal();
    else
        window_->resize(normalSize_);
    emit scaleChanged(1.0);
}

void PresentationMode::updateKnobs()
{
    const QWidget* page = tabs_->currentWidget();
    const auto knobs = PresentationStrip::knobsForView(page != nullptr ? page->objectName() : QString());
    strip_->showKnobs(knobs);
    bar_->setVisible(active_ && !knobs.isEmpty());
}

} // namespace shardscope::ui
