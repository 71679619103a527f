// libFuzzer target: the command line's argument parser. The input is split at newlines into
// arguments; the first picks the command. Every command's flags are parsed; the scenario
// commands whose run is one estimate (estimate, ops, export-config, reshard) also run, so that
// a flag's value reaches the model. Experiments sized by a flag (drift, reduce, sweep, data,
// validate) are parsed only: their work limits are tested in tests/cli.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli/option_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> args(1);
    for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
        if (data[i] == '\n')
            args.emplace_back();
        else
            args.back() += static_cast<char>(data[i]);
    }
    for (const std::string& a : args) {  // no files: the readers have their own targets
        if (a.find("scenario") != std::string::npos || a.find("hf-config") != std::string::npos
            || a.find("cases") != std::string::npos || a.find("write-doc") != std::string::npos
            || a.find("out") != std::string::npos)
            return 0;
    }
    std::ostringstream out, err;
    const shardscope::cli::Command* command = shardscope::cli::findCommand(args[0]);
    if (command == nullptr)
        return 0;
    const std::string name = args[0];
    if (name == "estimate" || name == "ops" || name == "export-config" || name == "reshard") {
        shardscope::cli::runCli(args, out, err);
    } else {
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        (void)shardscope::cli::parseInvocation(*command, shardscope::cli::CliHooks{}, rest, err);
    }
    return 0;
}
