#pragma once
#include "core/common/diagnostics.h"
#include "core/memory/memory_ledger.h"
#include "core/perf/step_model.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Layouts that are legal but almost never meant (issue 17), each said with the number that shows
// why and the one flag that fixes it: ZeRO-2/3 with pipeline parallelism and many micro-batches,
// micro-batch 1 with many accumulation steps under ZeRO-3, and a global batch too small to fill
// the pipeline. (Tensor parallelism across nodes: reportTensorParallelPlacement, placement.h.)
void adviseLayout(const Scenario& scenario, const LedgerLayout& layout, const StepEstimate& step, Diagnostics& out);

} // namespace shardscope
