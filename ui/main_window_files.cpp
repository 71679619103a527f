// MainWindow: scenario files and persisted settings.
#include <QCloseEvent>
#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>

#include <nlohmann/json.hpp>

#include "core/scenario/scenario_json.h"
#include "ui/controls/model_panel.h"
#include "ui/document/autosave.h"
#include "ui/main_window.h"
#include "ui/platform/load_error.h"

namespace shardscope::ui {
namespace {

const QString kScenarioFilter = QStringLiteral("*.json");

} // namespace

void MainWindow::newScenario()
{
    if (maybeSave())
        document_.reset(defaultScenario(), QString());
}

void MainWindow::openInteractive()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                      tr("ShardScope scenarios (%1)").arg(kScenarioFilter));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString& path)
{
    QString error;
    if (!document_.load(path, &error)) {
        // The open scenario is untouched; only the message tells what went wrong (on stderr
        // when there is no screen: --screenshot, tests).
        showLoadError(this, tr("Open scenario"), error);
        if (!QFileInfo::exists(path)) {
            settings_.removeRecentFile(path);
            rebuildRecentMenu();
        }
        return false;
    }
    settings_.addRecentFile(QFileInfo(path).absoluteFilePath());
    rebuildRecentMenu();
    showStatusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::save()
{
    return document_.filePath().isEmpty() ? saveAs() : [this] {
        QString error;
        if (!document_.save(document_.filePath(), &error)) {
            QMessageBox::warning(this, tr("Save scenario"), error);
            return false;
        }
        return true;
    }();
}

bool MainWindow::saveAs()
{
    const QString suggested = document_.filePath().isEmpty()
                                  ? QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).filePath(QStringLiteral("scenario.json"))
                                  : document_.filePath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested,
                                                tr("ShardScope scenarios (%1)").arg(kScenarioFilter));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    QString error;
    if (!document_.save(path, &error)) {
        QMessageBox::warning(this, tr("Save scenario"), error);
        return false;
    }
    settings_.addRecentFile(QFileInfo(path).absoluteFilePath());
    rebuildRecentMenu();
    return true;
}

bool MainWindow::maybeSave()
{
    if (!document_.isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                             tr("The scenario has changed. Save the changes?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::importConfigInteractive()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"), QString(),
                                                      tr("Model configuration (config.json *.json)"));
    if (!path.isEmpty())
        modelPanel_->importConfig(path);
}

namespace {

// The one local .json file a drag carries, or an empty string.
QString droppedScenario(const QMimeData* data)
{
    if (data == nullptr || !data->hasUrls() || data->urls().size() != 1 || !data->urls().front().isLocalFile())
        return QString();
    const QString path = data->urls().front().toLocalFile();
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? path : QString();
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedScenario(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = droppedScenario(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    if (maybeSave())
        openFile(path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    if (autosave_)
        autosave_->finish();  // a clean close: nothing to recover next time
    event->accept();
}

void MainWindow::startAutosave()
{
    autosave_ = new Autosave(&document_, Autosave::defaultDirectory(), this);
    if (!autosave_->start()) {
        // Another window owns the autosave (or the folder cannot be made): this one runs without.
        showStatusMessage(tr("Autosave is off: another ShardScope window is saving its scenario."), 10000);
        return;
    }
    connect(autosave_, &Autosave::writeFailed, this, [this](const QString& message) {
        showStatusMessage(tr("Autosave failed: %1").arg(message), 10000);
    });
}

void MainWindow::recoverAutosave(Recovery policy)
{
    if (!autosave_ || !autosave_->recovered())
        return;
    const Scenario recovered = *autosave_->recovered();
    if (policy == Recovery::Keep) {
        autosave_->keepRecovery();
        return;
    }
    if (policy == Recovery::Ask) {
        const QDateTime when = QFileInfo(autosave_->filePath()).lastModified();
        QMessageBox box(QMessageBox::Question, tr("Restore scenario"),
                        tr("ShardScope did not close normally. Restore the scenario saved automatically at %1?")
                            .arg(QLocale().toString(when, QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("RestoreAutosaveBox"));
        QPushButton* restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(restore);
        box.exec();
        if (box.clickedButton() != restore) {
            autosave_->resolveRecovery();  // discarded: removed
            return;
        }
    }
    autosave_->resolveRecovery();
    document_.setScenario(recovered, tr("Restore autosaved scenario"));
    document_.endMerge();
    autosave_->flush();  // the restored scenario is at once the autosave again
    showStatusMessage(tr("Restored the autosaved scenario."), 5000);
}

void MainWindow::readSettings()
{
    restoreGeometry(settings_.geometry());
    restoreState(settings_.windowState());
    if (settings_.geometry().isEmpty())
        resize(1500, 950);
    setThemeKind(settings_.theme());
    setLanguage(settings_.language());
    setFontScale(settings_.fontScale());
    // The last session's scenario comes back as it was (not marked modified).
    const QByteArray last = settings_.lastScenario();
    if (!last.isEmpty()) {
        const nlohmann::json document = nlohmann::json::parse(last.constData(), last.constData() + last.size(), nullptr, false);
        Diagnostics ignored;
        if (const auto scenario = document.is_discarded() ? std::nullopt : scenarioFromJson(document, {}, ignored))
            document_.reset(*scenario, QString());
    }
}

void MainWindow::writeSettings()
{
    settings_.setGeometry(saveGeometry());
    settings_.setWindowState(saveState());
    settings_.setTheme(themeKind_);
    settings_.setLanguage(language_);
    settings_.setFontScale(isFullScreen() ? 1.0 : fontScale_);
    settings_.setLastScenario(QByteArray::fromStdString(scenarioToJson(document_.scenario()).dump()));
}

bool MainWindow::saveScreenshot(const QString& path, QString* error)
{
    settle();
    const QPixmap image = grab();
    if (image.isNull() || !image.save(path, "PNG")) {
        *error = tr("Cannot write %1").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return true;
}

} // namespace shardscope::ui
