#pragma once
#include "core/perf/gemm_model.h"
#include "core/perf/step_context.h"

// The seconds one transformer layer's kernels take for one micro-batch on one GPU, kernel class by
// kernel class, before any recomputation (docs/model.md, "Step time"): the GEMMs of its linear
// layers at their own shapes (gemm_model.h), FlashAttention at the GPU's measured fraction of
// peak, and the memory-bound kernels at HBM bandwidth.
namespace shardscope::step {

struct LayerKernelTimes {
    double linearForward = 0;     // every linear layer's forward GEMM (fp8 where the recipe casts)
    double linearBackward = 0;    // input and weight gradients (frozen weights: input gradient only)
    double opRecomputedLinear = 0;// the forward GEMMs PyTorch's op-level policy recomputes (every second mm)
    double attentionForward = 0;  // QK^T and PV (FlashAttention, or cuBLAS batched GEMMs without it)
    double attentionBackward = 0; // their gradients (and FlashAttention's own recomputation of QK^T)
    double memoryForward = 0;     // norms, residuals, rotary, activation functions, fp8 casts, softmax
    double memoryBackward = 0;
    double coreMemoryForward = 0; // of memoryForward, the s x s softmax kernels (selective recomputation)
};

LayerKernelTimes layerKernelTimes(const Context& c);

// The output layer and loss on the last stage, one micro-batch: forward and backward seconds.
struct OutputKernelTimes {
    double gemmForward = 0;
    double gemmBackward = 0;
    double memoryForward = 0;   // the fp32 softmax and loss
    double memoryBackward = 0;
};
OutputKernelTimes outputKernelTimes(const Context& c);

} // namespace shardscope::step
