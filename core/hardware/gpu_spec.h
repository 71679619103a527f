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

// How much of the peak real kernels reach, per GPU generation, each from a published measurement
// cited in the preset file (docs/model.md, "Step time"). Absent from a preset: the documented
// assumptions below, flagged as such in the preset's sources.
struct KernelEfficiency {
    int sms = 0;                  // streaming multiprocessors (compute units): GEMM waves; 0 = not modelled
    double gemmBf16 = 0.75;       // maximum achievable matmul FLOPS / peak, 16-bit (MAMF)
    double gemmFp8 = 0.75;        // the same in fp8
    double gemmBestKBf16 = 4096;  // the inner dimension MAMF was measured at (the K efficiency is relative to it)
    double gemmBestKFp8 = 4096;
    double attentionFa2 = 0.35;   // FlashAttention-2 forward + backward, fraction of the 16-bit peak
    double attentionFa3 = 0.35;   // FlashAttention-3 (Hopper); the FA2 fraction where it does not run
    double attentionTriton = 0;   // FlashAttention in Triton; 0: not measured, FlashAttention-2's / 1.8
    // The fraction of those isolated-kernel measurements that tensor-core kernels keep inside a
    // training step (sustained clocks under the power limit, cold caches between kernels),
    // calibrated per GPU on published training runs named in the preset's sustained_source.
    double sustained = 1.0;
    std::string sustainedSource;
    std::string gemmSource;
    std::string attentionSource;
};

// One accelerator. Every value cites its datasheet in the preset file (the *_source fields).
struct GpuSpec {
    std::string id;
    std::string name;
    double memoryBytes = 0;              // what a framework can allocate from (nvidia-smi memory.total)
    PeakFlops peak;
    double memoryBandwidth = 0;          // bytes/s of HBM (or GDDR)
    double intraNodeBandwidth = 0;       // bytes/s per GPU per direction to GPUs in the same node
    double interNodeBandwidth = 0;       // bytes/s per GPU per direction to other nodes (its own NIC)
    KernelEfficiency kernels;
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
