#include "core/model/hf_config.h"

#include <fstream>
#include <sstream>

#include "core/common/input_file.h"
#include "core/common/messages.h"

namespace shardscope {
namespace {

constexpr const char* kField = "model.hf_config";
// Every count a config holds is narrowed to int somewhere (layers, heads, experts); none of the
// model's ranges in field_table.cpp comes near this.
constexpr std::int64_t kMaxCount = 2147483647;

// Reads integer `key`; when absent uses `fallback` if given, otherwise reports it missing.
bool readCount(const nlohmann::json& c, const char* key, std::int64_t& target, Diagnostics& out,
               std::optional<std::int64_t> fallback = std::nullopt, bool zeroAllowed = false)
{
    const auto it = c.find(key);
    if (it == c.end() || it->is_null()) {
        if (fallback) {
            target = *fallback;
            return true;
        }
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigMissing, {key}));
        return false;
    }
    if (!it->is_number_integer()) {
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigPositive, {key}));
        return false;
    }
    // Range-checked as a 64-bit value before anything narrows it: 4294967328 layers must be
    // refused, not wrapped to 32 (the model's own ranges, field_table.cpp, are checked later).
    const std::int64_t minimum = zeroAllowed ? 0 : 1;
    const bool tooLarge = it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxCount);
    if (tooLarge || it->get<std::int64_t>() < minimum || it->get<std::int64_t>() > kMaxCount) {
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigRange,
                                     {key, std::to_string(minimum), std::to_string(kMaxCount), it->dump()}));
        return false;
    }
    target = it->get<std::int64_t>();
    return true;
}

bool flag(const nlohmann::json& c, const char* key, bool fallback)
{
    const auto it = c.find(key);
    return it != c.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

double number(const nlohmann::json& c, const char* key, double fallback)
{
    const auto it = c.find(key);
    return it != c.end() && it->is_number() ? it->get<double>() : fallback;
}

// llama, mistral, mixtral, qwen2, qwen3 and qwen3_moe share the gated-MLP, RMSNorm, rotary
// layout (transformers: models/llama/modeling_llama.py and its copies); Qwen3 adds an RMSNorm on
// each query and key head (models/qwen3/modeling_qwen3.py, q_norm and k_norm).
void readLlamaLike(const nlohmann::json& c, const std::string& type, ModelSpec& m, Diagnostics& out)
{
    std::int64_t layers = 0, heads = 0, kvHeads = 0, headDim = 0;
    readCount(c, "hidden_size", m.hidden, out);
    readCount(c, "num_hidden_layers", layers, out);
    readCount(c, "num_attention_heads", heads, out);
    readCount(c, "intermediate_size", m.ffnHidden, out);
    readCount(c, "vocab_size", m.vocab, out);
    readCount(c, "num_key_value_heads", kvHeads, out, heads);
    readCount(c, "head_dim", headDim, out, heads > 0 ? m.hidden / heads : 0);
    m.layers = static_cast<int>(layers);
    m.heads = static_cast<int>(heads);
    m.kvHeads = static_cast<int>(kvHeads);
    m.headDim = headDim;
    m.mlp = MlpKind::SwiGlu;
    m.norm = NormKind::RmsNorm;
    m.position = PositionKind::Rotary;
    m.tiedEmbeddings = flag(c, "tie_word_embeddings", false);
    const bool attentionBias = flag(c, "attention_bias", false);
    m.qkvBias = type == "qwen2" || attentionBias;  // Qwen2 always has q/k/v biases
    m.outProjBias = attentionBias;
    m.mlpBias = flag(c, "mlp_bias", false);
    m.dropout = number(c, "attention_dropout", 0.0) > 0.0;
    m.qkNorm = type == "qwen3" || type == "qwen3_moe";
    if (type == "mixtral") {
        std::int64_t experts = 0, topK = 0;
        readCount(c, "num_local_experts", experts, out, 8);
        readCount(c, "num_experts_per_tok", topK, out, 2);
        m.moe.experts = static_cast<int>(experts);
        m.moe.topK = static_cast<int>(topK);
    }
    if (type == "qwen3_moe") {  // every layer sparse (decoder_sparse_step 1, no mlp_only_layers)
        std::int64_t experts = 0, topK = 0;
        readCount(c, "num_experts", experts, out);
        readCount(c, "num_experts_per_tok", topK, out);
        readCount(c, "moe_intermediate_size", m.moe.expertFfnHidden, out);
        m.moe.experts = static_cast<int>(experts);
        m.moe.topK = static_cast<int>(topK);
    }
}

// transformers: models/deepseek_v3/configuration_deepseek_v3.py and modeling_deepseek_v3.py:
// multi-head latent attention, first_k_dense_replace dense layers, then routed and shared experts.
void readDeepSeekV3(const nlohmann::json& c, ModelSpec& m, Diagnostics& out)
{
    std::int64_t layers = 0, heads = 0, experts = 0, topK = 0, shared = 0, dense = 0;
    readCount(c, "hidden_size", m.hidden, out);
    readCount(c, "num_hidden_layers", layers, out);
    readCount(c, "num_attention_heads", heads, out);
    readCount(c, "intermediate_size", m.ffnHidden, out);
    readCount(c, "vocab_size", m.vocab, out);
    readCount(c, "q_lora_rank", m.qLoraRank, out, 0, true);  // null: queries projected directly (V2-Lite)
    readCount(c, "kv_lora_rank", m.kvLoraRank, out);
    readCount(c, "qk_nope_head_dim", m.headDim, out);
    readCount(c, "qk_rope_head_dim", m.ropeHeadDim, out);
    readCount(c, "v_head_dim", m.vHeadDim, out);
    readCount(c, "n_routed_experts", experts, out);
    readCount(c, "num_experts_per_tok", topK, out);
    readCount(c, "n_shared_experts", shared, out, 0, true);
    readCount(c, "moe_intermediate_size", m.moe.expertFfnHidden, out);
    readCount(c, "first_k_dense_replace", dense, out, 0, true);
    m.layers = static_cast<int>(layers);
    m.heads = static_cast<int>(heads);
    m.kvHeads = static_cast<int>(heads);
    m.attention = AttentionKind::Mla;
    m.moe.experts = static_cast<int>(experts);
    m.moe.topK = static_cast<int>(topK);
    m.moe.sharedExperts = static_cast<int>(shared);
    m.moe.denseLayers = static_cast<int>(dense);
    m.mlp = MlpKind::SwiGlu;
    m.norm = NormKind::RmsNorm;
    m.position = PositionKind::Rotary;
    m.tiedEmbeddings = flag(c, "tie_word_embeddings", false);
    m.qkvBias = m.outProjBias = flag(c, "attention_bias", false);
    m.dropout = number(c, "attention_dropout", 0.0) > 0.0;
}

// transformers: models/gpt2/configuration_gpt2.py (n_inner None means 4 * n_embd).
void readGpt2(const nlohmann::json& c, ModelSpec& m, Diagnostics& out)
{
    std::int64_t layers = 0, heads = 0, positions = 0;
    readCount(c, "n_embd", m.hidden, out);
    readCount(c, "n_layer", layers, out);
    readCount(c, "n_head", heads, out);
    readCount(c, "vocab_size", m.vocab, out);
    readCount(c, "n_positions", positions, out, 1024);
    readCount(c, "n_inner", m.ffnHidden, out, 4 * m.hidden);
    m.layers = static_cast<int>(layers);
    m.heads = static_cast<int>(heads);
    m.maxPositions = positions;
    m.mlp = MlpKind::Gelu;
    m.norm = NormKind::LayerNorm;
    m.position = PositionKind::Learned;
    m.tiedEmbeddings = flag(c, "tie_word_embeddings", true);
    m.qkvBias = m.outProjBias = m.mlpBias = true;
    m.dropout = number(c, "resid_pdrop", 0.1) > 0.0 || number(c, "attn_pdrop", 0.1) > 0.0;
}

// transformers: models/gpt_neox/configuration_gpt_neox.py (biases on every linear layer).
void readGptNeox(const nlohmann::json& c, ModelSpec& m, Diagnostics& out)
{
    std::int64_t layers = 0, heads = 0;
    readCount(c, "hidden_size", m.hidden, out);
    readCount(c, "num_hidden_layers", layers, out);
    readCount(c, "num_attention_heads", heads, out);
    readCount(c, "intermediate_size", m.ffnHidden, out, 4 * m.hidden);
    readCount(c, "vocab_size", m.vocab, out);
    m.layers = static_cast<int>(layers);
    m.heads = static_cast<int>(heads);
    m.mlp = MlpKind::Gelu;
    m.norm = NormKind::LayerNorm;
    m.position = PositionKind::Rotary;
    m.tiedEmbeddings = flag(c, "tie_word_embeddings", false);
    const bool bias = flag(c, "attention_bias", true);
    m.qkvBias = m.outProjBias = bias;
    m.mlpBias = true;
    m.parallelResidual = flag(c, "use_parallel_residual", true);
    m.dropout = number(c, "hidden_dropout", 0.0) > 0.0 || number(c, "attention_dropout", 0.0) > 0.0;
}

} // namespace

const char* supportedHfModelTypes() { return "llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, deepseek_v3, gpt2, gpt_neox"; }

std::optional<ModelSpec> importHfConfig(const nlohmann::json& c, Diagnostics& out)
{
    if (!c.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigObject));
        return std::nullopt;
    }
    const auto typeIt = c.find("model_type");
    if (typeIt == c.end() || !typeIt->is_string()) {
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigNoType, {supportedHfModelTypes()}));
        return std::nullopt;
    }
    const std::string type = typeIt->get<std::string>();
    ModelSpec m;
    const std::size_t before = out.size();
    if (type == "llama" || type == "mistral" || type == "mixtral" || type == "qwen2" || type == "qwen3" || type == "qwen3_moe")
        readLlamaLike(c, type, m, out);
    else if (type == "deepseek_v3")
        readDeepSeekV3(c, m, out);
    else if (type == "gpt2")
        readGpt2(c, m, out);
    else if (type == "gpt_neox")
        readGptNeox(c, m, out);
    else {
        out.push_back(makeDiagnostic(Severity::Error, kField, msg::kConfigUnsupported, {type, supportedHfModelTypes()}));
        return std::nullopt;
    }
    const auto nameIt = c.find("_name_or_path");
    m.name = nameIt != c.end() && nameIt->is_string() && !nameIt->get<std::string>().empty()
                 ? nameIt->get<std::string>()
                 : type + " (config.json)";
    m.source = "Hugging Face config.json (model_type " + type + ")";
    Diagnostics shape;
    validateModel(m, shape);
    for (Diagnostic& d : shape)
        out.push_back(makeDiagnostic(d.severity, kField, msg::kConfigShape, {d.message()}));
    if (hasErrors(Diagnostics(out.begin() + static_cast<std::ptrdiff_t>(before), out.end())))
        return std::nullopt;
    return m;
}

std::optional<ModelSpec> importHfConfigFile(const std::string& path, Diagnostics& out)
{
    const std::optional<nlohmann::json> config = readJsonFile(path, kField, out);
    if (!config)
        return std::nullopt;
    return importHfConfig(*config, out);
}

} // namespace shardscope
