// Why each collective of a step runs: the ids are the JSON contract's "purpose" texts.
#include "core/common/translatable.h"
#include "core/perf/step_model.h"

namespace shardscope {
namespace {


constexpr EnumChoice kPurposes[] = {
    {int(CommPurpose::Gradients), "gradients", SHARDSCOPE_TR_NOOP("UiText", "gradients"), SHARDSCOPE_TR_NOOP("UiText", "gradients summed (or sharded) over data-parallel ranks")},
    {int(CommPurpose::ExpertGradients), "expert gradients", SHARDSCOPE_TR_NOOP("UiText", "expert gradients"),
     SHARDSCOPE_TR_NOOP("UiText", "expert gradients over the ranks that hold the same experts")},
    {int(CommPurpose::Parameters), "parameters", SHARDSCOPE_TR_NOOP("UiText", "parameters"), SHARDSCOPE_TR_NOOP("UiText", "updated parameter shards gathered after the optimizer step")},
    {int(CommPurpose::ExpertParameters), "expert parameters", SHARDSCOPE_TR_NOOP("UiText", "expert parameters"),
     SHARDSCOPE_TR_NOOP("UiText", "updated expert parameter shards gathered after the optimizer step")},
    {int(CommPurpose::ParametersForward), "parameters (forward)", SHARDSCOPE_TR_NOOP("UiText", "parameters (forward)"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 / FSDP gathers each layer's parameters before its forward pass")},
    {int(CommPurpose::ParametersBackward), "parameters (backward)", SHARDSCOPE_TR_NOOP("UiText", "parameters (backward)"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 / FSDP gathers them again before the backward pass")},
    {int(CommPurpose::ExpertParametersForward), "expert parameters (forward)", SHARDSCOPE_TR_NOOP("UiText", "expert parameters (forward)"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 gathers of expert parameters before the forward pass")},
    {int(CommPurpose::ExpertParametersBackward), "expert parameters (backward)", SHARDSCOPE_TR_NOOP("UiText", "expert parameters (backward)"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 gathers of expert parameters before the backward pass")},
    {int(CommPurpose::Activations), "activations", SHARDSCOPE_TR_NOOP("UiText", "activations"),
     SHARDSCOPE_TR_NOOP("UiText", "tensor-parallel partial sums of each layer's outputs (Megatron-LM)")},
    {int(CommPurpose::ActivationsSequenceParallel), "activations (sequence parallel)", SHARDSCOPE_TR_NOOP("UiText", "activations (sequence parallel)"),
     SHARDSCOPE_TR_NOOP("UiText", "the same traffic as all-gathers and reduce-scatters over sequence shards")},
    {int(CommPurpose::RoutedTokens), "routed tokens", SHARDSCOPE_TR_NOOP("UiText", "routed tokens"), SHARDSCOPE_TR_NOOP("UiText", "tokens dispatched to their experts and combined back")},
    {int(CommPurpose::KeysAndValues), "keys and values (ring attention)", SHARDSCOPE_TR_NOOP("UiText", "keys and values (ring attention)"),
     SHARDSCOPE_TR_NOOP("UiText", "each context-parallel rank's keys and values passed around the ring")},
    {int(CommPurpose::StageActivations), "activations between stages", SHARDSCOPE_TR_NOOP("UiText", "activations between stages"),
     SHARDSCOPE_TR_NOOP("UiText", "activations forward and their gradients backward between pipeline stages")},
};


} // namespace

template <> const EnumTable& enumTable<CommPurpose>() { static const EnumTable t{"purpose", kPurposes}; return t; }

} // namespace shardscope
