#pragma once
#include "core/common/enum_table.h"
#include "core/plan/plan_types.h"

// The article's scene guidance (its closing 选型建议) as data: each scene is a planner request, and
// its rule of thumb is checked against the plan the numbers pick, so the advice says when the
// numbers agree and when they contradict it.
namespace shardscope {

enum class PlanScene { LoraOneGpu, PrototypeOneNode, PretrainCluster, LongContext, Count };

PlanRequest sceneRequest(PlanScene scene);

struct SceneVerdict {
    bool agrees = false;
    Diagnostic advice;  // Info when the numbers agree, Warning when they contradict the rule of thumb
};
SceneVerdict sceneAdvice(PlanScene scene, const PlanResult& result);

template <> const EnumTable& enumTable<PlanScene>();

} // namespace shardscope
