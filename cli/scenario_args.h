#pragma once
#include <iosfwd>
#include <optional>

#include "cli/command.h"
#include "core/common/diagnostics.h"
#include "core/scenario/field_json.h"
#include "core/scenario/scenario.h"

namespace shardscope::cli {

// Reads the scenario file (if any), applies the flags over it and checks every field; prints
// every problem naming its flag. nullopt when the input is invalid. `given`, when not null,
// receives the fields the file or the flags set.
std::optional<Scenario> resolveScenario(const Invocation& invocation, std::ostream& err, FieldPaths* given = nullptr);

// Resolves the scenario and estimates it; prints the errors of an impossible layout (exit 2).
struct Resolved {
    Scenario scenario;
    Estimate estimate;
    FieldPaths given;  // the fields the file or the flags set (the rest is assumed: issue 17)
};
std::optional<Resolved> resolveAndEstimate(const Invocation& invocation, std::ostream& err);

// --save-scenario FILE, when given: writes the scenario atomically. False (after printing why)
// when it cannot be written.
bool saveScenarioIfAsked(const Invocation& invocation, const Scenario& scenario, std::ostream& err);

// "shardscope-cli: error: --tp (parallel.tp): ..." for a diagnostic.
void printDiagnostic(std::ostream& err, const Diagnostic& diagnostic);
void printErrors(std::ostream& err, const Diagnostics& diagnostics);

// "training.seq_len" -> "--seq-len"; fields without a flag are returned unchanged.
std::string flagForField(const std::string& field);

} // namespace shardscope::cli
