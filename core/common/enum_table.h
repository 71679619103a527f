#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>

// One table per enum: each value's id (the spelling in JSON files and flags), its label and its
// help (both translatable, context "UiText"). The JSON reader and writer, the CLI help and the
// GUI's combo boxes are all built from these tables, so a value added to a table is everywhere.
namespace shardscope {

struct EnumChoice {
    int value;          // the enum value, as int
    const char* id;     // "adamw": JSON and flag spelling, never translated
    const char* label;  // "AdamW": what the GUI shows (translated there)
    const char* help;   // one line: what it is and where it comes from (tooltips, --help)
};

struct EnumTable {
    const char* name;  // "optimizer"
    std::span<const EnumChoice> choices;

    const EnumChoice* findId(std::string_view id) const;
    const EnumChoice* findValue(int value) const;
    std::string idList(std::string_view separator = "|") const;  // "adamw|sgd-momentum|..."
};

// Specialised once per enum, beside the enum's declaration.
template <typename Enum>
const EnumTable& enumTable();

template <typename Enum>
const char* enumId(Enum value)
{
    const EnumChoice* choice = enumTable<Enum>().findValue(static_cast<int>(value));
    return choice != nullptr ? choice->id : "";
}

template <typename Enum>
const char* enumLabel(Enum value)
{
    const EnumChoice* choice = enumTable<Enum>().findValue(static_cast<int>(value));
    return choice != nullptr ? choice->label : "";
}

template <typename Enum>
std::optional<Enum> parseEnum(std::string_view id)
{
    const EnumChoice* choice = enumTable<Enum>().findId(id);
    if (choice == nullptr)
        return std::nullopt;
    return static_cast<Enum>(choice->value);
}

} // namespace shardscope
