#pragma once
#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/model/model_spec.h"

namespace shardscope {

// Overrides the fields of `model` present in `object` (preset files and the scenario's
// "model" group share these names). Errors are reported as "<prefix>.<field>".
void applyModelFields(const nlohmann::json& object, const std::string& prefix, ModelSpec& model, Diagnostics& out);

// The shape fields of `model`, in the same names (no id, name or exact-params override).
nlohmann::json modelShapeToJson(const ModelSpec& model);

// The names applyModelFields understands, null-terminated, for unknown-field warnings.
extern const char* const kModelShapeFields[];

} // namespace shardscope
