#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

// The planner's inputs and outputs (docs/model.md, "The planner"): which layouts of a training
// run can run on a given number of GPUs, and which is best for an objective.
namespace shardscope {

enum class PlanObjective { Throughput, TimeToTrain, MemoryHeadroom, Cost };

// Why a layout of the search space cannot run, in the order the planner checks them: the engines'
// rules first (Megatron-LM's argument checks and core/scenario/scenario_checks.cpp), then the
// memory fit. A layout is counted once, under the first rule it breaks.
enum class PlanRule {
    TpDivides,           // tp must divide the heads, KV groups, FFN (and expert FFN) widths
    CpSequence,          // the sequence must split into 2 x cp chunks
    EpExperts,           // ep must divide the experts (and needs a MoE model)
    SequenceParallelTp,  // sequence parallelism needs tp > 1 (with tp 1 it is the same layout)
    GpuProduct,          // tp x cp x pp must divide the GPU count (dp is the quotient)
    PpLayers,            // the layers must split over pp stages
    EpDataParallel,      // ep must divide dp x cp
    GlobalBatch,         // the global batch must be a multiple of micro-batch x dp
    ZeroWithoutDp,       // a ZeRO stage shards over dp x cp ranks: with one rank it is ZeRO-0
    OffloadZero,         // optimizer offload needs ZeRO >= 1, parameter offload ZeRO-3
    VppSchedule,         // interleaving needs pp > 1, stage layers divisible by vpp, micro-batches by pp
    Memory,              // the most loaded GPU needs more than the GPU holds
    Count
};
inline constexpr std::size_t kPlanRuleCount = static_cast<std::size_t>(PlanRule::Count);

// Constraints: a fixed value pins that dimension, a max bounds it. Unset: searched.
struct PlanConstraints {
    std::optional<int> dp, tp, pp, cp, ep, vpp, zero;
    std::optional<bool> sequenceParallel;
    std::optional<Recompute> recompute;
    std::optional<std::int64_t> microBatch;
    std::optional<Offload> offload;
    int maxTp = 0, maxPp = 0, maxCp = 0, maxEp = 0;  // 0: no bound
    bool allowOffload = false;  // offload is searched only when asked (the contract)
};

struct PlanRequest {
    Scenario base;          // model, training, cluster and the GPU count; its layout is replaced
    PlanConstraints constraints;
    PlanObjective objective = PlanObjective::Throughput;
    int top = 10;
    bool prune = true;      // skip the step model where a bound proves a layout cannot be shown
    int threads = 1;        // 0: every core
    // A range of GPU counts: base.parallel.gpus, then every multiple of the node size up to this
    // (0: the one count). Each count is its own space; the answers are merged.
    int maxGpus = 0;
    bool keepPoints = false;  // keep every feasible layout's (memory, tokens/s) for a scatter (no pruning)
    // Tests: called with each feasible layout (only when threads is 1).
    void (*onFeasible)(const struct PlanLayout&, void* context) = nullptr;
    void* onFeasibleContext = nullptr;
};

struct PlanLayout {
    int gpus = 1, dp = 1, tp = 1, pp = 1, cp = 1, ep = 1, vpp = 1, zero = 0;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    std::int64_t microBatch = 1;
    Offload offload = Offload::None;
    bool baseSplit = false;  // the scenario's own pipeline stage split (else Megatron-LM's default)
    bool operator==(const PlanLayout&) const = default;
};

struct Plan {
    PlanLayout layout;
    double memoryPerGpu = 0;   // bytes on the most loaded GPU
    bool fits = true;
    double stepSeconds = 0, mfu = 0, tokensPerSecond = 0, days = 0, gpuHours = 0, bubbleFraction = 0;
    std::uint64_t order = 0;   // position in the enumeration: ties keep the first
};

// One feasible layout for the scatter: where it sits and its strategy family.
struct PlanPoint {
    float memoryPerGpu = 0;
    float tokensPerSecond = 0;
    std::uint8_t family = 0;  // planFamily()
};

struct PlanResult {
    std::uint64_t searched = 0;   // layouts of the space, every one decided by a rule or evaluated
    std::uint64_t feasible = 0;   // pass every rule and fit in memory
    std::uint64_t evaluated = 0;  // memory computed (passed the engine rules)
    std::uint64_t stepModelled = 0;  // of the feasible, the step model run (the rest pruned by bound)
    double seconds = 0;
    int threads = 1;
    std::array<std::uint64_t, kPlanRuleCount> rejected{};
    std::vector<Plan> plans;   // best first, at most `top`
    std::vector<Plan> pareto;  // memory per GPU against tokens/s, lowest memory first
    std::vector<PlanPoint> points;  // keepPoints only
    Diagnostics diagnostics;
};

} // namespace shardscope
