#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/common/enum_table.h"

// Data sharding (docs/model.md, "Data sharding and seeds"): how N samples fall on R
// data-parallel ranks, under PyTorch's DistributedSampler (torch/utils/data/distributed.py) or
// Megatron-LM's pretraining samplers (megatron/legacy/data/data_samplers.py, core_v0.15.0).
namespace shardscope {

enum class SamplerKind { PyTorch, Megatron };
template <> const EnumTable& enumTable<SamplerKind>();

struct DataSpec {
    std::int64_t samples = 1;         // N, the dataset's length
    int ranks = 1;                    // R, the data-parallel size
    bool dropLast = false;            // PyTorch: drop the tail instead of padding
    bool shuffle = false;             // PyTorch: randperm(seed + epoch); Megatron: the cyclic sampler
    std::uint64_t seed = 0;
    std::int64_t epoch = 0;           // PyTorch: set_epoch
    SamplerKind sampler = SamplerKind::PyTorch;
    std::int64_t microBatch = 1;      // Megatron: micro-batch per rank
    std::int64_t consumed = 0;        // Megatron: samples consumed before (a resume)
    std::optional<int> resumeRanks;   // Megatron: the dp that consumed them, when it changed
    int tp = 1;                       // for the seeds
    int pp = 1;
};

// Where one sample read by a rank comes from.
struct RankRead {
    std::int64_t sample = 0;     // the dataset index
    bool duplicate = false;      // a padding repeat (PyTorch without drop_last)
};

// Seeds one rank uses under Megatron-LM (megatron/training/initialize.py _set_random_seed and
// megatron/core/tensor_parallel/random.py model_parallel_cuda_manual_seed, core_v0.15.0).
struct RankSeeds {
    int rank = 0;                // global rank, Megatron's default order tp-cp-ep-dp-pp
    int tpRank = 0, dpRank = 0, ppRank = 0;
    std::uint64_t base = 0;      // python, numpy and torch: seed + 100 x pp rank
    std::uint64_t tensorParallel = 0;  // the CUDA RNG of tensor-parallel regions (dropout): base + 2718 + tp rank
};

struct DataSharding {
    std::int64_t perRank = 0;        // samples each rank reads this epoch (PyTorch: num_samples)
    std::int64_t totalSize = 0;      // perRank x ranks (PyTorch: total_size)
    std::int64_t duplicates = 0;     // samples read twice (padding)
    std::int64_t dropped = 0;        // samples no rank reads this epoch
    std::int64_t epoch = 0;          // Megatron's cyclic sampler derives it from consumed
    std::uint64_t shuffleSeed = 0;   // the generator seed of the permutation (PyTorch: seed + epoch)
    bool listed = false;             // the lists below are filled (N <= kListLimit)
    std::vector<std::vector<RankRead>> ranks;   // in the order each rank reads
    std::vector<std::int64_t> droppedSamples;
    std::vector<std::int64_t> duplicateSamples;
    std::vector<RankSeeds> seeds;    // at most kSeedLimit ranks
    std::string manifestText;        // what the manifest hash covers
    std::string manifest;            // SHA-256 of manifestText, hex
    Diagnostics notes;               // what a user should know (padding, drops, resume)
};

inline constexpr std::int64_t kListLimit = 10000;
inline constexpr int kSeedLimit = 64;

// Problems with the spec (each naming its flag's field: "data.samples", ...).
Diagnostics checkDataSpec(const DataSpec& spec);

DataSharding shardData(const DataSpec& spec);

} // namespace shardscope
