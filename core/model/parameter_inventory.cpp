#include "core/model/parameter_inventory.h"

#include <algorithm>
#include <cassert>

namespace shardscope {
namespace {


// A normalisation layer: LayerNorm has a weight and a bias, RMSNorm only a weight
// (Ba et al. 2016; Zhang & Sennrich 2019).
// MPT's no_bias LayerNorm keeps only the scale.
std::int64_t normElements(const ModelSpec& m) { return m.hidden * (m.norm == NormKind::LayerNorm ? 2 : 1); }

} // namespace

// Calls `f` with each ledger part a group counts in: its own, and the MoE block for the router and
// experts of a layer, or the last stage's copy of a tied word embedding (under pipeline parallelism
// it keeps one for the output layer: Megatron-LM, LanguageModule.setup_embeddings_and_output_layer).
template <typename F>
void ParameterInventory::forEachPart(const TensorGroup& g, F&& f) const
{
    switch (g.placement) {
    case Placement::Embedding:
        f(InventoryPart::Embedding);
        if (tiedEmbeddings_ && g.split == TpSplit::Vocab)
            f(InventoryPart::TiedOutput);
        break;
    case Placement::Layer:
        f(InventoryPart::Layer);
        if (g.moeBlock)
            f(InventoryPart::MoeBlock);
        break;
    case Placement::DenseLayer: f(InventoryPart::DenseMlp); break;
    case Placement::FinalNorm:
    case Placement::Output: f(InventoryPart::Final); break;
    }
}

void ParameterInventory::add(const char* /*name*/, Placement placement, std::int64_t rows, std::int64_t cols,
                             std::int64_t copies, TpSplit split, bool expert, unsigned projection, bool moeBlock,
                             bool sameShapeAsPrevious, int transposeOf)
{
    assert(size_ < groups_.size());
    // Summed from the local copy: inlined here, the placement and flags are constants at each call
    // and the switches in sum() fold away (read back from groups_, they did not).
    const TensorGroup g{rows, cols, copies, placement, split, expert, moeBlock, projection};
    groups_[size_++] = g;
    sum(g);
    if (placement == Placement::Layer && cols > 1)
        addLayerMatrix(g, sameShapeAsPrevious, transposeOf);
}

// `sameShapeAsPrevious` is decided by the caller from its own sizes (k and v beside q, up beside
// gate), where it is a constant or one comparison: comparing each new matrix with the last entry
// in memory cost about 40 instructions a matrix on every estimate.
void ParameterInventory::addLayerMatrix(const TensorGroup& g, bool sameShapeAsPrevious, int transposeOf)
{
    const bool recomputed = (g.projection & biasedProjections_) != 0 || ++mmCalls_ % 2 == 0;
    if (sameShapeAsPrevious && matrices_ > 0) {
        LayerMatrix& last = layerMatrices_[matrices_ - 1];
        assert(last.rows == g.rows && last.cols == g.cols && last.copies == g.copies && last.split == g.split
               && last.expert == g.expert && last.firstGroup + last.members + 1u == size_);  // the group just added
        ++last.members;
        last.opRecomputed = static_cast<std::uint8_t>(last.opRecomputed + (recomputed ? 1 : 0));
        return;
    }
    assert(matrices_ < layerMatrices_.size());
#ifndef NDEBUG
    if (transposeOf >= 0) {  // an earlier entry of the transposed shape, column- against row-parallel
        assert(static_cast<std::size_t>(transposeOf) < matrices_);
        const LayerMatrix& of = layerMatrices_[static_cast<std::size_t>(transposeOf)];
        assert(of.rows == g.cols && of.cols == g.rows && of.copies == g.copies && of.expert == g.expert
               && of.split == TpSplit::Column && g.split == TpSplit::Row);
    }
#endif
    layerMatrices_[matrices_++] = LayerMatrix{g.rows, g.cols, g.copies, g.split, g.expert, 1,
                                              static_cast<std::uint8_t>(recomputed ? 1 : 0), static_cast<std::uint8_t>(size_ - 1),
                                              static_cast<std::int8_t>(transposeOf)};
}

void ParameterInventory::sum(const TensorGroup& g)
{
    const std::int64_t elements = g.elements();
    const int kind = g.expert ? 1 : 0;
    const int linear = g.isLinear() ? 1 : 0;
    forEachPart(g, [&](InventoryPart part) {
        parts_[static_cast<std::size_t>(part)].count[kind][linear] += elements;
    });
    switch (g.placement) {
    case Placement::Embedding:
        count_.embedding += elements;
        embeddingTensors_ += g.copies;
        break;
    case Placement::Layer:
        count_.perLayer += elements;
        layerTensors_ += g.copies;
        if (g.expert) {
            expertPerLayer_ += elements;
            oneExpertPerLayer_ += g.rows * g.cols;
            ++expertGroups_;
            assert(expertCopies_ == 0 || expertCopies_ == g.copies);  // every routed expert group holds all the experts
            expertCopies_ = g.copies;
        }
        break;
    case Placement::DenseLayer: break;
    case Placement::FinalNorm:
        count_.finalNorm += elements;
        finalTensors_ += g.copies;
        break;
    case Placement::Output:
        count_.output += elements;
        finalTensors_ += g.copies;
        break;
    }
}

void ParameterInventory::finishCount(const ModelSpec& m)
{
    ParameterCount& c = count_;
    const PartElements& moe = parts_[static_cast<std::size_t>(InventoryPart::MoeBlock)];
    const PartElements& denseMlp = parts_[static_cast<std::size_t>(InventoryPart::DenseMlp)];
    const std::int64_t moeBlock = moe.count[0][0] + moe.count[0][1] + moe.count[1][0] + moe.count[1][1];
    const std::int64_t dense = m.moe.isMoe() ? std::clamp<std::int64_t>(m.moe.denseLayers, 0, m.layers) : 0;
    const std::int64_t denseLayer = c.perLayer - moeBlock + denseMlp.count[0][0] + denseMlp.count[0][1];
    c.perLayerActive = c.perLayer - expertPerLayer_ + oneExpertPerLayer_ * m.moe.topK;
    // A layer's count fits in 64 bits for every shape the field ranges allow (at most about
    // 1.8e18); times the layers it may not. So the total is first made in double: above
    // kMaxShapeParameters (far below 2^63) the shape means nothing and its counts are capped
    // there (checkShapeSize reports it); below, the whole-number products cannot overflow.
    shapeParameters_ = static_cast<double>(c.embedding) + static_cast<double>(m.layers - dense) * static_cast<double>(c.perLayer)
                       + static_cast<double>(dense) * static_cast<double>(denseLayer) + static_cast<double>(c.finalNorm)
                       + static_cast<double>(c.output);
    if (oversized()) {
        c.total = c.active = static_cast<std::int64_t>(kMaxShapeParameters);
        return;
    }
    c.total = c.embedding + (m.layers - dense) * c.perLayer + dense * denseLayer + c.finalNorm + c.output;
    c.active = c.embedding + (m.layers - dense) * c.perLayerActive + dense * denseLayer + c.finalNorm + c.output;
}

std::int64_t ParameterInventory::tensorsOn(int layers, bool first, bool last, int ep) const
{
    const std::int64_t perRank = ep > 1 ? (expertCopies_ + ep - 1) / ep : expertCopies_;
    const std::int64_t perLayer = layerTensors_ - expertGroups_ * expertCopies_ + expertGroups_ * perRank;
    return (first ? embeddingTensors_ : 0) + perLayer * layers + (last ? finalTensors_ : 0);
}

ParameterInventory::ParameterInventory(const ModelSpec& m) : tiedEmbeddings_(m.tiedEmbeddings), layers_(m.layers)
{
    // The projections whose linear layers have a bias (PyTorch's nn.Linear then dispatches
    // aten.addmm instead of aten.mm, which op-level checkpointing policies that name aten.mm see).
    // MLA's projections have none.
    biasedProjections_ = (m.qkvBias && !m.mla() ? kProjQ | kProjK | kProjV : 0u) | (m.outProjBias ? kProjO : 0u)
                         | (m.mlpBias ? kProjGate | kProjUp | kProjDown : 0u);
    const std::int64_t h = m.hidden;
    const std::int64_t q = m.queryWidth();
    const std::int64_t kv = m.kvWidth();
    int queryMatrix = -1;  // the query projection's layer matrix (not MLA's, whose output is no transpose)

    add("embedding.tokens", Placement::Embedding, m.vocab, h, 1, TpSplit::Vocab, false, 0);
    if (m.position == PositionKind::Learned && m.maxPositions > 0)
        add("embedding.positions", Placement::Embedding, m.maxPositions, h, 1, TpSplit::Replicated, false, 0);
    if (m.embeddingNorm)
        add("embedding.norm", Placement::Embedding, normElements(m), 1, 1, TpSplit::Replicated, false, 0);

    add("layer.attention_norm", Placement::Layer, normElements(m), 1, 1, TpSplit::Replicated, false, 0);
    if (m.mla()) {
        // Multi-head latent attention as DeepSeek-V3's modeling code builds it (q_a_proj,
        // q_a_layernorm, q_b_proj, kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj, o_proj), in call
        // order. The down projections are replicated across tensor-parallel ranks and the up
        // projections split by heads, as Megatron-LM's MLASelfAttention does.
        const std::int64_t headsQk = static_cast<std::int64_t>(m.heads) * m.qkHeadDim();
        if (m.qLoraRank > 0) {
            add("layer.attention.q_down", Placement::Layer, m.qLoraRank, h, 1, TpSplit::Replicated, false, kProjQ);
            add("layer.attention.q_down_norm", Placement::Layer, m.qLoraRank, 1, 1, TpSplit::Replicated, false, 0);
            add("layer.attention.q_up", Placement::Layer, headsQk, m.qLoraRank, 1, TpSplit::Column, false, kProjQ);
        } else {
            add("layer.attention.q", Placement::Layer, headsQk, h, 1, TpSplit::Column, false, kProjQ);
        }
        add("layer.attention.kv_down", Placement::Layer, m.kvLoraRank + m.ropeHeadDim, h, 1, TpSplit::Replicated, false, kProjK | kProjV);
        add("layer.attention.kv_down_norm", Placement::Layer, m.kvLoraRank, 1, 1, TpSplit::Replicated, false, 0);
        add("layer.attention.kv_up", Placement::Layer, static_cast<std::int64_t>(m.heads) * (m.effectiveHeadDim() + m.vHeadDim),
            m.kvLoraRank, 1, TpSplit::Column, false, kProjK | kProjV);
    } else {
        add("layer.attention.q", Placement::Layer, q, h, 1, TpSplit::Column, false, kProjQ);
        queryMatrix = lastMatrix();
        add("layer.attention.k", Placement::Layer, kv, h, 1, TpSplit::Column, false, kProjK, false, kv == q);
        add("layer.attention.v", Placement::Layer, m.valueWidth(), h, 1, TpSplit::Column, false, kProjV, false, m.valueWidth() == kv);
        if (m.qkvBias)
            add("layer.attention.qkv_bias", Placement::Layer, q + kv + m.valueWidth(), 1, 1, TpSplit::Column, false, 0);
    }
    if (m.qkNorm)  // one RMSNorm of head_dim shared by the query heads, one by the key heads (Qwen3)
        add("layer.attention.qk_norm", Placement::Layer, 2 * m.qkHeadDim(), 1, 1, TpSplit::Replicated, false, 0);
    add("layer.attention.o", Placement::Layer, h, m.attentionOutputWidth(), 1, TpSplit::Row, false, kProjO, false, false,
        queryMatrix >= 0 && m.attentionOutputWidth() == q ? queryMatrix : -1);
    if (m.outProjBias)
        add("layer.attention.o_bias", Placement::Layer, h, 1, 1, TpSplit::Replicated, false, 0);
    add("layer.mlp_norm", Placement::Layer, normElements(m), 1, 1, TpSplit::Replicated, false, 0);

    // One MLP (dense, shared expert or routed expert): SwiGLU has gate, up and down
    // projections (Shazeer 2020, arXiv 2002.05202), GeLU has up and down.
    auto addMlp = [&](Placement placement, const char* gate, const char* up, const char* down, const char* colBias,
                      const char* rowBias, std::int64_t ffn, std::int64_t copies, bool expert, bool moeBlock) __attribute__((always_inline)) {
        if (ffn <= 0 || copies <= 0)
            return;
        if (m.mlp == MlpKind::SwiGlu)
            add(gate, placement, ffn, h, copies, TpSplit::Column, expert, kProjGate, moeBlock);
        add(up, placement, ffn, h, copies, TpSplit::Column, expert, kProjUp, moeBlock, m.mlp == MlpKind::SwiGlu);
        // Down is gate and up's transpose (read only for layer matrices, which a dense layer's are not).
        add(down, placement, h, ffn, copies, TpSplit::Row, expert, kProjDown, moeBlock, false, lastMatrix());
        if (m.mlpBias) {
            const std::int64_t columnBiases = m.mlp == MlpKind::SwiGlu ? 2 * ffn : ffn;
            add(colBias, placement, columnBiases, 1, copies, TpSplit::Column, expert, 0, moeBlock);
            add(rowBias, placement, h, 1, copies, TpSplit::Replicated, expert, 0, moeBlock);
        }
    };
    if (m.moe.isMoe()) {
        // The router is a replicated h x E linear layer without bias (Mixtral, Jiang et al. 2024).
        add("layer.moe.router", Placement::Layer, m.moe.experts, h, 1, TpSplit::Replicated, false, 0, true);
        addMlp(Placement::Layer, "layer.moe.experts.gate", "layer.moe.experts.up", "layer.moe.experts.down",
               "layer.moe.experts.up_bias", "layer.moe.experts.down_bias", m.expertFfn(), m.moe.experts, true, true);
        addMlp(Placement::Layer, "layer.moe.shared.gate", "layer.moe.shared.up", "layer.moe.shared.down",
               "layer.moe.shared.up_bias", "layer.moe.shared.down_bias", m.expertFfn(), m.moe.sharedExperts, false, true);
        if (m.moe.denseLayers > 0)
            addMlp(Placement::DenseLayer, "layer.dense_mlp.gate", "layer.dense_mlp.up", "layer.dense_mlp.down",
                   "layer.dense_mlp.up_bias", "layer.dense_mlp.down_bias", m.ffnHidden, 1, false, false);
    } else {
        addMlp(Placement::Layer, "layer.mlp.gate", "layer.mlp.up", "layer.mlp.down", "layer.mlp.up_bias",
               "layer.mlp.down_bias", m.ffnHidden, 1, false, false);
    }

    add("final_norm", Placement::FinalNorm, normElements(m), 1, 1, TpSplit::Replicated, false, 0);
    if (!m.tiedEmbeddings)
        add("output", Placement::Output, m.vocab, h, 1, TpSplit::Vocab, false, 0);
    finishCount(m);
}

} // namespace shardscope
