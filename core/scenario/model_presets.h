#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/model/model_spec.h"
#include "core/presets/preset_registry.h"

namespace shardscope {

struct ModelPreset {
    ModelSpec spec;                              // id, name and source filled in
    std::optional<std::int64_t> publishedParams; // the exact count published for it, when there is one
    std::optional<double> publishedParamsApprox; // a rounded published count ("175B"), when that is all there is
    std::string publishedSource;                 // where either count is published
    std::string origin;                          // which file defined it
    const std::string& presetId() const { return spec.id; }
};

using ModelPresets = PresetRegistry<ModelPreset>;

void parseModelPreset(const nlohmann::json& object, ModelPreset& preset, Diagnostics& out);

// Built-in (resources/presets/models) plus the user's presets, loaded once on first use.
const ModelPresets& standardModelPresets();

} // namespace shardscope
