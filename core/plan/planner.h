#pragma once
#include "core/common/enum_table.h"
#include "core/plan/plan_types.h"

// The layout planner (docs/model.md, "The planner"): every layout of the search space for one
// GPU count is decided by the engines' rules, then the memory ledger, then the step model, and
// ranked for an objective. Exhaustive: a layout is skipped only when a bound proves it can enter
// neither the top K nor the Pareto front.
namespace shardscope {

PlanResult planLayouts(const PlanRequest& request);

// The scenario a plan stands for: the base with the plan's layout (what --save-scenario writes and
// the GUI applies; estimate() of it gives the plan's numbers).
Scenario applyPlan(const Scenario& base, const PlanLayout& layout);

// The layout a scenario describes (for marking the current scenario among the plans).
PlanLayout planLayoutOf(const Scenario& scenario);

// Strategy families for colouring the scatter: which of tp, pp, cp/ep a layout uses beside dp.
enum class PlanFamily { DataParallel, Tensor, Pipeline, TensorPipeline, ContextOrExpert, Count };
PlanFamily planFamily(const PlanLayout& layout);

// Lower is better; ties keep the enumeration order.
double planScore(PlanObjective objective, const Plan& plan);

template <> const EnumTable& enumTable<PlanObjective>();
template <> const EnumTable& enumTable<PlanRule>();
template <> const EnumTable& enumTable<PlanFamily>();

} // namespace shardscope
