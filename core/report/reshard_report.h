#pragma once
#include <nlohmann/json.hpp>

#include "core/reshard/transfer_plan.h"

namespace shardscope {

// The reshard command's JSON (docs/architecture.md, "reshard"): padded_vocab, tensors (name,
// global_shape, kind, split_dim, notes, and the rows each target tensor-parallel rank holds),
// transfers (to_rank, from_rank, bytes), bytes_moved and pitfalls, with the layouts and stage maps.
nlohmann::json reshardToJson(const ReshardPlan& plan);

} // namespace shardscope
