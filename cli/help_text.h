#pragma once
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/scenario/field_table.h"

// Pieces of the help that the usage text (help.cpp) and the manual page (man_page.cpp) share, so
// both say the same thing from the same tables.
namespace shardscope::cli {

std::string optionHelp(const OptionSpec& spec);  // its help, then its choices "(a|b|c)"
std::string fieldHelp(const FieldSpec& spec);    // a scenario field's help, then its choices
extern const char* const kExitText;              // the exit statuses, as the help prints them

// The scenario flags in the help's order: --scenario and --save-scenario, then every field of the
// field table that has a flag. `group` is set on the first flag of each group of fields.
struct FlagRow {
    std::string group;
    std::string flag;   // "--seq-len"
    const char* value;  // its placeholder ("X", "FILE"), or null for a switch
    std::string help;
};
std::vector<FlagRow> scenarioFlagRows();

} // namespace shardscope::cli
