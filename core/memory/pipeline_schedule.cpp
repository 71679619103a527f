#include "core/memory/pipeline_schedule.h"

#include <algorithm>

namespace shardscope {

std::int64_t inflightChunkPasses(int stages, int virtualStages, int stage, std::int64_t microbatches)
{
    if (stages <= 1 && virtualStages <= 1)  // no pipeline: the one stage holds one micro-batch's activations
        return 1;
    const std::int64_t p = std::max(1, stages);
    const std::int64_t v = std::max(1, virtualStages);
    const std::int64_t s = std::clamp<std::int64_t>(stage, 0, p - 1);
    const std::int64_t m = std::max<std::int64_t>(1, microbatches);
    if (v == 1)
        return std::min(p - s, m);
    return std::min(interleavedWarmupChunkPasses(stages, virtualStages, stage, microbatches) + 1, m * v);
}

std::int64_t interleavedWarmupChunkPasses(int stages, int virtualStages, int stage, std::int64_t microbatches)
{
    const std::int64_t p = std::max(1, stages);
    const std::int64_t v = std::max(1, virtualStages);
    const std::int64_t s = std::clamp<std::int64_t>(stage, 0, p - 1);
    const std::int64_t m = std::max<std::int64_t>(1, microbatches);
    return std::min((p - s - 1) * 2 + (v - 1) * p, m * v);
}

} // namespace shardscope
