#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"

namespace shardscope::cli {

// Parses `args` (after the command name) against the command's table: its own options and, for
// commands that take a scenario, --scenario, --save-scenario and every scenario flag of the field
// table (whose values become a JSON patch for the scenario reader). Strict: an unknown flag, a
// flag given twice (unless repeatable), a missing or malformed value, a number outside its range
// or an empty path is refused with a message naming the flag. nullopt after printing it.
std::optional<Invocation> parseInvocation(const Command& command, const CliHooks& hooks,
                                          const std::vector<std::string>& args, std::ostream& err);

// Prints "shardscope-cli: error: --flag: message" and returns false.
bool invalidOption(std::ostream& err, const std::string& flag, const std::string& message);

} // namespace shardscope::cli
