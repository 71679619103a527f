#include "core/memory/precision_recipe.h"

namespace shardscope {

GradDtype defaultGradDtype(Precision precision)
{
    switch (precision) {
    case Precision::Fp32: return GradDtype::Fp32;
    case Precision::Fp16Mixed: return GradDtype::Fp16;
    case Precision::Bf16Mixed:
    case Precision::Bf16:
    case Precision::Fp8Mixed: return GradDtype::Bf16;
    }
    return GradDtype::Bf16;
}

RecipeBytes recipeBytes(const TrainingSpec& t)
{
    return recipeBytes(t.precision, t.gradDtype.value_or(defaultGradDtype(t.precision)), t.fp8Recipe);
}

RecipeBytes recipeBytes(Precision precision, GradDtype gradients, Fp8Recipe fp8)
{
    RecipeBytes r;
    r.gradient = gradients == GradDtype::Fp32 ? 4 : 2;
    switch (precision) {
    case Precision::Bf16Mixed:
    case Precision::Fp16Mixed:
        // Micikevicius et al. 2018 (arXiv 1710.03740) §3.1: 16-bit weights for compute, fp32 master
        // copy and fp32 Adam moments. With fp32 gradient accumulation this is Megatron-LM's 18 bytes
        // (megatron/training/theoretical_memory_usage.py: num_bytes_per_parameter = 18).
        break;
    case Precision::Fp32:
        r.weight = 4;
        r.master = 0;
        r.activation = r.linearInput = 4;
        break;
    case Precision::Bf16:
        // Pure bf16: weights, gradients and moments all bf16, no master copy (2 + 2 + 2 + 2 = 8 bytes).
        r.master = 0;
        r.moment = 2;
        break;
    case Precision::Fp8Mixed:
        if (fp8 == Fp8Recipe::TransformerEngine) {
            // NVIDIA Transformer Engine (docs/features/low_precision_training/performance_considerations):
            // "2 MB (weight) + 1 MB (weight in FP8) + 1 MB (input in FP8 saved for backward)": bf16 weights
            // plus an fp8 cast of every GEMM weight kept for the step, GEMM inputs saved as fp8.
            r.fp8WeightCopy = 1;
            r.linearInput = 1;
        }
        // torchao's dynamic float8 (torchao/float8/float8_linear.py) casts weights and inputs in each
        // pass and saves the high-precision tensors for backward: no fp8 memory between passes.
        break;
    }
    return r;
}

} // namespace shardscope
