#include "core/plan/plan_reasons.h"

#include <cmath>
#include <string>

#include "core/common/enum_table.h"
#include "core/hardware/gpu_spec.h"
#include "core/common/plan_messages.h"

namespace shardscope {
namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

std::string oneDecimal(double v)
{
    const long long tenths = std::llround(v * 10.0);
    return std::to_string(tenths / 10) + "." + std::to_string(std::llabs(tenths % 10));
}

} // namespace

Diagnostics planReasons(const Scenario& base, const Plan& plan)
{
    const PlanLayout& l = plan.layout;
    Diagnostics out;
    auto add = [&out](const char* templ, std::initializer_list<DiagnosticArgs::Arg> args) {
        out.push_back(makeDiagnostic(Severity::Info, "plan", templ, args));
    };
    const int node = std::max(1, base.cluster.gpusPerNode);
    if (l.tp == 1)
        add(msg::kReasonTpNone, {});
    else
        add(l.tp <= node ? msg::kReasonTpNode : msg::kReasonTpAcross, {str(l.tp), str(node)});
    if (l.sequenceParallel)
        add(msg::kReasonSp, {});
    if (l.pp > 1)
        add(msg::kReasonPp, {str(l.pp), oneDecimal(100.0 * plan.bubbleFraction)});
    if (l.vpp > 1)
        add(msg::kReasonVpp, {str(l.vpp)});
    if (l.cp > 1)
        add(msg::kReasonCp, {str(l.cp)});
    if (l.ep > 1)
        add(msg::kReasonEp, {str(l.ep)});
    if (l.dp > 1)
        add(msg::kReasonDp, {str(l.dp)});
    const char* zero[] = {msg::kReasonZero0, msg::kReasonZero1, msg::kReasonZero2, msg::kReasonZero3};
    // torchtitan's default with pipelining keeps the gathered weights through the step
    // (memory_ledger.cpp, fillDistributedLayout: keepGathered).
    const bool kept = l.zero == 3 && base.parallel.fsdpReshard != FsdpReshard::Always
                      && (base.parallel.fsdpReshard == FsdpReshard::Never || l.pp > 1);
    if (l.dp * l.cp > 1)
        add(kept ? msg::kReasonZero3Kept : zero[std::clamp(l.zero, 0, 3)], {});
    switch (l.recompute) {
    case Recompute::None: add(msg::kReasonRecomputeNone, {}); break;
    case Recompute::Selective: add(msg::kReasonRecomputeSelective, {}); break;
    case Recompute::Full: add(msg::kReasonRecomputeFull, {}); break;
    default: add(msg::kReasonRecomputeOther, {enumId(l.recompute)}); break;
    }
    if (l.offload != Offload::None)
        add(msg::kReasonOffload, {enumId(l.offload)});
    const std::int64_t global = base.training.globalBatch.value_or(base.training.microBatch * std::max(1, base.dataParallel()));
    add(msg::kReasonMicroBatch, {str(l.microBatch), str(global / std::max<std::int64_t>(1, l.microBatch * l.dp))});
    const GpuSpec* gpu = standardGpuPresets().find(base.cluster.gpu);
    if (gpu != nullptr && gpu->memoryBytes > 0)
        add(msg::kReasonMemory, {oneDecimal(plan.memoryPerGpu / 1e9), oneDecimal(gpu->memoryBytes / 1e9),
                                 str(std::llround(100.0 * (1.0 - plan.memoryPerGpu / gpu->memoryBytes)))});
    return out;
}

} // namespace shardscope
