#include "core/report/data_report.h"

#include <string>

#include "core/common/sha256.h"

namespace shardscope {

using Json = nlohmann::json;

std::int64_t orderDigest(const DataSharding& d)
{
    std::string text;
    for (std::size_t r = 0; r < d.ranks.size(); ++r) {
        // Appended piece by piece (also keeps gcc 12's -Wrestrict false positive on
        // "literal" + std::string&& away).
        text += "rank ";
        text += std::to_string(r);
        text += ':';
        for (std::size_t k = 0; k < d.ranks[r].size(); ++k) {
            text += k == 0 ? ' ' : ',';
            text += std::to_string(d.ranks[r][k].sample);
        }
        text += '\n';
    }
    return static_cast<std::int64_t>(std::stoull(sha256Hex(text).substr(0, 12), nullptr, 16));
}

Json dataToJson(const DataSpec& s, const DataSharding& d)
{
    Json j = {{"sampler", enumId(s.sampler)}, {"samples", s.samples}, {"ranks_count", s.ranks}, {"drop_last", s.dropLast},
              {"shuffle", s.shuffle}, {"seed", s.seed}, {"epoch", d.epoch}, {"per_rank", d.perRank},
              {"total_size", d.totalSize}, {"duplicates", d.duplicates}, {"dropped", d.dropped}};
    if (s.sampler == SamplerKind::Megatron) {
        j["micro_batch"] = s.microBatch;
        j["consumed"] = s.consumed;
    }
    j["permutation"] = s.shuffle ? "torch.randperm(generator seeded " + std::to_string(d.shuffleSeed)
                                       + "), reproduced exactly (PyTorch 1.13 CPU generator)"
                                 : std::string("none (in order)");
    if (d.listed) {
        Json ranks = Json::array();
        Json duplicateReads = Json::array();
        for (std::size_t r = 0; r < d.ranks.size(); ++r) {
            Json row = Json::array();
            for (std::size_t k = 0; k < d.ranks[r].size(); ++k) {
                row.push_back(d.ranks[r][k].sample);
                if (d.ranks[r][k].duplicate)
                    duplicateReads.push_back({{"rank", r}, {"position", k}, {"sample", d.ranks[r][k].sample}});
            }
            ranks.push_back(row);
        }
        j["ranks"] = ranks;
        j["duplicate_reads"] = duplicateReads;
        j["duplicate_samples"] = d.duplicateSamples;
        j["dropped_samples"] = d.droppedSamples;
        j["order_digest"] = orderDigest(d);
    }
    Json seeds = Json::array();
    for (const RankSeeds& r : d.seeds)
        seeds.push_back({{"rank", r.rank}, {"tp_rank", r.tpRank}, {"dp_rank", r.dpRank}, {"pp_rank", r.ppRank},
                         {"python_numpy_torch", r.base}, {"tensor_parallel_dropout", r.tensorParallel},
                         {"sampler_shuffle", d.shuffleSeed}});
    j["seeds"] = seeds;
    Json notes = Json::array();
    for (const Diagnostic& n : d.notes)
        notes.push_back({{"severity", severityName(n.severity)}, {"message", n.message()}});
    j["notes"] = notes;
    j["manifest_text"] = d.manifestText;
    j["manifest"] = d.manifest;
    return j;
}

} // namespace shardscope
