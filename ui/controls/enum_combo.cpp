#include "ui/controls/enum_combo.h"

#include <QSignalBlocker>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

void fillEnumCombo(QComboBox* combo, const EnumTable& table)
{
    const QVariant current = combo->currentData();
    const QSignalBlocker block(combo);
    combo->clear();
    for (const EnumChoice& choice : table.choices) {
        combo->addItem(enumText(table, choice.value), choice.value);
        combo->setItemData(combo->count() - 1, enumHelpText(table, choice.value), Qt::ToolTipRole);
    }
    if (current.isValid())
        combo->setCurrentIndex(combo->findData(current));
}

void selectEnumValue(QComboBox* combo, int value)
{
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(combo->findData(value));
}

} // namespace shardscope::ui
