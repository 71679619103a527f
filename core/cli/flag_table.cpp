#include "core/cli/flag_table.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace shardscope::cli {

const std::vector<FlagSpec>& scenarioFlags()
{
    static const std::vector<FlagSpec> flags = {
        {"model", "model", "model", FlagType::Text, "model preset id"},
        {"hf-config", "model", "hf_config", FlagType::Text, "Hugging Face config.json to import"},
        {"params", "model", "params", FlagType::Count, "exactly N parameters (7e9, 7B), Llama-2 family shape"},
        {"layers", "model", "layers", FlagType::Int, "transformer layers"},
        {"hidden", "model", "hidden", FlagType::Int, "hidden size"},
        {"heads", "model", "heads", FlagType::Int, "attention heads"},
        {"kv-heads", "model", "kv_heads", FlagType::Int, "key/value heads (GQA/MQA)"},
        {"head-dim", "model", "head_dim", FlagType::Int, "head dimension (default hidden/heads)"},
        {"ffn-hidden", "model", "ffn_hidden", FlagType::Int, "MLP hidden size"},
        {"vocab", "model", "vocab", FlagType::Int, "vocabulary size"},
        {"mlp", "model", "mlp", FlagType::Text, "gelu|swiglu"},
        {"norm", "model", "norm", FlagType::Text, "layernorm|rmsnorm"},
        {"tied-embeddings", "model", "tied_embeddings", FlagType::Switch, "share input and output embeddings"},
        {"dropout", "model", "dropout", FlagType::Switch, "attention and hidden dropout in training"},
        {"experts", "model", "experts", FlagType::Int, "routed experts per MoE layer"},
        {"top-k", "model", "top_k", FlagType::Int, "experts per token"},
        {"shared-experts", "model", "shared_experts", FlagType::Int, "experts every token uses"},
        {"expert-ffn-hidden", "model", "expert_ffn_hidden", FlagType::Int, "expert MLP hidden size"},
        {"seq-len", "training", "seq_len", FlagType::Int, "sequence length in tokens"},
        {"micro-batch", "training", "micro_batch", FlagType::Int, "sequences per micro-batch"},
        {"global-batch", "training", "global_batch", FlagType::Int, "sequences per optimizer step"},
        {"precision", "training", "precision", FlagType::Text, "bf16-mixed|fp16-mixed|fp32|bf16|fp8-mixed"},
        {"grad-dtype", "training", "grad_dtype", FlagType::Text, "bf16|fp16|fp32 gradient storage"},
        {"optimizer", "training", "optimizer", FlagType::Text, "adamw|sgd-momentum|adafactor|adamw-8bit"},
        {"recompute", "training", "recompute", FlagType::Text, "none|selective|full"},
        {"flash-attention", "training", "flash_attention", FlagType::Text, "on|off"},
        {"finetune", "training", "finetune", FlagType::Text, "full|lora|qlora"},
        {"lora-rank", "training", "lora_rank", FlagType::Int, "LoRA rank r"},
        {"lora-targets", "training", "lora_targets", FlagType::Text, "q,k,v,o,gate,up,down or all"},
        {"fused-swiglu", "training", "fused_swiglu", FlagType::Switch, "SwiGLU saves only its input (Megatron)"},
        {"norm-statistics", "training", "norm_statistics", FlagType::Switch, "count norm mean/rstd"},
        {"fused-cross-entropy", "training", "fused_cross_entropy", FlagType::Switch, "loss gradient in place (Megatron); =off for PyTorch's"},
        {"gpus", "parallel", "gpus", FlagType::Int, "GPUs in the job"},
        {"dp", "parallel", "dp", FlagType::Int, "data-parallel size (default gpus/(tp*pp*cp))"},
        {"tp", "parallel", "tp", FlagType::Int, "tensor-parallel size"},
        {"pp", "parallel", "pp", FlagType::Int, "pipeline stages"},
        {"cp", "parallel", "cp", FlagType::Int, "context-parallel size"},
        {"ep", "parallel", "ep", FlagType::Int, "expert-parallel size"},
        {"zero", "parallel", "zero", FlagType::Int, "ZeRO stage 0|1|2|3"},
        {"sequence-parallel", "parallel", "sequence_parallel", FlagType::Switch, "Megatron sequence parallelism"},
        {"vpp", "parallel", "vpp", FlagType::Int, "virtual pipeline stages (interleaved 1F1B)"},
        {"offload", "parallel", "offload", FlagType::Text, "none|optimizer|optimizer+params"},
        {"gpu", "cluster", "gpu", FlagType::Text, "GPU preset id"},
        {"gpus-per-node", "cluster", "gpus_per_node", FlagType::Int, "GPUs per node"},
        {"intra-node-gbps", "cluster", "intra_node_gbps", FlagType::Number, "intra-node bandwidth per GPU, GB/s"},
        {"inter-node-gbps", "cluster", "inter_node_gbps", FlagType::Number, "inter-node bandwidth per GPU, GB/s"},
        {"peak-tflops", "cluster", "peak_tflops", FlagType::Number, "dense peak of the GEMM format, TFLOP/s"},
        {"memory-gbps", "cluster", "memory_gbps", FlagType::Number, "HBM bandwidth, GB/s"},
        {"gemm-efficiency", "perf", "gemm_efficiency", FlagType::Number, "achieved fraction of peak in GEMMs"},
        {"memory-efficiency", "perf", "memory_efficiency", FlagType::Number, "achieved fraction of HBM bandwidth"},
        {"link-efficiency", "perf", "link_efficiency", FlagType::Number, "NCCL bus bandwidth / link bandwidth"},
        {"intra-latency-us", "perf", "intra_latency_us", FlagType::Number, "latency per ring step in a node, us"},
        {"inter-latency-us", "perf", "inter_latency_us", FlagType::Number, "latency per ring step across nodes, us"},
        {"dp-overlap", "perf", "dp_overlap", FlagType::Number, "share of backward that hides DP traffic"},
        {"tp-overlap", "perf", "tp_overlap", FlagType::Number, "share of TP traffic hidden"},
        {"cp-overlap", "perf", "cp_overlap", FlagType::Number, "share of attention that hides CP traffic"},
        {"ep-overlap", "perf", "ep_overlap", FlagType::Number, "share of MoE all-to-all hidden"},
        {"train-tokens", "perf", "train_tokens", FlagType::Count, "tokens to train (1T, 2e12)"},
        {"context-mib", "overhead", "context_mib", FlagType::Number, "CUDA context and workspaces, MiB"},
        {"fragmentation", "overhead", "fragmentation", FlagType::Number, "allocator slack, fraction of activations"},
        {"nccl-mib", "overhead", "nccl_mib", FlagType::Number, "NCCL buffers per communicator, MiB"},
        {"bucket-mb", "overhead", "bucket_mb", FlagType::Number, "gradient bucket, MB"},
        {"zero3-prefetch-layers", "overhead", "zero3_prefetch_layers", FlagType::Int, "ZeRO-3 gathered layers live"},
    };
    return flags;
}

const FlagSpec* findFlag(std::string_view flag)
{
    for (const FlagSpec& spec : scenarioFlags()) {
        if (flag == spec.flag)
            return &spec;
    }
    return nullptr;
}

std::string flagForField(const std::string& field)
{
    for (const FlagSpec& spec : scenarioFlags()) {
        if (field == std::string(spec.group) + "." + spec.key)
            return std::string("--") + spec.flag;
    }
    return field;
}

std::optional<nlohmann::json> parseFlagValue(const FlagSpec& spec, const std::string& text, std::string& problem)
{
    switch (spec.type) {
    case FlagType::Text: return nlohmann::json(text);
    case FlagType::Switch:
        if (text.empty() || text == "on" || text == "true" || text == "1")
            return nlohmann::json(true);
        if (text == "off" || text == "false" || text == "0")
            return nlohmann::json(false);
        problem = "expected on or off, got '" + text + "'";
        return std::nullopt;
    case FlagType::Int:
    case FlagType::Count:
    case FlagType::Number: {
        std::string digits = text;
        double multiplier = 1.0;
        if (spec.type == FlagType::Count && !digits.empty()) {
            switch (std::toupper(static_cast<unsigned char>(digits.back()))) {
            case 'K': multiplier = 1e3; break;
            case 'M': multiplier = 1e6; break;
            case 'B': multiplier = 1e9; break;
            case 'T': multiplier = 1e12; break;
            default: break;
            }
            if (multiplier != 1.0)
                digits.pop_back();
        }
        char* end = nullptr;
        const double value = digits.empty() ? 0.0 : std::strtod(digits.c_str(), &end) * multiplier;
        if (digits.empty() || end == nullptr || *end != '\0' || !std::isfinite(value)) {
            problem = "expected a number, got '" + text + "'";
            return std::nullopt;
        }
        if (spec.type == FlagType::Number)
            return nlohmann::json(value);
        const double whole = std::round(value);
        if (std::fabs(value - whole) > 1e-9 * std::max(1.0, std::fabs(value)) || std::fabs(whole) > 9.0e18) {
            problem = "expected a whole number, got '" + text + "'";
            return std::nullopt;
        }
        return nlohmann::json(static_cast<std::int64_t>(whole));
    }
    }
    return std::nullopt;
}

} // namespace shardscope::cli
