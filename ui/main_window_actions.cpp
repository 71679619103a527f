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
#include "ui/charts/chart_base.h"
#include "ui/charts/chart_panel.h"
#include "ui/export/engine_config_dialog.h"
#include "ui/export/export_dialog.h"
#include "ui/main_window.h"
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
    connect(resetSizeAct_, &QAction::triggered, this, [this] { setFontScale(1.0); });

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
    validationAct_ = new QAction(this);
    validationAct_->setObjectName(QStringLiteral("validationAction"));
    connect(validationAct_, &QAction::triggered, this, &MainWindow::showValidation);
    sourcesAct_ = new QAction(this);
    connect(sourcesAct_, &QAction::triggered, this, [this] {
        QMessageBox::information(
            this, tr("Where the numbers come from"),
            tr("Memory: the article's 16 bytes per parameter, ZeRO (Rajbhandari et al. 2020), activations after "
               "Korthikanti et al. 2022. Communication and time: nccl-tests bus bandwidth, an alpha-beta model, "
               "Megatron-LM's schedules (Narayanan et al. 2021). Precision: IEEE, bfloat16 and OCP FP8 rounding, "
               "checked bit for bit against PyTorch.\n\nEvery formula and its source: docs/model.md; what is "
               "checked against published figures: Help > Validation and docs/validation.md."));
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
    set(sourcesAct_, tr("Where the &numbers come from"), tr("The models and their sources"));
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
    // Full screen with larger text for a projector; the same key brings the window back.
    if (isFullScreen()) {
        showNormal();
        setFontScale(1.0);
        presentationAct_->setChecked(false);
    } else {
        showFullScreen();
        setFontScale(1.4);
        presentationAct_->setChecked(true);
    }
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
    if (!exportChart(chart, dialog.path(), options, &error))
        QMessageBox::warning(this, tr("Export chart"), error);
    else
        statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(dialog.path())), 5000);
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
    statusBar()->showMessage(tr("Saved %1 charts in %2").arg(charts().size()).arg(QDir::toNativeSeparators(folder)), 5000);
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
