#include "core/common/enum_table.h"

namespace shardscope {

const EnumChoice* EnumTable::findId(std::string_view id) const
{
    for (const EnumChoice& choice : choices) {
        if (id == choice.id)
            return &choice;
    }
    return nullptr;
}

const EnumChoice* EnumTable::findValue(int value) const
{
    for (const EnumChoice& choice : choices) {
        if (choice.value == value)
            return &choice;
    }
    return nullptr;
}

std::string EnumTable::idList(std::string_view separator) const
{
    std::string list;
    for (const EnumChoice& choice : choices) {
        if (!list.empty())
            list.append(separator);
        list.append(choice.id);
    }
    return list;
}

} // namespace shardscope
