#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/data/samplers.h"

namespace shardscope {

// The data command's JSON (docs/architecture.md, "data"): the contract's per_rank, duplicates,
// dropped, ranks (N <= 10,000) and manifest, and beside them the lists of duplicated and dropped
// samples, the seeds and the notes.
nlohmann::json dataToJson(const DataSpec& spec, const DataSharding& sharding);

// A 48-bit number that changes with any sample of any rank's reading order: the first 12 hex
// digits of SHA-256 over "rank R: s0,s1,...\n" for every rank (validation/engine_sampler.py
// computes the same from PyTorch's DistributedSampler).
std::int64_t orderDigest(const DataSharding& sharding);

} // namespace shardscope
