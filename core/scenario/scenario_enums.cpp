// The value tables of the scenario's enums: the one place a precision, optimizer, recompute
// policy, fine-tuning method or offload mode is named. Labels and help are translated by the GUI
// (context "UiText"); ids are the JSON and flag spelling and never change (public contract).
#include "core/common/translatable.h"
#include "core/scenario/scenario.h"

namespace shardscope {
namespace {


constexpr EnumChoice kPrecisions[] = {
    {int(Precision::Bf16Mixed), "bf16-mixed", SHARDSCOPE_TR_NOOP("UiText", "bf16 mixed precision"),
     SHARDSCOPE_TR_NOOP("UiText", "bf16 weights and gradients for compute, fp32 master weights and moments (Micikevicius et al. 2018): the article's 16 bytes per parameter")},
    {int(Precision::Fp16Mixed), "fp16-mixed", SHARDSCOPE_TR_NOOP("UiText", "fp16 mixed precision"),
     SHARDSCOPE_TR_NOOP("UiText", "fp16 compute with loss scaling, fp32 master weights and moments (Micikevicius et al. 2018)")},
    {int(Precision::Fp8Mixed), "fp8-mixed", SHARDSCOPE_TR_NOOP("UiText", "fp8 mixed precision"),
     SHARDSCOPE_TR_NOOP("UiText", "fp8 GEMMs as NVIDIA Transformer Engine runs them: bf16 weights plus an fp8 copy, fp32 master weights and moments")},
    {int(Precision::Bf16), "bf16", SHARDSCOPE_TR_NOOP("UiText", "pure bf16"),
     SHARDSCOPE_TR_NOOP("UiText", "weights, gradients and moments in bf16 with no fp32 master copy: 8 bytes per parameter, and the article's lost updates")},
    {int(Precision::Fp32), "fp32", SHARDSCOPE_TR_NOOP("UiText", "fp32"), SHARDSCOPE_TR_NOOP("UiText", "everything in fp32: 4-byte weights and gradients, no master copy")},
};

constexpr EnumChoice kGradDtypes[] = {
    {int(GradDtype::Bf16), "bf16", SHARDSCOPE_TR_NOOP("UiText", "bf16"), SHARDSCOPE_TR_NOOP("UiText", "gradients stored in bf16 (the article's 2 bytes)")},
    {int(GradDtype::Fp16), "fp16", SHARDSCOPE_TR_NOOP("UiText", "fp16"), SHARDSCOPE_TR_NOOP("UiText", "gradients stored in fp16")},
    {int(GradDtype::Fp32), "fp32", SHARDSCOPE_TR_NOOP("UiText", "fp32"),
     SHARDSCOPE_TR_NOOP("UiText", "gradients accumulated in fp32, as Megatron-LM does by default (its 18 bytes per parameter)")},
};

constexpr EnumChoice kOptimizers[] = {
    {int(Optimizer::AdamW), "adamw", SHARDSCOPE_TR_NOOP("UiText", "AdamW"), SHARDSCOPE_TR_NOOP("UiText", "first and second moments per parameter (Loshchilov and Hutter 2019)")},
    {int(Optimizer::SgdMomentum), "sgd-momentum", SHARDSCOPE_TR_NOOP("UiText", "SGD with momentum"), SHARDSCOPE_TR_NOOP("UiText", "one momentum buffer per parameter (torch.optim.SGD)")},
    {int(Optimizer::Adafactor), "adafactor", SHARDSCOPE_TR_NOOP("UiText", "Adafactor"),
     SHARDSCOPE_TR_NOOP("UiText", "factored second moment, no first moment: rows + columns per matrix (Shazeer and Stern 2018)")},
    {int(Optimizer::AdamW8bit), "adamw-8bit", SHARDSCOPE_TR_NOOP("UiText", "8-bit AdamW"),
     SHARDSCOPE_TR_NOOP("UiText", "AdamW moments in 8 bits with one fp32 scale per 256-element block (bitsandbytes; Dettmers et al. 2022)")},
    {int(Optimizer::Lion), "lion", SHARDSCOPE_TR_NOOP("UiText", "Lion"),
     SHARDSCOPE_TR_NOOP("UiText", "sign of an interpolated momentum; one momentum per parameter, half of AdamW's states (Chen et al. 2023)")},
    {int(Optimizer::Muon), "muon", SHARDSCOPE_TR_NOOP("UiText", "Muon"),
     SHARDSCOPE_TR_NOOP("UiText", "momentum orthogonalised by Newton-Schulz on the layers' 2-D matrices, AdamW on embeddings, head, norms and biases (Jordan et al. 2024)")},
};

constexpr EnumChoice kRecomputes[] = {
    {int(Recompute::None), "none", SHARDSCOPE_TR_NOOP("UiText", "none"), SHARDSCOPE_TR_NOOP("UiText", "keep every activation the backward pass needs")},
    {int(Recompute::Selective), "selective", SHARDSCOPE_TR_NOOP("UiText", "selective"),
     SHARDSCOPE_TR_NOOP("UiText", "recompute the attention core's score-sized activations (Korthikanti et al. 2022)")},
    {int(Recompute::Full), "full", SHARDSCOPE_TR_NOOP("UiText", "full"), SHARDSCOPE_TR_NOOP("UiText", "keep each layer's input and recompute the layer in the backward pass")},
};

constexpr EnumChoice kFineTunes[] = {
    {int(FineTune::Full), "full", SHARDSCOPE_TR_NOOP("UiText", "full training"), SHARDSCOPE_TR_NOOP("UiText", "every parameter is trained")},
    {int(FineTune::Lora), "lora", SHARDSCOPE_TR_NOOP("UiText", "LoRA"), SHARDSCOPE_TR_NOOP("UiText", "frozen base, trainable low-rank adapters (Hu et al. 2021)")},
    {int(FineTune::Qlora), "qlora", SHARDSCOPE_TR_NOOP("UiText", "QLoRA (4-bit base)"),
     SHARDSCOPE_TR_NOOP("UiText", "LoRA on a frozen 4-bit NormalFloat base with double-quantised scales (Dettmers et al. 2023)")},
};

constexpr EnumChoice kOffloads[] = {
    {int(Offload::None), "none", SHARDSCOPE_TR_NOOP("UiText", "none"), SHARDSCOPE_TR_NOOP("UiText", "every state stays on the GPU")},
    {int(Offload::Optimizer), "optimizer", SHARDSCOPE_TR_NOOP("UiText", "optimizer to CPU"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-Offload: gradients, master weights and optimizer states in host memory (Ren et al. 2021)")},
    {int(Offload::OptimizerAndParams), "optimizer+params", SHARDSCOPE_TR_NOOP("UiText", "optimizer and parameters to CPU"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-Infinity: the parameters too (ZeRO stage 3 only)")},
};

constexpr EnumChoice kRankOrders[] = {
    {int(RankOrder::TpCpEpDpPp), "tp-cp-ep-dp-pp", SHARDSCOPE_TR_NOOP("UiText", "TP innermost (Megatron-LM default)"),
     SHARDSCOPE_TR_NOOP("UiText", "ranks numbered tensor-parallel first, pipeline last: TP groups stay inside a node (megatron/core/parallel_state.py)")},
    {int(RankOrder::TpCpEpPpDp), "tp-cp-ep-pp-dp", SHARDSCOPE_TR_NOOP("UiText", "TP innermost, DP outermost"),
     SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM's --use-tp-pp-dp-mapping: pipeline stages before data-parallel replicas")},
    {int(RankOrder::EpDpCpTpPp), "ep-dp-cp-tp-pp", SHARDSCOPE_TR_NOOP("UiText", "DP innermost (TP across nodes)"),
     SHARDSCOPE_TR_NOOP("UiText", "data-parallel ranks numbered first: a node holds replicas, and every TP group crosses the network")},
};

} // namespace

template <> const EnumTable& enumTable<Precision>() { static const EnumTable t{"precision", kPrecisions}; return t; }
template <> const EnumTable& enumTable<GradDtype>() { static const EnumTable t{"grad_dtype", kGradDtypes}; return t; }
template <> const EnumTable& enumTable<Optimizer>() { static const EnumTable t{"optimizer", kOptimizers}; return t; }
template <> const EnumTable& enumTable<Recompute>() { static const EnumTable t{"recompute", kRecomputes}; return t; }
template <> const EnumTable& enumTable<FineTune>() { static const EnumTable t{"finetune", kFineTunes}; return t; }
template <> const EnumTable& enumTable<Offload>() { static const EnumTable t{"offload", kOffloads}; return t; }
template <> const EnumTable& enumTable<RankOrder>() { static const EnumTable t{"rank_order", kRankOrders}; return t; }

} // namespace shardscope
