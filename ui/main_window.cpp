#include "ui/controls/elided_label.h"
#include "ui/controls/fitting_scroll_area.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/memory_chart.h"
#include "ui/controls/field_panel.h"
#include "ui/controls/layout_panel.h"
#include "ui/controls/model_panel.h"
#include "ui/i18n/ui_text.h"
#include "ui/presentation/presentation_mode.h"
#include "ui/tour/tour_panel.h"
#include "ui/views/view_registry.h"

namespace shardscope::ui {

MainWindow::MainWindow(bool restoreSession, QWidget* parent) : QMainWindow(parent), baseFont_(QApplication::font())
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);  // a scenario file dropped on the window opens (dropEvent)
    modelPanel_ = new ModelPanel(&document_);
    layoutPanel_ = new LayoutPanel(&document_);
    auto* controls = new QWidget;
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->addWidget(modelPanel_);
    controlsLayout->addWidget(layoutPanel_);
    // The engine's finer settings (docs/model.md, sections 3, 8 and 9), folded until asked for.
    enginePanel_ = new FieldPanel(&document_, QT_TRANSLATE_NOOP("UiText", "Engine and kernels"),
                                  {"training.recipe", "training.attention_kernel", "training.kernels", "training.recompute_every",
                                   "training.fp8_recipe", "training.fp8_all_gather", "parallel.fsdp_reshard",
                                   "parallel.pp_first_stage_layers", "parallel.pp_last_stage_layers", "parallel.pp_layers",
                                   "perf.tp_overlap", "perf.pp_overlap", "perf.mfu_convention"});
    controlsLayout->addWidget(enginePanel_);
    for (ScenarioPanel* panel : {static_cast<ScenarioPanel*>(modelPanel_), static_cast<ScenarioPanel*>(layoutPanel_),
                                 static_cast<ScenarioPanel*>(enginePanel_)})
        panel->showAssumed(document_.scenario());  // later changes mark them through ScenarioDocument::changed
    controlsLayout->addStretch();
    auto* scroll = new FittingScrollArea(360);
    scroll->setWidget(controls);
    controlsDock_ = new QDockWidget(this);
    controlsDock_->setObjectName(QStringLiteral("ControlsDock"));
    controlsDock_->setWidget(scroll);
    controlsDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);

    buildCentral();
    status_ = new ElidedLabel;
    statusBar()->addWidget(status_, 1);
    // A message replaces the scenario summary while it shows. QStatusBar hides its normal widgets
    // itself only when they are visible as the message arrives, so a message given before the
    // window is shown (a file opened from the command line, a screenshot taken right after) was
    // drawn over the summary; the summary follows the message instead.
    connect(statusBar(), &QStatusBar::messageChanged, status_, [this](const QString& message) { status_->setVisible(message.isEmpty()); });
    createActions();
    createMenus();
    presentation_ = new PresentationMode(this, tabs_, &document_, this);
    presentation_->setPanels(panels_);
    connect(presentation_, &PresentationMode::scaleChanged, this, &MainWindow::setFontScale);

    connect(&document_, &ScenarioDocument::changed, this, &MainWindow::scheduleUpdate);
    connect(&document_, &ScenarioDocument::fileChanged, this, &MainWindow::updateTitle);
    connect(modelPanel_, &ModelPanel::importRequested, this, &MainWindow::importConfigInteractive);
    if (restoreSession) {
        readSettings();
        startAutosave();
    } else {
        resize(1600, 1000);
        setThemeKind(ThemeKind::Light);
        setLanguage(Language::English);
    }
    retranslate();  // also fills the views (the status line is worded per language)
}

void MainWindow::buildCentral()
{
    tabs_ = new QTabWidget(this);
    const ViewContext context{&document_, &runner_};
    for (const ViewEntry& entry : viewRegistry()) {
        View* view = entry.create(context);
        view->setObjectName(QString::fromLatin1(entry.id));
        views_.append(view);
        panels_.append(view->panels());
        tabs_->addTab(view, QString());
    }
    for (ChartPanel* panel : panels_)
        connect(panel, &ChartPanel::exportRequested, this, &MainWindow::exportCurrentChart);
    setCentralWidget(tabs_);
}

View* MainWindow::view(std::string_view id) const
{
    for (View* v : views_) {
        if (v->objectName() == QLatin1String(id.data(), static_cast<qsizetype>(id.size())))
            return v;
    }
    return nullptr;
}

bool MainWindow::showView(std::string_view id)
{
    View* v = view(id);
    if (v != nullptr)
        tabs_->setCurrentWidget(v);
    return v != nullptr;
}

MemoryChart* MainWindow::memoryChart() const { return findChild<MemoryChart*>(); }

QList<ChartBase*> MainWindow::charts() const
{
    QList<ChartBase*> all;
    for (ChartPanel* panel : panels_)
        all.append(panel->chart());
    return all;
}

void MainWindow::scheduleUpdate()
{
    // Coalesce: many changes in one event-loop pass (a fast drag) cost one update, and the
    // charts replot once per frame (QCustomPlot's queued replot).
    if (updatePending_)
        return;
    updatePending_ = true;
    QTimer::singleShot(0, this, [this] {
        updatePending_ = false;
        updateViews();
    });
}

void MainWindow::updateViews()
{
    const Scenario& s = document_.scenario();
    const Estimate& e = document_.estimate();
    for (View* view : views_)
        view->scenarioChanged(s, e);
    const QLocale locale;
    if (e.valid())
        status_->setFullText(tr("%1 parameters on %n GPUs: %2 on the most loaded GPU of %3 (%4); step %5, MFU %6%", nullptr, s.parallel.gpus)
                             .arg(countLabel(static_cast<double>(e.model.params)))
                             .arg(bytesLabel(e.memory.perGpu.device.total()), bytesLabel(e.memory.gpuCapacity),
                                  e.memory.fits ? tr("fits") : tr("does not fit"), secondsLabel(e.step.stepSeconds),
                                  locale.toString(100 * e.step.mfu, 'f', 1))
                         // Failure-free beside failures included (core/ops), as the CLI prints them.
                         + tr("; %1 to train, %2 with failures (ETTR %3%)")
                               .arg(durationLabel(e.ops.failureFreeSeconds), durationLabel(e.ops.trainSeconds),
                                    locale.toString(100 * e.ops.ettr, 'f', 1)));
    else
        status_->setFullText(tr("This layout cannot run: see the messages above the charts"));
    updateTitle();
}

void MainWindow::settle()
{
    QCoreApplication::processEvents();
    if (updatePending_) {
        updatePending_ = false;
        updateViews();
    }
    for (View* view : views_)
        view->catchUp();
    runner_.waitForIdle();
    // A result delivered in waitForIdle's last pass sets texts whose layout requests are posted
    // during that pass and wait for the next (with one pass a screenshot showed the Plan view's
    // rule counts one line tall), and a layout that changes a widget's size can post one for its
    // parent. Passes with nothing pending cost nothing, so three.
    for (int pass = 0; pass < 3; ++pass)
        QCoreApplication::processEvents();
    for (ChartPanel* panel : panels_)
        panel->flushTable();
    for (ChartBase* chart : charts())
        chart->replot(QCustomPlot::rpImmediateRefresh);
}

void MainWindow::updateTitle()
{
    const QString name = document_.filePath().isEmpty() ? tr("Untitled scenario") : QFileInfo(document_.filePath()).fileName();
    setWindowTitle(tr("%1[*] - ShardScope").arg(name));
    setWindowModified(document_.isModified());
}

void MainWindow::retranslate()
{
    controlsDock_->setWindowTitle(tr("Scenario"));
    const auto entries = viewRegistry();
    for (int i = 0; i < tabs_->count(); ++i)
        tabs_->setTabText(i, QCoreApplication::translate("ViewTitle", entries[static_cast<std::size_t>(i)].title));
    retranslateActions();
    updateViews();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::setThemeKind(ThemeKind kind)
{
    themeKind_ = kind;
    applyTheme(kind);
    for (ChartBase* chart : charts())
        chart->setTheme(kind);
    if (lightAct_ != nullptr) {
        lightAct_->setChecked(kind == ThemeKind::Light);
        darkAct_->setChecked(kind == ThemeKind::Dark);
    }
}

void MainWindow::setLanguage(Language language)
{
    language_ = language;
    installLanguage(language);  // every widget gets a LanguageChange event and retranslates
    if (englishAct_ != nullptr) {
        englishAct_->setChecked(language == Language::English);
        chineseAct_->setChecked(language == Language::Chinese);
    }
}

void MainWindow::setFontScale(double scale)
{
    fontScale_ = std::clamp(scale, 0.6, 3.0);
    QFont font = baseFont_;
    font.setPointSizeF(baseFont_.pointSizeF() * fontScale_);
    QApplication::setFont(font);
    for (ChartBase* chart : charts())
        chart->setFontScale(fontScale_);
}

void MainWindow::startTour(int step)
{
    if (tourDock_ == nullptr) {
        tourPanel_ = new TourPanel(&document_, [this](std::string_view id) { return showView(id); });
        tourDock_ = new QDockWidget(this);
        tourDock_->setObjectName(QStringLiteral("TourDock"));
        tourDock_->setWidget(tourPanel_);
        tourDock_->setFeatures(QDockWidget::DockWidgetClosable);
        // Beside the charts, not under them: a 768-px projector keeps the charts' full height.
        addDockWidget(Qt::RightDockWidgetArea, tourDock_);
        connect(tourPanel_, &TourPanel::closeRequested, tourDock_, &QWidget::hide);
    }
    tourDock_->setWindowTitle(tr("Guided tour of the article"));
    tourDock_->show();
    tourPanel_->goTo(step);
}

void MainWindow::setPresentation(bool on, QSize screen)
{
    if (on) {
        const bool fullScreen = !screen.isValid();
        presentation_->enter(fullScreen ? this->screen()->size() : screen, fullScreen);
    } else {
        presentation_->leave();
    }
    presentationAct_->setChecked(presentation_->active());
}

void MainWindow::showStatusMessage(const QString& text, int milliseconds)
{
    statusBar()->showMessage(text, milliseconds);  // the summary hides while it shows (constructor)
}

} // namespace shardscope::ui
