#include "ui/controls/field_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

#include "core/scenario/field_table.h"
#include "core/scenario/recipes.h"
#include "ui/controls/enum_combo.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

QString translated(const char* text) { return QCoreApplication::translate("UiText", text); }

// The field's help with its range, as the tooltip and What's This text.
QString helpText(const FieldSpec& spec)
{
    return translated(spec.help);
}

} // namespace

FieldPanel::FieldPanel(ScenarioDocument* document, const char* title, std::vector<std::string> paths, QWidget* parent)
    : ScenarioPanel(document, parent), title_(title), header_(new QToolButton(this)), box_(new QGroupBox(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    header_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    header_->setCheckable(true);
    header_->setAutoRaise(true);
    header_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(header_);
    layout->addWidget(box_);
    auto* form = new QFormLayout(box_);
    for (const std::string& path : paths) {
        const FieldSpec* spec = findFieldByPath(path);
        if (spec == nullptr || spec->get == nullptr || spec->set == nullptr)
            continue;  // a path the table does not have is a programming error; nothing to show
        QWidget* editor = makeEditor(*spec);
        QLabel* label = nullptr;
        if (spec->type == FieldType::Bool || spec->type == FieldType::OnOff) {
            form->addRow(editor);
        } else {
            label = new QLabel(this);
            label->setBuddy(editor);
            form->addRow(label, editor);
        }
        registerField(spec->path(), editor);
        rows_.push_back({spec, label, editor});
    }
    connect(header_, &QToolButton::toggled, this, [this](bool on) { setUnfolded(on); });
    setUnfolded(false);
    sync();
    retranslate();
}

QWidget* FieldPanel::makeEditor(const FieldSpec& spec)
{
    const FieldSpec* s = &spec;
    switch (spec.type) {
    case FieldType::Choice: {
        auto* combo = new QComboBox(this);
        connect(combo, &QComboBox::activated, this, [this, combo, s](int) {
            const EnumChoice* choice = s->choices->findValue(combo->currentData().toInt());
            if (choice != nullptr)
                apply(*s, std::string(choice->id));
        });
        return combo;
    }
    case FieldType::Bool:
    case FieldType::OnOff: {
        auto* check = new QCheckBox(this);
        connect(check, &QCheckBox::toggled, this, [this, s](bool on) { apply(*s, on); });
        return check;
    }
    case FieldType::Int:
    case FieldType::Count: {
        auto* spin = new QSpinBox(this);
        const double top = std::min(spec.max, static_cast<double>(std::numeric_limits<int>::max()));
        spin->setRange(static_cast<int>(spec.min + (spec.minExclusive ? 1 : 0)), static_cast<int>(top));
        spin->setKeyboardTracking(false);  // one undo step per value, not per keystroke
        connect(spin, &QSpinBox::valueChanged, this, [this, s](int value) { apply(*s, std::int64_t{value}); });
        return spin;
    }
    case FieldType::Number: {
        auto* spin = new QDoubleSpinBox(this);
        spin->setRange(spec.min, spec.max);
        spin->setDecimals(3);
        // A share (0 to 1, the overlaps) steps by 5 %, not by the default 1, which would jump end to end.
        if (spec.max - spec.min <= 1.0)
            spin->setSingleStep(0.05);
        spin->setKeyboardTracking(false);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, s](double value) { apply(*s, value); });
        return spin;
    }
    case FieldType::Text:
    case FieldType::Path: {
        auto* line = new QLineEdit(this);
        connect(line, &QLineEdit::editingFinished, this, [this, line, s] { apply(*s, line->text().trimmed().toStdString()); });
        return line;
    }
    }
    return new QWidget(this);
}

void FieldPanel::apply(const FieldSpec& spec, const FieldValue& value)
{
    const QString description = tr("Change %1").arg(translated(spec.label));
    edit(
        [&](Scenario& s) {
            spec.set(s, value);
            if (&spec == findFieldByPath("training.recipe"))
                applyRecipe(s, {});  // choosing a recipe sets its fields; each stays editable after
        },
        description);
}

void FieldPanel::setUnfolded(bool unfolded)
{
    header_->setChecked(unfolded);
    header_->setArrowType(unfolded ? Qt::DownArrow : Qt::RightArrow);
    box_->setVisible(unfolded);
}

bool FieldPanel::unfolded() const { return header_->isChecked(); }

void FieldPanel::sync()
{
    const Scenario& s = document_->scenario();
    for (const Row& row : rows_) {
        const std::optional<FieldValue> value = row.spec->get(s);
        const QSignalBlocker block(row.editor);
        switch (row.spec->type) {
        case FieldType::Choice:
            if (value && std::holds_alternative<std::string>(*value)) {
                if (const EnumChoice* choice = row.spec->choices->findId(std::get<std::string>(*value)))
                    selectEnumValue(static_cast<QComboBox*>(row.editor), choice->value);
            }
            break;
        case FieldType::Bool:
        case FieldType::OnOff:
            static_cast<QCheckBox*>(row.editor)->setChecked(value && std::holds_alternative<bool>(*value) && std::get<bool>(*value));
            break;
        case FieldType::Int:
        case FieldType::Count:
            static_cast<QSpinBox*>(row.editor)->setValue(value && std::holds_alternative<std::int64_t>(*value)
                                                             ? static_cast<int>(std::get<std::int64_t>(*value))
                                                             : static_cast<QSpinBox*>(row.editor)->minimum());
            break;
        case FieldType::Number:
            if (value && std::holds_alternative<double>(*value))
                static_cast<QDoubleSpinBox*>(row.editor)->setValue(std::get<double>(*value));
            break;
        case FieldType::Text:
        case FieldType::Path:
            static_cast<QLineEdit*>(row.editor)->setText(value && std::holds_alternative<std::string>(*value)
                                                             ? QString::fromStdString(std::get<std::string>(*value))
                                                             : QString());
            break;
        }
    }
}

void FieldPanel::retranslate()
{
    header_->setText(translated(title_));
    for (const Row& row : rows_) {
        const QString label = translated(row.spec->label);
        const QString help = helpText(*row.spec);
        if (auto* l = qobject_cast<QLabel*>(row.label))
            l->setText(label + QLatin1Char(':'));
        if (auto* check = qobject_cast<QCheckBox*>(row.editor))
            check->setText(label);
        if (auto* combo = qobject_cast<QComboBox*>(row.editor)) {
            const QSignalBlocker block(combo);
            fillEnumCombo(combo, *row.spec->choices);
        }
        row.editor->setToolTip(help);
        row.editor->setWhatsThis(help);
    }
    sync();
}

} // namespace shardscope::ui
