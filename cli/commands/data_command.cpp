// shardscope-cli data: how N samples fall on R data-parallel ranks (PyTorch's DistributedSampler
// or Megatron-LM's pretraining samplers), the seeds each rank uses and a manifest hash of what
// decides the order (core/data).
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "cli/command.h"
#include "cli/option_inputs.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/data/samplers.h"
#include "core/report/data_report.h"

namespace shardscope::cli {
namespace {

void printTable(const DataSpec& s, const DataSharding& d, std::ostream& out)
{
    char line[256];
    std::snprintf(line, sizeof line, "%s sampler: %lld samples on %d ranks%s%s\n",
                  s.sampler == SamplerKind::PyTorch ? "PyTorch DistributedSampler" : "Megatron-LM",
                  static_cast<long long>(s.samples), s.ranks, s.dropLast ? ", drop_last" : "", s.shuffle ? ", shuffled" : "");
    out << line;
    std::snprintf(line, sizeof line, "per rank %lld, total %lld, duplicates %lld, dropped %lld, epoch %lld\n",
                  static_cast<long long>(d.perRank), static_cast<long long>(d.totalSize),
                  static_cast<long long>(d.duplicates), static_cast<long long>(d.dropped), static_cast<long long>(d.epoch));
    out << line;
    if (d.listed) {
        out << "\nrank  samples in reading order (* = a padding duplicate)\n";
        const std::size_t shownRanks = std::min<std::size_t>(d.ranks.size(), 32);
        for (std::size_t r = 0; r < shownRanks; ++r) {
            std::snprintf(line, sizeof line, "%4zu ", r);
            out << line;
            const std::size_t shown = std::min<std::size_t>(d.ranks[r].size(), 16);
            for (std::size_t k = 0; k < shown; ++k) {
                std::snprintf(line, sizeof line, " %6lld%s", static_cast<long long>(d.ranks[r][k].sample),
                              d.ranks[r][k].duplicate ? "*" : " ");
                out << line;
            }
            out << (d.ranks[r].size() > shown ? "  ...\n" : "\n");
        }
        if (d.ranks.size() > shownRanks)
            out << "  ... " << d.ranks.size() - shownRanks << " more ranks (--format json lists all)\n";
        if (!d.droppedSamples.empty()) {
            out << "dropped:";
            for (std::size_t i = 0; i < std::min<std::size_t>(d.droppedSamples.size(), 16); ++i)
                out << " " << d.droppedSamples[i];
            out << (d.droppedSamples.size() > 16 ? " ...\n" : "\n");
        }
    }
    out << "\nseeds (Megatron-LM): rank tp dp pp   python/numpy/torch   TP-region dropout\n";
    for (const RankSeeds& r : d.seeds) {
        std::snprintf(line, sizeof line, "                    %4d %2d %2d %2d   %18llu   %17llu\n", r.rank, r.tpRank, r.dpRank,
                      r.ppRank, static_cast<unsigned long long>(r.base), static_cast<unsigned long long>(r.tensorParallel));
        out << line;
    }
    for (const Diagnostic& n : d.notes)
        out << severityName(n.severity) << ": " << n.message() << "\n";
    out << "manifest " << d.manifest << "\n";
}

} // namespace

int runData(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    if (!inv.has("samples"))
        return invalidOption(err, "--samples", "is required"), kExitInvalidInput;
    if (!inv.has("ranks"))
        return invalidOption(err, "--ranks", "is required"), kExitInvalidInput;
    DataSpec s;
    s.samples = inv.integer("samples", 1);
    s.ranks = static_cast<int>(inv.integer("ranks", 1));
    s.dropLast = inv.has("drop-last");
    s.shuffle = inv.has("shuffle");
    s.seed = static_cast<std::uint64_t>(inv.integer("seed", 0));
    s.epoch = inv.integer("epoch", 0);
    s.sampler = parseEnum<SamplerKind>(inv.choice("sampler", "pytorch")).value_or(SamplerKind::PyTorch);
    for (const char* megatronOnly : {"micro-batch", "consumed", "resume-ranks"}) {
        if (s.sampler != SamplerKind::Megatron && inv.has(megatronOnly))
            return invalidOption(err, std::string("--") + megatronOnly, "applies to --sampler megatron only"), kExitInvalidInput;
    }
    if (s.sampler == SamplerKind::Megatron && inv.has("drop-last"))
        return invalidOption(err, "--drop-last", "Megatron-LM's sampler always drops a partial last micro-batch window"),
               kExitInvalidInput;
    if (s.sampler == SamplerKind::Megatron && inv.has("epoch"))
        return invalidOption(err, "--epoch", "Megatron-LM derives the epoch from --consumed"), kExitInvalidInput;
    s.microBatch = inv.integer("micro-batch", 1);
    s.consumed = inv.integer("consumed", 0);
    if (inv.has("resume-ranks"))
        s.resumeRanks = static_cast<int>(inv.integer("resume-ranks", 1));
    s.tp = static_cast<int>(inv.integer("tp", 1));
    s.pp = static_cast<int>(inv.integer("pp", 1));
    const Diagnostics problems = checkDataSpec(s);
    if (hasErrors(problems)) {
        printErrors(err, problems);
        return kExitInvalidInput;
    }
    const DataSharding d = shardData(s);
    const std::string format = inv.choice("format", "table");
    nlohmann::json inputs = {{"samples", s.samples}, {"ranks", s.ranks},       {"sampler", enumId(s.sampler)},
                             {"drop-last", s.dropLast}, {"shuffle", s.shuffle}, {"seed", s.seed},
                             {"epoch", s.epoch},       {"micro-batch", s.microBatch}, {"consumed", s.consumed},
                             {"tp", s.tp},             {"pp", s.pp}};
    if (s.resumeRanks)
        inputs["resume-ranks"] = *s.resumeRanks;
    if (format == "json") {
        out << withOptionInputs(dataToJson(s, d), inv, inputs).dump(1) << "\n";
    } else if (format == "csv") {
        out << "rank,position,sample,duplicate\n";
        for (std::size_t r = 0; r < d.ranks.size(); ++r)
            for (std::size_t k = 0; k < d.ranks[r].size(); ++k)
                out << r << "," << k << "," << d.ranks[r][k].sample << "," << (d.ranks[r][k].duplicate ? "true" : "false") << "\n";
    } else {
        out << optionInputsText(inv, inputs);
        printTable(s, d, out);
    }
    return kExitOk;
}

} // namespace shardscope::cli
