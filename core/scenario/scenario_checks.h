#pragma once
#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

namespace shardscope {

struct GpuSpec;

// Every reason a scenario cannot run as configured, as errors naming the field
// ("parallel.tp", "training.seq_len", ...), plus warnings for settings that are ignored.
// The divisibility rules are Megatron-LM's (megatron/training/arguments.py and
// megatron/core/parallel_state.py).
// Returns false when a field is outside its range (the field table): then nothing about the
// scenario can be computed safely (sizes multiply), and the relational rules were not checked.
// `gpu`, when given, receives the GPU preset the checks looked up (null when it is unknown), so
// that the estimate does not look it up again.
bool checkScenario(const Scenario& scenario, Diagnostics& out, const GpuSpec** gpu = nullptr);

} // namespace shardscope
