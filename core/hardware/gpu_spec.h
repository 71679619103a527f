#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/presets/preset_registry.h"

namespace shardscope {

// Dense peak throughput of the tensor cores per number format, FLOP/s; 0 where the GPU has none
// (A100 and fp8, for example).
struct PeakFlops {
    double fp32 = 0;
    double tf32 = 0;
    double bf16 = 0;   // also fp16
    double fp8 = 0;
};

// One accelerator. Every value cites its datasheet in the preset file (the *_source fields).
struct GpuSpec {
    std::string id;
    std::string name;
    double memoryBytes = 0;              // what a framework can allocate from (nvidia-smi memory.total)
    PeakFlops peak;
    double memoryBandwidth = 0;          // bytes/s of HBM (or GDDR)
    double intraNodeBandwidth = 0;       // bytes/s per GPU per direction to GPUs in the same node
    double interNodeBandwidth = 0;       // bytes/s per GPU per direction to other nodes
    std::string memorySource;
    std::string peakSource;
    std::string memoryBandwidthSource;
    std::string intraNodeSource;
    std::string interNodeSource;
    std::string origin;                  // which preset file defined it
    const std::string& presetId() const { return id; }
};

using GpuPresets = PresetRegistry<GpuSpec>;

void parseGpuPreset(const nlohmann::json& object, GpuSpec& gpu, Diagnostics& out);

// Built-in (resources/presets/gpus) plus the user's presets, loaded once on first use.
const GpuPresets& standardGpuPresets();

} // namespace shardscope
