#pragma once
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/precision/float_format.h"

// Round-to-nearest-even into each format, three ways:
//  * roundToFormat(double): the general conversion from double (frexp-free: ilogb + nearbyint),
//  * roundFloat<F>(float):  the fast bit-level path the drift loops use (inline, branch-light),
//  * referenceRoundFloat:   an integer-arithmetic reference that finds both neighbours and picks
//                           the nearer (ties to even); written independently of the other two and
//                           used by the exhaustive 2^32 test, and by stochastic rounding.
// All return the rounded value itself (every format's values are exact floats and doubles).
namespace shardscope {

double roundToFormat(double x, FloatFormat format, Overflow overflow = Overflow::Infinity);
float referenceRoundFloat(float x, FloatFormat format, Overflow overflow = Overflow::Infinity);

// Stochastic rounding of an fp32 value: down or up to the neighbouring representable values with
// probability proportional to proximity (Gupta et al. 2015, arXiv 1502.02551), deciding with
// the top bits of `random`. Exactly representable values are returned unchanged.
float stochasticRoundFloat(float x, FloatFormat format, std::uint64_t random, Overflow overflow = Overflow::Infinity);

// Bit patterns (the format's own encoding, right-aligned: bf16 in the low 16 bits, ...).
std::uint32_t encodeBits(double representable, FloatFormat format);
double decodeBits(std::uint32_t bits, FloatFormat format);

// The next representable value above / below `representable` (towards +inf / -inf).
double nextUp(double representable, FloatFormat format);
double nextDown(double representable, FloatFormat format);

namespace detail {

// Compile-time facts the fast path needs (the same values as formatSpec(), which tests compare).
template <FloatFormat F> struct Traits;
template <> struct Traits<FloatFormat::Fp32> { static constexpr int e = 8, m = 23; static constexpr bool inf = true; static constexpr float max = 3.40282346638528859812e38f; };
template <> struct Traits<FloatFormat::Tf32> { static constexpr int e = 8, m = 10; static constexpr bool inf = true; static constexpr float max = 3.40116213151600762e38f; };
template <> struct Traits<FloatFormat::Bf16> { static constexpr int e = 8, m = 7; static constexpr bool inf = true; static constexpr float max = 3.38953138925153547590e38f; };
template <> struct Traits<FloatFormat::Fp16> { static constexpr int e = 5, m = 10; static constexpr bool inf = true; static constexpr float max = 65504.0f; };
template <> struct Traits<FloatFormat::Fp8E4M3> { static constexpr int e = 4, m = 3; static constexpr bool inf = false; static constexpr float max = 448.0f; };
template <> struct Traits<FloatFormat::Fp8E5M2> { static constexpr int e = 5, m = 2; static constexpr bool inf = true; static constexpr float max = 57344.0f; };

template <FloatFormat F>
inline float overflowResult(float x, Overflow overflow)
{
    if (overflow == Overflow::Saturate)
        return std::copysign(Traits<F>::max, x);
    return Traits<F>::inf ? std::copysign(std::numeric_limits<float>::infinity(), x)
                          : std::numeric_limits<float>::quiet_NaN();
}

// Infinity and NaN inputs: NaN stays NaN; infinity stays infinity where the format has one and
// saturation is off, becomes the largest finite value when saturating (OFP8 "satfinite"), NaN otherwise.
template <FloatFormat F>
inline float specialResult(float x, Overflow overflow)
{
    if (std::isnan(x))
        return std::numeric_limits<float>::quiet_NaN();
    return Traits<F>::inf && overflow == Overflow::Infinity ? x : overflowResult<F>(x, overflow);
}

// Round the dropped fraction bits in place (ties to even); a carry moves into the exponent.
template <int MantissaBits>
inline std::uint32_t roundFractionBits(std::uint32_t a)
{
    constexpr int drop = 23 - MantissaBits;
    a += ((1u << (drop - 1)) - 1u) + ((a >> drop) & 1u);
    return a & ~((1u << drop) - 1u);
}

template <FloatFormat F>
inline float roundNearestEven(float x, Overflow overflow)
{
    using T = Traits<F>;
    const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t a = u & 0x7fffffffu;
    if (a >= 0x7f800000u)
        return specialResult<F>(x, overflow);
    float r;
    if constexpr (T::e == 8) {
        // fp32's exponent range: its subnormals are the target's, the same bit rounding serves all,
        // and it can work on the signed pattern (a carry stops at the exponent, never the sign).
        const std::uint32_t rounded = roundFractionBits<T::m>(u);
        if ((rounded & 0x7fffffffu) > std::bit_cast<std::uint32_t>(T::max))
            return overflowResult<F>(x, overflow);
        return std::bit_cast<float>(rounded);
    } else {
        constexpr int emin = 2 - (1 << (T::e - 1));
        constexpr std::uint32_t minNormalBits = static_cast<std::uint32_t>(emin + 127) << 23;
        if (a >= minNormalBits) {
            r = std::bit_cast<float>(roundFractionBits<T::m>(a));
        } else {
            // Below the target's normal range, adding 2^(emin - m + 23) makes the FPU's own
            // round-to-nearest-even act at the target's subnormal spacing; subtracting is exact.
            const float magic = std::bit_cast<float>(static_cast<std::uint32_t>(emin - T::m + 23 + 127) << 23);
            r = (std::bit_cast<float>(a) + magic) - magic;
        }
    }
    if (!(r <= T::max))
        return overflowResult<F>(x, overflow);
    return std::bit_cast<float>(std::bit_cast<std::uint32_t>(r) | (u & 0x80000000u));
}

} // namespace detail

template <FloatFormat F>
inline float roundFloat(float x, Overflow overflow = Overflow::Infinity)
{
    if constexpr (F == FloatFormat::Fp32)
        return x;
    else
        return detail::roundNearestEven<F>(x, overflow);
}

// Stochastic rounding, fast path for the formats with fp32's exponent range (bf16, tf32): add
// `dropped` random bits below the kept ones and truncate, so the kept part carries up with
// probability remainder / 2^dropped. stochasticRoundFloat uses the same rule, so both give the
// same result for the same random bits; other formats go to it.
template <FloatFormat F>
inline float stochasticRound(float x, std::uint64_t random, Overflow overflow = Overflow::Infinity)
{
    using T = detail::Traits<F>;
    if constexpr (T::e == 8 && T::m < 23) {
        constexpr int drop = 23 - T::m;
        const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
        if ((u & 0x7fffffffu) >= 0x7f800000u)
            return detail::specialResult<F>(x, overflow);
        const std::uint32_t rounded = (u + static_cast<std::uint32_t>(random >> (64 - drop))) & ~((1u << drop) - 1u);
        if ((rounded & 0x7fffffffu) > std::bit_cast<std::uint32_t>(T::max))
            return detail::overflowResult<F>(x, overflow);
        return std::bit_cast<float>(rounded);
    } else {
        return stochasticRoundFloat(x, F, random, overflow);
    }
}

// The same, choosing the format at run time (for callers outside hot loops).
float roundFloat(float x, FloatFormat format, Overflow overflow = Overflow::Infinity);

} // namespace shardscope
