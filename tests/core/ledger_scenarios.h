#pragma once
// Scenarios the memory-ledger tests start from (tst_memory_ledger, tst_ledger_pipeline).
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario.h"

namespace shardscope::test {

// The article's scenario on one GPU without ZeRO, with the preset's model when `presetId` is not null.
inline Scenario singleGpu(const char* presetId)
{
    Scenario s = defaultScenario();
    if (presetId != nullptr) {
        s.model = standardModelPresets().find(presetId)->spec;
        s.modelId = presetId;
    }
    s.parallel = ParallelSpec{};
    s.parallel.gpus = 1;
    s.parallel.zero = 0;
    return s;
}

} // namespace shardscope::test
