#include "ui/document/autosave.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <string>
#include <utility>

#include "core/scenario/scenario_json.h"
#include "ui/document/scenario_document.h"

namespace shardscope::ui {
namespace {

const QString kFileName = QStringLiteral("autosave.json");
const QString kLockName = QStringLiteral("autosave.lock");

} // namespace

Autosave::Autosave(ScenarioDocument* document, QString directory, QObject* parent)
    : QObject(parent), document_(document), directory_(std::move(directory))
{
    timer_.setSingleShot(true);
    timer_.setInterval(kIntervalMs);
    connect(&timer_, &QTimer::timeout, this, &Autosave::write);
    connect(document_, &ScenarioDocument::changed, this, &Autosave::changed);
}

Autosave::~Autosave() = default;  // the lock file is released by QLockFile's destructor

QString Autosave::defaultDirectory()
{
    if (QStandardPaths::isTestModeEnabled())
        return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath(QStringLiteral("shardscope-state"));
    // Qt 6.4 (Debian 12) has no StateLocation; the rule is the XDG base directory one.
    const QString xdg = qEnvironmentVariable("XDG_STATE_HOME");
    const QString base = !xdg.isEmpty() && QDir::isAbsolutePath(xdg) ? xdg : QDir::home().filePath(QStringLiteral(".local/state"));
    return QDir(base).filePath(QStringLiteral("shardscope"));
}

QString Autosave::filePath() const { return QDir(directory_).filePath(kFileName); }

bool Autosave::start()
{
    if (!QDir().mkpath(directory_))
        return false;
    lock_ = std::make_unique<QLockFile>(QDir(directory_).filePath(kLockName));
    // Stale only when its process is gone (a killed session), never by age: a session may run for days.
    lock_->setStaleLockTime(0);
    if (!lock_->tryLock(0)) {
        lock_.reset();
        return false;
    }
    active_ = true;
    if (QFile::exists(filePath())) {
        Diagnostics ignored;
        recovered_ = loadScenarioFile(filePath().toStdString(), ignored);
        recoveryPending_ = recovered_.has_value();
        if (!recovered_)
            QFile::remove(filePath());  // unreadable (an older version's file): nothing to offer
    }
    return true;
}

void Autosave::resolveRecovery()
{
    recoveryPending_ = false;
    recovered_.reset();
    QFile::remove(filePath());
    changed();  // the scenario open now (restored or not) is the one to keep from here on
}

void Autosave::keepRecovery()
{
    recoveryPending_ = true;
    active_ = false;
    timer_.stop();
}

void Autosave::changed()
{
    if (active_ && !recoveryPending_ && !timer_.isActive())
        timer_.start();
}

void Autosave::flush()
{
    if (timer_.isActive()) {
        timer_.stop();
        write();
    }
}

void Autosave::write()
{
    if (!active_ || recoveryPending_)
        return;
    std::string error;
    if (!saveScenarioFile(document_->scenario(), filePath().toStdString(), error)) {
        emit writeFailed(QString::fromStdString(error));
        return;
    }
    ++writes_;
}

void Autosave::finish()
{
    timer_.stop();
    if (active_ && !recoveryPending_)
        QFile::remove(filePath());
    active_ = false;
    if (lock_)
        lock_->unlock();
}

} // namespace shardscope::ui
