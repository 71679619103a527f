#include "core/hardware/gpu_spec.h"

#include "core/common/json_fields.h"

namespace shardscope {

void parseGpuPreset(const nlohmann::json& object, GpuSpec& gpu, Diagnostics& out)
{
    json_fields::readString(object, "id", "gpu", gpu.id, out);
    json_fields::readString(object, "name", "gpu", gpu.name, out);
    if (!json_fields::readNumber(object, "memory_bytes", "gpu", gpu.memoryBytes, out) || gpu.memoryBytes <= 0)
        out.push_back({Severity::Error, "gpu.memory_bytes", "memory_bytes must be a positive number of bytes"});
    json_fields::readString(object, "memory_source", "gpu", gpu.memorySource, out);
}

const GpuPresets& standardGpuPresets()
{
    static const GpuPresets presets(presetFiles("gpus", userPresetDirectory()), &parseGpuPreset);
    return presets;
}

} // namespace shardscope
