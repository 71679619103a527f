#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace shardscope::cli {

// Exit statuses of the command-line contract (DESIGN.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInvalidInput = 2;
inline constexpr int kExitCheckFailed = 1;  // validate: a reference case is outside its tolerance

// Runs `shardscope-cli <command> ...` (args excludes the program name), writing results to
// `out` and messages to `err`; returns the exit status. Never throws.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The individual commands, for reuse and tests.
int runEstimate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runDrift(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runReduce(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runSweep(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runValidate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace shardscope::cli
