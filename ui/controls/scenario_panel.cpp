#include "ui/controls/scenario_panel.h"

#include <QEvent>

#include "core/scenario/field_table.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/recipes.h"
#include "ui/controls/value_slider.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

ScenarioPanel::ScenarioPanel(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document)
{
    connect(document_, &ScenarioDocument::changed, this, [this] {
        syncing_ = true;
        sync();
        syncing_ = false;
        showProblems(document_->estimate().diagnostics);
        showAssumed(document_->scenario());
    });
}

void ScenarioPanel::edit(const std::function<void(Scenario&)>& change, const QString& description, int mergeKey)
{
    if (syncing_)
        return;
    Scenario next = document_->scenario();
    change(next);
    document_->setScenario(next, description, mergeKey);
}

void ScenarioPanel::bindSlider(ValueSlider* slider, int mergeKey, const QString& description,
                               const std::function<void(Scenario&, double)>& apply)
{
    connect(slider, &ValueSlider::edited, this, [this, mergeKey, description, apply](double value, bool dragging) {
        edit([&](Scenario& s) { apply(s, value); }, description, dragging ? mergeKey : -1);
    });
    connect(slider, &ValueSlider::dragFinished, document_, &ScenarioDocument::endMerge);
}

void ScenarioPanel::registerField(const std::string& field, ValueSlider* slider) { sliders_[field] = slider; }

void ScenarioPanel::registerField(const std::string& field, QWidget* widget) { widgets_[field] = widget; }

void ScenarioPanel::showProblems(const Diagnostics& diagnostics)
{
    std::map<std::string, QStringList> byField;
    for (const Diagnostic& d : diagnostics) {
        if (d.severity != Severity::Info)
            byField[d.field] << diagnosticText(d);
    }
    for (auto& [field, slider] : sliders_) {
        const auto it = byField.find(field);
        slider->setProblem(it == byField.end() ? QString() : it->second.join(QLatin1Char('\n')));
    }
    for (auto& [field, widget] : widgets_) {
        const auto it = byField.find(field);
        const bool problem = it != byField.end();
        widget->setStyleSheet(problem ? QStringLiteral("border: 1px solid #c00000;") : QString());
        widget->setToolTip(problem ? it->second.join(QLatin1Char('\n')) : widget->whatsThis());
    }
}

void ScenarioPanel::showAssumed(const Scenario& s)
{
    // What ShardScope would assume for each field: the defaults, the chosen preset's shape and
    // the recipe's values. A control showing that value was not changed by the user.
    Scenario assumed = defaultScenario();
    if (const ModelPreset* preset = standardModelPresets().find(s.modelId); preset != nullptr) {
        assumed.model = preset->spec;
        assumed.modelId = s.modelId;
    }
    assumed.training.recipe = s.training.recipe;
    applyRecipe(assumed, {});
    const auto isAssumed = [&](const std::string& field) {
        const FieldSpec* spec = findFieldByPath(field);
        return spec != nullptr && spec->get != nullptr && spec->get(s) == spec->get(assumed);
    };
    for (auto& [field, slider] : sliders_)
        slider->setAssumed(isAssumed(field));
    for (auto& [field, widget] : widgets_) {
        QFont font = widget->font();
        font.setItalic(isAssumed(field));
        widget->setFont(font);
    }
}

void ScenarioPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        showProblems(document_->estimate().diagnostics);
    }
    QWidget::changeEvent(event);
}

} // namespace shardscope::ui
