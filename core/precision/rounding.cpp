#include "core/precision/rounding.h"

#include <bit>
#include <cmath>
#include <limits>

namespace shardscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double overflowValue(double x, const FormatSpec& spec, Overflow overflow)
{
    if (overflow == Overflow::Saturate)
        return std::copysign(spec.maxFinite, x);
    return spec.hasInfinity ? std::copysign(kInf, x) : kNaN;
}

double specialValue(double x, const FormatSpec& spec, Overflow overflow)
{
    if (std::isnan(x))
        return kNaN;
    return spec.hasInfinity && overflow == Overflow::Infinity ? x : overflowValue(x, spec, overflow);
}

// Exponent of the spacing of representable values around |x| (x finite, non-zero).
int quantumExponent(double a, const FormatSpec& spec)
{
    const int emin = 1 - spec.bias;
    return std::max(std::ilogb(a), emin) - spec.mantissaBits;
}

// The integer reference: x = sig * 2^exp exactly; drop the bits below the target's spacing and
// decide by the remainder against half the spacing, ties to the even neighbour.
struct Split {
    std::uint64_t kept;     // the lower neighbour, in units of the spacing
    std::uint64_t remainder;
    int dropped;            // bits dropped (0: exact)
    int quantum;            // exponent of the spacing
};

Split split(float x, const FormatSpec& spec)
{
    const std::uint32_t a = std::bit_cast<std::uint32_t>(x) & 0x7fffffffu;
    const std::uint32_t field = a >> 23;
    const std::uint64_t sig = field != 0 ? ((1u << 23) | (a & 0x7fffffu)) : (a & 0x7fffffu);
    const int exp = (field != 0 ? static_cast<int>(field) : 1) - 127 - 23;  // x = sig * 2^exp
    const int leading = exp + static_cast<int>(std::bit_width(sig)) - 1;
    const int quantum = std::max(leading, 1 - spec.bias) - spec.mantissaBits;
    const int dropped = quantum - exp;
    if (dropped <= 0)
        return {sig, 0, 0, exp};
    if (dropped >= 64)
        return {0, sig, dropped, quantum};
    return {sig >> dropped, sig & ((std::uint64_t{1} << dropped) - 1), dropped, quantum};
}

// kept * 2^quantum with x's sign; the power of two is built from its bits (quantum >= -160 here,
// always a normal double), so this is exact and cheap.
float finish(float x, std::uint64_t kept, int quantum, const FormatSpec& spec, Overflow overflow)
{
    const double scale = std::bit_cast<double>(static_cast<std::uint64_t>(quantum + 1023) << 52);
    const double value = static_cast<double>(kept) * scale;
    if (value > spec.maxFinite)
        return static_cast<float>(overflowValue(x, spec, overflow));
    const float magnitude = static_cast<float>(value);
    return std::bit_cast<float>(std::bit_cast<std::uint32_t>(magnitude) | (std::bit_cast<std::uint32_t>(x) & 0x80000000u));
}

} // namespace

double roundToFormat(double x, FloatFormat format, Overflow overflow)
{
    const FormatSpec& spec = formatSpec(format);
    if (!std::isfinite(x))
        return specialValue(x, spec, overflow);
    if (x == 0.0)
        return x;
    const double a = std::fabs(x);
    const int q = quantumExponent(a, spec);
    // a / 2^q and the product back are exact power-of-two scalings; nearbyint rounds to nearest
    // even in the default floating-point environment.
    const double r = std::ldexp(std::nearbyint(std::ldexp(a, -q)), q);
    if (r > spec.maxFinite)
        return overflowValue(x, spec, overflow);
    return std::copysign(r, x);
}

float referenceRoundFloat(float x, FloatFormat format, Overflow overflow)
{
    const FormatSpec& spec = formatSpec(format);
    if (!std::isfinite(x))
        return static_cast<float>(specialValue(x, spec, overflow));
    if (x == 0.0f)
        return x;
    const Split s = split(x, spec);
    std::uint64_t kept = s.kept;
    // With 64 or more bits dropped, x is below 2^-40 of the spacing: it rounds to zero.
    if (s.dropped > 0 && s.dropped < 64) {
        const std::uint64_t half = std::uint64_t{1} << (s.dropped - 1);
        if (s.remainder > half || (s.remainder == half && (kept & 1u) != 0))
            ++kept;
    }
    return finish(x, kept, s.quantum, spec, overflow);
}

float stochasticRoundFloat(float x, FloatFormat format, std::uint64_t random, Overflow overflow)
{
    const FormatSpec& spec = formatSpec(format);
    if (!std::isfinite(x))
        return static_cast<float>(specialValue(x, spec, overflow));
    if (x == 0.0f)
        return x;
    const Split s = split(x, spec);
    std::uint64_t kept = s.kept;
    // Round up with probability remainder / 2^dropped: when `dropped` random bits added to the
    // remainder carry out (the rule of the fast path in rounding.h).
    if (s.dropped > 0 && s.dropped < 64 && (random >> (64 - s.dropped)) + s.remainder >= (std::uint64_t{1} << s.dropped))
        ++kept;
    return finish(x, kept, s.quantum, spec, overflow);
}

float roundFloat(float x, FloatFormat format, Overflow overflow)
{
    switch (format) {
    case FloatFormat::Fp32: return x;
    case FloatFormat::Tf32: return roundFloat<FloatFormat::Tf32>(x, overflow);
    case FloatFormat::Bf16: return roundFloat<FloatFormat::Bf16>(x, overflow);
    case FloatFormat::Fp16: return roundFloat<FloatFormat::Fp16>(x, overflow);
    case FloatFormat::Fp8E4M3: return roundFloat<FloatFormat::Fp8E4M3>(x, overflow);
    case FloatFormat::Fp8E5M2: return roundFloat<FloatFormat::Fp8E5M2>(x, overflow);
    }
    return x;
}

std::uint32_t encodeBits(double v, FloatFormat format)
{
    const FormatSpec& spec = formatSpec(format);
    const int m = spec.mantissaBits;
    const std::uint32_t sign = std::signbit(v) ? 1u << (spec.exponentBits + m) : 0u;
    const std::uint32_t expAllOnes = (1u << spec.exponentBits) - 1u;
    if (std::isnan(v))  // E4M3's only NaN is S.1111.111; elsewhere the quiet NaN
        return spec.hasInfinity ? (expAllOnes << m) | (1u << (m - 1)) : (expAllOnes << m) | ((1u << m) - 1u);
    if (std::isinf(v))
        return sign | (expAllOnes << m);
    const double a = std::fabs(v);
    if (a == 0.0)
        return sign;
    const int e = std::ilogb(a);
    const int emin = 1 - spec.bias;
    if (e < emin)
        return sign | static_cast<std::uint32_t>(std::ldexp(a, spec.bias - 1 + m));
    const auto fraction = static_cast<std::uint32_t>(std::ldexp(std::ldexp(a, -e) - 1.0, m));
    return sign | (static_cast<std::uint32_t>(e + spec.bias) << m) | fraction;
}

double decodeBits(std::uint32_t bits, FloatFormat format)
{
    const FormatSpec& spec = formatSpec(format);
    const int m = spec.mantissaBits;
    const std::uint32_t expAllOnes = (1u << spec.exponentBits) - 1u;
    const std::uint32_t fraction = bits & ((1u << m) - 1u);
    const std::uint32_t exponent = (bits >> m) & expAllOnes;
    const double sign = ((bits >> (spec.exponentBits + m)) & 1u) != 0 ? -1.0 : 1.0;
    if (exponent == expAllOnes && spec.hasInfinity)
        return fraction == 0 ? sign * kInf : kNaN;
    if (exponent == expAllOnes && fraction == (1u << m) - 1u)  // E4M3
        return kNaN;
    if (exponent == 0)
        return sign * std::ldexp(static_cast<double>(fraction), 1 - spec.bias - m);
    return sign * std::ldexp(1.0 + std::ldexp(static_cast<double>(fraction), -m), static_cast<int>(exponent) - spec.bias);
}

double nextUp(double v, FloatFormat format)
{
    const FormatSpec& spec = formatSpec(format);
    if (std::isnan(v) || v == kInf)
        return v;
    if (v == 0.0)
        return spec.minSubnormal;
    if (v < 0.0)
        return -nextDown(-v, format);
    if (v >= spec.maxFinite)
        return spec.hasInfinity ? kInf : kNaN;
    return decodeBits(encodeBits(v, format) + 1u, format);
}

double nextDown(double v, FloatFormat format)
{
    const FormatSpec& spec = formatSpec(format);
    if (std::isnan(v) || v == -kInf)
        return v;
    if (v == 0.0)
        return -spec.minSubnormal;
    if (v < 0.0)
        return -nextUp(-v, format);
    if (v == kInf)
        return spec.maxFinite;
    if (v == spec.minSubnormal)
        return 0.0;
    return decodeBits(encodeBits(v, format) - 1u, format);
}

} // namespace shardscope
