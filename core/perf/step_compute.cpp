// The step model's compute: GEMMs at an achievable fraction of peak, memory-bound kernels at an
// achievable fraction of HBM bandwidth (docs/model.md, "Step time").
#include <algorithm>
#include <cmath>

#include "core/perf/step_context.h"

namespace shardscope::step {
namespace {

// Bytes that a layer's memory-bound kernels read and write for one micro-batch on one GPU
// (docs/model.md, "Step time"): per forward pass, the two norms (read + write), the two residual
// additions (two reads, one write, plus dropout masks), rotary embedding, softmax and dropout over
// the s x s scores when FlashAttention does not fuse them, and the MLP activation function. The
// backward pass moves about twice what the forward does; recomputation repeats forward kernels.
// For GPT with dropout this is 3 x 38 sbh + 27 as^2b (+ 9 as^2b with selective recomputation).
double layerMemoryBytes(const Scenario& s, const RecipeBytes& r, double tokens, double keys, int tp, bool sp)
{
    const ModelSpec& m = s.model;
    const double e = r.activation;
    const double h = static_cast<double>(m.hidden);
    const double spDiv = sp ? tp : 1.0;
    const double scores = static_cast<double>(m.heads) * tokens * keys / tp;
    double forward = 2.0 * 2.0 * e * tokens * h / spDiv;              // norms
    forward += 2.0 * 3.0 * e * tokens * h / spDiv;                    // residual additions
    if (m.dropout)
        forward += 2.0 * tokens * h / spDiv;                          // their dropout masks
    if (m.position == PositionKind::Rotary)
        forward += 2.0 * e * tokens * static_cast<double>(m.queryWidth() + m.kvWidth()) / tp;
    double core = 0.0;
    if (!s.training.flashAttention) {
        core = 2.0 * e * scores;                                      // scale, mask, softmax
        if (m.dropout)
            core += (2.0 * e + 1.0) * scores;                         // dropout over the scores
    }
    forward += core;
    const double ffn = m.moe.isMoe() ? static_cast<double>(m.expertFfn()) * (m.moe.topK + m.moe.sharedExperts)
                                     : static_cast<double>(m.ffnHidden);
    forward += (m.mlp == MlpKind::Gelu ? 2.0 : 3.0) * e * tokens * ffn / tp;  // GeLU, or SwiGLU's two inputs
    double bytes = 3.0 * forward;
    if (s.training.recompute == Recompute::Full)
        bytes += forward;
    else if (s.training.recompute == Recompute::Selective)
        bytes += core;
    return bytes;
}

} // namespace

ComputeTimes computePerMicrobatch(const Context& c, const LayerForwardFlops& forward, double outputFactor)
{
    const Scenario& s = c.s;
    const LedgerLayout& l = c.layout;
    const double layerGemm = layerHardwareFlops(forward, s.training) / c.gemmRate;
    const double layerMemory = layerMemoryBytes(s, c.recipe, c.tokens, c.seq, l.tp, l.sequenceParallel) / c.memoryRate;
    const double outputGemm = outputFactor * outputForwardFlops(s.model, c.tokens, l.tp) / c.gemmRate;
    const double outputMemory = 20.0 * c.tokens * static_cast<double>(s.model.vocab) / l.tp / c.memoryRate;  // fp32 softmax + loss
    ComputeTimes t;
    t.stageGemm = c.layers * layerGemm + outputGemm;  // the last stage, the slowest
    t.stageMemory = c.layers * layerMemory + outputMemory;
    t.forward = t.total() / 3.0;  // backward costs about twice the forward
    t.backward = t.total() - t.forward;
    t.attention = c.layers * forward.attention / c.gemmRate;
    return t;
}

} // namespace shardscope::step
