#include "core/model/parameter_inventory.h"

#include <cassert>

namespace shardscope {
namespace {


// A normalisation layer: LayerNorm has a weight and a bias, RMSNorm only a weight
// (Ba et al. 2016; Zhang & Sennrich 2019).
std::int64_t normElements(const ModelSpec& m) { return m.hidden * (m.norm == NormKind::LayerNorm ? 2 : 1); }

} // namespace

ParameterInventory::ParameterInventory(const ModelSpec& m)
{
    const std::int64_t h = m.hidden;
    const std::int64_t q = m.queryWidth();
    const std::int64_t kv = m.kvWidth();

    add("embedding.tokens", Placement::Embedding, m.vocab, h, 1, TpSplit::Vocab, false, 0);
    if (m.position == PositionKind::Learned && m.maxPositions > 0)
        add("embedding.positions", Placement::Embedding, m.maxPositions, h, 1, TpSplit::Replicated, false, 0);

    add("layer.attention_norm", Placement::Layer, normElements(m), 1, 1, TpSplit::Replicated, false, 0);
    add("layer.attention.q", Placement::Layer, q, h, 1, TpSplit::Column, false, kProjQ);
    add("layer.attention.k", Placement::Layer, kv, h, 1, TpSplit::Column, false, kProjK);
    add("layer.attention.v", Placement::Layer, kv, h, 1, TpSplit::Column, false, kProjV);
    if (m.qkvBias)
        add("layer.attention.qkv_bias", Placement::Layer, q + 2 * kv, 1, 1, TpSplit::Column, false, 0);
    add("layer.attention.o", Placement::Layer, h, q, 1, TpSplit::Row, false, kProjO);
    if (m.outProjBias)
        add("layer.attention.o_bias", Placement::Layer, h, 1, 1, TpSplit::Replicated, false, 0);
    add("layer.mlp_norm", Placement::Layer, normElements(m), 1, 1, TpSplit::Replicated, false, 0);

    // One MLP (dense, shared expert or routed expert): SwiGLU has gate, up and down
    // projections (Shazeer 2020, arXiv 2002.05202), GeLU has up and down.
    auto addMlp = [&](const char* gate, const char* up, const char* down, const char* colBias,
                      const char* rowBias, std::int64_t ffn, std::int64_t copies, bool expert) {
        if (ffn <= 0 || copies <= 0)
            return;
        if (m.mlp == MlpKind::SwiGlu)
            add(gate, Placement::Layer, ffn, h, copies, TpSplit::Column, expert, kProjGate);
        add(up, Placement::Layer, ffn, h, copies, TpSplit::Column, expert, kProjUp);
        add(down, Placement::Layer, h, ffn, copies, TpSplit::Row, expert, kProjDown);
        if (m.mlpBias) {
            const std::int64_t columnBiases = m.mlp == MlpKind::SwiGlu ? 2 * ffn : ffn;
            add(colBias, Placement::Layer, columnBiases, 1, copies, TpSplit::Column, expert, 0);
            add(rowBias, Placement::Layer, h, 1, copies, TpSplit::Replicated, expert, 0);
        }
    };
    if (m.moe.isMoe()) {
        // The router is a replicated h x E linear layer without bias (Mixtral, Jiang et al. 2024).
        add("layer.moe.router", Placement::Layer, m.moe.experts, h, 1, TpSplit::Replicated, false, 0);
        addMlp("layer.moe.experts.gate", "layer.moe.experts.up", "layer.moe.experts.down",
               "layer.moe.experts.up_bias", "layer.moe.experts.down_bias", m.expertFfn(), m.moe.experts, true);
        addMlp("layer.moe.shared.gate", "layer.moe.shared.up", "layer.moe.shared.down",
               "layer.moe.shared.up_bias", "layer.moe.shared.down_bias", m.expertFfn(), m.moe.sharedExperts, false);
    } else {
        addMlp("layer.mlp.gate", "layer.mlp.up", "layer.mlp.down", "layer.mlp.up_bias", "layer.mlp.down_bias",
               m.ffnHidden, 1, false);
    }

    add("final_norm", Placement::FinalNorm, normElements(m), 1, 1, TpSplit::Replicated, false, 0);
    if (!m.tiedEmbeddings)
        add("output", Placement::Output, m.vocab, h, 1, TpSplit::Vocab, false, 0);
}

void ParameterInventory::add(const char* name, Placement placement, std::int64_t rows, std::int64_t cols,
                             std::int64_t copies, TpSplit split, bool expert, unsigned projection)
{
    assert(size_ < groups_.size());
    groups_[size_++] = TensorGroup{name, placement, rows, cols, copies, split, expert, projection};
}

} // namespace shardscope
