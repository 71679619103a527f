#pragma once
#include <cstdint>

#include "core/hardware/gpu_spec.h"
#include "core/scenario/scenario.h"

// How long one GEMM takes on one GPU (docs/model.md, "Step time: GEMMs"). A GEMM reaches the
// GPU's maximum achievable matmul throughput (MAMF, measured per GPU and number format and cited
// in its preset) times two shape terms:
//  - wave and tile quantization: C[M x N] is cut into 128 x 256 (or 256 x 128) tiles, one thread
//    block each, and the GPU runs them in waves of one block per SM; a partial tile or a partial
//    last wave costs as much as a full one (NVIDIA, Matrix Multiplication Background User's
//    Guide, sections 3.1-3.2: cuBLAS's typical tiles are 256 x 128 and 128 x 128);
//  - the inner dimension: each tile's multistage pipeline spends (stages - 1) K-blocks filling
//    before it streams (CUTLASS's multistage mainloop: 3 stages of 64-deep K-blocks on
//    Ampere/Hopper), so efficiency falls as K / (K + 128), relative to the K MAMF was measured at.
namespace shardscope {

enum class GemmFormat { Bf16, Fp8, Fp32 };

struct GemmDevice {
    double peak = 0;        // FLOP/s of the format
    double efficiency = 0;  // MAMF fraction, or the user's flat --gemm-efficiency
    double depthNorm = 1.0; // (K0 + fill) / K0 for the K0 MAMF was measured at (set by gemmDevice)
    int sms = 0;            // 0: no wave model
    bool flat = false;      // the user set --gemm-efficiency: no shape terms
};

GemmDevice gemmDevice(const Scenario& scenario, const GpuSpec& gpu, GemmFormat format);

// Seconds of C[M x N] = A[M x K] B[K x N] (2 M N K FLOPs).
double gemmSeconds(const GemmDevice& device, double m, double n, double k);

// A linear layer's three GEMMs: forward C[M x N] = X[M x K] W^T, data gradient dX = dC W (M x K,
// inner N) and, when `weightGradient`, dW = dC^T X (N x K, inner M). Each is gemmSeconds of its
// shape; whole sizes are recognised once for the three.
struct GemmTimes {
    double forward = 0;
    double dataGradient = 0;
    double weightGradient = 0;
};
GemmTimes linearGemmSeconds(const GemmDevice& device, double m, double n, double k, bool weightGradient);
// The same for a weight's whole-number sides (a layer's local shape), the same times: only M (the
// tokens, whole or not) is tested for being a whole number (a few instructions on every GEMM of
// every estimate).
struct WholeSizes {
    std::int64_t n;
    std::int64_t k;
};
GemmTimes linearGemmSeconds(const GemmDevice& device, double m, WholeSizes nk, bool weightGradient);

} // namespace shardscope
