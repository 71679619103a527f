#include "ui/document/scenario_command.h"

#include "ui/document/scenario_document.h"

namespace shardscope::ui {

ScenarioCommand::ScenarioCommand(ScenarioDocument* document, Scenario before, Scenario after, const QString& text,
                                 int mergeKey)
    : document_(document), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey)
{
    setText(text);
}

void ScenarioCommand::undo() { document_->applyFromUndo(before_); }

void ScenarioCommand::redo()
{
    // QUndoStack::push calls redo(); the document has already applied the change then.
    if (firstRedo_) {
        firstRedo_ = false;
        return;
    }
    document_->applyFromUndo(after_);
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    if (mergeKey_ < 0 || other->id() != mergeKey_ || !document_->mergeOpen())
        return false;
    after_ = static_cast<const ScenarioCommand*>(other)->after_;
    return true;
}

} // namespace shardscope::ui
