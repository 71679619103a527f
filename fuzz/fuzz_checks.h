#pragma once
// What every fuzz target asserts of an estimate: a scenario the readers accept gives finite,
// non-negative numbers (issue 16). A violation aborts, which libFuzzer reports as a finding.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include "core/estimate/estimate.h"

namespace shardscope::fuzz {

inline void require(bool condition, const char* what)
{
    if (!condition) {
        std::fprintf(stderr, "fuzz finding: %s\n", what);
        std::abort();
    }
}

inline void checkEstimate(const Scenario& scenario)
{
    const Estimate e = estimate(scenario);
    if (!e.valid())
        return;
    const GpuMemory& g = e.memory.perGpu;
    for (double v : {g.device.weights, g.device.gradients, g.device.masterWeights, g.device.optimizerStates,
                     g.device.activations, g.device.overhead, g.host.total(), e.memory.singleGpu.device.total(),
                     e.step.stepSeconds, e.step.tokensPerSecond, e.step.mfu})
        require(std::isfinite(v) && v >= 0, "an estimate holds a negative, NaN or infinite number");
}

} // namespace shardscope::fuzz
