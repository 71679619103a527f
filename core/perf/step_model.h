#pragma once
#include <array>
#include <memory>
#include <cstdint>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "core/comm/collectives.h"
#include "core/comm/topology.h"
#include "core/common/diagnostics.h"
#include "core/hardware/gpu_spec.h"
#include "core/memory/memory_ledger.h"
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Why a collective runs. Its id is the "purpose" text of the JSON contract (comm_purpose.cpp).
enum class CommPurpose {
    Gradients,
    ExpertGradients,
    Parameters,
    ExpertParameters,
    ParametersForward,
    ParametersBackward,
    ExpertParametersForward,
    ExpertParametersBackward,
    Activations,
    ActivationsSequenceParallel,
    RoutedTokens,
    KeysAndValues,
    StageActivations,
};
template <> const EnumTable& enumTable<CommPurpose>();

// One kind of collective call in a training step, as the most loaded GPU sees it.
struct CollectiveCall {
    Collective collective = Collective::AllReduce;
    ParallelDim dimension = ParallelDim::DP;
    CommPurpose purpose = CommPurpose::Gradients;
    int ranks = 1;              // group size
    double bytes = 0;           // buffer size of one call, as nccl-tests counts it
    double wireBytes = 0;       // bytes one GPU sends for one call (ring algorithm)
    double calls = 0;           // calls per step
    double seconds = 0;         // all calls of the step
    double exposedSeconds = 0;  // the part not hidden behind compute
    bool crossesNodes = false;
};

// The collective calls of one step. A step has at most 14 kinds (an MoE model with tp, sp, ep, cp,
// pp and ZeRO-3), kept inline: the estimate allocates nothing for them (a heap vector's allocation
// and release were about 220 instructions of every estimate; docs/performance.md).
using CollectiveCalls = boost::container::small_vector<CollectiveCall, 14>;

// A step's figures without its collectives: what estimateStepInto clears before each layout.
struct StepTotals {
    std::array<double, 5> exposedByDimension{};  // indexed by ParallelDim
    double commSeconds = 0;            // all communication of the step (per GPU)
    double exposedCommSeconds = 0;
    double gemmSeconds = 0;            // the slowest stage's linear-layer GEMMs, all micro-batches
    double attentionSeconds = 0;       // its attention kernels
    double memoryBoundSeconds = 0;     // its memory-bound kernels (norms, softmax, activations, ...)
    double computeSeconds = 0;         // gemm + attention + memory-bound
    double optimizerSeconds = 0;       // the optimizer step (memory-bound)
    double bubbleSeconds = 0;          // pipeline fill and drain
    double stepSeconds = 0;
    double bubbleFraction = 0;         // (p - 1) / (v m): bubble time over ideal time
    double modelFlopsPerStep = 0;      // the whole job, forward + backward (no recomputation)
    double hardwareFlopsPerStep = 0;   // including recomputation
    double mfu = 0;                    // model FLOPs / (GPUs x peak x step time)
    double hfu = 0;                    // hardware FLOPs / (GPUs x peak x step time)
    double tokensPerSecond = 0;
    double trainSeconds = 0;           // to train PerfSpec::trainTokens tokens
    double gpuHours = 0;
    double peakFlops = 0;              // the peak MFU is measured against
    const char* peakFormat = "bf16";
    std::int64_t microbatches = 1;
};

struct StepEstimate : StepTotals {
    CollectiveCalls collectives;
};

// The step-time model (docs/model.md, "Step time"): compute from FLOPs and bytes at achievable
// fractions of peak, communication from an alpha-beta model of each collective on the real
// topology, overlap windows, the pipeline bubble and the optimizer step.
// `shapeParameters` is the inventory's parameter count (for the --params scaling).
StepEstimate estimateStep(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                          const GpuSpec& gpu, const LedgerLayout& layout, const GpuMemory& mostLoaded, Diagnostics& out);

// The kernels of one layer and of the output layer for one micro-batch, and the layer's forward
// FLOPs: they depend on tp, cp, ep, sequence parallelism and the micro-batch (and the scenario's
// model, recipe and GPU), not on pp, dp, the ZeRO stage or the recomputation policy, so a search
// computes them once for all layouts that share those (core/plan). Opaque outside core/perf.
struct StepKernels;
struct StepKernelsDeleter { void operator()(StepKernels* k) const; };
std::unique_ptr<StepKernels, StepKernelsDeleter> stepKernels(const Scenario& scenario, const ParameterInventory& inventory,
                                                             std::int64_t shapeParameters, const GpuSpec& gpu,
                                                             const LedgerLayout& layout);

// estimateStep into `r`, which must hold no figures yet: a new StepEstimate (the estimate's own) or
// one cleared with clearStep (the planner's, reused for each layout). The kernels are the ones
// given when not null (they must be stepKernels of the same scenario and layout), diagnostics
// come only when `out` is not null. estimateStep is this. `recipe`: recipeBytes(scenario.training)
// when the caller has made it (null: made here).
void clearStep(StepEstimate& r);
void estimateStepInto(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                      const GpuSpec& gpu, const LedgerLayout& layout, const GpuMemory& mostLoaded,
                      const StepKernels* kernels, StepEstimate& r, Diagnostics* out, const RecipeBytes* recipe = nullptr);

// A lower bound of the step time from compute alone: micro-batches plus the bubble, times one
// micro-batch's compute on the slowest stage (what estimateStep adds to it, exposed communication
// and the optimizer step, is never negative). The planner prunes with it.
double stepComputeLowerBound(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                             const GpuSpec& gpu, const LedgerLayout& layout, const GpuMemory& mostLoaded,
                             const StepKernels& kernels, const RecipeBytes* recipe = nullptr);

// The rank order's dimensions, innermost first (expert parallelism lives inside DP).
std::array<ParallelDim, 4> rankOrderDimensions(RankOrder order);

// Where the ranks of `layout` sit: its sizes, the GPUs per node and the scenario's rank order.
LayoutSizes layoutSizes(const Scenario& scenario, const LedgerLayout& layout);

// The GPU's dense peak for the format the GEMMs run in (bf16/fp16, fp32, fp8), after overrides.
double gemmPeak(const Scenario& scenario, const GpuSpec& gpu, const char** format);

} // namespace shardscope
