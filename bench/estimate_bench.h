#pragma once
#include <vector>

#include "bench/bench_harness.h"

namespace shardscope::bench {

// One full estimate (checks, parameter inventory, ledger for single GPU and layout) for
// representative scenarios.
std::vector<Timing> estimateBenchmarks();

// `count` estimates of the article's scenario (or the GPT-3 one) and nothing else, for an
// instruction count under valgrind (scripts/count-instructions); returns a sum so that the
// compiler cannot drop the work.
double runEstimates(bool gpt3, long count);

} // namespace shardscope::bench
