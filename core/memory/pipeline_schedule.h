#pragma once
#include <cstdint>

namespace shardscope {

// Forward passes whose activations pipeline stage `stage` (0-based) holds at its peak, each pass
// covering one model chunk (layers / (stages * virtualStages) layers).
// 1F1B (virtualStages == 1): stage s runs stages - s - 1 warm-up forwards before its first
// backward, so it holds stages - s passes (Narayanan et al. 2021, arXiv 2104.04473, §2.2.1;
// Megatron-LM megatron/core/pipeline_parallel/schedules.py, num_warmup_microbatches).
// Interleaved (virtualStages v > 1): (stages - s - 1) * 2 + (v - 1) * stages warm-up chunk
// forwards, plus the one in progress; for stage 0 this is the (1 + (p-1)/(p v)) factor of
// Korthikanti et al. 2022 (arXiv 2205.05198) §4.2.3. Never more than the step's micro-batches allow.
std::int64_t inflightChunkPasses(int stages, int virtualStages, int stage, std::int64_t microbatches);

// The interleaved schedule's warm-up chunk forwards on stage `stage` (the same
// num_warmup_microbatches, default microbatch group of `stages`), at most the step's
// microbatches * virtualStages chunk passes; its flush runs as many backward-only passes.
std::int64_t interleavedWarmupChunkPasses(int stages, int virtualStages, int stage, std::int64_t microbatches);

} // namespace shardscope
