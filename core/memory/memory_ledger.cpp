#include "core/memory/memory_ledger.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <limits>
#include <span>

#include "core/memory/activations.h"
#include "core/memory/tensor_accountant.h"
#include "core/memory/optimizer_states.h"
#include "core/memory/pipeline_schedule.h"
#include "core/memory/precision_recipe.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/pipeline_split.h"

namespace shardscope {
namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return b > 0 ? (a + b - 1) / b : a; }

using ledger::TensorAccountant;

// One GPU's share of a stage's unshared states under the layout's ZeRO stage and offload: per
// kind of tensor (dense, expert), the data-parallel shard of each state the stage shards, else all
// of it. The GPU keeps only reduction buckets of what is offloaded (ZeRO-Offload, §4.1). Applied
// once per stage, to the stage's tensors summed (stageTensorSum, or the tensors' wholeModel without
// a pipeline), not to each part and then summed: that shared three parts and added their 20
// figures each, twice per estimate.
class StateSharer {
public:
    // `experts`: whether the model has expert tensors; without them every expert total is zero:
    // only the dense ones are summed and shared, and the expert ones are set to zero.
    StateSharer(const LedgerLayout& layout, bool experts) : layout_(layout), experts_(experts)
    {
        // The expert group only where there are experts: its shares are read only then.
        const double shard[2] = {static_cast<double>(dataParallelRanks(layout, false)),
                                 experts ? static_cast<double>(dataParallelRanks(layout, true)) : 1.0};
        for (int k = 0; k < 2; ++k) {
            weightShare_[k] = layout.shardsWeights() ? 1.0 / shard[k] : 1.0;
            gradientShare_[k] = layout.shardsGradients() ? 1.0 / shard[k] : 1.0;
            stateShare_[k] = layout.zero >= 1 ? 1.0 / shard[k] : 1.0;
        }
    }
    bool experts() const { return experts_; }

    // Sets the model-state lines of `g` (device and host, their activations and overhead to zero,
    // filled in after), its parameter counts and its shard, from the stage's summed tensors.
    void operator()(const TensorTotals& t, GpuMemory& g) const
    {
        // The dense kind, then the expert kind where there is one, written out: a loop over a
        // count of kinds cost about 70 instructions more per estimate than this (gcc 12).
        double weights = t.shard.weights[0] * weightShare_[0];
        double gradients = t.shard.gradients[0] * gradientShare_[0];
        double master = t.masterWeights[0] * stateShare_[0];
        double optimizer = t.optimizerStates[0] * stateShare_[0];
        double trainable = t.trainable[0];
        double updated = t.trainable[0] * stateShare_[0];
        if (experts_) {
            weights += t.shard.weights[1] * weightShare_[1];
            gradients += t.shard.gradients[1] * gradientShare_[1];
            master += t.masterWeights[1] * stateShare_[1];
            optimizer += t.optimizerStates[1] * stateShare_[1];
            trainable += t.trainable[1];
            updated += t.trainable[1] * stateShare_[1];
            g.shard = t.shard;
        } else {
            g.shard = ShardBytes{{t.shard.weights[0], 0.0},
                                 {t.shard.trainableWeights[0], 0.0},
                                 {t.shard.gradients[0], 0.0},
                                 {t.shard.gathered[0], 0.0}};
        }
        g.params = t.params;
        g.trainableParams = trainable;
        g.updatedParams = updated;
        g.device = MemoryBreakdown{};
        g.host = MemoryBreakdown{};
        (layout_.offload == Offload::OptimizerAndParams ? g.host : g.device).weights = weights;
        MemoryBreakdown& trained = layout_.offload == Offload::None ? g.device : g.host;
        trained.gradients = gradients;
        trained.masterWeights = master;
        trained.optimizerStates = optimizer;
    }

private:
    const LedgerLayout& layout_;
    bool experts_;
    double weightShare_[2] = {1, 1};
    double gradientShare_[2] = {1, 1};
    double stateShare_[2] = {1, 1};
};

// `to` += `times` x `from`, for the figures a stage's states are made of (the gather working set,
// unshardedWeightBytes, is one layer's and read from the layer part), the expert kind only where
// the model has experts (StateSharer reads it only then).
void addTensors(TensorTotals& to, const TensorTotals& from, double times, bool experts)
{
    // Each kind written out (as StateSharer does), not a loop over a count of kinds.
    const auto addKind = [&](int k) __attribute__((always_inline)) {
        to.shard.weights[k] += times * from.shard.weights[k];
        to.shard.trainableWeights[k] += times * from.shard.trainableWeights[k];
        to.shard.gradients[k] += times * from.shard.gradients[k];
        to.shard.gathered[k] += times * from.shard.gathered[k];
        to.masterWeights[k] += times * from.masterWeights[k];
        to.optimizerStates[k] += times * from.optimizerStates[k];
        to.trainable[k] += times * from.trainable[k];
    };
    to.params += times * from.params;
    addKind(0);
    if (experts)
        addKind(1);
}

// The communicator groups a GPU belongs to that have other members: the data-parallel (gradient)
// group of dp x cp, and the tp, pp, cp and ep groups. Summed comparisons: count_if over an array
// of the five sizes cost 26 instructions per stage of every estimate.
int groupsWithPeers(const LedgerLayout& l)
{
    return int{std::int64_t{l.dp} * l.cp > 1} + int{l.tp > 1} + int{l.pp > 1} + int{l.cp > 1} + int{l.ep > 1};
}

// The unshared states of the tensors a stage holds: `layers` layers (`dense` of them a MoE model's
// first-k dense layers, with their dense MLP in place of the MoE block), the embedding on the first
// stage, the final norm and output layer on the last (`tied`: with the copy of the word embedding
// a tied model's last stage keeps under a pipeline). Built from the first product, not from zero:
// the same sum to the bit, as every figure is non-negative.
TensorTotals stageTensorSum(const LedgerTensors& t, bool experts, int layers, int dense, bool first, bool last, bool tied)
{
    const double times = layers;
    const TensorTotals& layer = t.layer;
    TensorTotals sum;
    sum.params = times * layer.params;
    for (int k = 0; k < 2; ++k) {  // both kinds: a StateSharer without experts reads only the first
        sum.shard.weights[k] = times * layer.shard.weights[k];
        sum.shard.trainableWeights[k] = times * layer.shard.trainableWeights[k];
        sum.shard.gradients[k] = times * layer.shard.gradients[k];
        sum.shard.gathered[k] = times * layer.shard.gathered[k];
        sum.masterWeights[k] = times * layer.masterWeights[k];
        sum.optimizerStates[k] = times * layer.optimizerStates[k];
        sum.trainable[k] = times * layer.trainable[k];
    }
    if (dense > 0) {
        addTensors(sum, t.moeBlock, -dense, experts);
        addTensors(sum, t.denseMlp, dense, experts);
    }
    if (first)
        addTensors(sum, t.embedding, 1.0, experts);
    if (last) {
        addTensors(sum, t.final, 1.0, experts);
        // Megatron-LM, LanguageModule.setup_embeddings_and_output_layer.
        if (tied)
            addTensors(sum, t.tiedOutput, 1.0, experts);
    }
    return sum;
}

} // namespace

int dataParallelRanks(const LedgerLayout& layout, bool expert)
{
    // dp (up to 2^24 when given) times cp (up to 2^16) can pass 2^31 in a layout the checks refuse.
    const int ranks = static_cast<int>(std::clamp<std::int64_t>(std::int64_t{layout.dp} * layout.cp, 1, std::numeric_limits<int>::max()));
    return expert ? std::max(1, ranks / std::max(1, layout.ep)) : ranks;
}

double ActivationParts::peak() const
{
    // The loss's backward runs first and frees its gradients before the last layer is recomputed.
    return stored() + std::max(recomputeWorkingSet, lossWorkingSet);
}

double nf4BytesPerElement() { return (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0; }

LedgerLayout singleGpuLayout(const Scenario& s)
{
    LedgerLayout l;  // one stage: layersOn() gives every layer without a stage list to allocate
    // Not value_or(...): its argument, dataParallel() with a 64-bit division, would be computed
    // even when the global batch is given (as in most scenarios).
    const std::int64_t global = s.training.globalBatch ? *s.training.globalBatch : s.training.microBatch * std::max(1, s.dataParallel());
    l.microbatches = std::max<std::int64_t>(1, global / std::max<std::int64_t>(1, s.training.microBatch));
    return l;
}

void fillDistributedLayout(const Scenario& s, LedgerLayout& l)
{
    const ParallelSpec& p = s.parallel;
    // The degrees as they are: the field ranges (checked before any layout is made) keep them at 1
    // or more and ZeRO within 0-3. Only dp can be 0, where gpus is no multiple of the others (an
    // error the checks report; the numbers are still computed).
    assert(p.tp >= 1 && p.pp >= 1 && p.cp >= 1 && p.ep >= 1 && p.vpp >= 1 && p.zero >= 0 && p.zero <= 3);
    l.dp = std::max(1, s.dataParallel());
    l.tp = p.tp;
    l.pp = p.pp;
    l.cp = p.cp;
    l.ep = p.ep;
    l.vpp = p.vpp;
    l.zero = p.zero;
    // torchtitan's default reshard policy: "For PP, by default do not reshard after forward to avoid
    // per-microbatch all-gathers" (torchtitan/distributed/fsdp.py, get_fsdp_reshard_after_forward_policy).
    l.keepGathered = l.zero == 3 && (p.fsdpReshard == FsdpReshard::Never || (p.fsdpReshard == FsdpReshard::Auto && p.pp > 1));
    l.sequenceParallel = p.sequenceParallel && l.tp > 1;
    l.offload = p.offload;
    const std::int64_t global = s.training.globalBatch.value_or(s.training.microBatch * l.dp);
    l.microbatches = std::max<std::int64_t>(1, global / std::max<std::int64_t>(1, s.training.microBatch * l.dp));
}

LedgerLayout distributedLayout(const Scenario& s)
{
    LedgerLayout l;
    fillDistributedLayout(s, l);
    if (l.pp == 1)
        return l;  // every layer on the one stage (layersOn), with nothing to allocate
    l.stageLayers = pipelineStageLayers(s);
    if (l.stageLayers.empty())  // an impossible split (reported by the checks): the even ceiling, to show something
        l.stageLayers.assign(static_cast<std::size_t>(l.pp), static_cast<int>(ceilDiv(s.model.layers, l.pp)));
    return l;
}

int denseLayersOnStage(const Scenario& s, const LedgerLayout& layout, int stage)
{
    const ModelSpec& m = s.model;
    if (!m.moe.isMoe() || m.moe.denseLayers <= 0)
        return 0;
    int first = 0;
    for (int k = 0; k < stage; ++k)
        first += layout.layersOn(k, m.layers);
    return std::clamp(m.moe.denseLayers - first, 0, layout.layersOn(stage, m.layers));
}

LedgerTensors ledgerTensors(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters, int tp,
                            int ep, const RecipeBytes* recipe)
{
    LedgerTensors out;
    ledgerTensorsInto(s, inventory, shapeParameters, tp, ep, out, recipe);
    return out;
}

void ledgerTensorsInto(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters, int tp,
                       int ep, LedgerTensors& out, const RecipeBytes* recipe)
{
    out.tp = tp;
    out.ep = ep;
    const TensorAccountant accountant(s, tp, ep, shapeParameters, recipeBytes(s.training, recipe));
    // Only the parts the model has are written (the MoE parts for a model with experts, the tied
    // copy for tied embeddings); nothing reads the others (a stage adds the MoE parts only for a
    // MoE model's first-k dense layers and the tied copy only for tied embeddings under a
    // pipeline). Zeroing the whole object first cost about 100 instructions of every estimate.
    const bool experts = s.model.moe.isMoe();
    const bool tied = s.model.tiedEmbeddings;
    if (accountant.summable()) {
        const auto part = [&](InventoryPart p, TensorTotals& totals) {
            accountant.finishFromSums(inventory.elements(p), totals, experts);
        };
        part(InventoryPart::Embedding, out.embedding);
        part(InventoryPart::Layer, out.layer);
        part(InventoryPart::Final, out.final);
        if (experts) {
            part(InventoryPart::MoeBlock, out.moeBlock);
            part(InventoryPart::DenseMlp, out.denseMlp);
        }
        if (tied)
            part(InventoryPart::TiedOutput, out.tiedOutput);
    } else {
        using Elements = TensorAccountant::Elements;
        Elements embedding, layer, moeBlock, denseMlp, final, tiedOutput;
        out.embedding = out.layer = out.final = out.moeBlock = out.denseMlp = out.tiedOutput = TensorTotals{};
        for (const TensorGroup& g : inventory.groups()) {
            switch (g.placement) {
            case Placement::Embedding: accountant.add(g, embedding, out.embedding); break;
            case Placement::Layer:
                accountant.add(g, layer, out.layer);
                if (g.moeBlock)
                    accountant.add(g, moeBlock, out.moeBlock);
                break;
            case Placement::DenseLayer: accountant.add(g, denseMlp, out.denseMlp); break;
            case Placement::FinalNorm:
            case Placement::Output: accountant.add(g, final, out.final); break;
            }
            // Tied embeddings under pipeline parallelism: the last stage keeps its own copy of the
            // word embedding for the output layer (Megatron-LM, LanguageModule.setup_embeddings_and_output_layer).
            if (tied && g.placement == Placement::Embedding && g.split == TpSplit::Vocab)
                accountant.add(g, tiedOutput, out.tiedOutput);
        }
        accountant.finish(embedding, out.embedding);
        accountant.finish(layer, out.layer);
        accountant.finish(final, out.final);
        if (experts) {
            accountant.finish(moeBlock, out.moeBlock);
            accountant.finish(denseMlp, out.denseMlp);
        }
        if (tied)
            accountant.finish(tiedOutput, out.tiedOutput);
    }
    const ModelSpec& m = s.model;
    const int dense = m.moe.isMoe() ? std::clamp(m.moe.denseLayers, 0, m.layers) : 0;
    out.wholeModel = stageTensorSum(out, m.moe.isMoe(), m.layers, dense, true, true, false);
}

namespace {

// ledgerActivations' body, for a layout's tp, cp and sequence parallelism, inlined into both entry
// points: the single GPU's has them as constants.
[[gnu::always_inline]] inline LedgerActivations activationsFor(const Scenario& s, const ParameterInventory& inventory, int tp,
                                                               int cp, bool sequenceParallel, const RecipeBytes* recipe)
{
    const ActivationContext context{&s.model, &s.training, &inventory, recipeBytes(s.training, recipe), tp, cp,
                                    sequenceParallel, s.training.finetune != FineTune::Full};
    const ActivationTerms terms = layerActivationTerms(context);
    const LayerActivationBytes layer = layerActivationBytes(context, terms);
    // Built whole, not default-initialised and then assigned (its 30 numbers zeroed first).
    return LedgerActivations{context,
                             terms.total(),
                             layer.stored,
                             layer.workingSet,
                             lossBackwardWorkingSet(context),
                             embeddingActivations(context),
                             outputActivations(context)};
}

} // namespace

LedgerActivations ledgerActivations(const Scenario& s, const ParameterInventory& inventory, const LedgerLayout& layout,
                                    const RecipeBytes* recipe)
{
    return activationsFor(s, inventory, layout.tp, layout.cp, layout.sequenceParallel, recipe);
}

LedgerActivations singleGpuActivations(const Scenario& s, const ParameterInventory& inventory)
{
    return activationsFor(s, inventory, 1, 1, false, nullptr);
}

namespace {

// Sets every field of `g` (it may hold another stage's figures).
void stageMemoryInto(const Scenario& s, const LedgerLayout& l, const LedgerTensors& tensors, const StateSharer& share,
                     const LedgerActivations& acts, int stage, GpuMemory& g)
{
    const int layersOnStage = l.layersOn(stage, s.model.layers);
    // Without a pipeline the one stage holds the whole model, summed with the tensors; else the
    // stage's own parts (a MoE model's first k dense layers sit at the start of the first stages).
    if (l.pp == 1) {
        share(tensors.wholeModel, g);
    } else {
        share(stageTensorSum(tensors, share.experts(), layersOnStage, denseLayersOnStage(s, l, stage), stage == 0,
                             stage == l.pp - 1, s.model.tiedEmbeddings),
              g);
    }
    g.stage = stage;
    g.layersOnStage = layersOnStage;
    g.layerActivations = acts.perLayer;
    g.inflightPasses = inflightChunkPasses(l.pp, l.vpp, stage, l.microbatches);
    const double layersPerChunk = static_cast<double>(layersOnStage) / l.vpp;
    ActivationParts& ap = g.activationParts;
    ap.layers = static_cast<double>(g.inflightPasses) * storedActivationsOfLayers(acts.context, acts.allTerms, acts.perLayer, layersPerChunk);
    ap.recomputeWorkingSet = acts.workingSet;
    ap.embedding = stage == 0 ? acts.embeddingPerMicrobatch * static_cast<double>(inflightChunkPasses(l.pp, 1, 0, l.microbatches)) : 0.0;
    const bool last = stage == l.pp - 1;
    ap.output = last ? acts.outputPerMicrobatch : 0.0;
    ap.lossWorkingSet = last ? acts.lossWorkingSet : 0.0;
    const double activations = ap.peak();
    g.device.activations = activations;

    const OverheadSpec& o = s.overhead;
    g.overhead.cudaContext = o.cudaContextBytes;
    g.overhead.ncclBuffers = o.ncclBytesPerGroup * groupsWithPeers(l);
    g.overhead.gradientBuckets = l.dp * l.cp > 1 ? o.dpBucketBytes : 0.0;
    g.overhead.gatheredParameters = l.shardsWeights() && l.dp * l.cp > 1
                                        ? std::min(o.zero3PrefetchLayers, layersOnStage) * tensors.layer.unshardedWeightBytes
                                        : 0.0;
    g.overhead.fragmentation = o.fragmentation * activations;
    g.device.overhead = g.overhead.total();
}

} // namespace

GpuMemory stageMemory(const Scenario& s, const LedgerLayout& l, const LedgerTensors& tensors, const LedgerActivations& acts,
                      int stage)
{
    GpuMemory g;
    stageMemoryInto(s, l, tensors, StateSharer(l, s.model.moe.isMoe()), acts, stage, g);
    return g;
}

GpuMemory mostLoadedStage(const Scenario& s, const LedgerLayout& layout, const LedgerTensors& tensors,
                          const LedgerActivations& acts)
{
    GpuMemory worst;
    mostLoadedStageInto(s, layout, tensors, acts, worst);
    return worst;
}

void mostLoadedStageInto(const Scenario& s, const LedgerLayout& layout, const LedgerTensors& tensors,
                         const LedgerActivations& acts, GpuMemory& worst)
{
    assert(tensors.tp == layout.tp && tensors.ep == layout.ep);
    const StateSharer share(layout, s.model.moe.isMoe());
    if (layout.pp == 1 && layout.vpp == 1) {  // one stage, known here: its pipeline terms fold away
        stageMemoryInto(s, layout, tensors, share, acts, 0, worst);
        return;
    }
    // A stage holds more micro-batches in flight the earlier it is, so among middle stages with the
    // same number of layers (and no dense layers, which are lighter) the first bounds the others:
    // the first and last stages, the stages holding dense layers and the first other middle stage
    // of each layer count are all that can be the most loaded.
    stageMemoryInto(s, layout, tensors, share, acts, 0, worst);
    int checkedCount = -1;
    for (int stage = 1; stage < layout.pp; ++stage) {
        const int count = layout.layersOn(stage, s.model.layers);
        const bool dense = denseLayersOnStage(s, layout, stage) > 0;
        if (stage != layout.pp - 1 && !dense && count == checkedCount)
            continue;
        if (stage != layout.pp - 1 && !dense)
            checkedCount = count;
        GpuMemory candidate;
        stageMemoryInto(s, layout, tensors, share, acts, stage, candidate);
        if (candidate.device.total() > worst.device.total())
            worst = candidate;
    }
}

void singleGpuStageInto(const Scenario& s, std::int64_t microbatches, const LedgerTensors& tensors,
                        const LedgerActivations& acts, GpuMemory& out)
{
    LedgerLayout l;  // singleGpuLayout's: every degree 1, no ZeRO, no offload
    l.microbatches = microbatches;
    assert(tensors.tp == 1 && tensors.ep == 1);
    stageMemoryInto(s, l, tensors, StateSharer(l, s.model.moe.isMoe()), acts, 0, out);
}

GpuMemory gpuMemoryAtStage(const Scenario& s, const LedgerLayout& layout, int stage)
{
    const ParameterInventory inventory(s.model);
    const LedgerTensors tensors = ledgerTensors(s, inventory, countParameters(s.model, inventory).total, layout.tp, layout.ep);
    return stageMemory(s, layout, tensors, ledgerActivations(s, inventory, layout), std::clamp(stage, 0, std::max(1, layout.pp) - 1));
}

GpuMemory mostLoadedGpu(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                        const LedgerLayout& layout)
{
    return mostLoadedStage(s, layout, ledgerTensors(s, inventory, shapeParameters, layout.tp, layout.ep),
                           ledgerActivations(s, inventory, layout));
}

} // namespace shardscope
