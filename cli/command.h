#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/enum_table.h"
#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

// The command line's model: one table of commands (command_table.cpp), each with its own options;
// the parser, the usage text, `<command> --help` and the man page are all built from it
// (docs/architecture.md, "Where to add a command").
namespace shardscope::cli {

// Exit statuses of the command-line contract (docs/architecture.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInvalidInput = 2;
inline constexpr int kExitCheckFailed = 1;  // validate: a reference case is outside its tolerance

enum class OptionType {
    Switch,  // present or not; takes no value
    Int,     // a whole number within [min, max]
    Number,  // a finite decimal number within [min, max]
    Text,    // any text (a decimal number kept as written, for drift's exact reference)
    Path,    // a file path; empty is refused
    Choice,  // one of `choices` ("table|json|csv")
};

struct OptionSpec {
    const char* name;     // "dtype" (written --dtype)
    OptionType type;
    const char* value;    // the placeholder in help ("FORMAT"); unused for switches
    const char* help;
    const char* choices = nullptr;  // Choice: "a|b|c", or
    const EnumTable* table = nullptr;  // Choice: the ids of an enum table
    double min = 0;                 // Int and Number
    double max = 0;
    bool repeatable = false;        // --only A --only B; any other option given twice is refused
};

// What the chart exporter of the desktop libraries offers `export` (app/cli_main.cpp fills it;
// the command line itself links no Qt).
struct ChartRequest {
    std::string chart;
    std::string out;
    int width = 1600;
    int height = 900;
    double scale = 1.0;
    std::string theme = "light";
    std::string language = "en";
};
struct CliHooks {
    std::vector<std::string> chartNames;
    std::function<bool(const Scenario&, const Estimate&, const ChartRequest&, std::string& error)> renderChart;
};

struct Command;

// One parsed command line: the command, its options by name, and the scenario part (the
// scenario file, its flags as a JSON patch, --save-scenario, --format) for commands that take one.
class Invocation {
public:
    const Command& command;
    const CliHooks& hooks;

    Invocation(const Command& c, const CliHooks& h) : command(c), hooks(h) {}

    bool has(const char* name) const;
    const std::string* text(const char* name) const;         // the last value of --name, or null
    std::vector<std::string> texts(const char* name) const;  // every value of a repeatable option
    std::int64_t integer(const char* name, std::int64_t fallback) const;
    double number(const char* name, double fallback) const;
    std::string choice(const char* name, const char* fallback) const;

    std::string scenarioFile;
    std::string saveFile;
    nlohmann::json patch = nlohmann::json::object();  // scenario flags as a scenario document
    std::vector<std::pair<std::string, std::string>> options;  // name, value ("" for switches)
};

struct Command {
    const char* name;
    const char* summary;   // one line for the global usage
    const char* synopsis;  // the usage line after the command name
    std::span<const OptionSpec> options;
    bool takesScenario;    // --scenario FILE, every scenario flag, --save-scenario FILE
    int (*run)(const Invocation&, std::ostream& out, std::ostream& err);
};

std::span<const Command> commands();
const Command* findCommand(std::string_view name);

// The command implementations (cli/commands/*.cpp).
int runEstimate(const Invocation&, std::ostream& out, std::ostream& err);
int runSweep(const Invocation&, std::ostream& out, std::ostream& err);
int runDrift(const Invocation&, std::ostream& out, std::ostream& err);
int runReduce(const Invocation&, std::ostream& out, std::ostream& err);
int runValidate(const Invocation&, std::ostream& out, std::ostream& err);
int runExport(const Invocation&, std::ostream& out, std::ostream& err);
int runOps(const Invocation&, std::ostream& out, std::ostream& err);
int runExportConfig(const Invocation&, std::ostream& out, std::ostream& err);
int runReshard(const Invocation&, std::ostream& out, std::ostream& err);
int runData(const Invocation&, std::ostream& out, std::ostream& err);
int runPlan(const Invocation&, std::ostream& out, std::ostream& err);

} // namespace shardscope::cli
