#include "core/report/reshard_report.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

std::int64_t whole(double bytes) { return static_cast<std::int64_t>(bytes); }

Json layoutJson(const ReshardLayout& l, const StageMap& stages)
{
    Json ranges = Json::array();
    for (int s = 0; s < stages.pp; ++s) {
        // The stage's layers as runs of consecutive layers (one run unless vpp > 1).
        Json runs = Json::array();
        const int count = static_cast<int>(stages.stageOfLayer.size());
        for (int layer = 0; layer < count; ++layer) {
            if (stages.stageOfLayer[static_cast<std::size_t>(layer)] != s)
                continue;
            int last = layer;
            while (last + 1 < count && stages.stageOfLayer[static_cast<std::size_t>(last + 1)] == s)
                ++last;
            runs.push_back({layer, last});
            layer = last;
        }
        ranges.push_back({{"stage", s}, {"layers", stages.layersOnStage[static_cast<std::size_t>(s)]}, {"layer_runs", runs}});
    }
    return {{"text", reshardLayoutText(l)}, {"tp", l.tp}, {"pp", l.pp}, {"dp", l.dp}, {"zero", l.zero}, {"ep", l.ep},
            {"vpp", l.vpp}, {"world", l.world()}, {"stages", ranges}};
}

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

} // namespace

Json reshardToJson(const ReshardPlan& p)
{
    Json tensors = Json::array();
    for (const ReshardTensor& t : p.tensors) {
        // The exact map: the rows (along split_dim) each target tensor-parallel rank holds.
        Json parts = Json::array();
        for (int r = 0; r < p.to.tp; ++r) {
            Json ranges = Json::array();
            for (const Interval& i : holdings(t, r, p.to.tp, 0, 1))
                ranges.push_back({i.begin, i.end});
            parts.push_back({{"tp_rank", r}, {"ranges", ranges}});
        }
        tensors.push_back({{"name", t.name}, {"global_shape", t.shape}, {"kind", enumId(t.kind)},
                           {"tp_kind", enumId(t.innerKind)}, {"split_dim", t.splitDim}, {"placement", homeText(t.home)},
                           {"notes", t.notes}, {"target_parts", parts}});
    }
    Json transfers = Json::array();
    for (const Transfer& x : p.transfers)
        transfers.push_back({{"to_rank", x.toRank}, {"from_rank", x.fromRank}, {"bytes", whole(x.bytes())},
                             {"weights_bytes", whole(x.weightBytes)}, {"optimizer_bytes", whole(x.optimizerBytes)}});
    Json pitfalls = Json::array(), notes = Json::array();
    for (const Diagnostic& d : p.pitfalls)
        (d.severity == Severity::Info ? notes : pitfalls).push_back(d.message());
    Json targets = Json::array();
    for (const RankPlace& r : p.targets)
        targets.push_back({{"rank", r.rank}, {"tp", r.tp}, {"dp", r.dp}, {"pp", r.pp}, {"ep", r.ep}, {"bytes_read", whole(r.bytes)}});
    return {{"from", layoutJson(p.from, p.stagesFrom)}, {"to", layoutJson(p.to, p.stagesTo)},
            {"padded_vocab", {{"from", p.paddedVocabFrom}, {"to", p.paddedVocabTo}}},
            {"bytes_per_element", {{"weights", p.weightBytesPerElement}, {"optimizer_states", p.stateBytesPerElement}}},
            {"tensors", tensors}, {"transfers", transfers}, {"targets", targets}, {"bytes_moved", whole(p.bytesMoved)},
            {"bytes_same_rank", whole(p.bytesSameRank)}, {"pitfalls", pitfalls}, {"notes", notes}};
}

} // namespace shardscope
