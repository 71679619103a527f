#pragma once
#include <QWidget>

#include <functional>
#include <map>
#include <string>

#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

namespace shardscope::ui {

class ScenarioDocument;
class ValueSlider;

// The shared base of the control panels: edits go through the document as undoable changes
// (a slider drag merges into one step), and problems are shown beside the control they concern.
class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    ScenarioPanel(ScenarioDocument* document, QWidget* parent);

    // Shows each diagnostic's message beside its field's control; clears the others.
    void showProblems(const Diagnostics& diagnostics);
    // Marks the controls whose value is what ShardScope would assume (the default, the model
    // preset's or the recipe's), as the CLI's tables mark values not given.
    void showAssumed(const Scenario& scenario);

protected:
    // Applies `change` to a copy of the scenario and records it as one undo step.
    void edit(const std::function<void(Scenario&)>& change, const QString& description, int mergeKey = -1);
    // Connects a slider so that dragging it merges into one undo step.
    void bindSlider(ValueSlider* slider, int mergeKey, const QString& description,
                    const std::function<void(Scenario&, double)>& apply);
    // Registers the control that shows problems of `field` (a scenario-file field name).
    void registerField(const std::string& field, ValueSlider* slider);
    void registerField(const std::string& field, QWidget* widget);

    virtual void sync() = 0;         // controls <- scenario
    virtual void retranslate() = 0;  // all visible text
    void changeEvent(QEvent* event) override;

    ScenarioDocument* document_;
    bool syncing_ = false;

private:
    std::map<std::string, ValueSlider*> sliders_;
    std::map<std::string, QWidget*> widgets_;
};

} // namespace shardscope::ui
