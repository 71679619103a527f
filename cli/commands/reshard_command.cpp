// shardscope-cli reshard: a checkpoint moved from one layout to another (core/reshard): every
// tensor's split, which source ranks each target rank reads and how many bytes, and the pitfalls.
#include <cstdio>
#include <ostream>

#include "cli/command.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/scenario/assumptions.h"
#include "core/report/reshard_report.h"
#include "core/reshard/transfer_plan.h"

namespace shardscope::cli {
namespace {

std::int64_t whole(double bytes) { return static_cast<std::int64_t>(bytes); }

const char* homeText(TensorHome home)
{
    switch (home) {
    case TensorHome::FirstStage: return "first stage";
    case TensorHome::EveryLayer: return "every layer";
    case TensorHome::LastStage: return "last stage";
    case TensorHome::TiedCopy: return "last stage (tied copy)";
    }
    return "";
}

void printTable(const ReshardPlan& p, std::ostream& out)
{
    char line[320];
    out << "from " << reshardLayoutText(p.from) << " (" << p.from.world() << " ranks) to " << reshardLayoutText(p.to) << " ("
        << p.to.world() << " ranks); padded vocabulary " << p.paddedVocabFrom << " -> " << p.paddedVocabTo << "\n\n";
    out << "tensor                                                  shape              kind        split  placement\n";
    for (const ReshardTensor& t : p.tensors) {
        std::string shape;
        for (std::int64_t d : t.shape) {
            if (!shape.empty())
                shape += 'x';
            shape += std::to_string(d);
        }
        std::snprintf(line, sizeof line, "%-55s %-18s %-11s %5d  %s\n", t.name.c_str(), shape.c_str(), enumId(t.kind), t.splitDim,
                      homeText(t.home));
        out << line;
    }
    out << "\ntarget rank  reads from (rank: MB)\n";
    std::size_t i = 0;
    for (const RankPlace& r : p.targets) {
        std::snprintf(line, sizeof line, "%6d (tp %d dp %d pp %d) %9.1f MB:", r.rank, r.tp, r.dp, r.pp, r.bytes / 1e6);
        out << line;
        int shown = 0;
        for (; i < p.transfers.size() && p.transfers[i].toRank == r.rank; ++i)
            if (shown++ < 8) {
                std::snprintf(line, sizeof line, " %d: %.1f", p.transfers[i].fromRank, p.transfers[i].bytes() / 1e6);
                out << line;
            }
        out << (shown > 8 ? " ...\n" : "\n");
    }
    std::snprintf(line, sizeof line, "\nbytes moved %.3f GB (%.3f GB a rank reads from its own number)\n", p.bytesMoved / 1e9,
                  p.bytesSameRank / 1e9);
    out << line;
    for (const Diagnostic& d : p.pitfalls)
        out << (d.severity == Severity::Info ? "note: " : "pitfall: ") << d.message() << "\n";
}

} // namespace

int runReshard(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::string* fromText = inv.text("from");
    const std::string* toText = inv.text("to");
    if (fromText == nullptr)
        return invalidOption(err, "--from", "is required (\"tp=8,pp=4,dp=2,zero=1\")"), kExitInvalidInput;
    if (toText == nullptr)
        return invalidOption(err, "--to", "is required (\"tp=4,pp=2,dp=8\")"), kExitInvalidInput;
    Diagnostics problems;
    const auto from = parseReshardLayout(*fromText, "--from", problems);
    const auto to = parseReshardLayout(*toText, "--to", problems);
    if (!from || !to) {
        printErrors(err, problems);
        return kExitInvalidInput;
    }
    const std::optional<Resolved> resolved = resolveAndEstimate(inv, err);
    if (!resolved || !saveScenarioIfAsked(inv, resolved->scenario, err))
        return kExitInvalidInput;
    const ReshardPlan plan = planReshard(resolved->scenario, *from, *to);
    if (!plan.valid()) {
        printErrors(err, plan.pitfalls);
        return kExitInvalidInput;
    }
    const std::string format = inv.choice("format", "table");
    if (format == "json") {
        nlohmann::json document = reshardToJson(plan);
        addResolvedInputs(document, resolved->scenario, resolved->given);
        out << document.dump(1) << "\n";
    } else if (format == "csv") {
        out << "to_rank,from_rank,bytes,weights_bytes,optimizer_bytes\n";
        for (const Transfer& x : plan.transfers)
            out << x.toRank << "," << x.fromRank << "," << whole(x.bytes()) << "," << whole(x.weightBytes) << ","
                << whole(x.optimizerBytes) << "\n";
    } else {
        out << resolvedInputsText(resolved->scenario, resolved->given);
        printTable(plan, out);
    }
    return kExitOk;
}

} // namespace shardscope::cli
