#pragma once
#include <vector>

#include "bench/bench_harness.h"

namespace shardscope::bench {

// Emulated low-precision weight updates: time per update of a 10-million-step drift run
// (curve included) for each strategy, bf16 weights and the article's constant update.
std::vector<Timing> precisionBenchmarks();

} // namespace shardscope::bench
