#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/common/enum_table.h"

namespace shardscope {

// The number formats of low-precision training. Every value of each is exactly a double and an
// fp32 (tf32, bf16, fp16 and fp8 are subsets of fp32), so emulation can carry values as floats.
enum class FloatFormat { Fp32, Tf32, Bf16, Fp16, Fp8E4M3, Fp8E5M2 };

struct FormatSpec {
    FloatFormat format;
    int exponentBits;
    int mantissaBits;       // stored (explicit) fraction bits: 23, 10, 7, 10, 3, 2
    int bias;
    bool hasInfinity;       // E4M3 (OCP OFP8) has none: S.1111.111 is its only NaN
    double maxFinite;       // 3.4028e38, ..., 448, 57344
    double minNormal;       // 2^(1 - bias)
    double minSubnormal;    // 2^(1 - bias - mantissaBits)
    int totalBits;          // storage width (tf32 is stored in 32 bits, 19 significant)
};

// IEEE 754-2008 (fp32, fp16), Google's bfloat16, NVIDIA's TF32 (A100 whitepaper) and the OCP
// 8-bit Floating Point Specification (OFP8) rev. 1.0 (E4M3: max 448, no infinity; E5M2: max 57344).
// Largest finite values: (2 - 2^-m) 2^emax for the IEEE-like formats; E4M3 gives its top
// mantissa pattern to NaN, so its largest is 1.75 x 2^8 = 448 (OFP8 §5.1).
inline constexpr FormatSpec kFormatSpecs[] = {
    {FloatFormat::Fp32, 8, 23, 127, true, 0x1.fffffep127, 0x1p-126, 0x1p-149, 32},
    {FloatFormat::Tf32, 8, 10, 127, true, 0x1.ffcp127, 0x1p-126, 0x1p-136, 32},
    {FloatFormat::Bf16, 8, 7, 127, true, 0x1.fep127, 0x1p-126, 0x1p-133, 16},
    {FloatFormat::Fp16, 5, 10, 15, true, 65504.0, 0x1p-14, 0x1p-24, 16},
    {FloatFormat::Fp8E4M3, 4, 3, 7, false, 448.0, 0x1p-6, 0x1p-9, 8},
    {FloatFormat::Fp8E5M2, 5, 2, 15, true, 57344.0, 0x1p-14, 0x1p-16, 8},
};

constexpr const FormatSpec& formatSpec(FloatFormat format) { return kFormatSpecs[static_cast<int>(format)]; }

// Ids (the CLI spelling: fp32, tf32, bf16, fp16, fp8-e4m3, fp8-e5m2), labels and help
// (core/precision/precision_enums.cpp).
template <> const EnumTable& enumTable<FloatFormat>();

// What happens to a value beyond the largest finite one: IEEE behaviour (infinity, or NaN for
// E4M3, which has no infinity) or saturation to the largest finite value (OFP8's "satfinite").
enum class Overflow { Infinity, Saturate };

} // namespace shardscope
