#include "core/scenario/model_presets.h"

#include "core/common/json_fields.h"
#include "core/scenario/field_json.h"

namespace shardscope {

void parseModelPreset(const nlohmann::json& object, ModelPreset& preset, Diagnostics& out)
{
    json_fields::readString(object, "id", "preset", preset.spec.id, out);
    json_fields::readString(object, "name", "preset", preset.spec.name, out);
    json_fields::readString(object, "source", "preset", preset.spec.source, out);
    std::int64_t published = 0;
    if (json_fields::readInt(object, "published_params", "preset", published, out))
        preset.publishedParams = published;
    double approx = 0;
    if (json_fields::readNumber(object, "published_params_approx", "preset", approx, out))
        preset.publishedParamsApprox = approx;
    json_fields::readString(object, "published_source", "preset", preset.publishedSource, out);
    applyModelFields(object, "preset", preset.spec, out);
    validateModel(preset.spec, out);
}

const ModelPresets& standardModelPresets()
{
    static const ModelPresets presets(presetFiles("models", userPresetDirectory()), &parseModelPreset);
    return presets;
}

} // namespace shardscope
