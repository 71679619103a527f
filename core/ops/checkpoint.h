#pragma once
#include <array>
#include <cstddef>

#include "core/common/enum_table.h"
#include "core/memory/memory_ledger.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

// What a training checkpoint holds and how many bytes each rank writes (docs/model.md,
// "Operations at scale"). Built from the memory ledger's per-GPU states, so it follows every
// precision recipe, optimizer, ZeRO stage, offload, LoRA/QLoRA and parallel layout the ledger does.
namespace shardscope {

// The states of a checkpoint. Gradients are listed to say they are not saved: a checkpoint is
// taken between optimizer steps, when the gradients have been consumed.
enum class CheckpointState { Weights, MasterWeights, OptimizerStates, StepCounters, RngState, DataLoader, Gradients };
inline constexpr std::size_t kCheckpointStates = 7;
template <> const EnumTable& enumTable<CheckpointState>();

struct CheckpointSize {
    std::array<double, kCheckpointStates> total{};  // the whole job's checkpoint, each tensor once
    std::array<double, kCheckpointStates> rank{};   // what the most loaded rank writes
    double bytes = 0;            // sum of total
    double bytesPerRankMax = 0;  // sum of rank
    double bytesPerNodeMax = 0;  // what the busiest node's ranks write
    double trainableTensors = 0; // parameter tensors with optimizer state, whole model
};

// Bytes per rank of the states that do not scale with the model (their sources in checkpoint.cpp).
double stepCounterBytesPerTensor(Optimizer optimizer);
double rngStateBytesPerRank();
double dataLoaderBytesPerRank();

// `single` is the ledger of the same training on one GPU (the whole model, no ZeRO); `rank` is the
// layout's most loaded GPU. No allocation: this runs inside every estimate.
// Written into `c`, which must be new (all zero): the estimator fills its result in place.
void checkpointSizeInto(const Scenario& scenario, const ParameterInventory& inventory, const LedgerLayout& layout,
                        const GpuMemory& single, const GpuMemory& rank, CheckpointSize& c);

} // namespace shardscope
