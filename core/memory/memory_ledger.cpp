#include "core/memory/memory_ledger.h"

#include <algorithm>
#include <array>
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

// One GPU's share of unshared states under the layout's ZeRO stage and offload: per kind of
// tensor (dense, expert), the data-parallel shard of each state the stage shards, else all of it.
// The GPU keeps only reduction buckets of what is offloaded (ZeRO-Offload, §4.1).
class StateSharer {
public:
    // `experts`: whether the model has expert tensors; without them every expert total is zero
    // and only the dense ones are shared (the same sums: adding zeros changes no bit).
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

    // Sets every field of `out` (a StateTotals is 24 doubles), in place.
    void operator()(const TensorTotals& t, StateTotals& out) const
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
        }
        out.params = t.params;
        out.unshardedWeightBytes = t.unshardedWeightBytes;
        out.shard = t.shard;
        out.device = MemoryBreakdown{};
        out.host = MemoryBreakdown{};
        (layout_.offload == Offload::OptimizerAndParams ? out.host : out.device).weights = weights;
        MemoryBreakdown& trained = layout_.offload == Offload::None ? out.device : out.host;
        trained.gradients = gradients;
        trained.masterWeights = master;
        trained.optimizerStates = optimizer;
        out.trainable = trainable;
        out.updated = updated;
    }

private:
    const LedgerLayout& layout_;
    bool experts_;
    double weightShare_[2] = {1, 1};
    double gradientShare_[2] = {1, 1};
    double stateShare_[2] = {1, 1};
};

void addTensors(TensorTotals& to, const TensorTotals& from)
{
    to.params += from.params;
    to.unshardedWeightBytes += from.unshardedWeightBytes;
    for (int k = 0; k < 2; ++k) {
        to.shard.weights[k] += from.shard.weights[k];
        to.shard.trainableWeights[k] += from.shard.trainableWeights[k];
        to.shard.gradients[k] += from.shard.gradients[k];
        to.shard.gathered[k] += from.shard.gathered[k];
        to.masterWeights[k] += from.masterWeights[k];
        to.optimizerStates[k] += from.optimizerStates[k];
        to.trainable[k] += from.trainable[k];
    }
}

// The communicator groups a GPU belongs to that have other members: the data-parallel (gradient)
// group of dp x cp, and the tp, pp, cp and ep groups. Summed comparisons: count_if over an array
// of the five sizes cost 26 instructions per stage of every estimate.
int groupsWithPeers(const LedgerLayout& l)
{
    return int{std::int64_t{l.dp} * l.cp > 1} + int{l.tp > 1} + int{l.pp > 1} + int{l.cp > 1} + int{l.ep > 1};
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
    l.dp = std::max(1, s.dataParallel());
    l.tp = std::max(1, p.tp);
    l.pp = std::max(1, p.pp);
    l.cp = std::max(1, p.cp);
    l.ep = std::max(1, p.ep);
    l.vpp = std::max(1, p.vpp);
    l.zero = std::clamp(p.zero, 0, 3);
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
                            int ep)
{
    LedgerTensors out;
    ledgerTensorsInto(s, inventory, shapeParameters, tp, ep, out);
    return out;
}

void ledgerTensorsInto(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters, int tp,
                       int ep, LedgerTensors& out)
{
    out.tp = tp;
    out.ep = ep;
    const TensorAccountant accountant(s, tp, ep, shapeParameters);
    using Elements = TensorAccountant::Elements;
    Elements embedding, layer, moeBlock, denseMlp, final, tiedOutput;
    const bool summed = accountant.fromSums(inventory, {&embedding, &layer, &moeBlock, &denseMlp, &final, &tiedOutput});
    // A part is zeroed just before it is first added to: every one before the loop over the groups,
    // else just before its finish (the parts a model has no groups in are never finished, and
    // nothing reads them: ledgerStatesInto reads the MoE parts only for models with experts and the
    // tied copy only for tied embeddings). Zeroing the whole object first cost about 100
    // instructions of every estimate.
    const auto finish = [&](const Elements& counts, TensorTotals& part) {
        if (summed)
            part = TensorTotals{};
        accountant.finish(counts, part);
    };
    if (!summed)
        out.embedding = out.layer = out.final = out.moeBlock = out.denseMlp = out.tiedOutput = TensorTotals{};
    for (const TensorGroup& g : summed ? std::span<const TensorGroup>() : inventory.groups()) {
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
        if (s.model.tiedEmbeddings && g.placement == Placement::Embedding && g.split == TpSplit::Vocab)
            accountant.add(g, tiedOutput, out.tiedOutput);
    }
    finish(embedding, out.embedding);
    finish(layer, out.layer);
    finish(final, out.final);
    // The other parts have groups only in mixture-of-experts models and with tied embeddings.
    if (s.model.moe.isMoe()) {
        finish(moeBlock, out.moeBlock);
        finish(denseMlp, out.denseMlp);
    }
    if (s.model.tiedEmbeddings)
        finish(tiedOutput, out.tiedOutput);
}

LedgerStates ledgerStates(const Scenario& s, const LedgerTensors& tensors, const LedgerLayout& layout)
{
    LedgerStates out;
    ledgerStatesInto(s, tensors, layout, out);
    return out;
}

void ledgerStatesInto(const Scenario& s, const LedgerTensors& tensors, const LedgerLayout& layout, LedgerStates& out)
{
    const StateSharer share(layout, s.model.moe.isMoe());
    share(tensors.embedding, out.embedding);
    share(tensors.layer, out.layer);
    if (s.model.moe.isMoe()) {  // else both are empty, and left at zero
        share(tensors.moeBlock, out.moeBlock);
        share(tensors.denseMlp, out.denseMlp);
    }
    if (s.model.tiedEmbeddings && layout.pp > 1) {
        TensorTotals final = tensors.final;
        addTensors(final, tensors.tiedOutput);
        share(final, out.final);
    } else {
        share(tensors.final, out.final);
    }
}

LedgerStates ledgerStates(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                          const LedgerLayout& layout)
{
    return ledgerStates(s, ledgerTensors(s, inventory, shapeParameters, layout.tp, layout.ep), layout);
}

LedgerActivations ledgerActivations(const Scenario& s, const ParameterInventory& inventory, const LedgerLayout& layout)
{
    LedgerActivations a;
    ActivationContext& context = a.context;
    context.model = &s.model;
    context.training = &s.training;
    context.inventory = &inventory;
    context.bytes = recipeBytes(s.training);
    context.tp = layout.tp;
    context.cp = layout.cp;
    context.sequenceParallel = layout.sequenceParallel;
    context.lora = s.training.finetune != FineTune::Full;
    a.terms = layerActivationTerms(context);
    const LayerActivationBytes layer = layerActivationBytes(context, a.terms);
    a.perLayer = layer.stored;
    a.workingSet = layer.workingSet;
    a.embeddingPerMicrobatch = embeddingActivations(context);
    a.outputPerMicrobatch = outputActivations(context);
    a.lossWorkingSet = lossBackwardWorkingSet(context);
    return a;
}

namespace {

// A stage's model states written straight into its GpuMemory: `times` x `part` (setStates, which
// also zeroes the activations and overhead lines filled in after), or that added (addStates).
// Summing into a StateTotals first and copying it out cost about 50 instructions per stage. The
// states are non-negative, so starting from the first product is the same to the bit as adding it
// to zero.
void setStates(GpuMemory& g, const StateTotals& part, double times)
{
    g.device = MemoryBreakdown{times * part.device.weights, times * part.device.gradients, times * part.device.masterWeights,
                               times * part.device.optimizerStates, 0.0, 0.0};
    g.host = MemoryBreakdown{times * part.host.weights, times * part.host.gradients, times * part.host.masterWeights,
                             times * part.host.optimizerStates, 0.0, 0.0};
    g.params = times * part.params;
    g.trainableParams = times * part.trainable;
    g.updatedParams = times * part.updated;
    for (int k = 0; k < 2; ++k) {
        g.shard.weights[k] = times * part.shard.weights[k];
        g.shard.trainableWeights[k] = times * part.shard.trainableWeights[k];
        g.shard.gradients[k] = times * part.shard.gradients[k];
        g.shard.gathered[k] = times * part.shard.gathered[k];
    }
}

void addModelStates(MemoryBreakdown& to, const MemoryBreakdown& from, double times)
{
    to.weights += times * from.weights;
    to.gradients += times * from.gradients;
    to.masterWeights += times * from.masterWeights;
    to.optimizerStates += times * from.optimizerStates;
}

void addStates(GpuMemory& g, const StateTotals& part, double times)
{
    addModelStates(g.device, part.device, times);
    addModelStates(g.host, part.host, times);
    g.params += times * part.params;
    g.trainableParams += times * part.trainable;
    g.updatedParams += times * part.updated;
    for (int k = 0; k < 2; ++k) {
        g.shard.weights[k] += times * part.shard.weights[k];
        g.shard.trainableWeights[k] += times * part.shard.trainableWeights[k];
        g.shard.gradients[k] += times * part.shard.gradients[k];
        g.shard.gathered[k] += times * part.shard.gathered[k];
    }
}

// Sets every field of `g` (it may hold another stage's figures).
void stageMemoryInto(const Scenario& s, const LedgerLayout& l, const LedgerStates& parts, const LedgerActivations& acts,
                     int stage, GpuMemory& g)
{
    g.stage = stage;
    const int layersOnStage = l.layersOn(stage, s.model.layers);
    g.layersOnStage = layersOnStage;
    setStates(g, parts.layer, layersOnStage);
    // The first k layers of a MoE model have a dense MLP in place of the MoE block; they sit at
    // the start of the first stage(s).
    const int dense = denseLayersOnStage(s, l, stage);
    if (dense > 0) {
        addStates(g, parts.moeBlock, -dense);
        addStates(g, parts.denseMlp, dense);
    }
    if (stage == 0)
        addStates(g, parts.embedding, 1.0);
    if (stage == l.pp - 1)
        addStates(g, parts.final, 1.0);
    g.layerActivations = acts.perLayer;
    g.inflightPasses = inflightChunkPasses(l.pp, l.vpp, stage, l.microbatches);
    const double layersPerChunk = static_cast<double>(layersOnStage) / l.vpp;
    ActivationParts& ap = g.activationParts;
    ap.layers = static_cast<double>(g.inflightPasses) * storedActivationsOfLayers(acts.context, acts.terms, acts.perLayer, layersPerChunk);
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
                                        ? std::min(o.zero3PrefetchLayers, layersOnStage) * parts.layer.unshardedWeightBytes
                                        : 0.0;
    g.overhead.fragmentation = o.fragmentation * activations;
    g.device.overhead = g.overhead.total();
}

} // namespace

GpuMemory stageMemory(const Scenario& s, const LedgerLayout& l, const LedgerStates& parts, const LedgerActivations& acts,
                      int stage)
{
    GpuMemory g;
    stageMemoryInto(s, l, parts, acts, stage, g);
    return g;
}

GpuMemory mostLoadedStage(const Scenario& s, const LedgerLayout& layout, const LedgerStates& parts,
                          const LedgerActivations& acts)
{
    GpuMemory worst;
    mostLoadedStageInto(s, layout, parts, acts, worst);
    return worst;
}

void mostLoadedStageInto(const Scenario& s, const LedgerLayout& layout, const LedgerStates& parts,
                         const LedgerActivations& acts, GpuMemory& worst)
{
    // A stage holds more micro-batches in flight the earlier it is, so among middle stages with the
    // same number of layers (and no dense layers, which are lighter) the first bounds the others:
    // the first and last stages, the stages holding dense layers and the first other middle stage
    // of each layer count are all that can be the most loaded.
    stageMemoryInto(s, layout, parts, acts, 0, worst);
    int checkedCount = -1;
    for (int stage = 1; stage < layout.pp; ++stage) {
        const int count = layout.layersOn(stage, s.model.layers);
        const bool dense = denseLayersOnStage(s, layout, stage) > 0;
        if (stage != layout.pp - 1 && !dense && count == checkedCount)
            continue;
        if (stage != layout.pp - 1 && !dense)
            checkedCount = count;
        GpuMemory candidate;
        stageMemoryInto(s, layout, parts, acts, stage, candidate);
        if (candidate.device.total() > worst.device.total())
            worst = candidate;
    }
}

GpuMemory gpuMemoryAtStage(const Scenario& s, const LedgerLayout& layout, int stage)
{
    const ParameterInventory inventory(s.model);
    const LedgerStates parts = ledgerStates(s, inventory, countParameters(s.model, inventory).total, layout);
    return stageMemory(s, layout, parts, ledgerActivations(s, inventory, layout), std::clamp(stage, 0, std::max(1, layout.pp) - 1));
}

GpuMemory mostLoadedGpu(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                        const LedgerLayout& layout)
{
    return mostLoadedStage(s, layout, ledgerStates(s, inventory, shapeParameters, layout), ledgerActivations(s, inventory, layout));
}

} // namespace shardscope
