#include "core/perf/gemm_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace shardscope {
namespace {

constexpr double kTileLong = 256;    // cuBLAS's large tiles: 256 x 128 or 128 x 256
constexpr double kTileShort = 128;
constexpr double kPipelineFill = 128;  // (3 stages - 1) x 64-deep K-blocks

// The fraction of the GPU's tile slots that do useful work: partial tiles and a partial last
// wave cost full time. cuBLAS picks the better orientation of the tile; both orientations have
// the same area, so the better one is the one with fewer waves (the same value as comparing the
// two fractions, in one division instead of two: this runs for every GEMM of every estimate).
// For whole-number sizes `mi` and `ni` (m and n as integers, from 1 to 2^31): then the tile and
// wave counts are integer ceilings, the same values as the floating-point ceilings of
// waveEfficiency below (m / 128 and m / 256 are exact; a product of tile counts, below 2^47 here,
// over the SMs is never within rounding of a whole number unless it is one) at a fraction of the
// cost (gcc inlines each std::ceil as about 20 instructions without SSE4.1).
double waveEfficiencyWhole(std::int64_t mi, std::int64_t ni, double m, double n, int sms)
{
    if (sms <= 0)
        return 1.0;
    // Tile counts by shifts (the sizes are positive): the same ceilings as dividing.
    const std::int64_t m128 = (mi + 127) >> 7, m256 = (mi + 255) >> 8;
    const std::int64_t n128 = (ni + 127) >> 7, n256 = (ni + 255) >> 8;
    const std::int64_t waves = (std::min(m128 * n256, m256 * n128) + sms - 1) / sms;
    return std::min(1.0, (m * n) / (static_cast<double>(waves) * static_cast<double>(sms) * kTileShort * kTileLong));
}

constexpr double kWhole = 2147483648.0;  // 2^31: the tile products stay far below 2^63

// x as a whole number from 1 to 2^31 - 1, or 0 when it is not one (NaN included).
std::int64_t wholeSize(double x)
{
    const auto i = static_cast<std::int64_t>(x > 0.0 && x < kWhole ? x : 0.0);  // in range of the cast
    return static_cast<double>(i) == x ? i : 0;
}

// The same for a size already known to be a whole number: only its range to test.
std::int64_t wholeSize(std::int64_t x) { return x > 0 && x < static_cast<std::int64_t>(kWhole) ? x : 0; }

double waveEfficiency(double m, double n, int sms)
{
    if (sms <= 0)
        return 1.0;
    const std::int64_t mi = wholeSize(m);
    const std::int64_t ni = wholeSize(n);
    if (mi > 0 && ni > 0)
        return waveEfficiencyWhole(mi, ni, m, n, sms);
    const double slots = static_cast<double>(sms);
    const double shortLong = std::ceil(std::ceil(m / kTileShort) * std::ceil(n / kTileLong) / slots);
    const double longShort = std::ceil(std::ceil(m / kTileLong) * std::ceil(n / kTileShort) / slots);
    return std::min(1.0, (m * n) / (std::min(shortLong, longShort) * slots * kTileShort * kTileLong));
}

// K / (K + fill), relative to its value at the K where MAMF was measured (`norm` is the inverse of
// that value, computed once per device: this runs for every GEMM of every estimate).
double depthEfficiency(double k, double norm) { return std::min(1.0, k / (k + kPipelineFill) * norm); }

// The time of C[M x N] = A[M x K] B[K x N] at the device's efficiency times the shape terms
// (`wave`, and the depth of K): the one formula of gemmSeconds and linearGemmSeconds.
double shapedSeconds(const GemmDevice& d, double wave, double m, double n, double k)
{
    return 2.0 * m * n * k / (d.peak * (d.efficiency * (wave * depthEfficiency(k, d.depthNorm))));
}

} // namespace

GemmDevice gemmDevice(const Scenario& s, const GpuSpec& gpu, GemmFormat format)
{
    GemmDevice d;
    const KernelEfficiency& k = gpu.kernels;
    double bestK = k.gemmBestKBf16;  // the K the format's MAMF was measured at
    switch (format) {
    case GemmFormat::Fp8:
        d.peak = gpu.peak.fp8;
        d.efficiency = k.gemmFp8;
        bestK = k.gemmBestKFp8;
        break;
    case GemmFormat::Fp32:
        d.peak = gpu.peak.fp32 > 0 ? gpu.peak.fp32 : gpu.peak.bf16;
        d.efficiency = k.gemmBf16;
        break;
    case GemmFormat::Bf16:
        d.peak = gpu.peak.bf16;
        d.efficiency = k.gemmBf16;
        break;
    }
    d.efficiency *= k.sustained;
    d.depthNorm = (bestK + kPipelineFill) / bestK;
    d.sms = k.sms;
    if (s.cluster.peakTflops)
        d.peak = *s.cluster.peakTflops * 1e12;
    if (s.perf.gemmEfficiency) {
        d.efficiency = *s.perf.gemmEfficiency;
        d.flat = true;
    }
    return d;
}

namespace {

// A linear layer's GEMMs with the whole-number form of each size (0 when it is not one).
GemmTimes linearGemmTimes(const GemmDevice& d, double m, double n, double k, std::int64_t mi, std::int64_t ni,
                          std::int64_t ki, bool weightGradient)
{
    if (mi == 0 || ni == 0 || ki == 0 || d.peak <= 0 || d.flat) {
        return {gemmSeconds(d, m, n, k), gemmSeconds(d, m, k, n), weightGradient ? gemmSeconds(d, n, k, m) : 0.0};
    }
    // Whole sizes, tested once for the three GEMMs: each is gemmSeconds to the last bit.
    const auto seconds = [&](std::int64_t ai, std::int64_t bi, double a, double b, double inner) {
        return shapedSeconds(d, waveEfficiencyWhole(ai, bi, a, b, d.sms), a, b, inner);
    };
    // A GEMM's time depends on its output's two sides as an unordered pair (the wave term takes the
    // better tile orientation; m x n is n x m) and on its depth, so where two sides are equal two of
    // the three GEMMs are one: the data gradient (m, k; n) is the forward (m, n; k) when n = k (a
    // square weight), the weight gradient (n, k; m) is the data gradient when m = n and the forward
    // when m = k (tokens per micro-batch equal to a side). Taking it from the other is the same to
    // the last bit (the products 2 m n k are the same numbers multiplied in an order that gives the
    // same roundings: x 2 is exact and a x b = b x a), and spares its wave and depth terms.
    const double forward = seconds(mi, ni, m, n, k);
    const double data = ni == ki ? forward : seconds(mi, ki, m, k, n);
    double weight = 0.0;
    if (weightGradient)
        weight = mi == ni ? data : mi == ki ? forward : seconds(ni, ki, n, k, m);
    return {forward, data, weight};
}

} // namespace

GemmTimes linearGemmSeconds(const GemmDevice& d, double m, double n, double k, bool weightGradient)
{
    return linearGemmTimes(d, m, n, k, wholeSize(m), wholeSize(n), wholeSize(k), weightGradient);
}

GemmTimes linearGemmSeconds(const GemmDevice& d, double m, WholeSizes nk, bool weightGradient)
{
    return linearGemmTimes(d, m, static_cast<double>(nk.n), static_cast<double>(nk.k), wholeSize(m), wholeSize(nk.n),
                           wholeSize(nk.k), weightGradient);
}

double gemmSeconds(const GemmDevice& d, double m, double n, double k)
{
    if (m <= 0 || n <= 0 || k <= 0 || d.peak <= 0)
        return 0.0;
    if (!d.flat)
        return shapedSeconds(d, waveEfficiency(m, n, d.sms), m, n, k);
    return 2.0 * m * n * k / (d.peak * d.efficiency);
}

} // namespace shardscope
