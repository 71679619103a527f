#include "core/scenario/shape_rules.h"

#include "core/common/messages.h"

namespace shardscope {

std::int64_t derivedFfnHidden(MlpKind mlp, std::int64_t hidden)
{
    if (mlp == MlpKind::Gelu)
        return 4 * hidden;
    constexpr std::int64_t multipleOf = 256;
    const std::int64_t twoThirds = 2 * (4 * hidden) / 3;  // int(2 * hidden_dim / 3) with hidden_dim = 4h
    return multipleOf * ((twoThirds + multipleOf - 1) / multipleOf);
}

void deriveShapeFields(const nlohmann::json& o, ModelSpec& m, Diagnostics& out)
{
    if ((!o.contains("hidden") && !o.contains("mlp")) || o.contains("ffn_hidden") || m.hidden <= 0)
        return;
    m.ffnHidden = derivedFfnHidden(m.mlp, m.hidden);
    const bool gelu = m.mlp == MlpKind::Gelu;
    out.push_back(makeDiagnostic(Severity::Info, "model.ffn_hidden", msg::kDerivedFfn,
                                 {std::to_string(m.ffnHidden), std::to_string(m.hidden), gelu ? "GELU" : "SwiGLU",
                                  gelu ? "4 x hidden, Megatron-LM's default"
                                       : "256 x ceil(int(8 x hidden / 3) / 256), Llama's FeedForward"}));
}

void warnKeptPresetFields(const nlohmann::json& o, const ModelSpec& base, const ModelSpec& m, const std::string& source,
                          Diagnostics& out)
{
    const auto kept = [&](const char* key, const char* flag, std::int64_t value, const char* cause) {
        out.push_back(makeDiagnostic(Severity::Warning, std::string("model.") + key, msg::kPresetFieldKept,
                                     {flag, std::to_string(value), source, cause}));
    };
    const bool hidden = o.contains("hidden") && m.hidden != base.hidden;
    const bool mlp = o.contains("mlp") && m.mlp != base.mlp;
    if ((hidden || mlp) && !o.contains("ffn_hidden"))
        kept("ffn_hidden", "--ffn-hidden", m.ffnHidden, hidden ? "--hidden" : "--mlp");
    const bool heads = o.contains("heads") && m.heads != base.heads;
    if (heads && !o.contains("kv_heads") && m.kvHeads > 0)  // applyModelFields keeps a multi-head base multi-head
        kept("kv_heads", "--kv-heads", m.kvHeads, "--heads");
    if ((hidden || heads) && !o.contains("head_dim") && m.headDim > 0)
        kept("head_dim", "--head-dim", m.headDim, hidden ? "--hidden" : "--heads");
}

} // namespace shardscope
