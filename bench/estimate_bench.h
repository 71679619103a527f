#pragma once
#include <vector>

#include "bench/bench_harness.h"

namespace shardscope::bench {

// One full estimate (checks, parameter inventory, ledger for single GPU and layout) for
// representative scenarios.
std::vector<Timing> estimateBenchmarks();

} // namespace shardscope::bench
