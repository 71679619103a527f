#pragma once
#include <cstdint>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/reshard/reshard_layout.h"
#include "core/reshard/stage_map.h"
#include "core/reshard/tensor_map.h"
#include "core/scenario/scenario.h"

// A checkpoint moved from one layout to another (docs/model.md, "Checkpoint resharding"): every
// tensor's placement in both, the bytes each target rank reads from each source rank, and the
// pitfalls of this model and these two layouts.
namespace shardscope {

struct Transfer {
    int toRank = 0;
    int fromRank = 0;
    double weightBytes = 0;     // model weights, in the recipe's weight dtype
    double optimizerBytes = 0;  // fp32 master weights and optimizer moments
    double bytes() const { return weightBytes + optimizerBytes; }
};

// One rank of either layout.
struct RankPlace {
    int rank = 0;
    int tp = 0, dp = 0, pp = 0, ep = 0;
    double bytes = 0;  // bytes read from it (source) or by it (target)
};

struct ReshardPlan {
    ReshardLayout from, to;
    std::int64_t paddedVocabFrom = 0, paddedVocabTo = 0;
    StageMap stagesFrom, stagesTo;
    std::vector<ReshardTensor> tensors;   // in the target layout (its padded vocabulary)
    std::vector<Transfer> transfers;      // every (target, source) pair with bytes, by target then source
    std::vector<RankPlace> sources, targets;
    double bytesMoved = 0;                // all bytes the target ranks read
    double bytesSameRank = 0;             // of which a rank reads from the same rank number
    double weightBytesPerElement = 2;
    double stateBytesPerElement = 12;     // average over the tensors (master + moments)
    Diagnostics pitfalls;                 // warnings and notes; errors mean no plan
    bool valid() const { return !hasErrors(pitfalls); }
};

ReshardPlan planReshard(const Scenario& scenario, const ReshardLayout& from, const ReshardLayout& to);

// The scenario's own layout as a resharding side (tp, pp, data parallelism, ZeRO, ep, vpp).
ReshardLayout layoutOf(const Scenario& scenario);

// A migration to show when none is asked for: the same GPUs with tp halved (or, at tp 1, doubled
// where the heads allow), data parallelism taking the rest; the first candidate with a valid plan.
ReshardLayout suggestedTarget(const Scenario& scenario);

} // namespace shardscope
