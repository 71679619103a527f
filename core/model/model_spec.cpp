#include "core/model/model_spec.h"

#include "core/model/parameter_inventory.h"

namespace shardscope {
namespace {

void requirePositive(std::int64_t value, const char* field, const char* what, Diagnostics& out)
{
    if (value <= 0)
        out.push_back({Severity::Error, std::string("model.") + field,
                       std::string(what) + " must be a positive whole number (got " + std::to_string(value) + ")"});
}

} // namespace

void validateModel(const ModelSpec& m, Diagnostics& out)
{
    requirePositive(m.layers, "layers", "layers", out);
    requirePositive(m.hidden, "hidden", "hidden size", out);
    requirePositive(m.heads, "heads", "attention heads", out);
    requirePositive(m.ffnHidden, "ffn_hidden", "FFN hidden size", out);
    requirePositive(m.vocab, "vocab", "vocabulary size", out);
    if (m.kvHeads < 0 || m.headDim < 0 || m.moe.experts < 0 || m.moe.topK < 0 || m.moe.sharedExperts < 0
        || m.moe.expertFfnHidden < 0 || m.maxPositions < 0) {
        out.push_back({Severity::Error, "model", "kv heads, head dim, experts, top-k and positions must not be negative"});
        return;
    }
    if (m.heads > 0 && m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        out.push_back({Severity::Error, "model.kv_heads",
                       "kv heads (" + std::to_string(m.kvHeads) + ") must divide attention heads ("
                           + std::to_string(m.heads) + ") for grouped-query attention"});
    if (m.headDim == 0 && m.heads > 0 && m.hidden % m.heads != 0)
        out.push_back({Severity::Error, "model.heads",
                       "heads (" + std::to_string(m.heads) + ") must divide hidden size (" + std::to_string(m.hidden)
                           + ") unless head_dim is given"});
    if (m.moe.isMoe()) {
        if (m.moe.topK < 1 || m.moe.topK > m.moe.experts)
            out.push_back({Severity::Error, "model.top_k",
                           "top-k (" + std::to_string(m.moe.topK) + ") must be between 1 and the number of experts ("
                               + std::to_string(m.moe.experts) + ")"});
    } else if (m.moe.topK > 0) {
        out.push_back({Severity::Error, "model.top_k", "top-k needs experts (set --experts)"});
    }
    if (m.position == PositionKind::Learned && m.maxPositions <= 0)
        out.push_back({Severity::Error, "model.max_positions", "learned position embeddings need max_positions"});
    if (m.exactParams && *m.exactParams <= 0)
        out.push_back({Severity::Error, "model.params",
                       "params must be a positive number of parameters (got " + std::to_string(*m.exactParams) + ")"});
}

ParameterCount countParameters(const ModelSpec& m)
{
    return countParameters(m, ParameterInventory(m));
}

ParameterCount countParameters(const ModelSpec& m, const ParameterInventory& inventory)
{
    ParameterCount c;
    std::int64_t expertPerLayer = 0;
    std::int64_t oneExpertPerLayer = 0;
    for (const TensorGroup& g : inventory.groups()) {
        switch (g.placement) {
        case Placement::Embedding: c.embedding += g.elements(); break;
        case Placement::Layer:
            c.perLayer += g.elements();
            if (g.expert) {
                expertPerLayer += g.elements();
                oneExpertPerLayer += g.rows * g.cols;
            }
            break;
        case Placement::FinalNorm: c.finalNorm += g.elements(); break;
        case Placement::Output: c.output += g.elements(); break;
        }
    }
    c.perLayerActive = c.perLayer - expertPerLayer + oneExpertPerLayer * m.moe.topK;
    c.total = c.embedding + m.layers * c.perLayer + c.finalNorm + c.output;
    c.active = c.embedding + m.layers * c.perLayerActive + c.finalNorm + c.output;
    return c;
}

std::int64_t ledgerParameters(const ModelSpec& m)
{
    return m.exactParams ? *m.exactParams : countParameters(m).total;
}

const char* mlpKindName(MlpKind kind) { return kind == MlpKind::Gelu ? "gelu" : "swiglu"; }
const char* normKindName(NormKind kind) { return kind == NormKind::LayerNorm ? "layernorm" : "rmsnorm"; }
const char* positionKindName(PositionKind kind) { return kind == PositionKind::Learned ? "learned" : "rotary"; }

} // namespace shardscope
