#pragma once
#include "core/plan/plan_types.h"

namespace shardscope {

// Why this plan: one plain sentence per choice (tp, pp, cp, ep, dp, ZeRO, recomputation, offload,
// micro-batch, memory), as Info diagnostics whose templates the GUI translates. Built only for the
// plans shown, never inside the search.
Diagnostics planReasons(const Scenario& base, const Plan& plan);

} // namespace shardscope
