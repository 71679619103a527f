// The command table: every command of shardscope-cli, its options and its entry point. The
// parser, the usage text, `shardscope-cli <command> --help` and the man page come from here.
#include "cli/command.h"
#include "core/plan/plan_scenes.h"
#include "core/plan/planner.h"

#include "core/engines/engine_export.h"
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

const OptionSpec kExportConfig[] = {
    {"engine", OptionType::Choice, "ENGINE", "the training engine and the version it targets", nullptr, &enumTable<Engine>()},
    {"out", OptionType::Path, "FILE", "write the file here (atomically) and print the launch line; default: print it"},
    {"format", OptionType::Choice, "FORMAT", "text: the file itself; json: the file, its name, the launch line and the findings",
     "text|json"},
};

const OptionSpec kReshard[] = {
    {"from", OptionType::Text, "LAYOUT", "the checkpoint's layout: \"tp=8,pp=4,dp=2,zero=1\" (also ep=, vpp=)"},
    {"to", OptionType::Text, "LAYOUT", "the layout to load it into, same form"},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV (the transfers)", "table|json|csv"},
};

const OptionSpec kData[] = {
    {"samples", OptionType::Int, "N", "samples in the dataset (1 to 10^12)", nullptr, nullptr, 1, 1e12},
    {"ranks", OptionType::Int, "R", "data-parallel ranks (1 to 65,536)", nullptr, nullptr, 1, 65536},
    {"drop-last", OptionType::Switch, nullptr, "drop the tail instead of repeating samples to even it out"},
    {"shuffle", OptionType::Switch, nullptr, "shuffle with torch.randperm seeded seed + epoch (DistributedSampler)"},
    {"seed", OptionType::Int, "S", "the sampler's seed (default 0; Megatron-LM's --seed default is 1234)", nullptr, nullptr, 0, 9e15},
    {"epoch", OptionType::Int, "E", "the epoch set with set_epoch (default 0)", nullptr, nullptr, 0, 1e9},
    {"sampler", OptionType::Choice, "SAMPLER", "PyTorch's DistributedSampler or Megatron-LM's pretraining sampler",
     "pytorch|megatron"},
    {"micro-batch", OptionType::Int, "B", "megatron: micro-batch per rank (default 1)", nullptr, nullptr, 1, 1e6},
    {"consumed", OptionType::Int, "N", "megatron: samples consumed before this run (a resume)", nullptr, nullptr, 0, 1e12},
    {"resume-ranks", OptionType::Int, "R", "megatron: the dp the consumed samples were read with, when it changed",
     nullptr, nullptr, 1, 65536},
    {"tp", OptionType::Int, "T", "tensor-parallel size, for the seeds each rank uses (default 1)", nullptr, nullptr, 1, 65536},
    {"pp", OptionType::Int, "P", "pipeline stages, for the seeds (default 1)", nullptr, nullptr, 1, 65536},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV (rank, position, sample)", "table|json|csv"},
};

const OptionSpec kPlan[] = {
    {"objective", OptionType::Choice, "OBJECTIVE", "what to rank by (default throughput)", nullptr, &enumTable<PlanObjective>()},
    {"top", OptionType::Int, "K", "plans to show (default 10)", nullptr, nullptr, 1, 1000},
    {"max-gpus", OptionType::Int, "M", "also search every multiple of the node size from --gpus up to M GPUs", nullptr, nullptr, 1,
     1048576},
    {"allow-offload", OptionType::Switch, nullptr, "search optimizer and parameter offload too"},
    {"no-offload", OptionType::Switch, nullptr, "never offload (the default)"},
    {"max-tp", OptionType::Int, "N", "largest tensor-parallel size to search", nullptr, nullptr, 1, 65536},
    {"max-pp", OptionType::Int, "N", "largest number of pipeline stages to search", nullptr, nullptr, 1, 65536},
    {"max-cp", OptionType::Int, "N", "largest context-parallel size to search", nullptr, nullptr, 1, 65536},
    {"max-ep", OptionType::Int, "N", "largest expert-parallel size to search", nullptr, nullptr, 1, 65536},
    {"threads", OptionType::Int, "N", "search threads (default 0: every core)", nullptr, nullptr, 0, 1024},
    {"no-prune", OptionType::Switch, nullptr, "run the step model on every feasible layout (same answer, slower)"},
    {"scene", OptionType::Choice, "SCENE", "one of the article's scenes (replaces the scenario) and its advice", nullptr,
     &enumTable<PlanScene>()},
    {"format", OptionType::Choice, "FORMAT", "output: a table, JSON or CSV", "table|json|csv"},
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
    {"export-config", "the scenario as a training engine's launch arguments, JSON, TOML, YAML or torchrun script",
     "--engine megatron|deepspeed|torchtitan|accelerate|torchrun [scenario flags] [--out FILE] [--format text|json]",
     kExportConfig, true, &runExportConfig},
    {"reshard", "a checkpoint moved between layouts: every tensor's split, who reads what from whom, and the pitfalls",
     "[model flags] --from \"tp=8,pp=4,dp=2,zero=1\" --to \"tp=4,pp=2,dp=8\" [--format table|json|csv]", kReshard, true,
     &runReshard},
    {"data", "how N samples fall on R data-parallel ranks, the seeds each rank uses and a manifest hash",
     "--samples N --ranks R [--drop-last] [--shuffle] [--seed S] [--epoch E] [--sampler pytorch|megatron] [--format ...]",
     kData, false, &runData},
    {"plan", "every layout that can run on N GPUs, ranked: top K, Pareto front, rejected layouts by rule",
     "[scenario flags] --gpus N [--max-gpus M] [--objective throughput|time-to-train|memory-headroom|cost] [--top K] [--allow-offload] "
     "[--max-tp N] [--max-pp N] [--max-cp N] [--max-ep N] [--tp T --zero Z ... fix a dimension] [--scene SCENE] "
     "[--format table|json|csv]",
     kPlan, true, &runPlan},
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
