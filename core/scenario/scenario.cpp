#include "core/scenario/scenario.h"

#include <cstdint>

#include "core/model/params_family.h"

namespace shardscope {

int Scenario::dataParallel() const
{
    if (parallel.dp)
        return *parallel.dp;
    // In 64 bits: tp, pp and cp are each at most 2^16, so their product overflows an int
    // (tp = pp = 65536; found by fuzz/fuzz_scenario.cpp, kept in fuzz/regressions/scenario).
    const std::int64_t modelParallel = std::int64_t{parallel.tp} * parallel.pp * parallel.cp;
    return modelParallel > 0 && parallel.gpus % modelParallel == 0 ? static_cast<int>(parallel.gpus / modelParallel) : 0;
}

Scenario defaultScenario()
{
    Scenario s;
    s.model = shapeForParameterCount(7'000'000'000);
    // Llama 2's batch: 4M tokens per step (Touvron et al. 2023, §2.2), 1024 sequences of 4096.
    s.training.globalBatch = 1024;
    return s;
}

} // namespace shardscope
