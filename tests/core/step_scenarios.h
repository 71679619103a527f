#pragma once
// What the step-time and communication tests (tst_comm, tst_data_parallel_traffic,
// tst_moe_traffic) start from and measure.
#include "core/estimate/estimate.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario.h"

namespace shardscope::test {

// The article's training and cluster with the preset's model and the default layout (64 GPUs, ZeRO-3).
inline Scenario presetScenario(const char* id)
{
    Scenario s = defaultScenario();
    s.model = standardModelPresets().find(id)->spec;
    s.modelId = id;
    s.parallel = ParallelSpec{};
    return s;
}

// Wire bytes per step of the collectives of one dimension (one GPU).
inline double wirePerStep(const Estimate& e, ParallelDim dimension)
{
    double total = 0;
    for (const CollectiveCall& c : e.step.collectives) {
        if (c.dimension == dimension)
            total += c.wireBytes * c.calls;
    }
    return total;
}

} // namespace shardscope::test
