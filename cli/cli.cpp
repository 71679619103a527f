#include "cli/cli.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <ostream>

#include "cli/option_parser.h"

namespace shardscope::cli {

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const CliHooks& hooks)
{
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            printUsage(args.empty() ? err : out, hooks);
            return args.empty() ? kExitInvalidInput : kExitOk;
        }
        if (args[0] == "--version") {
            out << "shardscope-cli " << SHARDSCOPE_VERSION << "\n";
            return kExitOk;
        }
        const Command* command = findCommand(args[0]);
        if (command == nullptr) {
            err << "shardscope-cli: unknown command '" << args[0] << "' (try shardscope-cli --help)\n";
            return kExitInvalidInput;
        }
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        for (const std::string& arg : rest) {  // "shardscope-cli validate --help" is a question, not a flag
            if (arg == "--help" || arg == "-h") {
                printCommandHelp(*command, out, hooks);
                return kExitOk;
            }
        }
        const std::optional<Invocation> invocation = parseInvocation(*command, hooks, rest, err);
        if (!invocation)
            return kExitInvalidInput;
        return command->run(*invocation, out, err);
    } catch (const std::exception& e) {
        err << "shardscope-cli: internal error: " << e.what() << "\n";
        return kExitInternal;
    } catch (...) {
        err << "shardscope-cli: internal error\n";
        return kExitInternal;
    }
}

int finishOutput(int status)
{
    // `shardscope-cli estimate > /dev/full` must not exit 0 with nothing written: the stream's
    // state and the final flush of stdout both report a failed write (ENOSPC, EPIPE, EIO).
    std::cout.flush();
    const bool outFailed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    const int outErrno = errno;
    std::cerr.flush();
    const bool errFailed = !std::cerr || std::fflush(stderr) != 0 || std::ferror(stderr) != 0;
    if (outFailed && !errFailed)
        std::fprintf(stderr, "shardscope-cli: error: cannot write the output: %s\n", std::strerror(outErrno));
    if (outFailed || errFailed)
        return status == kExitOk ? kExitInternal : status;
    return status;
}

} // namespace shardscope::cli
