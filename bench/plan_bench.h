#pragma once
#include <vector>

#include "bench/bench_harness.h"

namespace shardscope::bench {

// The planner on Calculon's showcase (Megatron-Turing 530B on 5,120 A100s): one search on one
// thread and on every core, plus layouts per second of each (printed as extra lines).
std::vector<Timing> planBenchmarks();

} // namespace shardscope::bench
