#pragma once
#include "core/common/translatable.h"

// The planner's part of the message catalog (core/common/messages.h lists it in catalog()): a
// header of its own so that adding one does not rebuild every file that includes messages.h.
namespace shardscope::msg {

inline constexpr const char* kPlanNothingRuns = SHARDSCOPE_TR_NOOP("Diagnostic",
    "none of the %1 layouts can run with this GPU count (%2); excluded by: %3");

// Reasons: one plain sentence per choice of a plan (core/plan/plan_reasons.cpp).
inline constexpr const char* kReasonTpNone = SHARDSCOPE_TR_NOOP("Diagnostic", "tp 1: every GPU holds whole layers, no per-layer collectives");
inline constexpr const char* kReasonTpNode = SHARDSCOPE_TR_NOOP("Diagnostic",
    "tp %1: inside one node of %2 GPUs, so its per-layer collectives stay on the fast links");
inline constexpr const char* kReasonTpAcross = SHARDSCOPE_TR_NOOP("Diagnostic",
    "tp %1: spans nodes of %2 GPUs; its per-layer collectives cross the slower network");
inline constexpr const char* kReasonPp = SHARDSCOPE_TR_NOOP("Diagnostic",
    "pp %1: stages exchange only activations point to point, which tolerates the slower network; bubble %2 % of the step");
inline constexpr const char* kReasonVpp = SHARDSCOPE_TR_NOOP("Diagnostic", "vpp %1: interleaved stages shrink the bubble by %1x");
inline constexpr const char* kReasonCp = SHARDSCOPE_TR_NOOP("Diagnostic", "cp %1: the sequence is split over %1 GPUs, dividing attention activations");
inline constexpr const char* kReasonEp = SHARDSCOPE_TR_NOOP("Diagnostic", "ep %1: each GPU holds 1/%1 of the experts");
inline constexpr const char* kReasonDp = SHARDSCOPE_TR_NOOP("Diagnostic", "dp %1: replicas that only synchronise gradients once per step");
inline constexpr const char* kReasonZero0 = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-0: states fit unsharded, so no gathering or sharded update");
inline constexpr const char* kReasonZero1 = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-1: optimizer states sharded; weights stay whole, no re-gathering");
inline constexpr const char* kReasonZero2 = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-2: optimizer states and gradients sharded; weights stay whole");
inline constexpr const char* kReasonZero3 = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3: weights sharded too and gathered layer by layer");
inline constexpr const char* kReasonZero3Kept = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 with pipelining: weights gathered once per step and kept until the last backward");
inline constexpr const char* kReasonSp = SHARDSCOPE_TR_NOOP("Diagnostic", "sequence parallel: norm and dropout activations split over tp");
inline constexpr const char* kReasonRecomputeNone = SHARDSCOPE_TR_NOOP("Diagnostic", "no recomputation: the activations fit, no extra forward work");
inline constexpr const char* kReasonRecomputeSelective = SHARDSCOPE_TR_NOOP("Diagnostic", "selective recomputation: drops the attention scores for a few % more compute");
inline constexpr const char* kReasonRecomputeFull = SHARDSCOPE_TR_NOOP("Diagnostic", "full recomputation: keeps only layer inputs, at about one extra forward pass");
inline constexpr const char* kReasonRecomputeOther = SHARDSCOPE_TR_NOOP("Diagnostic", "recomputation %1, as the scenario sets it");
inline constexpr const char* kReasonOffload = SHARDSCOPE_TR_NOOP("Diagnostic", "offload %1: states kept in host memory (its transfers are not timed)");
inline constexpr const char* kReasonMicroBatch = SHARDSCOPE_TR_NOOP("Diagnostic", "micro-batch %1: %2 micro-batches per step on each pipeline");
inline constexpr const char* kReasonMemory = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 GB of %2 GB per GPU (%3 % headroom)");

// The article's scenes (core/plan/plan_scenes.cpp): its rule of thumb, and what the numbers say.
inline constexpr const char* kSceneRuleLora = SHARDSCOPE_TR_NOOP("Diagnostic", "under 10B, fine-tune with LoRA on one card");
inline constexpr const char* kSceneRulePrototype = SHARDSCOPE_TR_NOOP("Diagnostic", "under 10B, one machine with data parallelism");
inline constexpr const char* kSceneRulePretrain = SHARDSCOPE_TR_NOOP("Diagnostic", "pretraining combines TP inside a node with PP and ZeRO across nodes");
inline constexpr const char* kSceneRuleLongContext = SHARDSCOPE_TR_NOOP("Diagnostic", "long context needs context parallelism");
inline constexpr const char* kSceneAgrees = SHARDSCOPE_TR_NOOP("Diagnostic", "The numbers agree with the article (%1): the best plan is %2");
inline constexpr const char* kSceneDisagrees = SHARDSCOPE_TR_NOOP("Diagnostic",
    "The numbers contradict the article's rule of thumb (%1): the best plan is %2");
inline constexpr const char* kSceneNothingRuns = SHARDSCOPE_TR_NOOP("Diagnostic", "Nothing can run in this scene, so the numbers contradict the article (%1)");

} // namespace shardscope::msg
