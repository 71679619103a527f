#pragma once
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

#include "core/scenario/scenario.h"

namespace shardscope::ui {

class ScenarioDocument;

// Crash insurance for the open scenario. A short while after each change the document's scenario
// is written to <state directory>/autosave.json (an ordinary scenario file, written atomically
// by core's saveScenarioFile, so a kill mid-write leaves the previous autosave whole). A clean
// close removes it; so an autosave found at start means the last session crashed or was killed.
//
// One session owns the directory at a time (autosave.lock, a QLockFile that names its process:
// a killed owner's lock is taken over). A second window running alongside does not autosave.
class Autosave : public QObject {
    Q_OBJECT
public:
    // Writes are coalesced: the first change after a write starts this timer and the write takes
    // the scenario as it is when it fires, so a slider drag costs one write per interval.
    static constexpr int kIntervalMs = 750;

    Autosave(ScenarioDocument* document, QString directory, QObject* parent = nullptr);
    ~Autosave() override;

    // $XDG_STATE_HOME/shardscope (~/.local/state/shardscope when unset), where the XDG base
    // directory specification puts state that should survive a restart but is not a document.
    // Under QStandardPaths' test mode, a folder inside its test location instead.
    static QString defaultDirectory();

    // Takes the lock and reads what a previous session left. False when another running session
    // owns the directory or it cannot be created; the session then runs without autosave.
    bool start();
    bool active() const { return active_; }

    // The scenario a crashed session left, when start() found one that reads as a scenario.
    const std::optional<Scenario>& recovered() const { return recovered_; }
    // Resolves the recovery: the file is then this session's to overwrite. Until called, a
    // session that found one does not autosave, so an unanswered recovery is kept for later.
    void resolveRecovery();
    // Leaves the recovery file for a later start and keeps autosave off for this session.
    void keepRecovery();

    // Writes now when a change is pending (before a risky operation, and by tests).
    void flush();
    // A clean close: removes the autosave and releases the lock.
    void finish();

    QString filePath() const;
    int writeCount() const { return writes_; }

signals:
    void writeFailed(const QString& message);

private:
    void changed();
    void write();

    ScenarioDocument* document_;
    QString directory_;
    std::unique_ptr<QLockFile> lock_;
    QTimer timer_;
    std::optional<Scenario> recovered_;
    bool active_ = false;
    bool recoveryPending_ = false;
    int writes_ = 0;
};

} // namespace shardscope::ui
