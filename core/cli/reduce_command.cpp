// shardscope-cli reduce: the precision cost specific to distributed training. Either the error
// of summing N ranks' gradients (bf16 versus fp32, sequential, ring and tree order), or, with
// --sharded-master, whether sharded fp32 master weights stay bit-identical to one GPU.
#include <cstdio>
#include <ostream>

#include <nlohmann/json.hpp>

#include "core/cli/cli.h"
#include "core/cli/options.h"
#include "core/precision/reduction.h"
#include "core/precision/sharded_master.h"

namespace shardscope::cli {
namespace {

constexpr ReductionOrder kOrders[] = {ReductionOrder::Sequential, ReductionOrder::Ring, ReductionOrder::Tree};

void printErrors(const ReductionSpec& spec, const std::vector<ReductionPoint>& points, Format format, std::ostream& out)
{
    if (format == Format::Json) {
        nlohmann::json rows = nlohmann::json::array();
        for (const ReductionPoint& p : points) {
            nlohmann::json bf16, fp32;
            for (int k = 0; k < 3; ++k) {
                bf16[reductionOrderName(kOrders[k])] = p.bf16[k];
                fp32[reductionOrderName(kOrders[k])] = p.fp32[k];
            }
            rows.push_back({{"ranks", p.ranks}, {"bf16", bf16}, {"fp32", fp32}});
        }
        out << nlohmann::json{{"gradients", formatSpec(spec.gradients).name}, {"elements", spec.elements},
                              {"mean", spec.mean}, {"spread", spec.spread}, {"seed", spec.seed},
                              {"metric", "relative RMS error against the exact sum"}, {"points", rows}}
                   .dump(1)
            << "\n";
        return;
    }
    if (format == Format::Csv) {
        out << "ranks,bf16_sequential,bf16_ring,bf16_tree,fp32_sequential,fp32_ring,fp32_tree\n";
        for (const ReductionPoint& p : points)
            out << p.ranks << "," << p.bf16[0] << "," << p.bf16[1] << "," << p.bf16[2] << "," << p.fp32[0] << ","
                << p.fp32[1] << "," << p.fp32[2] << "\n";
        return;
    }
    out << "Sum of N ranks' " << formatSpec(spec.gradients).name << " gradients (normal, mean " << spec.mean
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

void printSharded(const ShardedMasterSpec& spec, const std::vector<ShardedMasterCase>& cases, Format format,
                  std::ostream& out)
{
    if (format == Format::Json) {
        nlohmann::json rows = nlohmann::json::array();
        for (const ShardedMasterCase& c : cases)
            rows.push_back({{"name", c.name}, {"compared_with", c.comparedWith}, {"differing", c.differing},
                            {"max_ulps", c.maxUlps}, {"max_abs", c.maxAbs}, {"identical", c.identical()}, {"explanation", c.explanation}});
        out << nlohmann::json{{"ranks", spec.ranks}, {"parameters", spec.parameters}, {"steps", spec.steps},
                              {"seed", spec.seed}, {"cases", rows}}
                   .dump(1)
            << "\n";
        return;
    }
    if (format == Format::Csv) {
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

int runReduce(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const auto options = splitOptions(args, [](const std::string& name) { return name == "sharded-master"; }, err);
    if (!options)
        return kExitInvalidInput;
    ReductionSpec spec;
    ShardedMasterSpec sharded;
    bool shardedMaster = false;
    Format format = Format::Table;
    for (const Option& o : *options) {
        bool ok = true;
        long long whole = 0;
        auto integerIn = [&](long long low, long long high, auto& target) {
            if (!parseInteger(o, whole, err))
                return false;
            if (whole < low || whole > high)
                return invalidOption(err, "--" + o.name,
                                     "must be between " + std::to_string(low) + " and " + std::to_string(high));
            target = static_cast<std::remove_reference_t<decltype(target)>>(whole);
            return true;
        };
        if (o.name == "dtype") {
            ok = parseDtype(o, spec.gradients, err);
        } else if (o.name == "max-ranks") {
            ok = integerIn(2, 65536, spec.maxRanks);
        } else if (o.name == "elements") {
            ok = integerIn(1, 1'000'000, spec.elements);
        } else if (o.name == "mean") {
            ok = parseNumber(o, spec.mean, err);
        } else if (o.name == "spread") {
            ok = parseNumber(o, spec.spread, err) && (spec.spread > 0 || invalidOption(err, "--spread", "must be positive"));
        } else if (o.name == "seed") {
            ok = integerIn(0, 9'000'000'000'000'000LL, spec.seed);
            sharded.seed = spec.seed;
        } else if (o.name == "sharded-master") {
            shardedMaster = true;
        } else if (o.name == "ranks") {
            ok = integerIn(1, 1024, sharded.ranks);
        } else if (o.name == "params") {
            ok = integerIn(1, 1'000'000, sharded.parameters);
        } else if (o.name == "steps") {
            ok = integerIn(1, 10'000, sharded.steps);
        } else if (o.name == "format") {
            ok = parseFormat(o, format, err);
        } else {
            ok = invalidOption(err, "--" + o.name, "unknown flag for reduce");
        }
        if (!ok)
            return kExitInvalidInput;
    }
    if (shardedMaster) {
        // The experiment keeps every step's gradients of every rank (steps x ranks x params floats).
        constexpr double kMaxGradients = 1e8;  // 400 MB
        if (static_cast<double>(sharded.steps) * sharded.ranks * sharded.parameters > kMaxGradients)
            return invalidOption(err, "--params", "--steps x --ranks x --params must be at most 100,000,000"),
                   kExitInvalidInput;
        printSharded(sharded, shardedMasterExperiment(sharded), format, out);
        return kExitOk;
    }
    const Diagnostics problems = checkReduction(spec);
    for (const Diagnostic& d : problems)
        invalidOption(err, flagOfCommandField(d.field), d.message);
    if (hasErrors(problems))
        return kExitInvalidInput;
    printErrors(spec, reductionErrors(spec), format, out);
    return kExitOk;
}

} // namespace shardscope::cli
