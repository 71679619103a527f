// The command line's help, generated from the command table and the field table.
#include <ostream>
#include <string>

#include "cli/cli.h"
#include "cli/help_text.h"
#include "core/scenario/field_table.h"

namespace shardscope::cli {
namespace {

void printRow(std::ostream& out, std::string name, const std::string& help)
{
    name.resize(std::max<std::size_t>(name.size() + 1, 30), ' ');
    out << name << help << "\n";
}

std::string optionName(const OptionSpec& spec)
{
    std::string name = std::string("  --") + spec.name;
    if (spec.type != OptionType::Switch)
        name += std::string(" ") + spec.value;
    return name;
}

void printScenarioFlags(std::ostream& out)
{
    out << "\nscenario (a scenario file uses the same names, dashes as underscores, grouped as below):\n";
    for (const FlagRow& row : scenarioFlagRows()) {
        if (!row.group.empty())
            out << " " << row.group << ":\n";
        printRow(out, "  " + row.flag + (row.value != nullptr ? std::string(" ") + row.value : ""), row.help);
    }
}

} // namespace

std::string optionHelp(const OptionSpec& spec)
{
    std::string help = spec.help;
    if (spec.type == OptionType::Choice)
        help += " (" + (spec.table != nullptr ? spec.table->idList("|") : std::string(spec.choices)) + ")";
    return help;
}

std::string fieldHelp(const FieldSpec& spec)
{
    std::string help = spec.help;
    if (spec.type == FieldType::Choice)
        help += " (" + spec.choices->idList("|") + ")";
    else if (spec.type == FieldType::OnOff)
        help += " (on|off)";
    return help;
}

std::vector<FlagRow> scenarioFlagRows()
{
    std::vector<FlagRow> rows{{"", "--scenario", "FILE", "read a scenario file first; flags override it"},
                              {"", "--save-scenario", "FILE", "write the resolved scenario as a file"}};
    const char* group = "";
    for (const FieldSpec& spec : scenarioFields()) {
        if (spec.flag == nullptr)
            continue;
        const bool newGroup = std::string_view(group) != spec.group;
        group = spec.group;
        rows.push_back({newGroup ? group : "", std::string("--") + spec.flag, spec.type == FieldType::Bool ? nullptr : "X",
                        fieldHelp(spec)});
    }
    return rows;
}

const char* const kExitText = "\nexit status: 0 success; 1 a reference case outside its tolerance (validate) or an internal "
                              "error;\n2 invalid input (the message names the flag or field)\n";

void printUsage(std::ostream& out, const CliHooks&)
{
    out << "usage: shardscope-cli <command> [options]\n\ncommands:\n";
    for (const Command& command : commands()) {
        printRow(out, std::string("  ") + command.name, command.summary);
        out << "      " << command.name << " " << command.synopsis << "\n";
    }
    out << "\nshardscope-cli <command> --help lists that command's flags; the scenario flags (model, training,\n"
           "parallel, cluster, overhead, perf) are the same for every command that takes a scenario;\n"
           "shardscope-cli --version prints the version.\n"
        << kExitText;
}

void printCommandHelp(const Command& command, std::ostream& out, const CliHooks& hooks)
{
    out << "usage: shardscope-cli " << command.name << " " << command.synopsis << "\n\n" << command.summary << "\n";
    if (!command.options.empty()) {
        out << "\noptions:\n";
        for (const OptionSpec& spec : command.options)
            printRow(out, optionName(spec), optionHelp(spec));
    }
    if (std::string_view(command.name) == "export") {
        out << "\ncharts:";
        for (const std::string& name : hooks.chartNames)
            out << " " << name;
        out << (hooks.chartNames.empty() ? " (none: this build has no desktop libraries)\n" : "\n");
    }
    if (command.takesScenario)
        printScenarioFlags(out);
    out << kExitText;
}

} // namespace shardscope::cli
