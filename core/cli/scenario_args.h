#pragma once
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cli/options.h"
#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

namespace shardscope::cli {

// The scenario part of a command line: --scenario FILE, the scenario flags, --save-scenario,
// --format. Shared by every command that takes a scenario (estimate, sweep, export).
struct ScenarioArgs {
    std::string scenarioFile;
    std::string saveFile;
    Format format = Format::Table;
    nlohmann::json patch = nlohmann::json::object();  // the flags, as a scenario document
};

// Parses `args`; options that are not scenario options go to `extra`, which returns false (after
// printing why) to reject them. Without `extra`, they are unknown flags.
bool parseScenarioArgs(const std::vector<std::string>& args, ScenarioArgs& parsed, std::ostream& err,
                       const std::function<bool(const Option&)>& extra = {},
                       const std::function<bool(const std::string&)>& extraIsSwitch = {});

// Reads the scenario file (if any), applies the flags over it and checks the result; prints
// every problem naming its flag. nullopt when the input is invalid.
std::optional<Scenario> resolveScenario(const ScenarioArgs& parsed, std::ostream& err);

// "shardscope-cli: error: --tp (parallel.tp): ..." for a diagnostic.
void printDiagnostic(std::ostream& err, const Diagnostic& diagnostic);

} // namespace shardscope::cli
