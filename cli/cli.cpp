#include "cli/cli.h"

#include <exception>
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

} // namespace shardscope::cli
