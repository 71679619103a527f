#include "core/model/model_json.h"

#include "core/common/json_fields.h"
#include "core/common/messages.h"

namespace shardscope {

using json_fields::readBool;
using json_fields::readInt;
using json_fields::readString;

const char* const kModelShapeFields[] = {
    "layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden", "mlp", "vocab", "tied_embeddings",
    "norm", "qkv_bias", "out_proj_bias", "mlp_bias", "position", "max_positions", "dropout", "experts",
    "top_k", "shared_experts", "expert_ffn_hidden", nullptr};

namespace {

template <typename Enum>
void readEnum(const nlohmann::json& object, const char* key, const std::string& prefix, Enum& target,
              const char* firstName, Enum firstValue, const char* secondName, Enum secondValue, Diagnostics& out)
{
    std::string text;
    if (!readString(object, key, prefix, text, out))
        return;
    if (text == firstName)
        target = firstValue;
    else if (text == secondName)
        target = secondValue;
    else
        out.push_back(makeDiagnostic(Severity::Error, json_fields::path(prefix, key), msg::kOneOf,
                                     {json_fields::path(prefix, key), std::string(firstName) + ", " + secondName, text}));
}

} // namespace

void applyModelFields(const nlohmann::json& o, const std::string& prefix, ModelSpec& m, Diagnostics& out)
{
    if (!o.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, prefix, msg::kWrongType, {prefix, msg::kTypeObject}));
        return;
    }
    // A base with plain multi-head attention and the usual head size keeps both derived when the
    // user changes hidden or heads alone: overriding heads on a 32-head base must not leave 32 kv heads.
    const bool baseMha = m.effectiveKvHeads() == m.heads;
    const bool baseDerivedHeadDim = m.heads > 0 && m.effectiveHeadDim() == m.hidden / m.heads;
    readInt(o, "layers", prefix, m.layers, out);
    readInt(o, "hidden", prefix, m.hidden, out);
    readInt(o, "heads", prefix, m.heads, out);
    if (baseMha && o.contains("heads") && !o.contains("kv_heads"))
        m.kvHeads = 0;
    if (baseDerivedHeadDim && (o.contains("heads") || o.contains("hidden")) && !o.contains("head_dim"))
        m.headDim = 0;
    readInt(o, "kv_heads", prefix, m.kvHeads, out);
    readInt(o, "head_dim", prefix, m.headDim, out);
    readInt(o, "ffn_hidden", prefix, m.ffnHidden, out);
    readEnum(o, "mlp", prefix, m.mlp, "gelu", MlpKind::Gelu, "swiglu", MlpKind::SwiGlu, out);
    readInt(o, "vocab", prefix, m.vocab, out);
    readBool(o, "tied_embeddings", prefix, m.tiedEmbeddings, out);
    readEnum(o, "norm", prefix, m.norm, "layernorm", NormKind::LayerNorm, "rmsnorm", NormKind::RmsNorm, out);
    readBool(o, "qkv_bias", prefix, m.qkvBias, out);
    readBool(o, "out_proj_bias", prefix, m.outProjBias, out);
    readBool(o, "mlp_bias", prefix, m.mlpBias, out);
    readEnum(o, "position", prefix, m.position, "rotary", PositionKind::Rotary, "learned", PositionKind::Learned, out);
    readInt(o, "max_positions", prefix, m.maxPositions, out);
    readBool(o, "dropout", prefix, m.dropout, out);
    readInt(o, "experts", prefix, m.moe.experts, out);
    readInt(o, "top_k", prefix, m.moe.topK, out);
    readInt(o, "shared_experts", prefix, m.moe.sharedExperts, out);
    readInt(o, "expert_ffn_hidden", prefix, m.moe.expertFfnHidden, out);
}

nlohmann::json modelShapeToJson(const ModelSpec& m)
{
    nlohmann::json o = {
        {"layers", m.layers},
        {"hidden", m.hidden},
        {"heads", m.heads},
        {"kv_heads", m.effectiveKvHeads()},
        {"head_dim", m.effectiveHeadDim()},
        {"ffn_hidden", m.ffnHidden},
        {"mlp", mlpKindName(m.mlp)},
        {"vocab", m.vocab},
        {"tied_embeddings", m.tiedEmbeddings},
        {"norm", normKindName(m.norm)},
        {"qkv_bias", m.qkvBias},
        {"out_proj_bias", m.outProjBias},
        {"mlp_bias", m.mlpBias},
        {"position", positionKindName(m.position)},
        {"dropout", m.dropout},
    };
    if (m.position == PositionKind::Learned)
        o["max_positions"] = m.maxPositions;
    if (m.moe.isMoe()) {
        o["experts"] = m.moe.experts;
        o["top_k"] = m.moe.topK;
        o["shared_experts"] = m.moe.sharedExperts;
        o["expert_ffn_hidden"] = m.expertFfn();
    }
    return o;
}

} // namespace shardscope
