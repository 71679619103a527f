#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/precision/float_format.h"

namespace shardscope {

// The order in which N per-rank values are summed:
//  sequential  ((g0 + g1) + g2) + ...: one GPU accumulating micro-batches, or a naive all-reduce;
//  ring        NCCL's ring reduce-scatter: the chunk owned by rank j is summed g[j+1], g[j+2], ...,
//              g[j] (mod N), so the order rotates with the element's chunk;
//  tree        a balanced pairwise tree, as in NCCL's tree algorithm (and pairwise summation).
enum class ReductionOrder { Sequential, Ring, Tree };

// Sums `values` in `order`, every partial sum computed in fp32 and rounded to `accumulate`
// (NCCL reduces bf16 and fp16 this way: convert, add, convert back). `chunk` selects the ring's
// starting rank.
float reduceValues(const std::vector<float>& values, FloatFormat accumulate, ReductionOrder order, int chunk);

struct ReductionSpec {
    FloatFormat gradients = FloatFormat::Bf16;   // the format each rank's gradient arrives in
    int maxRanks = 4096;                         // N = 2, 4, ..., maxRanks
    int elements = 256;                          // gradient elements per trial
    double mean = 0.0;                           // per-rank gradients ~ normal(mean, spread)
    double spread = 1.0;
    std::uint64_t seed = 1;
};

struct ReductionPoint {
    int ranks = 0;
    // Relative RMS error of the reduced sum against the exact sum (Boost.Multiprecision),
    // for bf16 and fp32 accumulation, in sequential, ring and tree order.
    double bf16[3] = {0, 0, 0};
    double fp32[3] = {0, 0, 0};
};

// The experiment's work: rank values drawn, summed exactly and reduced six ways, elements x
// (2 + 4 + ... + maxRanks). checkReduction refuses more than kMaxReductionWork (about ten seconds
// of one core; docs/architecture.md, "Input limits").
inline constexpr double kMaxReductionWork = 1e8;
double reductionWork(const ReductionSpec& spec);

Diagnostics checkReduction(const ReductionSpec& spec);
// `keepGoing` (optional) is told the fraction done about every 1 % of the work; when it returns
// false the experiment stops and returns the points finished so far (an interrupt).
std::vector<ReductionPoint> reductionErrors(const ReductionSpec& spec, const std::function<bool(double)>& keepGoing = {});

const char* reductionOrderName(ReductionOrder order);

} // namespace shardscope
