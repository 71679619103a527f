#include "core/model/model_spec.h"

#include <algorithm>
#include <cstdio>

#include "core/common/messages.h"
#include "core/model/parameter_inventory.h"

namespace shardscope {
namespace {

void requirePositive(std::int64_t value, const char* field, Diagnostics& out)
{
    if (value <= 0)
        out.push_back(makeDiagnostic(Severity::Error, std::string("model.") + field, msg::kPositiveWhole, {std::to_string(value)}));
}

} // namespace

void validateModel(const ModelSpec& m, Diagnostics& out)
{
    requirePositive(m.layers, "layers", out);
    requirePositive(m.hidden, "hidden", out);
    requirePositive(m.heads, "heads", out);
    requirePositive(m.ffnHidden, "ffn_hidden", out);
    requirePositive(m.vocab, "vocab", out);
    validateModelRelations(m, out);
    if (m.exactParams && *m.exactParams <= 0)
        out.push_back(makeDiagnostic(Severity::Error, "model.params", msg::kPositiveWhole, {std::to_string(*m.exactParams)}));
}

void validateModelRelations(const ModelSpec& m, Diagnostics& out)
{
    const auto str = [](std::int64_t v) { return std::to_string(v); };
    if (m.kvHeads < 0 || m.headDim < 0 || m.moe.experts < 0 || m.moe.topK < 0 || m.moe.sharedExperts < 0
        || m.moe.expertFfnHidden < 0 || m.maxPositions < 0) {
        out.push_back(makeDiagnostic(Severity::Error, "model", msg::kNegativeShape));
        return;
    }
    if (m.heads > 0 && m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        out.push_back(makeDiagnostic(Severity::Error, "model.kv_heads", msg::kKvHeadsDivide, {str(m.kvHeads), str(m.heads)}));
    if (m.headDim == 0 && m.heads > 0 && m.hidden % m.heads != 0)
        out.push_back(makeDiagnostic(Severity::Error, "model.heads", msg::kHeadsDivideHidden, {str(m.heads), str(m.hidden)}));
    if (m.moe.isMoe()) {
        if (m.moe.topK < 1 || m.moe.topK > m.moe.experts)
            out.push_back(makeDiagnostic(Severity::Error, "model.top_k", msg::kTopKRange, {str(m.moe.topK), str(m.moe.experts)}));
    } else if (m.moe.topK > 0) {
        out.push_back(makeDiagnostic(Severity::Error, "model.top_k", msg::kTopKNeedsExperts));
    }
    if (m.mla()) {
        if (m.kvLoraRank <= 0)
            out.push_back(makeDiagnostic(Severity::Error, "model.kv_lora_rank", msg::kPositiveWhole, {str(m.kvLoraRank)}));
        if (m.vHeadDim <= 0)
            out.push_back(makeDiagnostic(Severity::Error, "model.v_head_dim", msg::kPositiveWhole, {str(m.vHeadDim)}));
    }
    if (m.moe.denseLayers > 0 && m.moe.denseLayers >= m.layers)
        out.push_back(makeDiagnostic(Severity::Error, "model.dense_layers", msg::kDenseLayers, {str(m.moe.denseLayers), str(m.layers)}));
    if (m.position == PositionKind::Learned && m.maxPositions <= 0)
        out.push_back(makeDiagnostic(Severity::Error, "model.max_positions", msg::kLearnedPositions));
}

ParameterCount countParameters(const ModelSpec& m)
{
    return countParameters(m, ParameterInventory(m));
}

ParameterCount countParameters(const ModelSpec&, const ParameterInventory& inventory)
{
    return inventory.count();  // summed as the inventory was built
}

bool checkShapeSize(const ParameterInventory& inventory, Diagnostics& out)
{
    if (!inventory.oversized())
        return true;
    char approx[32];
    std::snprintf(approx, sizeof approx, "%.3g", inventory.shapeParameters());
    addDiagnostic(out, Severity::Error, "model", msg::kShapeTooLarge, {std::string_view(approx)});
    return false;
}

std::int64_t ledgerParameters(const ModelSpec& m)
{
    return m.exactParams ? *m.exactParams : countParameters(m).total;
}

double parameterScale(const ModelSpec& m, std::int64_t shapeTotal)
{
    return m.exactParams && shapeTotal > 0 ? static_cast<double>(*m.exactParams) / static_cast<double>(shapeTotal) : 1.0;
}


} // namespace shardscope
