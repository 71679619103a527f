#include "core/scenario/field_table.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/common/messages.h"
#include "core/common/translatable.h"
#include "core/common/units.h"
#include "core/scenario/field_access.h"
#include "core/scenario/lora_targets.h"

namespace shardscope {
namespace {

using namespace field_access;  // At, Scaled, MoeOnly, MlaOnly (core/scenario/field_access.h)

constexpr double kInt = 2147483647.0;          // the largest value an int field stores
constexpr double kNoMax = std::numeric_limits<double>::max();  // not bounded above (finite numbers only; the
                                                                // old literal rounded up to infinity)

#define ACCESS(...) &At<__VA_ARGS__>::get, &At<__VA_ARGS__>::set, At<__VA_ARGS__>::number

using S = Scenario;
using M = ModelSpec;
using T = TrainingSpec;
using P = ParallelSpec;
using C = ClusterSpec;
using O = OverheadSpec;
using F = PerfSpec;
using OP = OpsSpec;

// Overhead fields stored in bytes, written in MiB or MB.
using ContextMib = Scaled<static_cast<std::int64_t>(units::kMiB), &S::overhead, &O::cudaContextBytes>;
using NcclMib = Scaled<static_cast<std::int64_t>(units::kMiB), &S::overhead, &O::ncclBytesPerGroup>;
using BucketMb = Scaled<static_cast<std::int64_t>(units::kMB), &S::overhead, &O::dpBucketBytes>;

constexpr FieldSpec kFields[] = {
    // ---- model: a source (preset, config.json or parameter count), then the shape
    {"model", "model", "model", FieldType::Text, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Model preset"), SHARDSCOPE_TR_NOOP("UiText", "model preset id"), nullptr,
     [](const S& s) -> std::optional<FieldValue> {
         if (s.modelId.empty())
             return std::nullopt;
         return s.modelId;
     },
     nullptr},
    {"model", "hf_config", "hf-config", FieldType::Path, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Hugging Face config.json"),
     SHARDSCOPE_TR_NOOP("UiText", "Hugging Face config.json to import"), nullptr, nullptr, nullptr},
    {"model", "params", "params", FieldType::Count, SHARDSCOPE_TR_NOOP("UiText", "parameters"), 1, 1e15, false, SHARDSCOPE_TR_NOOP("UiText", "Parameters"),
     SHARDSCOPE_TR_NOOP("UiText", "exactly N parameters (7e9, 7B) on the Llama-2 family of shapes; at most 1e15, 500 times the largest published model"),
     nullptr, ACCESS(&S::model, &M::exactParams)},
    {"model", "name", nullptr, FieldType::Text, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Name"), SHARDSCOPE_TR_NOOP("UiText", "the model's display name"), nullptr,
     ACCESS(&S::model, &M::name)},
    {"model", "layers", "layers", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 1, 16384, false, SHARDSCOPE_TR_NOOP("UiText", "Layers"),
     SHARDSCOPE_TR_NOOP("UiText", "transformer layers (at most 16,384)"), nullptr, ACCESS(&S::model, &M::layers)},
    {"model", "hidden", "hidden", FieldType::Int, "", 1, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "Hidden size"),
     SHARDSCOPE_TR_NOOP("UiText", "hidden size (at most 2^20, 16 times the widest published model)"), nullptr, ACCESS(&S::model, &M::hidden)},
    {"model", "heads", "heads", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "heads"), 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Attention heads"),
     SHARDSCOPE_TR_NOOP("UiText", "attention heads (at most 65,536)"), nullptr, ACCESS(&S::model, &M::heads)},
    {"model", "kv_heads", "kv-heads", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "heads"), 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "KV heads"),
     SHARDSCOPE_TR_NOOP("UiText", "key/value heads (GQA/MQA); 0 means as many as attention heads"), nullptr,
     [](const S& s) -> std::optional<FieldValue> { return std::int64_t{s.model.effectiveKvHeads()}; },
     &At<&S::model, &M::kvHeads>::set, [](const S& s, double& v) { v = static_cast<double>(s.model.effectiveKvHeads()); return true; }},
    {"model", "head_dim", "head-dim", FieldType::Int, "", 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Head dimension"),
     SHARDSCOPE_TR_NOOP("UiText", "head dimension (default hidden / heads)"), nullptr,
     [](const S& s) -> std::optional<FieldValue> { return s.model.effectiveHeadDim(); }, &At<&S::model, &M::headDim>::set,
     [](const S& s, double& v) { v = static_cast<double>(s.model.effectiveHeadDim()); return true; }},
    {"model", "ffn_hidden", "ffn-hidden", FieldType::Int, "", 1, 4194304, false, SHARDSCOPE_TR_NOOP("UiText", "FFN hidden size"),
     SHARDSCOPE_TR_NOOP("UiText", "MLP hidden size (at most 2^22)"), nullptr, ACCESS(&S::model, &M::ffnHidden)},
    {"model", "mlp", "mlp", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "MLP"), SHARDSCOPE_TR_NOOP("UiText", "the MLP block"), &enumTable<MlpKind>,
     ACCESS(&S::model, &M::mlp)},
    {"model", "vocab", "vocab", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "tokens"), 1, 16777216, false, SHARDSCOPE_TR_NOOP("UiText", "Vocabulary"),
     SHARDSCOPE_TR_NOOP("UiText", "vocabulary size (at most 2^24, 64 times the largest published vocabulary)"), nullptr, ACCESS(&S::model, &M::vocab)},
    {"model", "tied_embeddings", "tied-embeddings", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Tied embeddings"),
     SHARDSCOPE_TR_NOOP("UiText", "share input and output embeddings"), nullptr, ACCESS(&S::model, &M::tiedEmbeddings)},
    {"model", "norm", "norm", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Normalisation"), SHARDSCOPE_TR_NOOP("UiText", "the normalisation layers"),
     &enumTable<NormKind>, ACCESS(&S::model, &M::norm)},
    {"model", "qkv_bias", nullptr, FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "QKV bias"),
     SHARDSCOPE_TR_NOOP("UiText", "biases on the query, key and value projections (GPT-2, Qwen2)"), nullptr, ACCESS(&S::model, &M::qkvBias)},
    {"model", "out_proj_bias", nullptr, FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Output projection bias"),
     SHARDSCOPE_TR_NOOP("UiText", "bias on the attention output projection"), nullptr, ACCESS(&S::model, &M::outProjBias)},
    {"model", "mlp_bias", nullptr, FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "MLP bias"), SHARDSCOPE_TR_NOOP("UiText", "biases on the MLP projections"),
     nullptr, ACCESS(&S::model, &M::mlpBias)},
    {"model", "position", nullptr, FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Positions"), SHARDSCOPE_TR_NOOP("UiText", "position embeddings"),
     &enumTable<PositionKind>, ACCESS(&S::model, &M::position)},
    {"model", "max_positions", nullptr, FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "tokens"), 0, 67108864, false, SHARDSCOPE_TR_NOOP("UiText", "Learned positions"),
     SHARDSCOPE_TR_NOOP("UiText", "rows of a learned position table"), nullptr,
     [](const S& s) -> std::optional<FieldValue> {
         if (s.model.position != PositionKind::Learned)
             return std::nullopt;
         return s.model.maxPositions;
     },
     &At<&S::model, &M::maxPositions>::set, [](const S& s, double& v) {
         if (s.model.position != PositionKind::Learned)
             return false;
         v = static_cast<double>(s.model.maxPositions);
         return true;
     }},
    {"model", "embedding_norm", nullptr, FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Embedding norm"),
     SHARDSCOPE_TR_NOOP("UiText", "a LayerNorm right after the token embedding (BLOOM)"), nullptr, ACCESS(&S::model, &M::embeddingNorm)},
    {"model", "parallel_residual", "parallel-residual", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Parallel residual"),
     SHARDSCOPE_TR_NOOP("UiText", "attention and MLP read the same input and add to one residual (GPT-J, GPT-NeoX, PaLM): one tensor-parallel all-reduce per layer instead of two"),
     nullptr, ACCESS(&S::model, &M::parallelResidual)},
    {"model", "qk_norm", "qk-norm", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "QK norm"),
     SHARDSCOPE_TR_NOOP("UiText", "RMSNorm on every query and key head (Qwen3)"), nullptr, ACCESS(&S::model, &M::qkNorm)},
    {"model", "attention", "attention", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Attention"),
     SHARDSCOPE_TR_NOOP("UiText", "grouped-query attention, or DeepSeek's multi-head latent attention (low-rank queries, keys and values)"),
     &enumTable<AttentionKind>, ACCESS(&S::model, &M::attention)},
    {"model", "q_lora_rank", "q-lora-rank", FieldType::Int, "", 0, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "Query latent rank"),
     SHARDSCOPE_TR_NOOP("UiText", "MLA: rank of the query projection (0: queries projected directly)"), nullptr, &MlaOnly<&M::qLoraRank>::get,
     &At<&S::model, &M::qLoraRank>::set, &MlaOnly<&M::qLoraRank>::number},
    {"model", "kv_lora_rank", "kv-lora-rank", FieldType::Int, "", 0, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "KV latent rank"),
     SHARDSCOPE_TR_NOOP("UiText", "MLA: rank of the compressed key/value latent"), nullptr, &MlaOnly<&M::kvLoraRank>::get,
     &At<&S::model, &M::kvLoraRank>::set, &MlaOnly<&M::kvLoraRank>::number},
    {"model", "rope_head_dim", "rope-head-dim", FieldType::Int, "", 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Rotary head dimension"),
     SHARDSCOPE_TR_NOOP("UiText", "MLA: the rotary part of each query/key head (head dimension is the rest)"), nullptr, &MlaOnly<&M::ropeHeadDim>::get,
     &At<&S::model, &M::ropeHeadDim>::set, &MlaOnly<&M::ropeHeadDim>::number},
    {"model", "v_head_dim", "v-head-dim", FieldType::Int, "", 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Value head dimension"),
     SHARDSCOPE_TR_NOOP("UiText", "MLA: width of each value head"), nullptr, &MlaOnly<&M::vHeadDim>::get, &At<&S::model, &M::vHeadDim>::set, &MlaOnly<&M::vHeadDim>::number},
    {"model", "dropout", "dropout", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Dropout"),
     SHARDSCOPE_TR_NOOP("UiText", "attention and hidden dropout in training"), nullptr, ACCESS(&S::model, &M::dropout)},
    {"model", "experts", "experts", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "experts"), 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Experts"),
     SHARDSCOPE_TR_NOOP("UiText", "routed experts per MoE layer (0: a dense model)"), nullptr, &MoeOnly<&MoeSpec::experts>::get,
     &At<&S::model, &M::moe, &MoeSpec::experts>::set, &MoeOnly<&MoeSpec::experts>::number},
    {"model", "top_k", "top-k", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "experts"), 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Experts per token"),
     SHARDSCOPE_TR_NOOP("UiText", "routed experts each token uses"), nullptr, &MoeOnly<&MoeSpec::topK>::get,
     &At<&S::model, &M::moe, &MoeSpec::topK>::set, &MoeOnly<&MoeSpec::topK>::number},
    {"model", "shared_experts", "shared-experts", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "experts"), 0, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Shared experts"),
     SHARDSCOPE_TR_NOOP("UiText", "experts every token uses"), nullptr, &MoeOnly<&MoeSpec::sharedExperts>::get,
     &At<&S::model, &M::moe, &MoeSpec::sharedExperts>::set, &MoeOnly<&MoeSpec::sharedExperts>::number},
    {"model", "expert_ffn_hidden", "expert-ffn-hidden", FieldType::Int, "", 0, 4194304, false, SHARDSCOPE_TR_NOOP("UiText", "Expert FFN size"),
     SHARDSCOPE_TR_NOOP("UiText", "expert MLP hidden size (0: the FFN hidden size)"), nullptr,
     [](const S& s) -> std::optional<FieldValue> {
         if (!s.model.moe.isMoe())
             return std::nullopt;
         return s.model.expertFfn();
     },
     &At<&S::model, &M::moe, &MoeSpec::expertFfnHidden>::set, [](const S& s, double& v) {
         if (!s.model.moe.isMoe())
             return false;
         v = static_cast<double>(s.model.expertFfn());
         return true;
     }},
    {"model", "dense_layers", "dense-layers", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 0, 16384, false, SHARDSCOPE_TR_NOOP("UiText", "Dense layers"),
     SHARDSCOPE_TR_NOOP("UiText", "the first k layers keep a dense MLP of the FFN hidden size (DeepSeek's first_k_dense_replace)"), nullptr,
     &MoeOnly<&MoeSpec::denseLayers>::get, &At<&S::model, &M::moe, &MoeSpec::denseLayers>::set, &MoeOnly<&MoeSpec::denseLayers>::number},

    // ---- training
    {"training", "recipe", "recipe", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Recipe"),
     SHARDSCOPE_TR_NOOP("UiText", "the defaults an engine or paper used (explicit fields override them)"), &enumTable<Recipe>,
     ACCESS(&S::training, &T::recipe)},
    {"training", "seq_len", "seq-len", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "tokens"), 1, 67108864, false, SHARDSCOPE_TR_NOOP("UiText", "Sequence length"),
     SHARDSCOPE_TR_NOOP("UiText", "sequence length in tokens (at most 2^26)"), nullptr, ACCESS(&S::training, &T::seqLen)},
    {"training", "micro_batch", "micro-batch", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "sequences"), 1, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "Micro-batch"),
     SHARDSCOPE_TR_NOOP("UiText", "sequences per micro-batch"), nullptr, ACCESS(&S::training, &T::microBatch)},
    {"training", "global_batch", "global-batch", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "sequences"), 1, 1073741824, false, SHARDSCOPE_TR_NOOP("UiText", "Global batch"),
     SHARDSCOPE_TR_NOOP("UiText", "sequences per optimizer step (default micro-batch x dp)"), nullptr, ACCESS(&S::training, &T::globalBatch)},
    {"training", "precision", "precision", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Precision"),
     SHARDSCOPE_TR_NOOP("UiText", "the mixed-precision recipe"), &enumTable<Precision>, ACCESS(&S::training, &T::precision)},
    {"training", "grad_dtype", "grad-dtype", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Gradient dtype"),
     SHARDSCOPE_TR_NOOP("UiText", "gradient storage (default: the recipe's)"), &enumTable<GradDtype>, ACCESS(&S::training, &T::gradDtype)},
    {"training", "optimizer", "optimizer", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Optimizer"), SHARDSCOPE_TR_NOOP("UiText", "the optimizer"),
     &enumTable<Optimizer>, ACCESS(&S::training, &T::optimizer)},
    {"training", "recompute", "recompute", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Recomputation"),
     SHARDSCOPE_TR_NOOP("UiText", "activation recomputation"), &enumTable<Recompute>, ACCESS(&S::training, &T::recompute)},
    {"training", "recompute_every", "recompute-every", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 1, 16384, false,
     SHARDSCOPE_TR_NOOP("UiText", "Recompute every"), SHARDSCOPE_TR_NOOP("UiText", "k for --recompute every-k: every k-th layer is fully recomputed"),
     nullptr, ACCESS(&S::training, &T::recomputeEvery)},
    {"training", "flash_attention", "flash-attention", FieldType::OnOff, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "FlashAttention"),
     SHARDSCOPE_TR_NOOP("UiText", "fused attention that keeps no score matrix (Dao et al. 2022)"), nullptr, ACCESS(&S::training, &T::flashAttention)},
    {"training", "attention_kernel", "attention-kernel", FieldType::Choice, "", 0, 0, false,
     SHARDSCOPE_TR_NOOP("UiText", "Attention kernel"), SHARDSCOPE_TR_NOOP("UiText", "which FlashAttention runs (with FlashAttention on)"),
     &enumTable<AttentionKernel>, ACCESS(&S::training, &T::attentionKernel)},
    {"training", "kernels", "kernels", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Kernels"), SHARDSCOPE_TR_NOOP("UiText", "how the memory-bound ops run"),
     &enumTable<KernelFusion>, ACCESS(&S::training, &T::kernels)},
    {"training", "fp8_recipe", "fp8-recipe", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "fp8 recipe"),
     SHARDSCOPE_TR_NOOP("UiText", "which fp8 implementation (with fp8-mixed precision)"), &enumTable<Fp8Recipe>, ACCESS(&S::training, &T::fp8Recipe)},
    {"training", "fp8_all_gather", "fp8-all-gather", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "fp8 all-gather"),
     SHARDSCOPE_TR_NOOP("UiText", "FSDP all-gathers linear weights in fp8, 1 byte each (torchao enable_fsdp_float8_all_gather)"), nullptr,
     ACCESS(&S::training, &T::fp8AllGather)},
    {"training", "finetune", "finetune", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Training"), SHARDSCOPE_TR_NOOP("UiText", "what is trained"),
     &enumTable<FineTune>, ACCESS(&S::training, &T::finetune)},
    {"training", "lora_rank", "lora-rank", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "LoRA rank"), SHARDSCOPE_TR_NOOP("UiText", "LoRA rank r"),
     nullptr, ACCESS(&S::training, &T::loraRank)},
    {"training", "lora_targets", "lora-targets", FieldType::Text, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "LoRA targets"),
     SHARDSCOPE_TR_NOOP("UiText", "q,k,v,o,gate,up,down or all"), nullptr,
     [](const S& s) -> std::optional<FieldValue> { return loraTargetsText(s.training.loraTargets); },
     [](S& s, const FieldValue& v) {
         const auto* text = std::get_if<std::string>(&v);
         const unsigned targets = text != nullptr ? parseLoraTargets(*text) : 0u;
         if (targets != 0)
             s.training.loraTargets = targets;
         return targets != 0;
     },
     nullptr, msg::kBadLoraTargets},
    {"training", "fused_swiglu", "fused-swiglu", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Fused SwiGLU"),
     SHARDSCOPE_TR_NOOP("UiText", "SwiGLU saves only its input (Megatron); =off for eager PyTorch"), nullptr, ACCESS(&S::training, &T::fusedSwiglu)},
    {"training", "norm_statistics", "norm-statistics", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Norm statistics"),
     SHARDSCOPE_TR_NOOP("UiText", "count norm mean/rstd"), nullptr, ACCESS(&S::training, &T::normStatistics)},
    {"training", "fused_cross_entropy", "fused-cross-entropy", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Fused cross-entropy"),
     SHARDSCOPE_TR_NOOP("UiText", "loss gradient in place (Megatron); =off for PyTorch's"), nullptr, ACCESS(&S::training, &T::fusedCrossEntropy)},

    // ---- parallel
    {"parallel", "gpus", "gpus", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "GPUs"), 1, 16777216, false, SHARDSCOPE_TR_NOOP("UiText", "GPUs"), SHARDSCOPE_TR_NOOP("UiText", "GPUs in the job (at most 2^24)"),
     nullptr, ACCESS(&S::parallel, &P::gpus)},
    {"parallel", "dp", "dp", FieldType::Int, "", 1, 16777216, false, SHARDSCOPE_TR_NOOP("UiText", "Data parallel (DP)"),
     SHARDSCOPE_TR_NOOP("UiText", "data-parallel size (default gpus / (tp x pp x cp))"), nullptr, ACCESS(&S::parallel, &P::dp)},
    {"parallel", "tp", "tp", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Tensor parallel (TP)"), SHARDSCOPE_TR_NOOP("UiText", "tensor-parallel size"),
     nullptr, ACCESS(&S::parallel, &P::tp)},
    {"parallel", "pp", "pp", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Pipeline parallel (PP)"), SHARDSCOPE_TR_NOOP("UiText", "pipeline stages"),
     nullptr, ACCESS(&S::parallel, &P::pp)},
    {"parallel", "cp", "cp", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Context parallel (CP)"), SHARDSCOPE_TR_NOOP("UiText", "context-parallel size"),
     nullptr, ACCESS(&S::parallel, &P::cp)},
    {"parallel", "ep", "ep", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Expert parallel (EP)"), SHARDSCOPE_TR_NOOP("UiText", "expert-parallel size"),
     nullptr, ACCESS(&S::parallel, &P::ep)},
    {"parallel", "zero", "zero", FieldType::Int, "", 0, 3, false, SHARDSCOPE_TR_NOOP("UiText", "ZeRO stage"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO stage: 0 none, 1 optimizer states, 2 and gradients, 3 and parameters (FSDP)"), nullptr,
     ACCESS(&S::parallel, &P::zero), msg::kZeroStage},
    {"parallel", "fsdp_reshard", "fsdp-reshard", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "FSDP reshard"),
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 / FSDP: free gathered weights after forward"), &enumTable<FsdpReshard>, ACCESS(&S::parallel, &P::fsdpReshard)},
    {"parallel", "pp_first_stage_layers", "pp-first-stage-layers", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 0, 16384, false,
     SHARDSCOPE_TR_NOOP("UiText", "First stage layers"), SHARDSCOPE_TR_NOOP("UiText", "layers on the first pipeline stage (Megatron-LM --decoder-first-pipeline-num-layers; 0: even split)"),
     nullptr, ACCESS(&S::parallel, &P::ppFirstStageLayers)},
    {"parallel", "pp_last_stage_layers", "pp-last-stage-layers", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 0, 16384, false,
     SHARDSCOPE_TR_NOOP("UiText", "Last stage layers"), SHARDSCOPE_TR_NOOP("UiText", "layers on the last pipeline stage (Megatron-LM --decoder-last-pipeline-num-layers; 0: even split)"),
     nullptr, ACCESS(&S::parallel, &P::ppLastStageLayers)},
    {"parallel", "pp_layers", "pp-layers", FieldType::Text, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Layers per stage"),
     SHARDSCOPE_TR_NOOP("UiText", "an explicit split, layers per pipeline stage (16,16,15,...), or per virtual stage with vpp (pp x vpp entries); overrides the first and last"), nullptr,
     [](const S& s) -> std::optional<FieldValue> {
         if (s.parallel.ppLayers.empty())
             return std::nullopt;
         return s.parallel.ppLayers;
     },
     &At<&S::parallel, &P::ppLayers>::set},
    {"parallel", "sequence_parallel", "sequence-parallel", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Sequence parallelism"),
     SHARDSCOPE_TR_NOOP("UiText", "Megatron sequence parallelism"), nullptr, ACCESS(&S::parallel, &P::sequenceParallel)},
    {"parallel", "vpp", "vpp", FieldType::Int, "", 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "Virtual pipeline stages"),
     SHARDSCOPE_TR_NOOP("UiText", "virtual pipeline stages (interleaved 1F1B)"), nullptr, ACCESS(&S::parallel, &P::vpp)},
    {"parallel", "offload", "offload", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Offload"), SHARDSCOPE_TR_NOOP("UiText", "states kept in host memory"),
     &enumTable<Offload>, ACCESS(&S::parallel, &P::offload)},
    {"parallel", "rank_order", "rank-order", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Rank order"),
     SHARDSCOPE_TR_NOOP("UiText", "how ranks are numbered, innermost first; GPUs fill nodes in rank order"), &enumTable<RankOrder>,
     ACCESS(&S::parallel, &P::rankOrder)},

    // ---- cluster (overrides of the GPU preset are per GPU and per direction)
    {"cluster", "gpu", "gpu", FieldType::Text, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "GPU"), SHARDSCOPE_TR_NOOP("UiText", "GPU preset id"), nullptr,
     ACCESS(&S::cluster, &C::gpu)},
    {"cluster", "gpus_per_node", "gpus-per-node", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "GPUs"), 1, 65536, false, SHARDSCOPE_TR_NOOP("UiText", "GPUs per node"),
     SHARDSCOPE_TR_NOOP("UiText", "GPUs per node"), nullptr, ACCESS(&S::cluster, &C::gpusPerNode)},
    {"cluster", "intra_node_gbps", "intra-node-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 0.01, 100000, false,
     SHARDSCOPE_TR_NOOP("UiText", "Intra-node bandwidth"), SHARDSCOPE_TR_NOOP("UiText", "intra-node bandwidth per GPU, GB/s (at most 100,000: 50 times NVLink 5)"), nullptr,
     ACCESS(&S::cluster, &C::intraNodeGbps)},
    {"cluster", "inter_node_gbps", "inter-node-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 0.01, 100000, false,
     SHARDSCOPE_TR_NOOP("UiText", "Inter-node bandwidth"), SHARDSCOPE_TR_NOOP("UiText", "inter-node bandwidth per GPU, GB/s (a 400 Gb/s NIC is 50)"), nullptr,
     ACCESS(&S::cluster, &C::interNodeGbps)},
    {"cluster", "peak_tflops", "peak-tflops", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "TFLOP/s"), 0.001, 1000000, false, SHARDSCOPE_TR_NOOP("UiText", "Peak TFLOP/s"),
     SHARDSCOPE_TR_NOOP("UiText", "dense peak of the GEMM format, TFLOP/s"), nullptr, ACCESS(&S::cluster, &C::peakTflops)},
    {"cluster", "memory_gbps", "memory-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 1, 1000000, false, SHARDSCOPE_TR_NOOP("UiText", "HBM bandwidth"),
     SHARDSCOPE_TR_NOOP("UiText", "HBM bandwidth, GB/s"), nullptr, ACCESS(&S::cluster, &C::memoryGbps)},

    // ---- overhead
    {"overhead", "context_mib", "context-mib", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "MiB"), 0, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "CUDA context"),
     SHARDSCOPE_TR_NOOP("UiText", "CUDA context and workspaces, MiB"), nullptr, &ContextMib::get,
     &ContextMib::set, &ContextMib::number},
    {"overhead", "fragmentation", "fragmentation", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "Fragmentation"),
     SHARDSCOPE_TR_NOOP("UiText", "allocator slack, fraction of activations"), nullptr, ACCESS(&S::overhead, &O::fragmentation)},
    {"overhead", "nccl_mib", "nccl-mib", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "MiB"), 0, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "NCCL buffers"),
     SHARDSCOPE_TR_NOOP("UiText", "NCCL buffers per communicator, MiB"), nullptr, &NcclMib::get,
     &NcclMib::set, &NcclMib::number},
    {"overhead", "bucket_mb", "bucket-mb", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "MB"), 0, 1048576, false, SHARDSCOPE_TR_NOOP("UiText", "Gradient bucket"),
     SHARDSCOPE_TR_NOOP("UiText", "gradient bucket, MB"), nullptr, &BucketMb::get,
     &BucketMb::set, &BucketMb::number},
    {"overhead", "zero3_prefetch_layers", "zero3-prefetch-layers", FieldType::Int, SHARDSCOPE_TR_NOOP("UiText", "layers"), 0, 16384, false,
     SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 prefetch"), SHARDSCOPE_TR_NOOP("UiText", "ZeRO-3 gathered layers live"), nullptr, ACCESS(&S::overhead, &O::zero3PrefetchLayers)},

    // ---- perf: how well kernels and collectives use the hardware
    // Efficiencies from 1 %: below that no real kernel or link runs, and 1e-300 made the step time
    // overflow to infinity (issue 16).
    {"perf", "gemm_efficiency", "gemm-efficiency", FieldType::Number, "", 0.01, 1, false, SHARDSCOPE_TR_NOOP("UiText", "GEMM efficiency"),
     SHARDSCOPE_TR_NOOP("UiText", "a flat fraction of peak for every GEMM, 0.01 to 1 (no real GEMM runs below 1 % of peak), instead of the GPU's measured one and each GEMM's shape"), nullptr, ACCESS(&S::perf, &F::gemmEfficiency)},
    {"perf", "memory_efficiency", "memory-efficiency", FieldType::Number, "", 0.01, 1, false, SHARDSCOPE_TR_NOOP("UiText", "Memory efficiency"),
     SHARDSCOPE_TR_NOOP("UiText", "achieved fraction of HBM bandwidth, 0.01 to 1 (no real kernel reaches less than 1 %)"), nullptr, ACCESS(&S::perf, &F::memoryEfficiency)},
    {"perf", "link_efficiency", "link-efficiency", FieldType::Number, "", 0.01, 1, false, SHARDSCOPE_TR_NOOP("UiText", "Link efficiency"),
     SHARDSCOPE_TR_NOOP("UiText", "NCCL bus bandwidth / link bandwidth, 0.01 to 1 (no real collective reaches less than 1 %)"), nullptr, ACCESS(&S::perf, &F::linkEfficiency)},
    {"perf", "intra_latency_us", "intra-latency-us", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "us"), 0, 1000000, false, SHARDSCOPE_TR_NOOP("UiText", "Intra-node latency"),
     SHARDSCOPE_TR_NOOP("UiText", "latency per ring step in a node, us"), nullptr, ACCESS(&S::perf, &F::intraLatencyUs)},
    {"perf", "inter_latency_us", "inter-latency-us", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "us"), 0, 1000000, false, SHARDSCOPE_TR_NOOP("UiText", "Inter-node latency"),
     SHARDSCOPE_TR_NOOP("UiText", "latency per ring step across nodes, us"), nullptr, ACCESS(&S::perf, &F::interLatencyUs)},
    {"perf", "dp_overlap", "dp-overlap", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "DP overlap"),
     SHARDSCOPE_TR_NOOP("UiText", "share of backward that hides DP traffic"), nullptr, ACCESS(&S::perf, &F::dpOverlap)},
    {"perf", "tp_overlap", "tp-overlap", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "TP overlap"), SHARDSCOPE_TR_NOOP("UiText", "share of TP traffic hidden"),
     nullptr, ACCESS(&S::perf, &F::tpOverlap)},
    {"perf", "pp_overlap", "pp-overlap", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "PP overlap"),
     SHARDSCOPE_TR_NOOP("UiText", "share of the interleaved schedule's steady-state pipeline send/recv hidden (Megatron-LM overlap_p2p_comm: 1; 0 waits on each)"),
     nullptr, ACCESS(&S::perf, &F::ppOverlap)},
    {"perf", "cp_overlap", "cp-overlap", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "CP overlap"),
     SHARDSCOPE_TR_NOOP("UiText", "share of attention that hides CP traffic"), nullptr, ACCESS(&S::perf, &F::cpOverlap)},
    {"perf", "ep_overlap", "ep-overlap", FieldType::Number, "", 0, 1, false, SHARDSCOPE_TR_NOOP("UiText", "EP overlap"), SHARDSCOPE_TR_NOOP("UiText", "share of MoE all-to-all hidden"),
     nullptr, ACCESS(&S::perf, &F::epOverlap)},
    {"perf", "mfu_convention", "mfu-convention", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "MFU convention"),
     SHARDSCOPE_TR_NOOP("UiText", "how attention FLOPs count toward MFU"), &enumTable<MfuConvention>, ACCESS(&S::perf, &F::mfuConvention)},
    {"perf", "train_tokens", "train-tokens", FieldType::Count, SHARDSCOPE_TR_NOOP("UiText", "tokens"), 0, 1e18, true, SHARDSCOPE_TR_NOOP("UiText", "Training tokens"),
     SHARDSCOPE_TR_NOOP("UiText", "tokens to train (1T, 2e12)"), nullptr, ACCESS(&S::perf, &F::trainTokens)},

    // ---- ops: checkpoints, failures and recovery (docs/model.md, "Operations at scale"). Durations
    // are bounded by a week (restart, write) or a year (interval, MTBF): longer is no longer a
    // checkpointing question.
    {"ops", "failure_preset", "failure-preset", FieldType::Choice, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Failure rate from"),
     SHARDSCOPE_TR_NOOP("UiText", "a published cluster's failure rate"), &enumTable<FailurePreset>, ACCESS(&S::ops, &OP::failurePreset)},
    {"ops", "cluster_mtbf_hours", "cluster-mtbf-hours", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "h"), 0, 8760, true,
     SHARDSCOPE_TR_NOOP("UiText", "Cluster MTBF"),
     SHARDSCOPE_TR_NOOP("UiText", "measured mean time between interruptions of this job, hours (at most a year); replaces the failure rate"), nullptr,
     ACCESS(&S::ops, &OP::clusterMtbfHours)},
    {"ops", "failures_per_gpu_day", "failures-per-gpu-day", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "per GPU-day"), 0, 10, true,
     SHARDSCOPE_TR_NOOP("UiText", "Failure rate"),
     SHARDSCOPE_TR_NOOP("UiText", "interruptions per GPU per day (at most 10, 20,000 times Llama 3's 4.7e-4); replaces the preset"), nullptr,
     ACCESS(&S::ops, &OP::failuresPerGpuDay)},
    {"ops", "checkpoint_write_minutes", "checkpoint-write-minutes", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "min"), 0, 10080, false,
     SHARDSCOPE_TR_NOOP("UiText", "Checkpoint write time"),
     SHARDSCOPE_TR_NOOP("UiText", "measured time to write one checkpoint, minutes (at most a week); replaces the storage bandwidth"), nullptr,
     ACCESS(&S::ops, &OP::checkpointWriteMinutes)},
    {"ops", "storage_gbps", "storage-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 0, 1000000, true,
     SHARDSCOPE_TR_NOOP("UiText", "Storage bandwidth"),
     SHARDSCOPE_TR_NOOP("UiText", "aggregate checkpoint storage bandwidth, GB/s (default 2,000: Llama 3's Tectonic, sustained)"), nullptr,
     ACCESS(&S::ops, &OP::storageGbps)},
    {"ops", "storage_node_gbps", "storage-node-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 0, 100000, true,
     SHARDSCOPE_TR_NOOP("UiText", "Storage per node"), SHARDSCOPE_TR_NOOP("UiText", "one node's link to storage, GB/s (50: a 400 Gb/s port)"),
     nullptr, ACCESS(&S::ops, &OP::storageNodeGbps)},
    {"ops", "host_copy_gbps", "host-copy-gbps", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "GB/s"), 0, 100000, true,
     SHARDSCOPE_TR_NOOP("UiText", "Device-to-host copy"),
     SHARDSCOPE_TR_NOOP("UiText", "GPU-to-host copy per GPU, GB/s (32: PCIe 4.0 x16): the blocking part of an asynchronous save"), nullptr,
     ACCESS(&S::ops, &OP::hostCopyGbps)},
    {"ops", "detection_minutes", "detection-minutes", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "min"), 0, 10080, false,
     SHARDSCOPE_TR_NOOP("UiText", "Failure detection"), SHARDSCOPE_TR_NOOP("UiText", "time to notice a failure and decide to restart, minutes"),
     nullptr, ACCESS(&S::ops, &OP::detectionMinutes)},
    {"ops", "restart_minutes", "restart-minutes", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "min"), 0, 10080, false,
     SHARDSCOPE_TR_NOOP("UiText", "Restart time"),
     SHARDSCOPE_TR_NOOP("UiText", "measured time to restart and load the checkpoint, minutes (default: 5 plus the load time)"), nullptr,
     ACCESS(&S::ops, &OP::restartMinutes)},
    {"ops", "interval_minutes", "interval-minutes", FieldType::Number, SHARDSCOPE_TR_NOOP("UiText", "min"), 0, 525600, true,
     SHARDSCOPE_TR_NOOP("UiText", "Checkpoint interval"),
     SHARDSCOPE_TR_NOOP("UiText", "minutes between checkpoints (at most a year; default: Daly's optimum)"), nullptr,
     ACCESS(&S::ops, &OP::intervalMinutes)},
    {"ops", "async_checkpoint", "async-checkpoint", FieldType::Bool, "", 0, 0, false, SHARDSCOPE_TR_NOOP("UiText", "Asynchronous checkpoints"),
     SHARDSCOPE_TR_NOOP("UiText", "training waits only for the copy to host memory; storage is written in the background"), nullptr,
     ACCESS(&S::ops, &OP::asyncCheckpoint)},
};

#undef ACCESS

constexpr const char* kGroups[] = {"model", "training", "parallel", "cluster", "overhead", "perf", "ops"};

// Whether a row's range check can compare its member as an integer: a whole-number member with
// whole bounds below 2^53 in magnitude (then each bound and its neighbours are exact in double).
constexpr bool wholeBounds(const FieldSpec& spec)
{
    constexpr double kExact = 9007199254740992.0;  // 2^53
    const auto whole = [&](double b) { return b > -kExact && b < kExact && static_cast<double>(static_cast<std::int64_t>(b)) == b; };
    return spec.number.hasWhole && whole(spec.min) && whole(spec.max);
}

// One field's range check, generated from its row: the reader inlined and the bounds constants,
// so a whole-number member costs a load and one comparison and a real one two. Fields that are
// not numbers generate nothing.
template <std::size_t I>
[[gnu::always_inline]] inline bool fieldWithinRange(const Scenario& s)
{
    constexpr const FieldSpec& spec = kFields[I];
    if constexpr (!spec.numeric()) {
        return true;
    } else {
        // Every numeric row has a `number` reader (tst_scenario checks it: gcc's sanitizer builds do
        // not take a function's address compared with null as a constant, so no static_assert).
        if constexpr (wholeBounds(spec)) {
            // The same test on the integer: x >= min exactly when double(x) >= min, as rounding to
            // double is monotonic and min and min - 1 are exact; likewise for max and an
            // exclusive min (tst_scenario compares both at and past every bound).
            constexpr NumberReader::Whole read = spec.number.whole;  // a constant: called directly, inlined
            std::int64_t w = 0;
            if (!read(s, w))
                return true;  // unset, or not applicable to this model
            constexpr auto min = static_cast<std::int64_t>(spec.min), max = static_cast<std::int64_t>(spec.max);
            if constexpr (spec.minExclusive)
                return w > min && w <= max;
            else
                return w >= min && w <= max;
        } else {
            constexpr NumberReader::Real read = spec.number.real;
            double v = 0.0;
            if (!read(s, v))
                return true;  // unset, or not applicable to this model
            // FieldSpec::admits written out: through `this` gcc did not fold the bounds into
            // constants (+280 instructions per estimate), and through a helper taking them it
            // inlined less (+25).
            constexpr double min = spec.min, max = spec.max;
            if constexpr (spec.minExclusive)
                return v > min && v <= max;
            else
                return v >= min && v <= max;
        }
    }
}

template <std::size_t... I>
bool fieldsWithinRange(const Scenario& s, std::index_sequence<I...>)
{
    return (fieldWithinRange<I>(s) && ...);
}

std::string valueText(double value)
{
    char text[40];
    if (std::floor(value) == value && std::fabs(value) < 1e15)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

} // namespace

std::span<const FieldSpec> scenarioFields() { return kFields; }

bool numericFieldsWithinRange(const Scenario& s)
{
    return fieldsWithinRange(s, std::make_index_sequence<std::size(kFields)>{});
}

std::span<const char* const> scenarioGroups() { return kGroups; }

const FieldSpec* findField(std::string_view group, std::string_view key)
{
    for (const FieldSpec& spec : kFields) {
        if (group == spec.group && key == spec.key)
            return &spec;
    }
    return nullptr;
}

const FieldSpec* findFieldByPath(std::string_view path)
{
    const auto dot = path.find('.');
    return dot == std::string_view::npos ? nullptr : findField(path.substr(0, dot), path.substr(dot + 1));
}

const FieldSpec* findFieldByFlag(std::string_view flag)
{
    for (const FieldSpec& spec : kFields) {
        if (spec.flag != nullptr && flag == spec.flag)
            return &spec;
    }
    return nullptr;
}

bool isModelSourceField(const FieldSpec& spec)
{
    const std::string_view key = spec.key;
    return std::string_view(spec.group) == "model" && (key == "model" || key == "hf_config" || key == "params");
}

std::string boundText(double value) { return valueText(value); }

} // namespace shardscope
