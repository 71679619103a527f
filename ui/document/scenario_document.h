#pragma once
#include <QObject>
#include <QString>
#include <QUndoStack>

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

namespace shardscope::ui {

// The open scenario: its inputs, their estimate (recomputed on every change: microseconds),
// the file it came from, whether it has unsaved changes, and the undo history. Every control
// edits the scenario through setScenario(), so every change is undoable and every view sees
// the same estimate.
class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(QObject* parent = nullptr);

    const Scenario& scenario() const { return scenario_; }
    const Estimate& estimate() const { return estimate_; }
    QUndoStack* undoStack() { return &undo_; }

    // Records the change as one undo step. Changes with the same non-negative `mergeKey` merge
    // into one step until endMerge(): one step per slider drag.
    void setScenario(const Scenario& scenario, const QString& description, int mergeKey = -1);
    void endMerge();

    // Replaces everything without an undo step (New, Open).
    void reset(const Scenario& scenario, const QString& filePath);

    QString filePath() const { return filePath_; }
    bool isModified() const { return !undo_.isClean(); }

    // Reads a scenario file; on failure returns false with a message and changes nothing.
    bool load(const QString& path, QString* error);
    // Writes atomically (QSaveFile); on failure returns false and the previous file is intact.
    bool save(const QString& path, QString* error);

    // Used by the undo commands; not for controls.
    void applyFromUndo(const Scenario& scenario);
    bool mergeOpen() const { return mergeOpen_; }

signals:
    void changed();          // the scenario (and estimate) changed
    void fileChanged();      // path or modified state changed

private:
    void apply(const Scenario& scenario);

    Scenario scenario_;
    Estimate estimate_;
    QUndoStack undo_;
    QString filePath_;
    bool mergeOpen_ = false;
};

} // namespace shardscope::ui
