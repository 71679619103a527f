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
    {int(Recompute::Op), "op", SHARDSCOPE_TR_NOOP("UiText", "op-level selective"),
     SHARDSCOPE_TR_NOOP("UiText", "PyTorch's per-op policy as torchtitan sets it: save GEMM and attention outputs, recompute every second GEMM and all other ops")},
    {int(Recompute::EveryKth), "every-k", SHARDSCOPE_TR_NOOP("UiText", "every k-th layer"),
     SHARDSCOPE_TR_NOOP("UiText", "full recomputation of every k-th layer only (torchtitan's selective_ac_option = k)")},
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

// Ids of published clusters; the rates behind them are in core/ops/failure_model.cpp.
constexpr EnumChoice kFailurePresets[] = {
    {int(FailurePreset::Llama3), "llama3", SHARDSCOPE_TR_NOOP("UiText", "Llama 3 (16,384 H100)"),
     SHARDSCOPE_TR_NOOP("UiText", "419 unexpected interruptions in 54 days on 16,384 H100 GPUs: 4.7e-4 per GPU-day (Dubey et al. 2024, Table 5)")},
    {int(FailurePreset::Rsc1), "rsc1", SHARDSCOPE_TR_NOOP("UiText", "Meta RSC-1 (A100)"),
     SHARDSCOPE_TR_NOOP("UiText", "6.50 failures per 1,000 node-days (Kokolis et al. 2024, RSC-1)")},
    {int(FailurePreset::Rsc2), "rsc2", SHARDSCOPE_TR_NOOP("UiText", "Meta RSC-2 (A100)"),
     SHARDSCOPE_TR_NOOP("UiText", "2.34 failures per 1,000 node-days (Kokolis et al. 2024, RSC-2)")},
    {int(FailurePreset::Opt175b), "opt175b", SHARDSCOPE_TR_NOOP("UiText", "OPT-175B (1,024 A100)"),
     SHARDSCOPE_TR_NOOP("UiText", "about 2 of 128 machines down every day (OPT-175B logbook, final update)")},
};

constexpr EnumChoice kAttentionKernels[] = {
    {int(AttentionKernel::Flash2), "fa2", SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-2"),
     SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-2 (Dao 2023), PyTorch's scaled_dot_product_attention flash backend")},
    {int(AttentionKernel::Flash1), "fa1", SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-1"),
     SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-1 (Dao et al. 2022): about half FlashAttention-2's speed")},
    {int(AttentionKernel::Flash3), "fa3", SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-3"),
     SHARDSCOPE_TR_NOOP("UiText", "FlashAttention-3 (Shah et al. 2024): Hopper's asynchronous tensor cores, about 75% of H100's peak")},
    {int(AttentionKernel::Triton), "triton", SHARDSCOPE_TR_NOOP("UiText", "Triton FlashAttention"),
     SHARDSCOPE_TR_NOOP("UiText", "FlashAttention written in Triton (llm-foundry's attn_impl triton), about FlashAttention-2's speed / 1.8")},
};

constexpr EnumChoice kKernelFusions[] = {
    {int(KernelFusion::Fused), "fused", SHARDSCOPE_TR_NOOP("UiText", "fused kernels"),
     SHARDSCOPE_TR_NOOP("UiText", "norms, rotary embedding and SwiGLU as one kernel each (Megatron-LM's fused kernels, or torch.compile)")},
    {int(KernelFusion::Eager), "eager", SHARDSCOPE_TR_NOOP("UiText", "eager PyTorch"),
     SHARDSCOPE_TR_NOOP("UiText", "one kernel per PyTorch op: a Python RMSNorm, complex-number RoPE and SwiGLU each make several passes over memory")},
};

constexpr EnumChoice kFp8Recipes[] = {
    {int(Fp8Recipe::TransformerEngine), "te", SHARDSCOPE_TR_NOOP("UiText", "Transformer Engine"),
     SHARDSCOPE_TR_NOOP("UiText", "NVIDIA Transformer Engine: an fp8 copy of each weight cached for the step, fp8 inputs saved for backward")},
    {int(Fp8Recipe::Torchao), "torchao", SHARDSCOPE_TR_NOOP("UiText", "torchao float8"),
     SHARDSCOPE_TR_NOOP("UiText", "torchao's dynamic float8: weights cast every pass, nothing fp8 kept between passes")},
};

constexpr EnumChoice kFsdpReshards[] = {
    {int(FsdpReshard::Auto), "auto", SHARDSCOPE_TR_NOOP("UiText", "as torchtitan"),
     SHARDSCOPE_TR_NOOP("UiText", "free gathered weights after each forward, except with pipeline parallelism (torchtitan's default)")},
    {int(FsdpReshard::Always), "always", SHARDSCOPE_TR_NOOP("UiText", "always"),
     SHARDSCOPE_TR_NOOP("UiText", "gather weights again for every micro-batch's forward and backward (ZeRO-3)")},
    {int(FsdpReshard::Never), "never", SHARDSCOPE_TR_NOOP("UiText", "never"),
     SHARDSCOPE_TR_NOOP("UiText", "keep a stage's weights gathered from its first forward to its last backward")},
};

constexpr EnumChoice kMfuConventions[] = {
    {int(MfuConvention::Megatron), "megatron", SHARDSCOPE_TR_NOOP("UiText", "full attention"),
     SHARDSCOPE_TR_NOOP("UiText", "attention FLOPs over every query-key pair, as Megatron-LM, Korthikanti et al. and PaLM count them")},
    {int(MfuConvention::Causal), "causal", SHARDSCOPE_TR_NOOP("UiText", "causal attention"),
     SHARDSCOPE_TR_NOOP("UiText", "attention FLOPs over the causal half, as NVIDIA NeMo and Megatron-Core's recent reports count them")},
};

constexpr EnumChoice kRankOrders[] = {
    {int(RankOrder::TpCpEpDpPp), "tp-cp-ep-dp-pp", SHARDSCOPE_TR_NOOP("UiText", "TP innermost (Megatron-LM default)"),
     SHARDSCOPE_TR_NOOP("UiText", "ranks numbered tensor-parallel first, pipeline last: TP groups stay inside a node (megatron/core/parallel_state.py)")},
    {int(RankOrder::TpCpEpPpDp), "tp-cp-ep-pp-dp", SHARDSCOPE_TR_NOOP("UiText", "TP innermost, DP outermost"),
     SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM's --use-tp-pp-dp-mapping: pipeline stages before data-parallel replicas")},
    {int(RankOrder::EpDpCpTpPp), "ep-dp-cp-tp-pp", SHARDSCOPE_TR_NOOP("UiText", "DP innermost (TP across nodes)"),
     SHARDSCOPE_TR_NOOP("UiText", "data-parallel ranks numbered first: a node holds replicas, and every TP group crosses the network")},
};

constexpr EnumChoice kRecipes[] = {
    {int(Recipe::None), "none", SHARDSCOPE_TR_NOOP("UiText", "ShardScope defaults"),
     SHARDSCOPE_TR_NOOP("UiText", "no engine's defaults: each field keeps ShardScope's own (docs/model.md)")},
    {int(Recipe::Megatron2021), "megatron-2021", SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM 2021"),
     SHARDSCOPE_TR_NOOP("UiText", "Narayanan et al. 2021: no FlashAttention, dropout on, no ZeRO, fused kernels, full recomputation")},
    {int(Recipe::MegatronCore), "megatron-core", SHARDSCOPE_TR_NOOP("UiText", "Megatron-Core"),
     SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM core_v0.15.0: distributed optimizer (ZeRO-1), FlashAttention, selective recomputation, fused kernels, fp32 gradients")},
    {int(Recipe::DeepspeedZero3), "deepspeed-zero3", SHARDSCOPE_TR_NOOP("UiText", "DeepSpeed ZeRO-3"),
     SHARDSCOPE_TR_NOOP("UiText", "DeepSpeed v0.16.4 stage 3 on a Hugging Face model: eager kernels, full recomputation, the model's own loss")},
    {int(Recipe::Fsdp2Torchtitan), "fsdp2-torchtitan", SHARDSCOPE_TR_NOOP("UiText", "torchtitan FSDP2"),
     SHARDSCOPE_TR_NOOP("UiText", "torchtitan v0.2.2 defaults: FSDP2 (ZeRO-3), eager PyTorch kernels, SDPA, op-level selective checkpointing")},
    {int(Recipe::HfTrainer), "hf-trainer", SHARDSCOPE_TR_NOOP("UiText", "Hugging Face Trainer"),
     SHARDSCOPE_TR_NOOP("UiText", "transformers Trainer with --bf16: DDP (no ZeRO), eager modules, SDPA, no gradient checkpointing")},
};

} // namespace

template <> const EnumTable& enumTable<KernelFusion>() { static const EnumTable t{"kernels", kKernelFusions}; return t; }
template <> const EnumTable& enumTable<Fp8Recipe>() { static const EnumTable t{"fp8_recipe", kFp8Recipes}; return t; }
template <> const EnumTable& enumTable<FsdpReshard>() { static const EnumTable t{"fsdp_reshard", kFsdpReshards}; return t; }
template <> const EnumTable& enumTable<MfuConvention>() { static const EnumTable t{"mfu_convention", kMfuConventions}; return t; }
template <> const EnumTable& enumTable<AttentionKernel>() { static const EnumTable t{"attention_kernel", kAttentionKernels}; return t; }
template <> const EnumTable& enumTable<Precision>() { static const EnumTable t{"precision", kPrecisions}; return t; }
template <> const EnumTable& enumTable<GradDtype>() { static const EnumTable t{"grad_dtype", kGradDtypes}; return t; }
template <> const EnumTable& enumTable<Optimizer>() { static const EnumTable t{"optimizer", kOptimizers}; return t; }
template <> const EnumTable& enumTable<Recompute>() { static const EnumTable t{"recompute", kRecomputes}; return t; }
template <> const EnumTable& enumTable<FineTune>() { static const EnumTable t{"finetune", kFineTunes}; return t; }
template <> const EnumTable& enumTable<Offload>() { static const EnumTable t{"offload", kOffloads}; return t; }
template <> const EnumTable& enumTable<FailurePreset>() { static const EnumTable t{"failure_preset", kFailurePresets}; return t; }
template <> const EnumTable& enumTable<RankOrder>() { static const EnumTable t{"rank_order", kRankOrders}; return t; }
template <> const EnumTable& enumTable<Recipe>() { static const EnumTable t{"recipe", kRecipes}; return t; }

} // namespace shardscope
