#pragma once
#include <array>
#include <cstdint>
#include <vector>

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

struct StepEstimate {
    std::vector<CollectiveCall> collectives;
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

// The step-time model (docs/model.md, "Step time"): compute from FLOPs and bytes at achievable
// fractions of peak, communication from an alpha-beta model of each collective on the real
// topology, overlap windows, the pipeline bubble and the optimizer step.
// `shapeParameters` is the inventory's parameter count (for the --params scaling).
StepEstimate estimateStep(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                          const GpuSpec& gpu, const LedgerLayout& layout, const GpuMemory& mostLoaded, Diagnostics& out);

// The rank order's dimensions, innermost first (expert parallelism lives inside DP).
std::array<ParallelDim, 4> rankOrderDimensions(RankOrder order);

// Where the ranks of `layout` sit: its sizes, the GPUs per node and the scenario's rank order.
LayoutSizes layoutSizes(const Scenario& scenario, const LedgerLayout& layout);

// The GPU's dense peak for the format the GEMMs run in (bf16/fp16, fp32, fp8), after overrides.
double gemmPeak(const Scenario& scenario, const GpuSpec& gpu, const char** format);

} // namespace shardscope
