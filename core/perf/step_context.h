#pragma once
#include "core/comm/topology.h"
#include "core/hardware/gpu_spec.h"
#include "core/memory/memory_ledger.h"
#include "core/memory/precision_recipe.h"
#include "core/perf/flops.h"
#include "core/perf/gemm_model.h"
#include "core/perf/step_model.h"

// The step-time model's internals, shared by its named steps (step_compute.cpp,
// step_traffic.cpp, step_model.cpp). Not for use outside core/perf.
namespace shardscope::step {

// Everything the steps of one estimate share, computed once.
struct Context {
    const Scenario& s;
    const ParameterInventory& inventory;
    const GpuSpec& gpu;
    const LedgerLayout& layout;
    const GpuMemory& mostLoaded;
    RecipeBytes recipe;
    double microbatches = 1;  // per optimizer step, on each pipeline
    double seq = 0;
    double tokens = 0;        // this GPU's tokens per micro-batch (after context parallelism)
    double layers = 0;        // layers on the slowest stage (the one whose time sets the pipeline's pace)
    double lastStageLayers = 0;  // layers on the last stage, which also runs the output layer and the loss
    double scale = 1;         // exactParams / the shape's parameters (--params)
    double memoryRate = 0;    // achieved HBM bytes/s
    double actBytes = 2;      // bytes per activation element on the wire
    double refwd = 0;         // 1 with full recomputation: the forward's traffic repeats
    LayoutSizes sizes{};
    LinkParameters links{};
    // GEMMs in the 16-bit compute type (fp32 when training in fp32): attention's, LoRA adapters',
    // the output layer's and, but for fp8 recipes, the linear layers'. Made once per estimate.
    GemmDevice highPrecision{};
};

// `recipe`: recipeBytes(s.training) when the caller has it (null: made here).
Context makeContext(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                    const GpuSpec& gpu, const LedgerLayout& layout, const GpuMemory& mostLoaded,
                    const RecipeBytes* recipe = nullptr);

// Compute of one micro-batch on the slowest (last) stage.
struct ComputeTimes {
    double stageGemm = 0;        // seconds of linear-layer GEMMs (the output layer's included)
    double stageAttention = 0;   // seconds of attention kernels
    double stageMemory = 0;      // seconds of memory-bound kernels
    double forward = 0;          // of the total, the forward pass
    double backward = 0;         // and the backward pass, recomputation included
    double attentionForward = 0; // the forward attention kernels (what hides context-parallel traffic)
    double total() const { return stageGemm + stageAttention + stageMemory; }
};
ComputeTimes computePerMicrobatch(const Context& c);

// computePerMicrobatch with the kernel times already known (kernel_times.h).
struct LayerKernelTimes;
struct OutputKernelTimes;
ComputeTimes computePerMicrobatch(const Context& c, const LayerKernelTimes& layer, const OutputKernelTimes& output);

// Adds one collective to the step and returns its index in r.collectives. `link`: the group's
// link when the caller has found it already (the data-parallel collectives share one).
std::size_t addCollective(const Context& c, StepEstimate& r, Collective collective, ParallelDim dimension,
                          CommPurpose purpose, int ranks, double bytes, double calls, const Link* link = nullptr);

// Tensor, expert, context and pipeline parallelism: their collectives, and the exposed seconds
// they add to each micro-batch.
double modelParallelTraffic(const Context& c, const ComputeTimes& compute, StepEstimate& r);

// Data parallelism with the ZeRO stage: its collectives, hidden behind compute up to their
// overlap windows; returns the exposed seconds per step.
double dataParallelTraffic(const Context& c, const ComputeTimes& compute, StepEstimate& r);

} // namespace shardscope::step
