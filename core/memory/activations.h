#pragma once
#include <cstdint>

#include "core/memory/precision_recipe.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// What shapes the activations of one GPU: the model, the training recipe and the split.
struct ActivationContext {
    const ModelSpec* model = nullptr;
    const TrainingSpec* training = nullptr;
    const ParameterInventory* inventory = nullptr;  // the linear layers, in the order a layer calls them
    RecipeBytes bytes;
    int tp = 1;
    int cp = 1;
    bool sequenceParallel = false;
    bool lora = false;   // LoRA/QLoRA adapters save their rank-r intermediate
};

// Bytes one transformer layer saves for backward for one micro-batch on one GPU, term by term,
// before recomputation drops any (Korthikanti et al. 2022, arXiv 2205.05198, §4.1 and Table 2,
// generalised to grouped-query attention, SwiGLU, MoE, FlashAttention and fp8 GEMM inputs;
// docs/model.md, "Activations").
struct ActivationTerms {
    double normInputs = 0;          // inputs of the two norms: 4sbh
    double normStatistics = 0;      // fp32 mean/rstd (LayerNorm) or rstd (RMSNorm) per token
    double attentionInput = 0;      // QKV GEMM input: 2sbh
    double queryKey = 0;            // Q and K for QK^T: 4sbh with multi-head attention
    double value = 0;               // V: 2sbh
    double scores = 0;              // softmax output: 2as^2b
    double scoreDropoutMask = 0;    // as^2b
    double scoreDropoutOutput = 0;  // 2as^2b
    double flashStatistics = 0;     // FlashAttention's fp32 log-sum-exp per head and token
    double outProjInput = 0;        // attention output projection input: 2sbh
    double attentionDropoutMask = 0;// sbh
    double mlpInput = 0;            // first MLP GEMM input: 2sbh (plus dispatched tokens for MoE)
    double mlpActivation = 0;       // GeLU input 8sbh, or SwiGLU gate and up
    double mlpOutputProjInput = 0;  // second MLP GEMM input: 8sbh
    double mlpDropoutMask = 0;      // sbh
    double router = 0;              // MoE router probabilities (fp32)
    double latent = 0;              // MLA's low-rank query and key/value latents, their norms' inputs and statistics
    double lora = 0;                // LoRA A outputs (rank r per adapted projection)
    double quadratic() const { return scores + scoreDropoutMask + scoreDropoutOutput; }
    double total() const;
};

// All terms, as if nothing were recomputed.
ActivationTerms layerActivationTerms(const ActivationContext& context);

// One layer's bytes under the chosen recomputation, both computed at once (the ledger needs both on
// every estimate, and they share the terms' total and the layer's input).
// `stored`: what the layer keeps between its forward and backward: everything (none), everything
// but core attention (selective, §5 of Korthikanti et al.), only the layer input (full: 2sbh,
// divided by t with sequence parallelism), the outputs PyTorch's op-level policy saves (op), or,
// averaged over the layers, full recomputation on every k-th layer and nothing on the others
// (every-k).
// `workingSet`: the extra working set of recomputation: under full recomputation one layer's
// activations are rebuilt during its backward; under selective, one layer's core attention; under
// op, one layer's recomputed ops.
struct LayerActivationBytes {
    double stored = 0;
    double workingSet = 0;
};
LayerActivationBytes layerActivationBytes(const ActivationContext& context, const ActivationTerms& terms);

// What `layers` consecutive layers of one pipeline chunk keep, given one layer's `stored` bytes
// (layerActivationBytes) and all its terms (ActivationTerms::total()): layers x the stored bytes,
// except that every-k checkpoints only floor(layers / k) of them and the others keep everything.
double storedActivationsOfLayers(const ActivationContext& context, double allTerms, double oneLayerStored, double layers);

// Per micro-batch, outside the layers (Korthikanti §4.3): the embedding-output dropout mask on
// the first stage; the final norm input, the output-layer input and the fp32 logits the
// cross-entropy keeps (4sbv/t) on the last stage.
double embeddingActivations(const ActivationContext& context);
double outputActivations(const ActivationContext& context);

// The loss's backward working set on the last stage, live at the start of backward on top of
// everything stored: the gradient of the logits. Megatron's fused vocab-parallel cross-entropy
// writes it into the saved fp32 softmax and then casts it to the activation type (e sbV/t);
// PyTorch's log_softmax + nll_loss holds the fp32 gradients of the log-probabilities and of the
// logits at once (8 sbV/t; measured on an H200, validation/gpu_memory.py).
double lossBackwardWorkingSet(const ActivationContext& context);

} // namespace shardscope
