// What a plan stands for: the scenario it writes, its family and its score; the planner's enums.
#include "core/common/translatable.h"
#include "core/plan/planner.h"

namespace shardscope {

Scenario applyPlan(const Scenario& base, const PlanLayout& l)
{
    Scenario s = base;
    ParallelSpec& p = s.parallel;
    // The global batch the planner held fixed becomes explicit, so that the saved scenario keeps it.
    s.training.globalBatch = base.training.globalBatch.value_or(base.training.microBatch * std::max(1, base.dataParallel()));
    p.gpus = l.gpus;
    p.dp = l.dp;
    p.tp = l.tp;
    p.pp = l.pp;
    p.cp = l.cp;
    p.ep = l.ep;
    p.vpp = l.vpp;
    p.zero = l.zero;
    p.sequenceParallel = l.sequenceParallel;
    p.offload = l.offload;
    if (!l.baseSplit) {
        p.ppLayers.clear();
        p.ppFirstStageLayers = 0;
        p.ppLastStageLayers = 0;
    }
    s.training.recompute = l.recompute;
    s.training.microBatch = l.microBatch;
    return s;
}

PlanLayout planLayoutOf(const Scenario& s)
{
    const ParallelSpec& p = s.parallel;
    return PlanLayout{p.gpus, s.dataParallel(), p.tp, p.pp, p.cp, p.ep, p.vpp, p.zero, p.sequenceParallel,
                      s.training.recompute, s.training.microBatch, p.offload,
                      !p.ppLayers.empty() || p.ppFirstStageLayers > 0 || p.ppLastStageLayers > 0};
}

PlanFamily planFamily(const PlanLayout& l)
{
    if (l.cp > 1 || l.ep > 1)
        return PlanFamily::ContextOrExpert;
    if (l.tp > 1 && l.pp > 1)
        return PlanFamily::TensorPipeline;
    if (l.tp > 1)
        return PlanFamily::Tensor;
    if (l.pp > 1)
        return PlanFamily::Pipeline;
    return PlanFamily::DataParallel;
}

double planScore(PlanObjective objective, const Plan& p)
{
    switch (objective) {
    case PlanObjective::Throughput: return -p.tokensPerSecond;
    case PlanObjective::TimeToTrain: return p.days;
    case PlanObjective::Cost: return p.gpuHours;
    case PlanObjective::MemoryHeadroom: return p.memoryPerGpu;
    }
    return 0.0;
}

namespace {

constexpr EnumChoice kObjectives[] = {
    {int(PlanObjective::Throughput), "throughput", SHARDSCOPE_TR_NOOP("UiText", "throughput"),
     SHARDSCOPE_TR_NOOP("UiText", "the most tokens per second")},
    {int(PlanObjective::TimeToTrain), "time-to-train", SHARDSCOPE_TR_NOOP("UiText", "time to train"),
     SHARDSCOPE_TR_NOOP("UiText", "the fewest days for the scenario's training tokens")},
    {int(PlanObjective::MemoryHeadroom), "memory-headroom", SHARDSCOPE_TR_NOOP("UiText", "memory headroom"),
     SHARDSCOPE_TR_NOOP("UiText", "the least memory on the most loaded GPU")},
    {int(PlanObjective::Cost), "cost", SHARDSCOPE_TR_NOOP("UiText", "cost"),
     SHARDSCOPE_TR_NOOP("UiText", "the fewest GPU-hours for the scenario's training tokens")},
};

constexpr EnumChoice kRules[] = {
    {int(PlanRule::TpDivides), "tp_divides", SHARDSCOPE_TR_NOOP("UiText", "tp divides heads and widths"),
     SHARDSCOPE_TR_NOOP("UiText", "tp must divide the attention heads, KV groups and FFN widths")},
    {int(PlanRule::CpSequence), "cp_sequence", SHARDSCOPE_TR_NOOP("UiText", "cp splits the sequence"),
     SHARDSCOPE_TR_NOOP("UiText", "the sequence must split into 2 x cp chunks")},
    {int(PlanRule::EpExperts), "ep_experts", SHARDSCOPE_TR_NOOP("UiText", "ep divides the experts"),
     SHARDSCOPE_TR_NOOP("UiText", "ep must divide the experts of a MoE model")},
    {int(PlanRule::SequenceParallelTp), "sequence_parallel_tp", SHARDSCOPE_TR_NOOP("UiText", "sequence parallel needs tp"),
     SHARDSCOPE_TR_NOOP("UiText", "sequence parallelism splits over tp: with tp 1 it is the same layout")},
    {int(PlanRule::GpuProduct), "gpu_product", SHARDSCOPE_TR_NOOP("UiText", "degrees multiply to the GPUs"),
     SHARDSCOPE_TR_NOOP("UiText", "dp x tp x pp x cp must equal the GPU count")},
    {int(PlanRule::PpLayers), "pp_layers", SHARDSCOPE_TR_NOOP("UiText", "layers split over pp"),
     SHARDSCOPE_TR_NOOP("UiText", "the layers must split over the pipeline stages")},
    {int(PlanRule::EpDataParallel), "ep_data_parallel", SHARDSCOPE_TR_NOOP("UiText", "ep divides dp x cp"),
     SHARDSCOPE_TR_NOOP("UiText", "expert parallelism lives inside the dp x cp ranks")},
    {int(PlanRule::GlobalBatch), "global_batch", SHARDSCOPE_TR_NOOP("UiText", "global batch divisible"),
     SHARDSCOPE_TR_NOOP("UiText", "the global batch must be a multiple of micro-batch x dp")},
    {int(PlanRule::ZeroWithoutDp), "zero_without_dp", SHARDSCOPE_TR_NOOP("UiText", "ZeRO needs data parallelism"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO shards over dp x cp ranks: with one rank it is ZeRO-0")},
    {int(PlanRule::OffloadZero), "offload_zero", SHARDSCOPE_TR_NOOP("UiText", "offload needs ZeRO"),
     SHARDSCOPE_TR_NOOP("UiText", "optimizer offload needs ZeRO-1 or more, parameter offload ZeRO-3")},
    {int(PlanRule::VppSchedule), "vpp_schedule", SHARDSCOPE_TR_NOOP("UiText", "interleaving schedule"),
     SHARDSCOPE_TR_NOOP("UiText", "vpp needs pp > 1, stage layers divisible by vpp and micro-batches by pp")},
    {int(PlanRule::Memory), "memory", SHARDSCOPE_TR_NOOP("UiText", "memory"),
     SHARDSCOPE_TR_NOOP("UiText", "the most loaded GPU needs more memory than it has")},
};

constexpr EnumChoice kFamilies[] = {
    {int(PlanFamily::DataParallel), "dp", SHARDSCOPE_TR_NOOP("UiText", "data parallel only"), SHARDSCOPE_TR_NOOP("UiText", "dp (with ZeRO), no model parallelism")},
    {int(PlanFamily::Tensor), "tp", SHARDSCOPE_TR_NOOP("UiText", "tensor parallel"), SHARDSCOPE_TR_NOOP("UiText", "tp > 1, pp 1")},
    {int(PlanFamily::Pipeline), "pp", SHARDSCOPE_TR_NOOP("UiText", "pipeline parallel"), SHARDSCOPE_TR_NOOP("UiText", "pp > 1, tp 1")},
    {int(PlanFamily::TensorPipeline), "tp+pp", SHARDSCOPE_TR_NOOP("UiText", "tensor + pipeline"), SHARDSCOPE_TR_NOOP("UiText", "tp > 1 and pp > 1")},
    {int(PlanFamily::ContextOrExpert), "cp/ep", SHARDSCOPE_TR_NOOP("UiText", "context or expert parallel"), SHARDSCOPE_TR_NOOP("UiText", "cp > 1 or ep > 1")},
};

} // namespace

template <> const EnumTable& enumTable<PlanObjective>() { static const EnumTable t{"objective", kObjectives}; return t; }
template <> const EnumTable& enumTable<PlanRule>() { static const EnumTable t{"plan_rule", kRules}; return t; }
template <> const EnumTable& enumTable<PlanFamily>() { static const EnumTable t{"plan_family", kFamilies}; return t; }

} // namespace shardscope
