#pragma once
#include <QComboBox>

#include "core/common/enum_table.h"

namespace shardscope::ui {

// Fills `combo` with every value of an enum table (core's one definition of the values): the
// translated label as text, the value as item data, the translated help as the item's tooltip.
// Keeps the current selection and emits no signals.
void fillEnumCombo(QComboBox* combo, const EnumTable& table);

// Selects `value` without emitting signals.
void selectEnumValue(QComboBox* combo, int value);

} // namespace shardscope::ui
