#include "core/cli/cli.h"

#include <exception>
#include <ostream>

#include "core/cli/flag_table.h"

namespace shardscope::cli {
namespace {

void printUsage(std::ostream& out)
{
    out << "usage: shardscope-cli <command> [options]\n\n"
           "commands:\n"
           "  estimate   memory per GPU, single GPU beside the distributed layout\n"
           "             [--scenario FILE] [flags] [--save-scenario FILE] [--format table|json|csv]\n\n"
           "  drift      bf16/fp16/fp8 weight-update drift: --dtype --start --update --steps --strategy\n"
           "             naive|fp32-master|kahan|stochastic [--spread S] [--seed S] [--curve-points N] [--format ...]\n"
           "  reduce     error of summing N ranks' gradients: [--dtype bf16] [--max-ranks 4096] [--elements 256]\n"
           "             [--mean 0] [--spread 1] [--seed S]; or --sharded-master [--ranks 8] [--params 4096] [--steps 10]\n\n"
           "  export     a chart as PNG, SVG or PDF: --chart memory|sequence|communication|scaling|drift\n"
           "             --out FILE [--size WxH] [--scale S] [--theme light|dark] [--lang en|zh_CN] + estimate flags\n"
           "  sweep      the series behind the charts: --kind scaling|sequence [--mode fixed-global-batch|\n"
           "             fixed-per-gpu] plus any estimate flags [--format table|json|csv]\n"
           "  validate   every reference case (published figures, engine code, PyTorch measurements):\n"
           "             [--format table|json|markdown] [--cases FILE]... [--no-built-in] [--only ID]...\n"
           "             [--write-doc FILE] (rewrites the generated section of docs/validation.md when every\n"
           "             built-in case passes); exit status 1 when a case is outside its tolerance\n\n"
           "estimate flags (a scenario file uses the same names, dashes as underscores):\n";
    for (const FlagSpec& spec : scenarioFlags()) {
        std::string name = std::string("  --") + spec.flag + (spec.type == FlagType::Switch ? "" : " X");
        name.resize(std::max<std::size_t>(name.size() + 1, 28), ' ');
        out << name << spec.help << "\n";
    }
    out << "\nexit status: 0 success; 1 a reference case outside its tolerance (validate) or an internal error;\n"
           "2 invalid input (the message names the flag or field)\n";
}

} // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            printUsage(args.empty() ? err : out);
            return args.empty() ? kExitInvalidInput : kExitOk;
        }
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        for (const std::string& arg : rest) {  // "shardscope-cli validate --help" is a question, not a flag
            if (arg == "--help" || arg == "-h") {
                printUsage(out);
                return kExitOk;
            }
        }
        if (args[0] == "estimate")
            return runEstimate(rest, out, err);
        if (args[0] == "drift")
            return runDrift(rest, out, err);
        if (args[0] == "reduce")
            return runReduce(rest, out, err);
        if (args[0] == "sweep")
            return runSweep(rest, out, err);
        if (args[0] == "validate")
            return runValidate(rest, out, err);
        err << "shardscope-cli: unknown command '" << args[0] << "' (try --help)\n";
        return kExitInvalidInput;
    } catch (const std::exception& e) {
        err << "shardscope-cli: internal error: " << e.what() << "\n";
        return kExitInternal;
    } catch (...) {
        err << "shardscope-cli: internal error\n";
        return kExitInternal;
    }
}

} // namespace shardscope::cli
