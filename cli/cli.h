#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/command.h"

namespace shardscope::cli {

// Runs `shardscope-cli <command> ...` (args excludes the program name), writing results to
// `out` and messages to `err`; returns the exit status (docs/architecture.md, "Exit status").
// `hooks` supplies what the command line cannot do without the desktop libraries (export's
// chart rendering); without them `export` reports that it is unavailable. Never throws.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const CliHooks& hooks = {});

// Flushes std::cout and std::cerr; a failed write to either (a full disk, a closed pipe,
// /dev/full) turns an exit status of 0 into 1, with a message on stderr when stderr still works.
int finishOutput(int status);

// The usage of every command, and one command's flags (its own, then the scenario flags).
void printUsage(std::ostream& out, const CliHooks& hooks);
void printCommandHelp(const Command& command, std::ostream& out, const CliHooks& hooks);

// The manual page shardscope-cli(1), in man(7) roff, from the same tables as the help
// (cli/man_page.cpp; written at build time by shardscope-cli-manpage, installed by the package).
void printManPage(std::ostream& out, const char* version);

} // namespace shardscope::cli
