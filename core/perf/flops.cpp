#include "core/perf/flops.h"

#include <algorithm>
#include <bit>

namespace shardscope {

LayerForwardFlops layerForwardFlops(const Scenario& s, const ParameterInventory& inventory, double tokens, double keys,
                                    int tp, double scale)
{
    const ModelSpec& m = s.model;
    const bool lora = s.training.finetune != FineTune::Full;
    LayerForwardFlops f;
    for (const LayerMatrix& g : inventory.layerMatrices()) {
        // One copy's local shard; a routed expert sees top-k x the tokens (balanced routing),
        // spread over its expert-parallel group, so each GPU computes tokens x top-k expert MLPs.
        const LocalShape one = localShape(g, tp, static_cast<int>(g.copies));
        const double perCopy = 2.0 * static_cast<double>(one.rows * one.cols);
        const double copiesUsed = g.expert ? static_cast<double>(m.moe.topK) : static_cast<double>(g.copies);
        const double flops = perCopy * copiesUsed * tokens;  // of one member
        // PyTorch's op-level policy recomputes every second aten.mm and every aten.addmm (the
        // kernel times count the same ones).
        f.recomputedByOpPolicy += g.opRecomputed * flops;
        if (lora) {
            f.frozenLinear += g.members * flops;
            // x A then (x A) B: 2 r (in + out) per token
            f.trainableLinear += inventory.membersIn(g, s.training.loraTargets) * 2.0 * s.training.loraRank
                                 * static_cast<double>(g.rows + g.cols) * copiesUsed * tokens;
        } else {
            f.trainableLinear += g.members * flops;
        }
    }
    // --params: the GEMMs scale with the parameter count, as the ledger's states do.
    f.trainableLinear *= lora ? 1.0 : scale;
    f.frozenLinear *= scale;
    f.recomputedByOpPolicy *= scale;
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
