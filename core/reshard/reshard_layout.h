#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/diagnostics.h"

namespace shardscope {

// One side of a checkpoint migration: the layout a checkpoint was saved with, or the one it is
// loaded into. Written "tp=8,pp=4,dp=2,zero=1" (also ep=, vpp=, and first=/last= for Megatron-LM's
// --decoder-first/last-pipeline-num-layers). Ranks are numbered as Megatron-LM numbers them by
// default: tensor parallelism innermost, pipeline outermost (tp-cp-ep-dp-pp; no cp here).
struct ReshardLayout {
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int zero = 0;
    int ep = 1;
    int vpp = 1;
    std::optional<int> firstStageLayers;
    std::optional<int> lastStageLayers;
    std::int64_t world() const { return static_cast<std::int64_t>(tp) * pp * dp; }
    int rank(int tpRank, int dpRank, int ppRank) const { return tpRank + tp * (dpRank + dp * ppRank); }
};

inline constexpr std::int64_t kReshardMaxRanks = 4096;

// Parses the text; on error adds a diagnostic naming `flag` and returns nullopt.
std::optional<ReshardLayout> parseReshardLayout(std::string_view text, const char* flag, Diagnostics& out);
std::string reshardLayoutText(const ReshardLayout& layout);

} // namespace shardscope
