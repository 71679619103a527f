#include "core/hardware/gpu_spec.h"

#include "core/common/json_fields.h"
#include "core/common/messages.h"

namespace shardscope {
namespace {

void requirePositive(const nlohmann::json& object, const char* key, double& target, Diagnostics& out)
{
    if (!json_fields::readNumber(object, key, "gpu", target, out) || target <= 0)
        out.push_back(makeDiagnostic(Severity::Error, std::string("gpu.") + key, msg::kPresetPositive, {key}));
}

} // namespace

void parseGpuPreset(const nlohmann::json& object, GpuSpec& gpu, Diagnostics& out)
{
    json_fields::readString(object, "id", "gpu", gpu.id, out);
    json_fields::readString(object, "name", "gpu", gpu.name, out);
    requirePositive(object, "memory_bytes", gpu.memoryBytes, out);
    requirePositive(object, "memory_bandwidth_bytes", gpu.memoryBandwidth, out);
    requirePositive(object, "intra_node_bytes_per_second", gpu.intraNodeBandwidth, out);
    requirePositive(object, "inter_node_bytes_per_second", gpu.interNodeBandwidth, out);
    const auto peak = object.find("peak_flops");
    if (peak == object.end() || !peak->is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, "gpu.peak_flops", msg::kPeakFlops));
    } else {
        // null: the GPU has no tensor cores for that format.
        json_fields::readNumber(*peak, "fp32", "gpu.peak_flops", gpu.peak.fp32, out);
        json_fields::readNumber(*peak, "tf32", "gpu.peak_flops", gpu.peak.tf32, out);
        json_fields::readNumber(*peak, "bf16", "gpu.peak_flops", gpu.peak.bf16, out);
        json_fields::readNumber(*peak, "fp8", "gpu.peak_flops", gpu.peak.fp8, out);
        if (gpu.peak.bf16 <= 0)
            out.push_back(makeDiagnostic(Severity::Error, "gpu.peak_flops.bf16", msg::kPresetPositive, {"peak_flops.bf16"}));
    }
    if (const auto k = object.find("kernels"); k != object.end() && k->is_object()) {
        KernelEfficiency& e = gpu.kernels;
        json_fields::readInt(*k, "sms", "gpu.kernels", e.sms, out);
        if (const auto g = k->find("gemm_efficiency"); g != k->end() && g->is_object()) {
            json_fields::readNumber(*g, "bf16", "gpu.kernels.gemm_efficiency", e.gemmBf16, out);
            json_fields::readNumber(*g, "fp8", "gpu.kernels.gemm_efficiency", e.gemmFp8, out);
        }
        if (const auto g = k->find("gemm_best_k"); g != k->end() && g->is_object()) {
            json_fields::readNumber(*g, "bf16", "gpu.kernels.gemm_best_k", e.gemmBestKBf16, out);
            json_fields::readNumber(*g, "fp8", "gpu.kernels.gemm_best_k", e.gemmBestKFp8, out);
        }
        if (const auto a = k->find("attention_efficiency"); a != k->end() && a->is_object()) {
            json_fields::readNumber(*a, "fa2", "gpu.kernels.attention_efficiency", e.attentionFa2, out);
            json_fields::readNumber(*a, "fa3", "gpu.kernels.attention_efficiency", e.attentionFa3, out);
            json_fields::readNumber(*a, "triton", "gpu.kernels.attention_efficiency", e.attentionTriton, out);
        }
        json_fields::readNumber(*k, "sustained_fraction", "gpu.kernels", e.sustained, out);
        json_fields::readString(*k, "sustained_source", "gpu.kernels", e.sustainedSource, out);
        json_fields::readString(*k, "gemm_source", "gpu.kernels", e.gemmSource, out);
        json_fields::readString(*k, "attention_source", "gpu.kernels", e.attentionSource, out);
        for (double f : {e.gemmBf16, e.gemmFp8, e.attentionFa2, e.attentionFa3, e.sustained}) {
            if (!(f > 0 && f <= 1))
                out.push_back(makeDiagnostic(Severity::Error, "gpu.kernels", msg::kFractionAbove0));
        }
        if (!(e.attentionTriton >= 0 && e.attentionTriton <= 1))  // 0: not measured
            out.push_back(makeDiagnostic(Severity::Error, "gpu.kernels", msg::kFractionAbove0));
    }
    json_fields::readString(object, "memory_source", "gpu", gpu.memorySource, out);
    json_fields::readString(object, "peak_flops_source", "gpu", gpu.peakSource, out);
    json_fields::readString(object, "memory_bandwidth_source", "gpu", gpu.memoryBandwidthSource, out);
    json_fields::readString(object, "intra_node_source", "gpu", gpu.intraNodeSource, out);
    json_fields::readString(object, "inter_node_source", "gpu", gpu.interNodeSource, out);
}

const GpuPresets& standardGpuPresets()
{
    static const GpuPresets presets(presetFiles("gpus", userPresetDirectory()), &parseGpuPreset);
    return presets;
}

} // namespace shardscope
