// The value tables of a model shape's enums (MLP, norm, positions): ids as presets, scenario
// files and Hugging Face imports spell them; labels and help translated by the GUI ("UiText").
#include "core/common/translatable.h"
#include "core/model/model_spec.h"

namespace shardscope {
namespace {


constexpr EnumChoice kMlps[] = {
    {int(MlpKind::Gelu), "gelu", SHARDSCOPE_TR_NOOP("UiText", "GELU MLP"), SHARDSCOPE_TR_NOOP("UiText", "two matrices, h x f and f x h, with a GELU between (GPT, Megatron-LM)")},
    {int(MlpKind::SwiGlu), "swiglu", SHARDSCOPE_TR_NOOP("UiText", "SwiGLU MLP"), SHARDSCOPE_TR_NOOP("UiText", "three matrices: gate and up (h x f), down (f x h) (Shazeer 2020; Llama)")},
};

constexpr EnumChoice kNorms[] = {
    {int(NormKind::LayerNorm), "layernorm", SHARDSCOPE_TR_NOOP("UiText", "LayerNorm"), SHARDSCOPE_TR_NOOP("UiText", "scale and bias per channel (Ba et al. 2016)")},
    {int(NormKind::RmsNorm), "rmsnorm", SHARDSCOPE_TR_NOOP("UiText", "RMSNorm"), SHARDSCOPE_TR_NOOP("UiText", "scale per channel, no bias or mean (Zhang and Sennrich 2019)")},
    {int(NormKind::LayerNormNoBias), "layernorm-nobias", SHARDSCOPE_TR_NOOP("UiText", "LayerNorm without bias"),
     SHARDSCOPE_TR_NOOP("UiText", "LayerNorm with a scale and no bias (MPT's no_bias)")},
};

constexpr EnumChoice kPositions[] = {
    {int(PositionKind::Rotary), "rotary", SHARDSCOPE_TR_NOOP("UiText", "rotary (RoPE)"), SHARDSCOPE_TR_NOOP("UiText", "rotary position embeddings, no parameters (Su et al. 2021)")},
    {int(PositionKind::Learned), "learned", SHARDSCOPE_TR_NOOP("UiText", "learned"), SHARDSCOPE_TR_NOOP("UiText", "a learned table of max_positions x hidden (GPT-2)")},
    {int(PositionKind::Alibi), "alibi", SHARDSCOPE_TR_NOOP("UiText", "ALiBi"), SHARDSCOPE_TR_NOOP("UiText", "linear biases on the attention scores, no parameters (Press et al. 2022; BLOOM, MPT)")},
};

constexpr EnumChoice kAttentions[] = {
    {int(AttentionKind::Gqa), "gqa", SHARDSCOPE_TR_NOOP("UiText", "grouped-query attention"),
     SHARDSCOPE_TR_NOOP("UiText", "queries, keys and values projected from the hidden state; kv_heads groups (multi-head when equal to heads)")},
    {int(AttentionKind::Mla), "mla", SHARDSCOPE_TR_NOOP("UiText", "multi-head latent attention"),
     SHARDSCOPE_TR_NOOP("UiText", "DeepSeek's low-rank queries and keys/values (q_lora_rank, kv_lora_rank) with a separate rotary part")},
};


} // namespace

template <> const EnumTable& enumTable<MlpKind>() { static const EnumTable t{"mlp", kMlps}; return t; }
template <> const EnumTable& enumTable<NormKind>() { static const EnumTable t{"norm", kNorms}; return t; }
template <> const EnumTable& enumTable<PositionKind>() { static const EnumTable t{"position", kPositions}; return t; }
template <> const EnumTable& enumTable<AttentionKind>() { static const EnumTable t{"attention", kAttentions}; return t; }

} // namespace shardscope
