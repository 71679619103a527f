#pragma once
#include <QUndoCommand>

#include "core/scenario/scenario.h"

namespace shardscope::ui {

class ScenarioDocument;

// One undoable change of the scenario: the state before and after. Consecutive changes from
// the same control while a drag is open merge, so a slider drag is one step.
class ScenarioCommand : public QUndoCommand {
public:
    ScenarioCommand(ScenarioDocument* document, Scenario before, Scenario after, const QString& text, int mergeKey);

    void undo() override;
    void redo() override;
    int id() const override { return mergeKey_; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* document_;
    Scenario before_;
    Scenario after_;
    int mergeKey_;
    bool firstRedo_ = true;
};

} // namespace shardscope::ui
