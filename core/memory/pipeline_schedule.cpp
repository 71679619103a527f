#include "core/memory/pipeline_schedule.h"

#include <algorithm>

namespace shardscope {

std::int64_t inflightChunkPasses(int stages, int virtualStages, int stage, std::int64_t microbatches)
{
    const std::int64_t p = std::max(1, stages);
    const std::int64_t v = std::max(1, virtualStages);
    const std::int64_t s = std::clamp<std::int64_t>(stage, 0, p - 1);
    const std::int64_t m = std::max<std::int64_t>(1, microbatches);
    if (v == 1)
        return std::min(p - s, m);
    const std::int64_t warmup = (p - s - 1) * 2 + (v - 1) * p;
    return std::min(warmup + 1, m * v);
}

} // namespace shardscope
