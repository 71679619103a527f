#pragma once
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Forward-pass FLOPs (2 per multiply-add) of one transformer layer for `tokens` tokens whose
// queries attend to `keys` keys each, on one GPU of a tensor-parallel group of `tp`.
// Attention counts QK^T and attention-over-V on the full key range: causal masking is NOT
// discounted, as in Megatron-LM's and Korthikanti et al.'s FLOP formulas and PaLM's MFU, so
// the MFU figures compare with theirs.
struct LayerForwardFlops {
    double trainableLinear = 0;  // GEMMs whose weights train (all of them, or the LoRA adapters)
    double frozenLinear = 0;     // GEMMs with frozen weights (the LoRA/QLoRA base)
    double attention = 0;        // QK^T and attention over V
    double recomputedByOpPolicy = 0;  // the GEMMs PyTorch's op-level policy recomputes (every second mm, every addmm)
    double linear() const { return trainableLinear + frozenLinear; }
};

// `parameterScale` is exactParams / the shape's count with --params (the ledger's scaling), else 1.
LayerForwardFlops layerForwardFlops(const Scenario& scenario, const ParameterInventory& inventory, double tokens,
                                    double keys, int tp, double parameterScale);

// Forward FLOPs of the output layer (the logits) for `tokens` tokens on one GPU of `tp`.
double outputForwardFlops(const ModelSpec& model, double tokens, int tp);

// Training FLOPs from forward FLOPs. Model FLOPs count forward + backward (3x the forward for
// trainable GEMMs and attention; 2x for frozen GEMMs, which need input gradients only);
// hardware FLOPs add what recomputation repeats: the layer's forward (full), the core attention
// (selective), and FlashAttention's own recomputation of QK^T in its backward (Dao et al. 2022).
double layerModelFlops(const LayerForwardFlops& forward);
double layerHardwareFlops(const LayerForwardFlops& forward, const TrainingSpec& training);

} // namespace shardscope
