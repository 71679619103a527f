#pragma once
#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Every reason a scenario cannot run as configured, as errors naming the field
// ("parallel.tp", "training.seq_len", ...), plus warnings for settings that are ignored.
// The divisibility rules are Megatron-LM's (megatron/training/arguments.py and
// megatron/core/parallel_state.py).
void checkScenario(const Scenario& scenario, Diagnostics& out);

} // namespace shardscope
