// shardscope-cli reduce: the precision cost specific to distributed training. Either the error
// of summing N ranks' gradients (bf16 versus fp32, sequential, ring and tree order), or, with
// --sharded-master, whether sharded fp32 master weights stay bit-identical to one GPU.
#include <algorithm>
#include <cstdio>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/option_inputs.h"
#include "cli/option_parser.h"
#include "cli/progress.h"
#include "core/precision/reduction.h"
#include "core/precision/sharded_master.h"

namespace shardscope::cli {
namespace {

constexpr ReductionOrder kOrders[] = {ReductionOrder::Sequential, ReductionOrder::Ring, ReductionOrder::Tree};

// What each run used, defaults included (cli/option_inputs.h).
struct Said {
    const Invocation& inv;
    nlohmann::json inputs;
};

void printErrors(const ReductionSpec& spec, const std::vector<ReductionPoint>& points, const std::string& format,
                 const Said& said, std::ostream& out)
{
    if (format == "table")
        out << optionInputsText(said.inv, said.inputs);
    if (format == "json") {
        nlohmann::json rows = nlohmann::json::array();
        for (const ReductionPoint& p : points) {
            nlohmann::json bf16, fp32;
            for (int k = 0; k < 3; ++k) {
                bf16[reductionOrderName(kOrders[k])] = p.bf16[k];
                fp32[reductionOrderName(kOrders[k])] = p.fp32[k];
            }
            rows.push_back({{"ranks", p.ranks}, {"bf16", bf16}, {"fp32", fp32}});
        }
        out << withOptionInputs(nlohmann::json{{"gradients", enumId(spec.gradients)}, {"elements", spec.elements},
                                               {"mean", spec.mean}, {"spread", spec.spread}, {"seed", spec.seed},
                                               {"metric", "relative RMS error against the exact sum"}, {"points", rows}},
                                said.inv, said.inputs)
                   .dump(1)
            << "\n";
        return;
    }
    if (format == "csv") {
        out << "ranks,bf16_sequential,bf16_ring,bf16_tree,fp32_sequential,fp32_ring,fp32_tree\n";
        for (const ReductionPoint& p : points)
            out << p.ranks << "," << p.bf16[0] << "," << p.bf16[1] << "," << p.bf16[2] << "," << p.fp32[0] << ","
                << p.fp32[1] << "," << p.fp32[2] << "\n";
        return;
    }
    out << "Sum of N ranks' " << enumId(spec.gradients) << " gradients (normal, mean " << spec.mean
        << ", spread " << spec.spread << ", " << spec.elements << " elements): relative RMS error\n\n";
    char line[160];
    std::snprintf(line, sizeof line, "%6s  %11s %11s %11s   %11s %11s %11s\n", "ranks", "bf16 seq", "bf16 ring",
                  "bf16 tree", "fp32 seq", "fp32 ring", "fp32 tree");
    out << line;
    for (const ReductionPoint& p : points) {
        std::snprintf(line, sizeof line, "%6d  %11.3e %11.3e %11.3e   %11.3e %11.3e %11.3e\n", p.ranks, p.bf16[0],
                      p.bf16[1], p.bf16[2], p.fp32[0], p.fp32[1], p.fp32[2]);
        out << line;
    }
}

void printSharded(const ShardedMasterSpec& spec, const std::vector<ShardedMasterCase>& cases, const std::string& format,
                  const Said& said, std::ostream& out)
{
    if (format == "table")
        out << optionInputsText(said.inv, said.inputs);
    if (format == "json") {
        nlohmann::json rows = nlohmann::json::array();
        for (const ShardedMasterCase& c : cases)
            rows.push_back({{"name", c.name}, {"compared_with", c.comparedWith}, {"differing", c.differing},
                            {"max_ulps", c.maxUlps}, {"max_abs", c.maxAbs}, {"identical", c.identical()}, {"explanation", c.explanation}});
        out << withOptionInputs(nlohmann::json{{"ranks", spec.ranks}, {"parameters", spec.parameters}, {"steps", spec.steps},
                                               {"seed", spec.seed}, {"cases", rows}},
                                said.inv, said.inputs)
                   .dump(1)
            << "\n";
        return;
    }
    if (format == "csv") {
        out << "case,compared_with,differing,max_ulps,max_abs,identical\n";
        for (const ShardedMasterCase& c : cases)
            out << '"' << c.name << "\",\"" << c.comparedWith << "\"," << c.differing << "," << c.maxUlps << "," << c.maxAbs << ","
                << (c.identical() ? "true" : "false") << "\n";
        return;
    }
    out << "fp32 master weights after " << spec.steps << " AdamW steps, " << spec.parameters << " parameters, "
        << spec.ranks << " data-parallel ranks\n\n";
    for (const ShardedMasterCase& c : cases) {
        out << (c.identical() ? "  bit-identical  " : "  DIFFERS        ") << c.name << "\n"
            << "                 vs " << c.comparedWith << ": " << c.differing << " of " << spec.parameters
            << " elements differ, at most " << c.maxUlps << " ulp (" << c.maxAbs << ")\n"
            << "                 " << c.explanation << "\n";
    }
}

} // namespace

int runReduce(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::string format = inv.choice("format", "table");
    if (inv.has("sharded-master")) {
        ShardedMasterSpec sharded;
        sharded.seed = static_cast<std::uint64_t>(inv.integer("seed", static_cast<std::int64_t>(sharded.seed)));
        sharded.ranks = static_cast<int>(inv.integer("ranks", sharded.ranks));
        sharded.parameters = static_cast<int>(inv.integer("params", sharded.parameters));
        sharded.steps = static_cast<int>(inv.integer("steps", sharded.steps));
        // The experiment keeps every step's gradients of every rank (steps x ranks x params floats).
        constexpr double kMaxGradients = 1e8;  // 400 MB
        if (static_cast<double>(sharded.steps) * sharded.ranks * sharded.parameters > kMaxGradients)
            return invalidOption(err, "--params", "--steps x --ranks x --params must be at most 100,000,000"),
                   kExitInvalidInput;
        const Said said{inv, {{"ranks", sharded.ranks}, {"params", sharded.parameters}, {"steps", sharded.steps},
                              {"seed", sharded.seed}}};
        const auto cases = runWithProgress("reduce --sharded-master", err,
                                           [&](const auto& keepGoing) { return shardedMasterExperiment(sharded, keepGoing); });
        if (!cases)
            return kExitInterrupted;
        printSharded(sharded, *cases, format, said, out);
        return kExitOk;
    }
    ReductionSpec spec;
    spec.gradients = parseEnum<FloatFormat>(inv.choice("dtype", "bf16")).value_or(FloatFormat::Bf16);
    spec.maxRanks = static_cast<int>(inv.integer("max-ranks", spec.maxRanks));
    spec.elements = static_cast<int>(inv.integer("elements", spec.elements));
    spec.mean = inv.number("mean", spec.mean);
    spec.spread = inv.number("spread", spec.spread);
    if (!(spec.spread > 0))
        return invalidOption(err, "--spread", "must be positive"), kExitInvalidInput;
    spec.seed = static_cast<std::uint64_t>(inv.integer("seed", static_cast<std::int64_t>(spec.seed)));
    const Diagnostics problems = checkReduction(spec);
    for (const Diagnostic& d : problems) {
        std::string flag = "--" + std::string(d.field.view().substr(d.field.view().find('.') + 1));
        std::replace(flag.begin(), flag.end(), '_', '-');
        invalidOption(err, flag, d.message());
    }
    if (hasErrors(problems))
        return kExitInvalidInput;
    const Said said{inv, {{"dtype", enumId(spec.gradients)}, {"max-ranks", spec.maxRanks}, {"elements", spec.elements},
                          {"mean", spec.mean}, {"spread", spec.spread}, {"seed", spec.seed}}};
    const auto points = runWithProgress("reduce", err, [&](const auto& keepGoing) { return reductionErrors(spec, keepGoing); });
    if (!points)
        return kExitInterrupted;
    printErrors(spec, *points, format, said, out);
    return kExitOk;
}

} // namespace shardscope::cli
