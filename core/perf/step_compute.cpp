// The step model's compute: one micro-batch on the slowest stage, each kernel class at its own
// rate (kernel_times.cpp), and what the recomputation policy runs again (docs/model.md, "Step time").
#include <algorithm>
#include <cmath>

#include "core/perf/kernel_times.h"
#include "core/perf/step_context.h"

namespace shardscope::step {

ComputeTimes computePerMicrobatch(const Context& c) { return computePerMicrobatch(c, layerKernelTimes(c), outputKernelTimes(c)); }

ComputeTimes computePerMicrobatch(const Context& c, const LayerKernelTimes& k, const OutputKernelTimes& out)
{
    // What each recomputation policy runs again in the backward pass.
    double recomputeGemm = 0.0, recomputeAttention = 0.0, recomputeMemory = 0.0;
    switch (c.s.training.recompute) {
    case Recompute::None: break;
    case Recompute::Selective:  // the core attention (Korthikanti et al. 2022, section 5)
        recomputeAttention = k.attentionForward;
        recomputeMemory = k.coreMemoryForward;
        break;
    case Recompute::Full:  // the whole layer's forward
        recomputeGemm = k.linearForward;
        recomputeAttention = k.attentionForward;
        recomputeMemory = k.memoryForward;
        break;
    case Recompute::Op:  // every second GEMM and every memory-bound op; attention is saved
        recomputeGemm = k.opRecomputedLinear;
        recomputeMemory = k.memoryForward;
        break;
    case Recompute::EveryKth: {  // a whole forward on floor(n / k) of the stage's n layers
        const double every = std::max(1, c.s.training.recomputeEvery);
        const double share = c.layers > 0 ? std::floor(c.layers / every) / c.layers : 0.0;
        recomputeGemm = k.linearForward * share;
        recomputeAttention = k.attentionForward * share;
        recomputeMemory = k.memoryForward * share;
        break;
    }
    }
    // The pipeline moves at its slowest stage's pace: the last stage (its layers plus the output
    // layer and the loss) or the stage with the most layers, whichever takes longer.
    const double perLayer = k.linearForward + k.linearBackward + recomputeGemm + k.attentionForward + k.attentionBackward
                            + recomputeAttention + k.memoryForward + k.memoryBackward + recomputeMemory;
    const double outputTotal = out.gemmForward + out.gemmBackward + out.memoryForward + out.memoryBackward;
    const bool lastIsSlowest = c.lastStageLayers * perLayer + outputTotal >= c.layers * perLayer;
    const double layers = lastIsSlowest ? c.lastStageLayers : c.layers;
    const double output = lastIsSlowest ? 1.0 : 0.0;
    ComputeTimes t;
    t.stageGemm = layers * (k.linearForward + k.linearBackward + recomputeGemm);
    t.stageAttention = layers * (k.attentionForward + k.attentionBackward + recomputeAttention);
    t.stageMemory = layers * (k.memoryForward + k.memoryBackward + recomputeMemory);
    t.stageGemm += output * (out.gemmForward + out.gemmBackward);
    t.stageMemory += output * (out.memoryForward + out.memoryBackward);
    t.forward = layers * (k.linearForward + k.attentionForward + k.memoryForward) + output * (out.gemmForward + out.memoryForward);
    t.backward = t.total() - t.forward;
    t.attentionForward = layers * k.attentionForward;
    return t;
}

} // namespace shardscope::step
