// MainWindow: actions and menus, built once (Qt's createActions pattern) and retranslated.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

#include "core/scenario/assumptions.h"
#include "ui/controls/elided_label.h"
#include "ui/charts/chart_base.h"
#include "ui/charts/chart_panel.h"
#include "ui/export/engine_config_dialog.h"
#include "ui/export/export_dialog.h"
#include "ui/main_window.h"
#include "ui/presentation/presentation_mode.h"
#include "ui/validation/validation_dialog.h"

namespace shardscope::ui {

void MainWindow::createActions()
{
    newAct_ = new QAction(this);
    newAct_->setShortcuts(QKeySequence::New);
    connect(newAct_, &QAction::triggered, this, &MainWindow::newScenario);
    openAct_ = new QAction(this);
    openAct_->setShortcuts(QKeySequence::Open);
    connect(openAct_, &QAction::triggered, this, &MainWindow::openInteractive);
    saveAct_ = new QAction(this);
    saveAct_->setShortcuts(QKeySequence::Save);
    connect(saveAct_, &QAction::triggered, this, &MainWindow::save);
    saveAsAct_ = new QAction(this);
    saveAsAct_->setShortcuts(QKeySequence::SaveAs);
    connect(saveAsAct_, &QAction::triggered, this, &MainWindow::saveAs);
    importAct_ = new QAction(this);
    connect(importAct_, &QAction::triggered, this, &MainWindow::importConfigInteractive);
    exportAct_ = new QAction(this);
    exportAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportAct_, &QAction::triggered, this, [this] { exportCurrentChart(currentChart()); });
    exportAllAct_ = new QAction(this);
    exportAllAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(exportAllAct_, &QAction::triggered, this, &MainWindow::exportAllInteractive);
    exportConfigAct_ = new QAction(this);
    connect(exportConfigAct_, &QAction::triggered, this, &MainWindow::exportTrainingConfig);
    quitAct_ = new QAction(this);
    quitAct_->setShortcuts(QKeySequence::Quit);
    connect(quitAct_, &QAction::triggered, this, &QWidget::close);

    undoAct_ = document_.undoStack()->createUndoAction(this);
    undoAct_->setShortcuts(QKeySequence::Undo);
    redoAct_ = document_.undoStack()->createRedoAction(this);
    redoAct_->setShortcuts(QKeySequence::Redo);
    copyImageAct_ = new QAction(this);
    copyImageAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copyImageAct_, &QAction::triggered, this, [this] {
        if (ChartBase* chart = currentChart())
            copyChartImage(chart, ExportOptions{});
    });
    copyTableAct_ = new QAction(this);
    connect(copyTableAct_, &QAction::triggered, this, [this] {
        if (ChartPanel* panel = currentPanel())
            panel->copyTable();
    });

    // QKeySequence::FullScreen is empty on plain X11: bind F11 too.
    presentationAct_ = new QAction(this);
    presentationAct_->setCheckable(true);
    QList<QKeySequence> fullScreen = QKeySequence::keyBindings(QKeySequence::FullScreen);
    if (!fullScreen.contains(QKeySequence(Qt::Key_F11)))
        fullScreen.prepend(QKeySequence(Qt::Key_F11));
    presentationAct_->setShortcuts(fullScreen);
    connect(presentationAct_, &QAction::triggered, this, &MainWindow::togglePresentation);
    largerAct_ = new QAction(this);
    largerAct_->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    connect(largerAct_, &QAction::triggered, this, [this] { setFontScale(fontScale_ * 1.15); });
    smallerAct_ = new QAction(this);
    smallerAct_->setShortcuts(QKeySequence::ZoomOut);
    connect(smallerAct_, &QAction::triggered, this, [this] { setFontScale(fontScale_ / 1.15); });
    resetSizeAct_ = new QAction(this);
    resetSizeAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    // Back to the mode's own size: the screen's scale in presentation mode, 1 outside it.
    connect(resetSizeAct_, &QAction::triggered, this, [this] { setFontScale(presentation_->baseScale()); });

    auto* themes = new QActionGroup(this);
    lightAct_ = new QAction(themes);
    darkAct_ = new QAction(themes);
    for (QAction* a : {lightAct_, darkAct_})
        a->setCheckable(true);
    connect(lightAct_, &QAction::triggered, this, [this] { setThemeKind(ThemeKind::Light); });
    connect(darkAct_, &QAction::triggered, this, [this] { setThemeKind(ThemeKind::Dark); });
    auto* languages = new QActionGroup(this);
    englishAct_ = new QAction(QStringLiteral("English"), languages);
    chineseAct_ = new QAction(QStringLiteral("简体中文"), languages);
    for (QAction* a : {englishAct_, chineseAct_})
        a->setCheckable(true);
    connect(englishAct_, &QAction::triggered, this, [this] { setLanguage(Language::English); });
    connect(chineseAct_, &QAction::triggered, this, [this] { setLanguage(Language::Chinese); });

    aboutAct_ = new QAction(this);
    connect(aboutAct_, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About ShardScope"),
                           tr("<h3>ShardScope</h3><p>Why training a large model is hard: memory, communication, time "
                              "and numerical precision, one GPU versus many, computed live from cited models.</p>"));
    });
    tourAct_ = new QAction(this);
    tourAct_->setShortcut(QKeySequence(Qt::Key_F1));
    connect(tourAct_, &QAction::triggered, this, [this] { startTour(0); });
    validationAct_ = new QAction(this);
    validationAct_->setObjectName(QStringLiteral("validationAction"));
    connect(validationAct_, &QAction::triggered, this, &MainWindow::showValidation);
    sourcesAct_ = new QAction(this);
    connect(sourcesAct_, &QAction::triggered, this, [this] {
        // The formulas themselves, here: a user of the binary has no source tree to look in.
        QMessageBox box(QMessageBox::Information, tr("The model and its formulas"),
                        tr("<h3>How ShardScope computes</h3>"
                           "<p><b>Model states</b> (the article): bf16 weights 2 B + bf16 gradients 2 B + fp32 master "
                           "weights 4 B + Adam m 4 B + Adam v 4 B = 16 B per parameter; 7e9 x 16 B = 112 GB. ZeRO "
                           "(Rajbhandari et al. 2020): stage 1 divides the optimizer states by the data-parallel size "
                           "N<sub>d</sub>, stage 2 also the gradients, stage 3 also the weights: 112 GB / 64 = 1.75 GB.</p>"
                           "<p><b>Activations</b> per layer (Korthikanti et al. 2022, Table 2): s b h (34 + 5 a s / h) "
                           "bytes without parallelism; tensor and sequence parallelism divide it by t; FlashAttention "
                           "replaces the s<sup>2</sup> terms (5 a s / h) by its small statistics; full recomputation "
                           "keeps only each layer's input.</p>"
                           "<p><b>Communication</b> (nccl-tests, alpha-beta): a ring all-reduce of B bytes over n GPUs "
                           "takes 2 (n-1) x latency + 2 (n-1)/n x B / (bandwidth x link efficiency); all-gather and "
                           "reduce-scatter (n-1) steps and (n-1)/n x B. Inside a node the bandwidth is NVLink's, across "
                           "nodes the network's.</p>"
                           "<p><b>Step time</b> (Narayanan et al. 2021): m micro-batches x (compute + exposed traffic) "
                           "+ the pipeline bubble (p-1)/(v m) + exposed data-parallel traffic + the optimizer step. "
                           "<b>MFU</b> = model FLOPs (6 N per token plus attention) / (GPUs x peak FLOP/s x step time): "
                           "a percent of the GPUs' peak.</p>"
                           "<p><b>Precision</b>: round to nearest even in bf16 (8 significant bits): the spacing at 1 is "
                           "2<sup>-7</sup> = 0.0078125, so 1.0 + 1e-4 rounds back to 1.0. Checked bit for bit against "
                           "PyTorch.</p>"
                           "<p><b>Operations</b>: failures grow with the GPU count; checkpoint interval by Young (1974) "
                           "and Daly (2006); ETTR = failure-free time / wall-clock time.</p>"
                           "<p>Help &gt; Validation lists every number checked against its published source.</p>"),
                        QMessageBox::Ok, this);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
}

void MainWindow::createMenus()
{
    fileMenu_ = menuBar()->addMenu(QString());
    fileMenu_->addAction(newAct_);
    fileMenu_->addAction(openAct_);
    recentMenu_ = fileMenu_->addMenu(QString());
    fileMenu_->addAction(saveAct_);
    fileMenu_->addAction(saveAsAct_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(importAct_);
    fileMenu_->addAction(exportAct_);
    fileMenu_->addAction(exportAllAct_);
    fileMenu_->addAction(exportConfigAct_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(quitAct_);
    editMenu_ = menuBar()->addMenu(QString());
    editMenu_->addAction(undoAct_);
    editMenu_->addAction(redoAct_);
    editMenu_->addSeparator();
    editMenu_->addAction(copyImageAct_);
    editMenu_->addAction(copyTableAct_);
    viewMenu_ = menuBar()->addMenu(QString());
    viewMenu_->addAction(controlsDock_->toggleViewAction());
    viewMenu_->addAction(presentationAct_);
    viewMenu_->addAction(largerAct_);
    viewMenu_->addAction(smallerAct_);
    viewMenu_->addAction(resetSizeAct_);
    themeMenu_ = viewMenu_->addMenu(QString());
    themeMenu_->addAction(lightAct_);
    themeMenu_->addAction(darkAct_);
    languageMenu_ = viewMenu_->addMenu(QString());
    languageMenu_->addAction(englishAct_);
    languageMenu_->addAction(chineseAct_);
    helpMenu_ = menuBar()->addMenu(QString());
    helpMenu_->addAction(tourAct_);
    helpMenu_->addAction(validationAct_);
    helpMenu_->addAction(sourcesAct_);
    helpMenu_->addAction(aboutAct_);
    rebuildRecentMenu();
}

void MainWindow::retranslateActions()
{
    const auto set = [](QAction* action, const QString& text, const QString& tip) {
        action->setText(text);
        action->setStatusTip(tip);
        action->setToolTip(tip);
    };
    set(newAct_, tr("&New"), tr("Start from the article's example: 7B parameters, 64 GPUs"));
    set(openAct_, tr("&Open..."), tr("Open a scenario file"));
    set(saveAct_, tr("&Save"), tr("Save the scenario"));
    set(saveAsAct_, tr("Save &As..."), tr("Save the scenario under a new name"));
    set(importAct_, tr("&Import config.json..."), tr("Take the model's shape from a Hugging Face config.json"));
    set(exportAct_, tr("&Export chart..."), tr("Save the chart on this tab as PNG, SVG or PDF"));
    set(exportAllAct_, tr("Export &all charts..."), tr("Save every chart into a folder"));
    set(exportConfigAct_, tr("Export &training config..."),
        tr("The scenario as Megatron-LM, DeepSpeed, torchtitan or Accelerate settings, or a torchrun script"));
    set(quitAct_, tr("&Quit"), tr("Quit ShardScope"));
    undoAct_->setText(tr("&Undo"));
    redoAct_->setText(tr("&Redo"));
    set(copyImageAct_, tr("Copy chart &image"), tr("Copy the chart on this tab to the clipboard"));
    set(copyTableAct_, tr("Copy chart &table"), tr("Copy the numbers of the chart on this tab"));
    set(presentationAct_, tr("&Presentation mode"), tr("Full screen for a projector (F11)"));
    set(largerAct_, tr("&Larger text"), tr("Larger text in the window and the charts"));
    set(smallerAct_, tr("&Smaller text"), tr("Smaller text in the window and the charts"));
    set(resetSizeAct_, tr("&Normal text size"), tr("Reset the text size"));
    set(lightAct_, tr("&Light"), tr("Light theme"));
    set(darkAct_, tr("&Dark"), tr("Dark theme"));
    set(aboutAct_, tr("&About ShardScope"), tr("About ShardScope"));
    set(sourcesAct_, tr("The &model and its formulas"), tr("How every number is computed, and from which source"));
    set(tourAct_, tr("Guided &tour of the article"),
        tr("The article's arguments step by step, each with its chart and its number (Page Down: next)"));
    set(validationAct_, tr("&Validation..."), tr("Every number checked against papers, other engines and PyTorch"));
    controlsDock_->toggleViewAction()->setText(tr("Show &controls"));
    fileMenu_->setTitle(tr("&File"));
    recentMenu_->setTitle(tr("Open &Recent"));
    editMenu_->setTitle(tr("&Edit"));
    viewMenu_->setTitle(tr("&View"));
    themeMenu_->setTitle(tr("&Theme"));
    languageMenu_->setTitle(tr("Lan&guage"));
    helpMenu_->setTitle(tr("&Help"));
    rebuildRecentMenu();
}

void MainWindow::exportTrainingConfig()
{
    EngineConfigDialog dialog(document_.scenario(), this);
    dialog.exec();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList files = settings_.recentFiles();
    for (const QString& path : files) {
        QAction* action = recentMenu_->addAction(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::togglePresentation()
{
    // Full screen, charts only, for a projector; the same key brings the window back.
    setPresentation(!presentation_->active());
}

ChartPanel* MainWindow::currentPanel() const
{
    const QWidget* page = tabs_->currentWidget();
    // A view with pages of charts (Operations): the panel on the page in sight, else its first.
    for (ChartPanel* panel : panels_) {
        if ((panel == page || page->isAncestorOf(panel)) && panel->isVisible())
            return panel;
    }
    for (ChartPanel* panel : panels_) {
        if (panel == page || page->isAncestorOf(panel))
            return panel;
    }
    return nullptr;
}

ChartBase* MainWindow::currentChart() const
{
    ChartPanel* panel = currentPanel();
    return panel != nullptr ? panel->chart() : nullptr;
}

void MainWindow::exportCurrentChart(ChartBase* chart)
{
    if (chart == nullptr)
        return;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    ExportDialog dialog(QDir(folder).filePath(chart->exportName() + QStringLiteral(".png")), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    ExportOptions options = dialog.options();
    options.caption = QString::fromStdString(chartCaption(document_.scenario()));
    // Another language for the file only: the window switches, the chart is written, the window
    // switches back (every chart retranslates on LanguageChange; nothing else changes).
    const Language windowLanguage = language_;
    const Language fileLanguage = dialog.language().value_or(windowLanguage);
    if (fileLanguage != windowLanguage) {
        setLanguage(fileLanguage);
        settle();
    }
    const bool saved = exportChart(chart, dialog.path(), options, &error);
    if (fileLanguage != windowLanguage) {
        setLanguage(windowLanguage);
        settle();
    }
    if (!saved)
        QMessageBox::warning(this, tr("Export chart"), error);
    else
        showStatusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(dialog.path())), 5000);
}

void MainWindow::exportAllInteractive()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export all charts to"),
                                                             QStandardPaths::writableLocation(QStandardPaths::PicturesLocation));
    if (folder.isEmpty())
        return;
    QString error;
    for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}) {
        if (!exportAllCharts(folder, suffix, &error)) {
            QMessageBox::warning(this, tr("Export all charts"), error);
            return;
        }
    }
    showStatusMessage(tr("Saved %1 charts in %2").arg(charts().size()).arg(QDir::toNativeSeparators(folder)), 5000);
}

bool MainWindow::exportAllCharts(const QString& folder, const QString& suffix, QString* error)
{
    settle();
    ExportOptions options;
    options.caption = QString::fromStdString(chartCaption(document_.scenario()));
    for (ChartBase* chart : charts()) {
        const QString path = QDir(folder).filePath(chart->exportName() + QLatin1Char('.') + suffix);
        if (!exportChart(chart, path, options, error))
            return false;
    }
    // With the PDFs, the deck a lecture needs: every chart on its own 16:9 page, captioned with
    // the scenario in the window's language.
    if (suffix == QLatin1String("pdf"))
        return exportDeck(charts(), status_->fullText(), QDir(folder).filePath(QStringLiteral("slides.pdf")), error);
    return true;
}

void MainWindow::showValidation()
{
    // One dialog, kept: the cases are compiled in and the core cannot change while the app runs,
    // so the first opening evaluates them and later ones show the same results.
    if (validationDialog_ == nullptr)
        validationDialog_ = new ValidationDialog(this);
    validationDialog_->show();
    validationDialog_->raise();
    validationDialog_->activateWindow();
}

} // namespace shardscope::ui
