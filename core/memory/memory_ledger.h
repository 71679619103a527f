#pragma once
#include <cstdint>
#include <vector>

#include "core/memory/activations.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Bytes on one device, part by part. Model states are the first four (the article's 16 bytes
// per parameter); activations and overhead come on top.
struct MemoryBreakdown {
    double weights = 0;
    double gradients = 0;
    double masterWeights = 0;
    double optimizerStates = 0;
    double activations = 0;
    double overhead = 0;
    double modelStates() const { return weights + gradients + masterWeights + optimizerStates; }
    double total() const { return modelStates() + activations + overhead; }
};

// The overhead line, itemised (docs/model.md, "Overhead").
struct OverheadBreakdown {
    double cudaContext = 0;
    double ncclBuffers = 0;
    double gradientBuckets = 0;
    double gatheredParameters = 0;  // ZeRO-3 / FSDP all-gathered layers in flight
    double fragmentation = 0;
    double total() const { return cudaContext + ncclBuffers + gradientBuckets + gatheredParameters + fragmentation; }
};

// The parallel layout the ledger evaluates; the single-GPU baseline is the default.
struct LedgerLayout {
    int dp = 1;
    int tp = 1;
    int pp = 1;
    int cp = 1;
    int ep = 1;
    int vpp = 1;
    int zero = 0;
    bool sequenceParallel = false;
    Offload offload = Offload::None;
    std::int64_t microbatches = 1;  // micro-batches per optimizer step on each pipeline
    // ZeRO-3 / FSDP that keeps a stage's weights gathered from the first forward to the last
    // backward (torchtitan with pipeline parallelism): weights and gradients are held unsharded
    // through the step and gathered and reduced once per step, as ZeRO-1 does.
    bool keepGathered = false;
    std::vector<int> stageLayers;   // transformer layers on each pipeline stage (core/scenario/pipeline_split.h)
    bool shardsWeights() const { return zero >= 3 && !keepGathered; }
    // Layers on `stage` (an even split rounded up when stageLayers was not filled in).
    int layersOn(int stage, int totalLayers) const
    {
        if (static_cast<std::size_t>(stage) < stageLayers.size())  // a negative stage converts to above any size
            return stageLayers[static_cast<std::size_t>(stage)];
        return pp > 1 ? (totalLayers + pp - 1) / pp : totalLayers;
    }
    bool shardsGradients() const { return zero >= 2 && !keepGathered; }
};

LedgerLayout singleGpuLayout(const Scenario& scenario);

// The data-parallel group that ZeRO shards a tensor over and that reduces its gradients: dp x cp
// ranks for dense tensors, dp x cp / ep for expert tensors (each expert lives on cp x dp / ep).
int dataParallelRanks(const LedgerLayout& layout, bool expert);
LedgerLayout distributedLayout(const Scenario& scenario);
// Everything of distributedLayout but the stage split: the planner fills `stageLayers` from its
// own per-pp cache, so the search does not allocate (the rest is the same code).
void fillDistributedLayout(const Scenario& scenario, LedgerLayout& layout);

// What this GPU's model shard (after TP, PP, EP, before ZeRO) holds, in bytes, split into dense
// tensors (data-parallel group dp x cp) and expert tensors (group dp x cp / ep). The
// communication model sizes the data-parallel collectives from these.
struct ShardBytes {
    double weights[2] = {0, 0};           // [dense, expert]: all weights, as stored for compute
    double trainableWeights[2] = {0, 0};  // the trainable ones (LoRA: the adapters)
    double gradients[2] = {0, 0};         // gradients in the recipe's gradient dtype
    double gathered[2] = {0, 0};          // what ZeRO-3 all-gathers: 16-bit weights, linear ones in fp8 with
                                          // torchao's fp8 all-gather
};

// One GPU's memory: the device ledger, its overhead items and what offload keeps in host memory.
// The activations of one GPU at its peak, part by part: what the layers, the embedding and the
// output layer keep between forward and backward, plus the largest transient working set
// (recomputing a layer, or the loss's backward on the last stage), which are never live together.
struct ActivationParts {
    double layers = 0;
    double embedding = 0;
    double output = 0;
    double recomputeWorkingSet = 0;
    double lossWorkingSet = 0;
    double stored() const { return layers + embedding + output; }
    double peak() const;
};

struct GpuMemory {
    MemoryBreakdown device;
    OverheadBreakdown overhead;
    MemoryBreakdown host;             // offloaded states (weights, gradients, master, optimizer)
    int stage = 0;                    // pipeline stage of this GPU
    int layersOnStage = 0;            // (beside stage: no padding, so a test can compare whole objects)
    double params = 0;                // parameters of this GPU's model shard (after TP, PP, EP)
    double trainableParams = 0;       // of which trainable (LoRA: the adapters)
    double updatedParams = 0;         // of those, the ones whose optimizer step runs here (ZeRO-1+: the
                                      // dense and expert shards, over their own data-parallel groups)
    double layerActivations = 0;      // bytes one layer keeps per micro-batch
    ActivationParts activationParts;  // what device.activations is made of
    std::int64_t inflightPasses = 0;  // chunk forward passes held at the peak
    ShardBytes shard;                 // this GPU's model shard, for sizing collectives
};

// Layers at the start of `stage` that are a MoE model's first-k dense layers (0 for other models).
int denseLayersOnStage(const Scenario& s, const LedgerLayout& layout, int stage);

// The most loaded GPU of `layout` (pipeline stages differ: the first holds the most micro-batches
// in flight and the embedding, the last the output layer and logits).
// `inventory` and `shapeParameters` describe scenario.model; the estimator builds them once.
GpuMemory mostLoadedGpu(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                        const LedgerLayout& layout);

// The ledger in two halves that a search can keep while other dimensions vary (core/plan): the
// unshared model states of one layer, the embedding and the final part on one tensor- and
// expert-parallel rank (ledgerTensors), which depend on tp and ep only; and the activations of one
// layer and one micro-batch (ledgerActivations), which depend on tp, cp, sequence parallelism, the
// recomputation policy and the micro-batch. A stage sums its parts' tensors and then applies the
// layout's ZeRO shares and offload once (stageMemory); mostLoadedGpu is exactly mostLoadedStage of
// the two halves.

// The states of a set of tensors on one tensor- and expert-parallel rank before data-parallel
// sharding and offload: what depends on tp and ep only, so layouts that share tp and ep (the single
// GPU and a pure data-parallel layout; a search's ZeRO stages, offloads and pipeline depths) sum
// the tensors once.
struct TensorTotals {
    double params = 0;
    double unshardedWeightBytes = 0;
    ShardBytes shard;                   // weights, trainable weights, gradients, gathered: [dense, expert]
    double masterWeights[2] = {0, 0};   // fp32 master copies of the trainable elements
    double optimizerStates[2] = {0, 0};
    double trainable[2] = {0, 0};       // trainable elements
};
struct LedgerTensors {
    int tp = 1;
    int ep = 1;
    TensorTotals layer, embedding, final, moeBlock, denseMlp;
    TensorTotals tiedOutput;  // tied embeddings: the copy of the word embedding the last stage keeps under pp > 1
    // What one stage holding the whole model holds (every layer, a MoE model's first k dense, the
    // embedding and the final part; no tied copy): every layout without a pipeline, the single
    // GPU's among them, shares this sum instead of adding its parts again. Its expert entries are
    // read only for a model with experts; its unshardedWeightBytes is not summed (zero): ZeRO-3's
    // gather working set is one layer's, read from `layer`.
    TensorTotals wholeModel;
};
LedgerTensors ledgerTensors(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                            int tp, int ep, const RecipeBytes* recipe = nullptr);
// The same written over `out`: every part the model has (the embedding, layer and final parts,
// the MoE parts for a model with experts, the tied copy for tied embeddings), whatever `out` held;
// the others are left as they are (nothing reads them), so the estimator need not zero the object.
// `recipe`: recipeBytes(scenario.training) when the caller has it (null: made here; the estimate
// makes it once for the ledger, the activations and the step, about 25 instructions each).
void ledgerTensorsInto(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                       int tp, int ep, LedgerTensors& out, const RecipeBytes* recipe = nullptr);
// `context` points into `scenario`: combine it (stageMemory) only while the scenario still holds the
// training settings it was computed for.
struct LedgerActivations {
    ActivationContext context;
    // One layer's activations with nothing recomputed (ActivationTerms::total()): what every-k's
    // uncheckpointed layers keep. The total, not the terms: copying the 18 terms into every
    // estimate's activations cost about 20 instructions.
    double allTerms = 0;
    double perLayer = 0;
    double workingSet = 0;
    double lossWorkingSet = 0;
    double embeddingPerMicrobatch = 0;
    double outputPerMicrobatch = 0;
};
// `recipe`, here and in ledgerTensors: recipeBytes(scenario.training) when the caller has it (null:
// made here).
LedgerActivations ledgerActivations(const Scenario& scenario, const ParameterInventory& inventory, const LedgerLayout& layout,
                                    const RecipeBytes* recipe = nullptr);
// The same for singleGpuLayout (tp and cp 1, no sequence parallelism), with those as constants: its
// divisions by them fold away (about 80 instructions of every estimate).
LedgerActivations singleGpuActivations(const Scenario& scenario, const ParameterInventory& inventory);

// `tensors` must have been summed for layout.tp and layout.ep.
GpuMemory stageMemory(const Scenario& scenario, const LedgerLayout& layout, const LedgerTensors& tensors,
                      const LedgerActivations& activations, int stage);
GpuMemory mostLoadedStage(const Scenario& scenario, const LedgerLayout& layout, const LedgerTensors& tensors,
                          const LedgerActivations& activations);
// The same written over every field of `out`, whatever it held: the estimator fills its result in
// place (a GpuMemory is 42 numbers to zero and then copy, twice per estimate).
void mostLoadedStageInto(const Scenario& scenario, const LedgerLayout& layout, const LedgerTensors& tensors,
                         const LedgerActivations& activations, GpuMemory& out);

// The same for one GPU holding the whole model (singleGpuLayout with `microbatches`): the layout
// is a constant here, so its shares, groups and pipeline terms fold away (the estimate's
// single-GPU ledger cost about 100 instructions more through mostLoadedStageInto).
// `tensors` must have been summed for tp 1 and ep 1.
void singleGpuStageInto(const Scenario& scenario, std::int64_t microbatches, const LedgerTensors& tensors,
                        const LedgerActivations& activations, GpuMemory& out);

// One pipeline stage's GPU (0-based; clamped to the layout's stages).
GpuMemory gpuMemoryAtStage(const Scenario& scenario, const LedgerLayout& layout, int stage);

// Bytes per element of a QLoRA 4-bit NormalFloat weight with double-quantised block scales
// (Dettmers et al. 2023, arXiv 2305.14314, §3: 4 bits + 8/64 + 32/(64*256) bits).
double nf4BytesPerElement();

} // namespace shardscope
