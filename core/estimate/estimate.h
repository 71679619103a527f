#pragma once
#include <cstdint>

#include "core/common/diagnostics.h"
#include "core/memory/memory_ledger.h"
#include "core/ops/ops_model.h"
#include "core/perf/step_model.h"
#include "core/scenario/scenario.h"

namespace shardscope {

struct ModelSummary {
    std::int64_t params = 0;          // parameters the ledger accounts (exactly N with --params)
    std::int64_t activeParams = 0;    // parameters one token's forward pass uses (MoE: top-k experts)
    double paramsPerGpu = 0;          // the most loaded GPU's model shard (after TP, PP, EP)
    double trainableParams = 0;       // whole model (LoRA: the adapters)
    double stateBytesPerParam = 0;    // single-GPU model states / params: the article's 16 bytes
};

struct MemorySummary {
    GpuMemory singleGpu;        // the same training on one GPU: no parallelism, no ZeRO
    GpuMemory perGpu;           // the most loaded GPU of the configured layout
    double gpuCapacity = 0;     // bytes, from the GPU preset
    bool fits = false;
    bool singleGpuFits = false;
};

// Everything the GUI, the CLI and the benchmarks show comes from one of these.
struct Estimate {
    ModelSummary model;
    MemorySummary memory;
    StepEstimate step;          // communication, compute and step time of the configured layout
    OpsEstimate ops;            // checkpoints, failures and what they cost the run (core/ops)
    Diagnostics diagnostics;
    bool valid() const { return !hasErrors(diagnostics); }
};

// The core facade: scenario in, estimate out. Never throws for bad input; impossible layouts
// become error diagnostics (numbers are still computed, with uneven splits rounded up).
Estimate estimate(const Scenario& scenario);

} // namespace shardscope
