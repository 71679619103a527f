#include "core/memory/memory_ledger.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>

#include "core/memory/activations.h"
#include "core/memory/optimizer_states.h"
#include "core/memory/pipeline_schedule.h"
#include "core/memory/precision_recipe.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/pipeline_split.h"

namespace shardscope {
namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return b > 0 ? (a + b - 1) / b : a; }

using States = StateTotals;

// Sums tensor groups into unshared states on one tensor- and expert-parallel rank; the layout's
// ZeRO shares and offload follow in StateSharer. (ZeRO: Rajbhandari et al. 2020, arXiv 1910.02054,
// §5.1-5.3 and Figure 1: stage 1 shards optimizer states, stage 2 also gradients, stage 3 also
// parameters, each over the data-parallel group.)
//
// Every state but some optimizers' moments is a number of bytes per element that depends only on
// the kind of tensor (dense or expert) and on whether it is a linear layer's weight (fp8 copies,
// NF4 bases and fp8 gathers apply to those only). So a part's groups add up their local element
// counts per kind and linearity (`add`), and the bytes are applied once per part (`finish`): the
// per-group work is a shape and an addition, which matters because this runs for every group of
// every estimate and of every layout a search evaluates. Optimizers whose state depends on a
// tensor's shape (Adafactor's factored moments, 8-bit blocks, Muon's matrices) and LoRA adapters
// (shaped by their base layer) are still summed group by group.
class TensorAccountant {
public:
    // Elements of one part (a layer, the embedding, ...) on one rank: [kind][linear]. Whole
    // numbers, summed exactly and scaled to --params once (`finish`). Linear weights get their own
    // count only when their bytes differ.
    struct Elements {
        std::int64_t count[2][2] = {{0, 0}, {0, 0}};
    };

    TensorAccountant(const Scenario& s, int tp, int ep, std::int64_t shapeTotal)
        : s_(s), tp_(tp), ep_(ep),
          recipe_(recipeBytes(s.training)),
          frozenBase_(s.training.finetune != FineTune::Full),
          scale_(parameterScale(s.model, shapeTotal))
    {
        if (s.model.exactParams && shapeTotal > 0) {
            scaleTarget_ = static_cast<double>(*s.model.exactParams);
            scaleShape_ = static_cast<double>(shapeTotal);
        }
        const bool qlora = s.training.finetune == FineTune::Qlora;
        const bool fp8Gather = s.training.precision == Precision::Fp8Mixed && s.training.fp8AllGather;
        weightBytes_[0] = recipe_.weight;
        weightBytes_[1] = qlora ? nf4BytesPerElement() : recipe_.weight + recipe_.fp8WeightCopy;
        // ZeRO-3 gathers the weights as stored (4-bit QLoRA bases included), not the fp8 copies kept
        // for compute; torchao's fp8 all-gather sends linear weights as fp8.
        gatherBytes_[0] = recipe_.weight;
        gatherBytes_[1] = qlora ? weightBytes_[1] : fp8Gather ? 1.0 : recipe_.weight;
        linearIndex_ = weightBytes_[1] != weightBytes_[0] || gatherBytes_[1] != gatherBytes_[0] ? 1 : 0;
        const Optimizer o = s.training.optimizer;
        perElementOptimizer_ = o == Optimizer::AdamW || o == Optimizer::SgdMomentum || o == Optimizer::Lion;
        optimizerBytes_ = optimizerStateBytes(o, recipe_.moment, LocalShape{1, 1, 1}, false);
    }

    // Counts the elements of `g` on one rank into `counts`; what cannot be counted per element
    // (shape-dependent optimizer states, LoRA adapters) goes straight into `out`.
    [[gnu::always_inline]] void add(const TensorGroup& g, Elements& counts, TensorTotals& out) const
    {
        const LocalShape local = localShape(g, tp_, ep_);
        const int kind = g.expert ? 1 : 0;
        counts.count[kind][g.isLinear() ? linearIndex_ : 0] += local.elements();
        if (!frozenBase_) {
            if (!perElementOptimizer_) {
                const bool hiddenMatrix = (g.placement == Placement::Layer || g.placement == Placement::DenseLayer) && g.isMatrix();
                out.optimizerStates[kind] += optimizerStateBytes(s_.training.optimizer, recipe_.moment, local, hiddenMatrix) * scale_;
            }
        } else if ((g.projection & s_.training.loraTargets) != 0) {
            addAdapter(local, kind, out);
        }
    }

    // Without tensor or expert parallelism, with every state a number of bytes per element and no
    // adapters, a part's counts are the inventory's sums, made once when it was built: no loop over
    // the groups. Both are exact whole numbers, so they are the same either way.
    // Fills `parts` (indexed by InventoryPart) and returns true when it applies.
    bool fromSums(const ParameterInventory& inventory, const std::array<Elements*, kInventoryParts>& parts) const
    {
        if (tp_ != 1 || ep_ != 1 || frozenBase_ || !perElementOptimizer_)
            return false;
        for (std::size_t p = 0; p < kInventoryParts; ++p) {
            const PartElements& sums = inventory.elements(static_cast<InventoryPart>(p));
            Elements& out = *parts[p];
            for (int kind = 0; kind < 2; ++kind) {
                out.count[kind][0] = linearIndex_ == 1 ? sums.count[kind][0] : sums.count[kind][0] + sums.count[kind][1];
                out.count[kind][1] = linearIndex_ == 1 ? sums.count[kind][1] : 0;
            }
        }
        return true;
    }

    // Applies the bytes per element to a part's counts.
    void finish(const Elements& counts, TensorTotals& out) const
    {
        for (int kind = 0; kind < 2; ++kind) {
            for (int linear = 0; linear < 2; ++linear) {
                if (counts.count[kind][linear] == 0)
                    continue;
                // count x target / shape: the exact ratio with one rounding per operation, so the
                // parts of a model given as --params 7e9 add up to 7e9 (times the scale, they came to
                // 6,999,999,999.999999 and the article's 0.875 GB shard showed as 0.87).
                const double elements = static_cast<double>(counts.count[kind][linear]) * scaleTarget_ / scaleShape_;
                const double weights = elements * weightBytes_[linear];
                out.params += elements;
                out.unshardedWeightBytes += weights;
                out.shard.weights[kind] += weights;
                out.shard.gathered[kind] += elements * gatherBytes_[linear];
                if (frozenBase_)
                    continue;
                out.shard.trainableWeights[kind] += weights;
                out.shard.gradients[kind] += elements * recipe_.gradient;
                out.masterWeights[kind] += elements * recipe_.master;
                out.trainable[kind] += elements;
                if (perElementOptimizer_)
                    out.optimizerStates[kind] += elements * optimizerBytes_;
            }
        }
    }

private:
    // LoRA (Hu et al. 2021, arXiv 2106.09685): W + B A with A (r x in) and B (out x r), trainable
    // in the recipe's precision. Under tensor parallelism each adapter follows its base layer's
    // split as PEFT's Megatron wrapper does (peft src/peft/tuners/lora/tp_layer.py,
    // LoraParallelLinear: a row-parallel base splits A along its input and keeps B whole; a
    // column-parallel base splits B along its output and keeps A whole), so A is r x local input
    // and B local output x r. (It kept both whole on every TP rank before issue 18: under ZeRO-3,
    // where a TP-replicated tensor is sharded over dp only, more TP at the same GPU count then
    // raised QLoRA weights per GPU by up to 49 %.)
    // ZeRO-Offload (Ren et al. 2021, arXiv 2101.06840, §4.1) keeps gradients, fp32 master weights
    // and optimizer states in host memory (StateSharer places them).
    void addAdapter(const LocalShape& local, int kind, TensorTotals& out) const
    {
        const std::int64_t r = s_.training.loraRank;
        const LocalShape a{r, local.cols, local.copies};
        const LocalShape b{local.rows, r, local.copies};
        const double elements = static_cast<double>(a.elements() + b.elements());
        const double optimizer = optimizerStateBytes(s_.training.optimizer, recipe_.moment, a, true)
                                 + optimizerStateBytes(s_.training.optimizer, recipe_.moment, b, true);
        out.params += elements;
        out.unshardedWeightBytes += elements * recipe_.weight;
        out.shard.weights[kind] += elements * recipe_.weight;
        out.shard.gathered[kind] += elements * recipe_.weight;
        out.shard.trainableWeights[kind] += elements * recipe_.weight;
        out.shard.gradients[kind] += elements * recipe_.gradient;
        out.masterWeights[kind] += elements * recipe_.master;
        out.optimizerStates[kind] += optimizer;
        out.trainable[kind] += elements;
    }

    const Scenario& s_;
    int tp_;
    int ep_;
    RecipeBytes recipe_;
    bool frozenBase_;
    double scale_;
    double scaleTarget_ = 1.0;        // scale_ as a ratio: --params over the shape's own count
    double scaleShape_ = 1.0;
    double weightBytes_[2] = {0, 0};  // [linear]: as stored for compute
    double gatherBytes_[2] = {0, 0};  // [linear]: as ZeRO-3 all-gathers them
    int linearIndex_ = 0;             // where linear weights count: 1 when their bytes differ
    bool perElementOptimizer_ = true; // the moments are a fixed number of bytes per element
    double optimizerBytes_ = 0;       // those bytes
};

// One GPU's share of unshared states under the layout's ZeRO stage and offload: per kind of
// tensor (dense, expert), the data-parallel shard of each state the stage shards, else all of it.
// The GPU keeps only reduction buckets of what is offloaded (ZeRO-Offload, §4.1).
class StateSharer {
public:
    explicit StateSharer(const LedgerLayout& layout) : layout_(layout)
    {
        const double shard[2] = {static_cast<double>(dataParallelRanks(layout, false)),
                                 static_cast<double>(dataParallelRanks(layout, true))};
        for (int k = 0; k < 2; ++k) {
            weightShare_[k] = layout.shardsWeights() ? 1.0 / shard[k] : 1.0;
            gradientShare_[k] = layout.shardsGradients() ? 1.0 / shard[k] : 1.0;
            stateShare_[k] = layout.zero >= 1 ? 1.0 / shard[k] : 1.0;
        }
    }

    // Sets every field of `out` (a StateTotals is 24 doubles), in place.
    void operator()(const TensorTotals& t, StateTotals& out) const
    {
        double weights = 0, gradients = 0, master = 0, optimizer = 0, trainable = 0, updated = 0;
        for (int k = 0; k < 2; ++k) {
            weights += t.shard.weights[k] * weightShare_[k];
            gradients += t.shard.gradients[k] * gradientShare_[k];
            master += t.masterWeights[k] * stateShare_[k];
            optimizer += t.optimizerStates[k] * stateShare_[k];
            trainable += t.trainable[k];
            updated += t.trainable[k] * stateShare_[k];
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

int groupsWithPeers(const LedgerLayout& l)
{
    const std::array<int, 5> sizes{l.dp * l.cp, l.tp, l.pp, l.cp, l.ep};
    return static_cast<int>(std::count_if(sizes.begin(), sizes.end(), [](int size) { return size > 1; }));
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
    const std::int64_t global = s.training.globalBatch.value_or(s.training.microBatch * std::max(1, s.dataParallel()));
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
    out.tp = tp;
    out.ep = ep;
    const TensorAccountant accountant(s, tp, ep, shapeParameters);
    using Elements = TensorAccountant::Elements;
    Elements embedding, layer, moeBlock, denseMlp, final, tiedOutput;
    const bool summed = accountant.fromSums(inventory, {&embedding, &layer, &moeBlock, &denseMlp, &final, &tiedOutput});
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
    accountant.finish(embedding, out.embedding);
    accountant.finish(layer, out.layer);
    accountant.finish(final, out.final);
    // The other parts have groups only in mixture-of-experts models and with tied embeddings.
    if (s.model.moe.isMoe()) {
        accountant.finish(moeBlock, out.moeBlock);
        accountant.finish(denseMlp, out.denseMlp);
    }
    if (s.model.tiedEmbeddings)
        accountant.finish(tiedOutput, out.tiedOutput);
    return out;
}

LedgerStates ledgerStates(const Scenario& s, const LedgerTensors& tensors, const LedgerLayout& layout)
{
    LedgerStates out;
    ledgerStatesInto(s, tensors, layout, out);
    return out;
}

void ledgerStatesInto(const Scenario& s, const LedgerTensors& tensors, const LedgerLayout& layout, LedgerStates& out)
{
    const StateSharer share(layout);
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
    a.perLayer = storedLayerActivations(context, a.terms);
    a.workingSet = recomputeWorkingSet(context, a.terms);
    a.embeddingPerMicrobatch = embeddingActivations(context);
    a.outputPerMicrobatch = outputActivations(context);
    a.lossWorkingSet = lossBackwardWorkingSet(context);
    return a;
}

namespace {

// Sets every field of `g` (it may hold another stage's figures).
void stageMemoryInto(const Scenario& s, const LedgerLayout& l, const LedgerStates& parts, const LedgerActivations& acts,
                     int stage, GpuMemory& g)
{
    g.stage = stage;
    const int layersOnStage = l.layersOn(stage, s.model.layers);
    g.layersOnStage = layersOnStage;
    States states;
    states.add(parts.layer, layersOnStage);
    // The first k layers of a MoE model have a dense MLP in place of the MoE block; they sit at
    // the start of the first stage(s).
    const int dense = denseLayersOnStage(s, l, stage);
    if (dense > 0) {
        states.add(parts.moeBlock, -dense);
        states.add(parts.denseMlp, dense);
    }
    if (stage == 0)
        states.add(parts.embedding, 1.0);
    if (stage == l.pp - 1)
        states.add(parts.final, 1.0);
    g.device = states.device;
    g.host = states.host;
    g.params = states.params;
    g.trainableParams = states.trainable;
    g.updatedParams = states.updated;
    g.shard = states.shard;
    g.layerActivations = acts.perLayer;
    g.inflightPasses = inflightChunkPasses(l.pp, l.vpp, stage, l.microbatches);
    const double layersPerChunk = static_cast<double>(layersOnStage) / l.vpp;
    ActivationParts& ap = g.activationParts;
    ap.layers = static_cast<double>(g.inflightPasses) * storedActivationsOfLayers(acts.context, acts.terms, layersPerChunk);
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
