#include "core/perf/flops.h"

#include <algorithm>
#include <bit>

namespace shardscope {

LayerForwardFlops layerForwardFlops(const Scenario& s, const ParameterInventory& inventory, double tokens, double keys,
                                    int tp, double scale)
{
    const ModelSpec& m = s.model;
    const bool lora = s.training.finetune != FineTune::Full;
    // The GEMMs' multiply-adds per token, summed as whole numbers and turned into FLOPs once (2 x
    // tokens x the sum): exact, where a sum of per-matrix products in double rounded at each
    // matrix, and a few integer operations per matrix on every estimate. Below 2^63: each term is
    // at most a layer's parameters, and the inventory caps a shape at 10^16.
    std::int64_t all = 0;         // every member of every layer matrix
    std::int64_t recomputed = 0;  // the members PyTorch's op-level policy recomputes (every second aten.mm, every aten.addmm)
    double adapters = 0.0;        // LoRA: x A then (x A) B, 2 r (in + out) per token and adapted member
    for (const LayerMatrix& g : inventory.layerMatrices()) {
        // One copy's local shard; a routed expert sees top-k x the tokens (balanced routing),
        // spread over its expert-parallel group, so each GPU computes tokens x top-k expert MLPs.
        const LocalShape one = localShape(g, tp, 1);
        const std::int64_t copiesUsed = g.expert ? m.moe.topK : g.copies;
        const std::int64_t perMember = one.rows * one.cols * copiesUsed;
        all += g.members * perMember;
        recomputed += g.opRecomputed * perMember;
        if (lora)
            adapters += inventory.membersIn(g, s.training.loraTargets) * 2.0 * s.training.loraRank
                        * static_cast<double>(g.rows + g.cols) * static_cast<double>(copiesUsed) * tokens;
    }
    LayerForwardFlops f;
    const double linear = 2.0 * tokens * static_cast<double>(all);
    // --params: the GEMMs scale with the parameter count, as the ledger's states do.
    if (lora) {
        f.frozenLinear = linear * scale;
        f.trainableLinear = adapters;
    } else {
        f.trainableLinear = linear * scale;
    }
    f.recomputedByOpPolicy = 2.0 * tokens * static_cast<double>(recomputed) * scale;
    // QK^T over the query/key head width and PV over the value head width (equal but for MLA).
    f.attention = 2.0 * tokens * keys * static_cast<double>(m.queryWidth() + m.attentionOutputWidth()) / tp;
    return f;
}

double outputForwardFlops(const ModelSpec& model, double tokens, int tp)
{
    return 2.0 * tokens * static_cast<double>(model.hidden) * static_cast<double>(model.vocab) / tp;
}

double layerModelFlops(const LayerForwardFlops& f)
{
    return 3.0 * (f.trainableLinear + f.attention) + 2.0 * f.frozenLinear;
}

double layerHardwareFlops(const LayerForwardFlops& f, const TrainingSpec& t)
{
    double flops = layerModelFlops(f);
    switch (t.recompute) {
    case Recompute::None: break;
    case Recompute::Full: flops += f.linear() + f.attention; break;
    case Recompute::Selective: flops += f.attention; break;
    case Recompute::Op: flops += f.recomputedByOpPolicy; break;
    case Recompute::EveryKth: flops += (f.linear() + f.attention) / std::max(1, t.recomputeEvery); break;
    }
    if (t.flashAttention)
        flops += 0.5 * f.attention;  // QK^T again in the backward kernel
    return flops;
}

} // namespace shardscope
