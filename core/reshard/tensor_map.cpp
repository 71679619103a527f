#include "core/reshard/tensor_map.h"

#include <algorithm>

#include "core/common/translatable.h"

namespace shardscope {
namespace {

constexpr EnumChoice kKinds[] = {
    {int(TensorKind::Column), "column", SHARDSCOPE_TR_NOOP("UiText", "column-parallel"),
     SHARDSCOPE_TR_NOOP("UiText", "split on the output dimension (rows of the weight): megatron/core/tensor_parallel/layers.py ColumnParallelLinear, partition_dim=0")},
    {int(TensorKind::Row), "row", SHARDSCOPE_TR_NOOP("UiText", "row-parallel"),
     SHARDSCOPE_TR_NOOP("UiText", "split on the input dimension (columns of the weight): RowParallelLinear, partition_dim=1; its bias is not split")},
    {int(TensorKind::Replicated), "replicated", SHARDSCOPE_TR_NOOP("UiText", "replicated"),
     SHARDSCOPE_TR_NOOP("UiText", "every tensor-parallel rank holds all of it: norms, row-parallel biases, the router")},
    {int(TensorKind::Vocab), "vocab", SHARDSCOPE_TR_NOOP("UiText", "vocabulary-parallel"),
     SHARDSCOPE_TR_NOOP("UiText", "split on the padded vocabulary rows: VocabParallelEmbedding and the output layer")},
    {int(TensorKind::Expert), "expert", SHARDSCOPE_TR_NOOP("UiText", "expert-parallel"),
     SHARDSCOPE_TR_NOOP("UiText", "whole experts per expert-parallel rank, each cut by tp like a dense layer")},
};

// Notes shown beside a tensor (translated by the GUI).
constexpr const char* kNoteQkv = SHARDSCOPE_TR_NOOP("UiText", "rows grouped per KV group: [q heads of the group; k; v]; an even split gives each rank whole groups");
constexpr const char* kNoteGated = SHARDSCOPE_TR_NOOP("UiText", "[gate; up] chunked separately: rank r holds gate part r and up part r, side by side");
constexpr const char* kNoteRowBias = SHARDSCOPE_TR_NOOP("UiText", "row-parallel bias: added once after the reduction, replicated");
constexpr const char* kNoteVocab = SHARDSCOPE_TR_NOOP("UiText", "padded to a multiple of 128 x tp; rows past the true vocabulary are padding");
constexpr const char* kNoteTied = SHARDSCOPE_TR_NOOP("UiText", "tied to the word embeddings: the last stage keeps a copy when pp > 1");
constexpr const char* kNoteNorm = SHARDSCOPE_TR_NOOP("UiText", "replicated on every tensor-parallel rank");

struct Builder {
    std::vector<ReshardTensor> out;
    ReshardTensor& add(std::string name, std::vector<std::int64_t> shape, TensorKind kind, int splitDim, TensorHome home,
                       RowLayout layout, const char* notes = "")
    {
        ReshardTensor t;
        t.name = std::move(name);
        t.shape = std::move(shape);
        t.kind = t.innerKind = kind;
        t.splitDim = splitDim;
        t.home = home;
        t.layout = layout;
        t.notes = notes;
        t.rows = splitDim >= 0 ? t.shape[static_cast<std::size_t>(splitDim)] : 1;
        t.unit = 1;
        for (std::size_t d = 0; d < t.shape.size(); ++d)
            if (static_cast<int>(d) != splitDim)
                t.unit *= t.shape[d];
        if (splitDim < 0) {
            t.rows = 1;
            t.unit = t.elements();
        }
        out.push_back(std::move(t));
        return out.back();
    }
    void norm(const std::string& name, const ModelSpec& m, TensorHome home)
    {
        add(name + ".weight", {m.hidden}, TensorKind::Replicated, -1, home, RowLayout::Whole, kNoteNorm);
        if (m.norm == NormKind::LayerNorm)
            add(name + ".bias", {m.hidden}, TensorKind::Replicated, -1, home, RowLayout::Whole, kNoteNorm);
    }
    // A dense MLP (or a shared expert's): linear_fc1 column-parallel, linear_fc2 row-parallel.
    void mlp(const std::string& prefix, const ModelSpec& m, std::int64_t ffn)
    {
        const bool gated = m.mlp == MlpKind::SwiGlu;
        const RowLayout fc1 = gated ? RowLayout::GatedPair : RowLayout::Even;
        add(prefix + ".linear_fc1.weight", {(gated ? 2 : 1) * ffn, m.hidden}, TensorKind::Column, 0, TensorHome::EveryLayer, fc1,
            gated ? kNoteGated : "").hiddenMatrix = true;
        if (m.mlpBias)
            add(prefix + ".linear_fc1.bias", {(gated ? 2 : 1) * ffn}, TensorKind::Column, 0, TensorHome::EveryLayer, fc1,
                gated ? kNoteGated : "");
        add(prefix + ".linear_fc2.weight", {m.hidden, ffn}, TensorKind::Row, 1, TensorHome::EveryLayer, RowLayout::Even).hiddenMatrix = true;
        if (m.mlpBias)
            add(prefix + ".linear_fc2.bias", {m.hidden}, TensorKind::Replicated, -1, TensorHome::EveryLayer, RowLayout::Whole, kNoteRowBias);
    }
};

} // namespace

template <> const EnumTable& enumTable<TensorKind>() { static const EnumTable t{"tensor_kind", kKinds}; return t; }

std::int64_t ReshardTensor::elements() const
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        n *= d;
    return n;
}

std::vector<ReshardTensor> reshardTensors(const ModelSpec& m, std::int64_t paddedVocab)
{
    Builder b;
    const std::int64_t h = m.hidden;
    const std::int64_t q = m.queryWidth();
    const std::int64_t kv = m.kvWidth();
    b.add("embedding.word_embeddings.weight", {paddedVocab, h}, TensorKind::Vocab, 0, TensorHome::FirstStage, RowLayout::Even,
          kNoteVocab).realRows = m.vocab;
    if (m.position == PositionKind::Learned && m.maxPositions > 0)
        b.add("embedding.position_embeddings.weight", {m.maxPositions, h}, TensorKind::Replicated, -1, TensorHome::FirstStage,
              RowLayout::Whole);
    const std::string layer = "decoder.layers.*.";
    b.norm(layer + "input_layernorm", m, TensorHome::EveryLayer);
    b.add(layer + "self_attention.linear_qkv.weight", {q + 2 * kv, h}, TensorKind::Column, 0, TensorHome::EveryLayer,
          RowLayout::QkvGroups, kNoteQkv).hiddenMatrix = true;
    if (m.qkvBias)
        b.add(layer + "self_attention.linear_qkv.bias", {q + 2 * kv}, TensorKind::Column, 0, TensorHome::EveryLayer,
              RowLayout::QkvGroups, kNoteQkv);
    if (m.qkNorm) {  // Megatron-LM's qk_layernorm: one norm of head_dim shared by every head
        b.add(layer + "self_attention.q_layernorm.weight", {m.effectiveHeadDim()}, TensorKind::Replicated, -1, TensorHome::EveryLayer,
              RowLayout::Whole, kNoteNorm);
        b.add(layer + "self_attention.k_layernorm.weight", {m.effectiveHeadDim()}, TensorKind::Replicated, -1, TensorHome::EveryLayer,
              RowLayout::Whole, kNoteNorm);
    }
    b.add(layer + "self_attention.linear_proj.weight", {h, q}, TensorKind::Row, 1, TensorHome::EveryLayer, RowLayout::Even)
        .hiddenMatrix = true;
    if (m.outProjBias)
        b.add(layer + "self_attention.linear_proj.bias", {h}, TensorKind::Replicated, -1, TensorHome::EveryLayer,
              RowLayout::Whole, kNoteRowBias);
    b.norm(layer + "pre_mlp_layernorm", m, TensorHome::EveryLayer);
    if (m.moe.isMoe()) {
        b.add(layer + "mlp.router.weight", {m.moe.experts, h}, TensorKind::Replicated, -1, TensorHome::EveryLayer, RowLayout::Whole);
        const bool gated = m.mlp == MlpKind::SwiGlu;
        const std::int64_t ffn = m.expertFfn();
        ReshardTensor& fc1 = b.add(layer + "mlp.experts.*.linear_fc1.weight", {m.moe.experts, (gated ? 2 : 1) * ffn, h},
                                   TensorKind::Expert, 1, TensorHome::EveryLayer, gated ? RowLayout::GatedPair : RowLayout::Even,
                                   gated ? kNoteGated : "");
        fc1.innerKind = TensorKind::Column;
        fc1.experts = m.moe.experts;
        fc1.unit = h;
        fc1.hiddenMatrix = true;
        ReshardTensor& fc2 = b.add(layer + "mlp.experts.*.linear_fc2.weight", {m.moe.experts, h, ffn}, TensorKind::Expert, 2,
                                   TensorHome::EveryLayer, RowLayout::Even);
        fc2.innerKind = TensorKind::Row;
        fc2.experts = m.moe.experts;
        fc2.unit = h;
        fc2.hiddenMatrix = true;
        if (m.moe.sharedExperts > 0)
            b.mlp(layer + "mlp.shared_experts", m, m.moe.sharedExperts * ffn);
    } else {
        b.mlp(layer + "mlp", m, m.ffnHidden);
    }
    b.norm("decoder.final_layernorm", m, TensorHome::LastStage);
    if (!m.tiedEmbeddings)
        b.add("output_layer.weight", {paddedVocab, h}, TensorKind::Vocab, 0, TensorHome::LastStage, RowLayout::Even, kNoteVocab)
            .realRows = m.vocab;
    else
        b.add("output_layer.weight", {paddedVocab, h}, TensorKind::Vocab, 0, TensorHome::TiedCopy, RowLayout::Even, kNoteTied)
            .realRows = m.vocab;
    return b.out;
}

std::vector<Interval> holdings(const ReshardTensor& t, int tpRank, int tp, int epRank, int ep)
{
    // One expert's (or a dense tensor's) rows for this tensor-parallel rank.
    std::vector<Interval> inner;
    const std::int64_t r = tpRank;
    switch (t.layout) {
    case RowLayout::Whole: inner.push_back({0, t.rows}); break;
    case RowLayout::Even:
    case RowLayout::QkvGroups:  // groups are contiguous, so even rows are whole groups when tp divides them
        inner.push_back({r * t.rows / tp, (r + 1) * t.rows / tp});
        break;
    case RowLayout::GatedPair: {
        const std::int64_t half = t.rows / 2;
        inner.push_back({r * half / tp, (r + 1) * half / tp});
        inner.push_back({half + r * half / tp, half + (r + 1) * half / tp});
        break;
    }
    }
    if (t.kind != TensorKind::Expert)
        return inner;
    std::vector<Interval> all;
    const std::int64_t perRank = t.experts / std::max(1, ep);
    for (std::int64_t e = epRank * perRank; e < (epRank + 1) * perRank; ++e)
        for (const Interval& i : inner)
            all.push_back({e * t.rows + i.begin, e * t.rows + i.end});
    return all;
}

std::int64_t overlap(const std::vector<Interval>& a, const std::vector<Interval>& b, std::int64_t limit)
{
    std::int64_t total = 0;
    for (const Interval& x : a)
        for (const Interval& y : b) {
            const std::int64_t begin = std::max(x.begin, y.begin);
            const std::int64_t end = std::min({x.end, y.end, limit});
            if (end > begin)
                total += end - begin;
        }
    return total;
}

} // namespace shardscope
