#pragma once
#include <QString>

#include "core/plan/plan_types.h"

// How the Plan view and its chart word a planner layout and its rejected counts, translated.
namespace shardscope::ui {

// "dp 8 · tp 2 · pp 1 · ZeRO-1 · SP · recompute: selective · micro-batch 2": every dimension a
// scenario holds, so that two rows never read the same for different layouts.
QString planLayoutText(const PlanLayout& layout);

// The layouts each rule excluded, one "rule: count" per line, rules that excluded none left out.
QString planRejectedText(const PlanResult& result);

// When no plan runs: the planner's errors (which rules excluded everything, or what in the
// scenario is bad input), translated, one a line; empty when there are plans.
QString planErrorText(const PlanResult& result);

} // namespace shardscope::ui
