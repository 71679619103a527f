#pragma once
#include <QString>

#include <string>
#include <vector>

#include "core/scenario/field_table.h"
#include "ui/controls/scenario_panel.h"

class QGroupBox;
class QToolButton;
class QWidget;

namespace shardscope::ui {

// A group of controls built from the field table (core/scenario/field_table.h): one row per
// field, a combo box for a choice, a check box for a switch, a spin box for a whole number, a
// line edit for text, each with the field's translated label and help. For the engine's finer
// settings, which a user changes rarely and which have no slider of their own: adding a field to
// the table and its path here is all a new one needs. Folded by default; the header unfolds it.
class FieldPanel : public ScenarioPanel {
    Q_OBJECT
public:
    // `title` is a translatable "UiText" phrase (translated when shown).
    FieldPanel(ScenarioDocument* document, const char* title, std::vector<std::string> paths, QWidget* parent = nullptr);

    void setUnfolded(bool unfolded);
    bool unfolded() const;

protected:
    void sync() override;
    void retranslate() override;

private:
    struct Row {
        const FieldSpec* spec;
        QWidget* label;   // the QLabel, or null for a check box (its own text)
        QWidget* editor;
    };
    QWidget* makeEditor(const FieldSpec& spec);
    void apply(const FieldSpec& spec, const FieldValue& value);

    const char* title_;
    QToolButton* header_;
    QGroupBox* box_;
    std::vector<Row> rows_;
};

} // namespace shardscope::ui
