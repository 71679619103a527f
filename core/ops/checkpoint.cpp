#include "core/ops/checkpoint.h"

#include <algorithm>
#include <cmath>

#include "core/common/translatable.h"
#include "core/memory/precision_recipe.h"

namespace shardscope {
namespace {

constexpr EnumChoice kStates[] = {
    {int(CheckpointState::Weights), "weights", SHARDSCOPE_TR_NOOP("UiText", "weights"),
     SHARDSCOPE_TR_NOOP("UiText", "the trained weights as the model stores them (adapters only for LoRA and QLoRA)")},
    {int(CheckpointState::MasterWeights), "master_weights", SHARDSCOPE_TR_NOOP("UiText", "fp32 master weights"),
     SHARDSCOPE_TR_NOOP("UiText", "the fp32 copy mixed precision updates")},
    {int(CheckpointState::OptimizerStates), "optimizer_states", SHARDSCOPE_TR_NOOP("UiText", "optimizer states"),
     SHARDSCOPE_TR_NOOP("UiText", "the optimizer's moments (AdamW: two per parameter)")},
    {int(CheckpointState::StepCounters), "step_counters", SHARDSCOPE_TR_NOOP("UiText", "step counters"),
     SHARDSCOPE_TR_NOOP("UiText", "AdamW's step count, one fp32 scalar per parameter tensor (torch.optim)")},
    {int(CheckpointState::RngState), "rng_state", SHARDSCOPE_TR_NOOP("UiText", "random number generators"),
     SHARDSCOPE_TR_NOOP("UiText", "CPU and GPU generator states of every rank, so dropout and sampling resume exactly")},
    {int(CheckpointState::DataLoader), "data_loader", SHARDSCOPE_TR_NOOP("UiText", "data-loader position"),
     SHARDSCOPE_TR_NOOP("UiText", "iteration, epoch and samples consumed, so no sample is seen twice")},
    {int(CheckpointState::Gradients), "gradients", SHARDSCOPE_TR_NOOP("UiText", "gradients (not saved)"),
     SHARDSCOPE_TR_NOOP("UiText", "consumed by the optimizer step before the checkpoint; never saved")},
};

std::size_t at(CheckpointState state) { return static_cast<std::size_t>(state); }

// The saved states of the whole job or of one rank, stored in `to` (gradients are not saved) and
// summed from the arguments: adding up what was just stored read every entry back (the array and
// the sum are doubles of one object).
[[gnu::always_inline]] inline double storeStates(std::array<double, kCheckpointStates>& to, double weights, double master, double optimizer,
                   double counters, double rng, double loader)
{
    using enum CheckpointState;
    to[at(Weights)] = weights;
    to[at(MasterWeights)] = master;
    to[at(OptimizerStates)] = optimizer;
    to[at(StepCounters)] = counters;
    to[at(RngState)] = rng;
    to[at(DataLoader)] = loader;
    return weights + master + optimizer + counters + rng + loader;
}

// Parameter tensors that carry optimizer state, in the whole model and on one GPU holding `layers`
// layers (and the embedding when `first`, the final norm and output layer when `last`): with full
// fine-tuning every tensor, as the inventory counted them; LoRA trains two adapter matrices (A and
// B) per target projection, counted in one pass over the inventory. torch.optim keeps one step
// counter per such tensor.
struct TensorCounts {
    double whole = 0;
    double rank = 0;
};

TensorCounts trainableTensorCounts(const Scenario& s, const ParameterInventory& inventory, int ep, int layers, bool first, bool last)
{
    TensorCounts counts;
    if (s.training.finetune == FineTune::Full) {  // every tensor: the inventory counted them as it was built
        counts.whole = static_cast<double>(inventory.tensors());
        // A GPU with every layer, both ends and every expert (no pipeline, no expert parallelism)
        // holds them all: the same count, without counting again.
        const bool whole = first && last && ep == 1 && layers == s.model.layers;
        counts.rank = whole ? counts.whole : static_cast<double>(inventory.tensorsOn(layers, first, last, ep));
        return counts;
    }
    const double modelLayers = static_cast<double>(s.model.layers);
    for (const TensorGroup& g : inventory.groups()) {
        if ((g.projection & s.training.loraTargets) == 0)
            continue;
        const double per = 2.0;  // tensors per place the group appears: the adapter's A and B
        double whole = 0;
        double here = 0;
        switch (g.placement) {
        case Placement::Layer:
            whole = modelLayers;
            here = layers;
            break;
        // The dense MLP of a MoE model's first k layers: counted as the MoE block it replaces (a
        // few 4-byte step counters either way).
        case Placement::DenseLayer: break;
        case Placement::Embedding:
            whole = 1;
            here = first ? 1 : 0;
            break;
        case Placement::FinalNorm:
        case Placement::Output:
            whole = 1;
            here = last ? 1 : 0;
            break;
        }
        counts.whole += per * static_cast<double>(g.copies) * whole;
        counts.rank += per * static_cast<double>(g.expert ? (g.copies + ep - 1) / ep : g.copies) * here;
    }
    return counts;
}

} // namespace

template <> const EnumTable& enumTable<CheckpointState>() { static const EnumTable t{"checkpoint_state", kStates}; return t; }

// torch.optim.AdamW (torch/optim/adamw.py): state['step'] = torch.tensor(0.), a 0-dimensional fp32
// tensor per parameter tensor (measured: validation/engine_checkpoint.py). torch.optim.SGD keeps
// only its momentum_buffer; the other optimizers' reference implementations keep their step as a
// Python integer (bitsandbytes, KellerJordan/Muon, transformers' Adafactor) or none (Lion), a few
// pickled bytes that are not counted.
double stepCounterBytesPerTensor(Optimizer optimizer) { return optimizer == Optimizer::AdamW ? 4.0 : 0.0; }

// torch.get_rng_state() is the CPU Mersenne Twister's 5,056-byte state; torch.cuda.get_rng_state()
// 16 bytes, the Philox seed and offset (aten/src/ATen/cuda/CUDAGeneratorImpl.cpp, get_state).
// Megatron-LM saves both per rank (megatron/training/checkpointing.py, get_rng_state), beside
// Python's and NumPy's generators, which are pickled objects rather than tensors.
double rngStateBytesPerRank() { return 5056.0 + 16.0; }

// Iteration, epoch and consumed samples as 64-bit integers (Megatron-LM saves iteration and
// args.consumed_train_samples; a stateful sampler saves its epoch and position).
double dataLoaderBytesPerRank() { return 3.0 * 8.0; }

void checkpointSizeInto(const Scenario& s, const ParameterInventory& inventory, const LedgerLayout& layout,
                        const GpuMemory& single, const GpuMemory& rank, CheckpointSize& c)
{
    // Weights are saved in the dtype the model keeps them (bf16 for mixed precision, never the fp8
    // cast of fp8 training); frozen weights (LoRA and QLoRA bases) are not saved: the checkpoint
    // holds the adapters, as PEFT's save_pretrained does.
    const RecipeBytes recipe = recipeBytes(s.training.precision, s.training.gradDtype.value_or(defaultGradDtype(s.training.precision)));
    const int gpus = s.parallel.gpus;  // at least 1 (its field range, checked before any estimate)

    // The whole job, each tensor once: PyTorch DCP deduplicates replicated tensors (torch/distributed/
    // checkpoint/_dedup_save_plans.py) and Megatron's torch_dist format saves only the main replica.
    const bool first = rank.stage == 0;
    const bool last = rank.stage == layout.pp - 1;
    const TensorCounts tensors = trainableTensorCounts(s, inventory, layout.ep, rank.layersOnStage, first, last);
    c.trainableTensors = tensors.whole;
    const double totalWeights = single.trainableParams * recipe.weight;
    const double totalMaster = single.device.masterWeights + single.host.masterWeights;
    const double totalOptimizer = single.device.optimizerStates + single.host.optimizerStates;
    const double totalCounters = stepCounterBytesPerTensor(s.training.optimizer) * c.trainableTensors;
    c.bytes = storeStates(c.total, totalWeights, totalMaster, totalOptimizer, totalCounters, rngStateBytesPerRank() * gpus,
                          dataLoaderBytesPerRank() * gpus);

    // The most loaded rank is data-parallel rank 0 of its model-parallel group: below ZeRO-3 it
    // writes the model shard's weights for all replicas (Megatron-LM's mp_rank_XX files, DeepSpeed's
    // mp_rank_XX_model_states.pt); the ZeRO shards of master weights and moments are the ledger's
    // (DeepSpeed's zero_pp_rank_N_mp_rank_XX_optim_states.pt, Megatron's distrib_optim.pt).
    const bool zero3 = layout.zero >= 3;
    const double share = layout.zero >= 1 && rank.trainableParams > 0 ? rank.updatedParams / rank.trainableParams : 1.0;
    const double rankWeights = (zero3 ? rank.updatedParams : rank.trainableParams) * recipe.weight;
    const double rankMaster = rank.device.masterWeights + rank.host.masterWeights;
    const double rankOptimizer = rank.device.optimizerStates + rank.host.optimizerStates;
    const double rankCounters = stepCounterBytesPerTensor(s.training.optimizer) * share * tensors.rank;
    const double rankRng = rngStateBytesPerRank();
    const double rankLoader = dataLoaderBytesPerRank();
    c.bytesPerRankMax = storeStates(c.rank, rankWeights, rankMaster, rankOptimizer, rankCounters, rankRng, rankLoader);

    // The busiest node (the first: it holds stage 0). Ranks are ordered tp, cp, dp, pp (Megatron-LM),
    // so of its ranks those with data-parallel index 0 (the first tp of each stage's block of
    // tp x cp x dp) write the replicated states; every rank writes its ZeRO shards and small states.
    const int perNode = std::min(s.cluster.gpusPerNode, gpus);  // both at least 1
    // In 64 bits: an invalid layout (each degree within its range) is still costed, and the
    // product of three degrees can pass 2^31.
    const std::int64_t stageBlock = std::int64_t{layout.tp} * layout.cp * layout.dp;  // each degree at least 1
    const std::int64_t tp = layout.tp;
    const std::int64_t fullStages = perNode / stageBlock;
    const double replicaWriters = static_cast<double>(fullStages * tp + std::min<std::int64_t>(tp, perNode - fullStages * stageBlock));
    const double optimizerSide = rankMaster + rankOptimizer + rankCounters;
    const double replicated = (zero3 ? 0.0 : rankWeights) + (layout.zero == 0 ? optimizerSide : 0.0);
    const double sharded = (zero3 ? rankWeights : 0.0) + (layout.zero >= 1 ? optimizerSide : 0.0) + rankRng + rankLoader;
    c.bytesPerNodeMax = std::min(c.bytes, replicaWriters * replicated + perNode * sharded);
}

} // namespace shardscope
