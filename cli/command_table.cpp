// The command table: every command of shardscope-cli, its options and its entry point. The
// parser, the usage text, `shardscope-cli <command> --help` and the man page come from here.
#include "cli/command.h"

#include "core/precision/drift.h"
#include "core/precision/float_format.h"

namespace shardscope::cli {
namespace {

constexpr double kHuge = 1.7976931348623157e308;

const OptionSpec kEstimate[] = {
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
};

const OptionSpec kOps[] = {
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
};

const OptionSpec kSweep[] = {
    {"kind", OptionType::Choice, "KIND", "the series: GPU counts 8 to 16,384, or sequence lengths 256 to 1M", "scaling|sequence"},
    {"mode", OptionType::Choice, "MODE",
     "scaling: keep the global batch (strong scaling) or each replica's work (weak scaling)",
     "fixed-global-batch|fixed-per-gpu"},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
};

const OptionSpec kDrift[] = {
    {"dtype", OptionType::Choice, "FORMAT", "the weights' number format", nullptr, &enumTable<FloatFormat>()},
    {"start", OptionType::Number, "X", "the starting weight (default 1.0)", nullptr, nullptr, -kHuge, kHuge},
    {"update", OptionType::Number, "U", "the update added every step, or the mean of random ones (default 1e-4)", nullptr,
     nullptr, -kHuge, kHuge},
    {"spread", OptionType::Number, "S", "standard deviation of normal random updates (default 0: constant)", nullptr,
     nullptr, -kHuge, kHuge},
    {"steps", OptionType::Int, "N", "updates to apply (default 10,000)", nullptr, nullptr, -9e15, 9e15},
    {"strategy", OptionType::Choice, "STRATEGY", "how the update is applied", nullptr, &enumTable<DriftStrategy>()},
    {"seed", OptionType::Int, "S", "random updates and stochastic rounding (default 1)", nullptr, nullptr, 0, 9e15},
    {"curve-points", OptionType::Int, "N", "points of the curve (default 2,000; 0 for none)", nullptr, nullptr, -1, 1e6},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
};

const OptionSpec kReduce[] = {
    {"dtype", OptionType::Choice, "FORMAT", "the gradients' number format (default bf16)", nullptr, &enumTable<FloatFormat>()},
    {"max-ranks", OptionType::Int, "N", "N = 2, 4, ..., this many ranks (default 4,096)", nullptr, nullptr, 2, 65536},
    {"elements", OptionType::Int, "N", "gradient elements per trial (default 256)", nullptr, nullptr, 1, 1e6},
    {"mean", OptionType::Number, "X", "mean of each rank's gradients (default 0)", nullptr, nullptr, -kHuge, kHuge},
    {"spread", OptionType::Number, "S", "standard deviation of each rank's gradients (default 1)", nullptr, nullptr, -kHuge, kHuge},
    {"seed", OptionType::Int, "S", "random gradients (default 1)", nullptr, nullptr, 0, 9e15},
    {"sharded-master", OptionType::Switch, nullptr, "instead: do sharded fp32 master weights stay bit-identical to one GPU?"},
    {"ranks", OptionType::Int, "N", "sharded master: data-parallel ranks (default 8)", nullptr, nullptr, 1, 1024},
    {"params", OptionType::Int, "N", "sharded master: parameters (default 4,096)", nullptr, nullptr, 1, 1e6},
    {"steps", OptionType::Int, "N", "sharded master: AdamW steps (default 10)", nullptr, nullptr, 1, 1e4},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
};

const OptionSpec kValidate[] = {
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or the Markdown of docs/validation.md",
     "table|json|markdown"},
    {"cases", OptionType::Path, "FILE", "a reference case file to run as well (repeatable)", nullptr, nullptr, 0, 0, true},
    {"no-built-in", OptionType::Switch, nullptr, "run only the --cases files"},
    {"only", OptionType::Text, "SOURCE", "run only this reference source (repeatable)", nullptr, nullptr, 0, 0, true},
    {"write-doc", OptionType::Path, "FILE",
     "rewrite the generated section of this document (docs/validation.md) when every built-in case passes"},
};

const OptionSpec kExport[] = {
    {"chart", OptionType::Text, "CHART", "the chart to render (listed below)"},
    {"out", OptionType::Path, "FILE", "the image: .png, .svg or .pdf"},
    {"size", OptionType::Text, "WxH", "pixels (default 1600x900; 16 to 20000 each)"},
    {"scale", OptionType::Number, "S", "device pixel ratio of a PNG (default 1; above 0, at most 8)", nullptr, nullptr, 1e-3, 8},
    {"theme", OptionType::Choice, "THEME", "colours", "light|dark"},
    {"lang", OptionType::Choice, "LANG", "language of the chart's text", "en|zh_CN"},
};

const Command kCommands[] = {
    {"estimate", "memory, communication and step time: one GPU beside the distributed layout",
     "[--scenario FILE] [flags] [--save-scenario FILE] [--format table|json|csv]", kEstimate, true, &runEstimate},
    {"ops", "checkpoints, failures, the checkpoint interval and goodput: one GPU beside the cluster",
     "[scenario flags] [--cluster-mtbf-hours H | --failures-per-gpu-day X] [--checkpoint-write-minutes M | --storage-gbps X] "
     "[--restart-minutes M] [--interval-minutes M] [--async-checkpoint] [--format table|json|csv]",
     kOps, true, &runOps},
    {"sweep", "the series behind the charts: scaling over GPU counts, or memory over sequence lengths",
     "--kind scaling|sequence [--mode fixed-global-batch|fixed-per-gpu] [scenario flags] [--format table|json|csv]", kSweep,
     true, &runSweep},
    {"drift", "the article's bf16 accumulation experiment in any format, under any update strategy",
     "[--dtype F] [--start X] [--update U] [--steps N] [--strategy S] [--spread S] [--seed S] [--format table|json|csv]",
     kDrift, false, &runDrift},
    {"reduce", "the error of summing N ranks' gradients; or whether sharded fp32 master weights stay exact",
     "[--dtype bf16] [--max-ranks N] [--elements N] [--mean X] [--spread S] [--seed S] | --sharded-master [--ranks N] "
     "[--params N] [--steps N]",
     kReduce, false, &runReduce},
    {"validate", "every reference case (published figures, engine code, PyTorch measurements) against the model",
     "[--format table|json|markdown] [--cases FILE]... [--no-built-in] [--only SOURCE]... [--write-doc FILE]", kValidate,
     false, &runValidate},
    {"export", "a chart as PNG, SVG or PDF, rendered by the desktop app's own chart classes",
     "--chart CHART --out FILE [--size WxH] [--scale S] [--theme light|dark] [--lang en|zh_CN] [scenario flags]", kExport,
     true, &runExport},
};

} // namespace

std::span<const Command> commands() { return kCommands; }

const Command* findCommand(std::string_view name)
{
    for (const Command& command : kCommands) {
        if (name == command.name)
            return &command;
    }
    return nullptr;
}

} // namespace shardscope::cli
