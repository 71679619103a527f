#include "ui/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/drift_chart.h"
#include "ui/charts/memory_chart.h"
#include "ui/charts/reduction_chart.h"
#include "ui/charts/scaling_chart.h"
#include "ui/charts/sequence_chart.h"
#include "ui/charts/step_time_chart.h"
#include "ui/controls/diagnostics_view.h"
#include "ui/controls/layout_panel.h"
#include "ui/controls/model_panel.h"
#include "ui/i18n/ui_text.h"
#include "ui/precision/precision_panel.h"

namespace shardscope::ui {

MainWindow::MainWindow(bool restoreSession, QWidget* parent) : QMainWindow(parent), baseFont_(QApplication::font())
{
    setObjectName(QStringLiteral("MainWindow"));
    modelPanel_ = new ModelPanel(&document_);
    layoutPanel_ = new LayoutPanel(&document_);
    auto* controls = new QWidget;
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->addWidget(modelPanel_);
    controlsLayout->addWidget(layoutPanel_);
    controlsLayout->addStretch();
    auto* scroll = new QScrollArea;
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(360);
    controlsDock_ = new QDockWidget(this);
    controlsDock_->setObjectName(QStringLiteral("ControlsDock"));
    controlsDock_->setWidget(scroll);
    controlsDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);

    buildCentral();
    status_ = new QLabel;
    statusBar()->addWidget(status_, 1);
    createActions();
    createMenus();

    connect(&document_, &ScenarioDocument::changed, this, &MainWindow::scheduleUpdate);
    connect(&document_, &ScenarioDocument::fileChanged, this, &MainWindow::updateTitle);
    connect(&runner_, &BackgroundRunner::sweepsReady, this, &MainWindow::showSweeps);
    connect(modelPanel_, &ModelPanel::importRequested, this, &MainWindow::importConfigInteractive);
    if (restoreSession) {
        readSettings();
    } else {
        resize(1600, 1000);
        setThemeKind(ThemeKind::Light);
        setLanguage(Language::English);
    }
    retranslate();  // also fills the views (the status line is worded per language)
    precisionPanel_->run();
}

void MainWindow::buildCentral()
{
    tabs_ = new QTabWidget(this);
    memoryChart_ = new MemoryChart;
    stepChart_ = new StepTimeChart;
    sequenceChart_ = new SequenceChart;
    scalingChart_ = new ScalingChart;
    for (ChartBase* chart : std::initializer_list<ChartBase*>{memoryChart_, stepChart_, sequenceChart_, scalingChart_})
        panels_.append(new ChartPanel(chart));

    auto* overview = new QWidget;
    auto* overviewLayout = new QVBoxLayout(overview);
    diagnostics_ = new DiagnosticsView;
    // A fixed-height, scrollable strip: messages that change length while a slider moves must
    // not resize (and so fully re-render) the charts under them.
    auto* diagnosticsScroll = new QScrollArea;
    diagnosticsScroll->setWidget(diagnostics_);
    diagnosticsScroll->setWidgetResizable(true);
    diagnosticsScroll->setFrameShape(QFrame::NoFrame);
    diagnosticsScroll->setFixedHeight(4 * fontMetrics().lineSpacing() + 8);
    overviewLayout->addWidget(diagnosticsScroll);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(panels_[0]);
    split->addWidget(panels_[1]);
    overviewLayout->addWidget(split, 1);
    tabs_->addTab(overview, QString());
    tabs_->addTab(panels_[2], QString());

    auto* scaling = new QWidget;
    auto* scalingLayout = new QVBoxLayout(scaling);
    auto* modeRow = new QHBoxLayout;
    scalingModeLabel_ = new QLabel;
    scalingModeBox_ = new QComboBox;
    scalingModeLabel_->setBuddy(scalingModeBox_);
    modeRow->addWidget(scalingModeLabel_);
    modeRow->addWidget(scalingModeBox_);
    modeRow->addStretch();
    scalingLayout->addLayout(modeRow);
    scalingLayout->addWidget(panels_[3], 1);
    tabs_->addTab(scaling, QString());
    connect(scalingModeBox_, &QComboBox::activated, this, [this](int index) {
        scalingMode_ = index == 0 ? ScalingMode::FixedGlobalBatch : ScalingMode::FixedPerGpuWork;
        runner_.requestSweeps(document_.scenario(), scalingMode_);
    });

    precisionPanel_ = new PrecisionPanel(&runner_);
    panels_.append(precisionPanel_->driftPanel());
    panels_.append(precisionPanel_->reductionPanel());
    tabs_->addTab(precisionPanel_, QString());
    for (ChartPanel* panel : panels_)
        connect(panel, &ChartPanel::exportRequested, this, &MainWindow::exportCurrentChart);
    setCentralWidget(tabs_);
}

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
    memoryChart_->setEstimate(s, e);
    stepChart_->setEstimate(s, e);
    diagnostics_->setDiagnostics(e.diagnostics);
    runner_.requestSweeps(s, scalingMode_);
    const QLocale locale;
    if (e.valid())
        status_->setText(tr("%1 parameters on %2 GPUs: %3 on the most loaded GPU of %4 (%5); step %6, MFU %7%")
                             .arg(countLabel(static_cast<double>(e.model.params)))
                             .arg(s.parallel.gpus)
                             .arg(bytesLabel(e.memory.perGpu.device.total()), bytesLabel(e.memory.gpuCapacity),
                                  e.memory.fits ? tr("fits") : tr("does not fit"), secondsLabel(e.step.stepSeconds),
                                  locale.toString(100 * e.step.mfu, 'f', 1)));
    else
        status_->setText(tr("This layout cannot run: see the messages above the charts"));
    updateTitle();
}

void MainWindow::showSweeps(const SweepResults& results)
{
    const Scenario& s = document_.scenario();
    sequenceChart_->setPoints(results.sequence, document_.estimate().memory.gpuCapacity, s.parallel.gpus, s.training.seqLen);
    scalingChart_->setPoints(results.scaling, scalingMode_, s.parallel.gpus);
}

void MainWindow::settle()
{
    QCoreApplication::processEvents();
    if (updatePending_) {
        updatePending_ = false;
        updateViews();
    }
    runner_.waitForIdle();
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
    tabs_->setTabText(0, tr("Memory and step time"));
    tabs_->setTabText(1, tr("Sequence length"));
    tabs_->setTabText(2, tr("Scaling"));
    tabs_->setTabText(3, tr("Precision"));
    scalingModeLabel_->setText(tr("&As GPUs grow:"));
    const int mode = scalingModeBox_->currentIndex();
    scalingModeBox_->clear();
    scalingModeBox_->addItem(tr("keep the global batch (strong scaling)"));
    scalingModeBox_->addItem(tr("keep the work per GPU (weak scaling)"));
    scalingModeBox_->setCurrentIndex(std::max(0, mode));
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

} // namespace shardscope::ui
