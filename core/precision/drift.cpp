#include "core/precision/drift.h"

#include "core/common/messages.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <cmath>
#include <optional>

#include <boost/multiprecision/cpp_dec_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include "core/precision/random.h"
#include "core/precision/rounding.h"

namespace shardscope {
namespace {

namespace mp = boost::multiprecision;
using Rational = mp::cpp_rational;
using Decimal = mp::cpp_dec_float_50;
__extension__ typedef __int128 Int128;  // GCC/Clang builtin; exact sums of up to 2^64 grid counts
__extension__ typedef unsigned __int128 UInt128;

// Random updates are drawn as doubles and then snapped to a grid of 2^-gridExponent, fine
// enough (2^-52 of the largest plausible update) to change nothing visible, so that their
// running sum is an exact 128-bit integer and the exact reference costs one addition per step.
struct Updates {
    bool random = false;
    double mean = 0;
    double spread = 0;
    int gridExponent = 0;
    Random rng{1};

    explicit Updates(const DriftSpec& spec) : random(spec.spread > 0), mean(spec.update),
                                              spread(spec.spread), rng(spec.seed)
    {
        if (random) {
            const double largest = std::fabs(mean) + 40.0 * spread;
            gridExponent = 52 - std::ilogb(largest) - 1;
            gridScale = std::ldexp(1.0, gridExponent);
            gridStep = std::ldexp(1.0, -gridExponent);
        }
    }

    // The next update and its grid count (random updates only). Scaling by exact powers of two
    // and llrint (round to nearest in the default mode) keep this a few instructions.
    double next(std::int64_t& gridCount)
    {
        const double raw = mean + spread * rng.normal();
        gridCount = std::llrint(raw * gridScale);
        return static_cast<double>(gridCount) * gridStep;
    }
    double gridScale = 1.0;  // 2^gridExponent
    double gridStep = 1.0;   // 2^-gridExponent
};

// A finite double as the exact rational it is: mantissa * 2^exponent.
Rational exactRational(double x)
{
    if (x == 0.0)
        return Rational(0);
    int exponent = 0;
    const double fraction = std::frexp(x, &exponent);
    const auto mantissa = static_cast<std::int64_t>(std::ldexp(fraction, 53));
    exponent -= 53;
    const mp::cpp_int scale = mp::cpp_int(1) << std::abs(exponent);
    return exponent >= 0 ? Rational(mp::cpp_int(mantissa) * scale) : Rational(mp::cpp_int(mantissa), scale);
}

Rational fromInt128(Int128 value)
{
    const bool negative = value < 0;
    const UInt128 magnitude = negative ? static_cast<UInt128>(-value) : static_cast<UInt128>(value);
    mp::cpp_int result = static_cast<std::uint64_t>(magnitude >> 64);
    result <<= 64;
    result += static_cast<std::uint64_t>(magnitude);
    return Rational(negative ? mp::cpp_int(-result) : result);
}

// "-12.5e-3" -> -125/10000, exactly; nullopt if the text is not a plain decimal number.
std::optional<Rational> parseDecimal(const std::string& text)
{
    std::size_t i = 0;
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        i = 1;
    }
    mp::cpp_int digits = 0;
    int scale = 0;  // value = digits * 10^scale
    bool any = false, point = false;
    for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'); ++i) {
        if (text[i] == '.') {
            if (point)
                return std::nullopt;
            point = true;
            continue;
        }
        digits = digits * 10 + (text[i] - '0');
        scale -= point ? 1 : 0;
        any = true;
    }
    if (!any)
        return std::nullopt;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        const std::string exponent = text.substr(i + 1);
        if (exponent.empty() || exponent.size() > 6)
            return std::nullopt;
        char* end = nullptr;
        const long value = std::strtol(exponent.c_str(), &end, 10);
        if (end == exponent.c_str() || *end != '\0')
            return std::nullopt;
        scale += static_cast<int>(value);
        i = text.size();
    }
    if (i != text.size() || std::abs(scale) > 400)
        return std::nullopt;
    const mp::cpp_int power = mp::pow(mp::cpp_int(10), static_cast<unsigned>(std::abs(scale)));
    Rational value = scale >= 0 ? Rational(digits * power) : Rational(digits, power);
    return negative ? Rational(-value) : value;
}

double toDouble(const Rational& r)
{
    return static_cast<double>(Decimal(mp::numerator(r)) / Decimal(mp::denominator(r)));
}

std::string toText(const Rational& r)
{
    return (Decimal(mp::numerator(r)) / Decimal(mp::denominator(r))).str(25);
}

// One strategy's state and step. Sums are fp32 (as PyTorch computes bf16/fp16 arithmetic on
// the CPU), each result rounded to the weight's format F.
template <FloatFormat F, DriftStrategy S>
struct Weight {
    float w = 0;        // the stored (low-format) weight
    float master = 0;   // fp32 master (Fp32Master)
    float carry = 0;    // Kahan compensation (low format)
    Random rng{1};

    void init(double start, std::uint64_t seed)
    {
        master = static_cast<float>(start);
        w = roundFloat<F>(master);
        rng = Random(seed ^ 0x5851f42d4c957f2dull);
    }

    // Applies update u (fp32) whose low-format value is uLow; returns true if nothing changed.
    bool step(float u, float uLow)
    {
        if constexpr (S == DriftStrategy::Naive) {
            const float next = roundFloat<F>(w + uLow);
            const bool lost = next == w;
            w = next;
            return lost;
        } else if constexpr (S == DriftStrategy::Fp32Master) {
            const float next = master + u;
            const bool lost = next == master;
            master = next;
            return lost;
        } else if constexpr (S == DriftStrategy::Kahan) {
            const float y = roundFloat<F>(uLow - carry);
            const float t = roundFloat<F>(w + y);
            carry = roundFloat<F>(roundFloat<F>(t - w) - y);
            const bool lost = t == w;
            w = t;
            return lost;
        } else {
            const float next = stochasticRound<F>(w + uLow, rng.next());
            const bool lost = next == w;
            w = next;
            return lost;
        }
    }

    float stored() const
    {
        if constexpr (S == DriftStrategy::Fp32Master)
            return roundFloat<F>(master);  // the low-format copy compute reads
        else
            return w;
    }
};

// Naive steps with a constant update, computed on fp32 bit patterns: within one binade, adding
// an update that is a whole number of fp32 steps there is adding a fixed integer to the pattern
// (the fp32 sum is exact), and rounding to the format is roundFloat's bit rounding. Anything else
// (leaving the binade, overflow, subnormals, an update below the fp32 step) takes the ordinary
// step. The result is bit-identical to calling Weight::step every time (tests/core/tst_drift.cpp).
template <FloatFormat F>
std::int64_t naiveConstant(float& weight, float update, std::int64_t count)
{
    using T = detail::Traits<F>;
    constexpr std::uint32_t minNormalField = static_cast<std::uint32_t>(2 - (1 << (T::e - 1)) + 127);
    const std::uint32_t maxBits = std::bit_cast<std::uint32_t>(T::max);
    const std::uint32_t ub = std::bit_cast<std::uint32_t>(update);
    const std::uint32_t uField = (ub >> 23) & 0xffu;
    const std::uint32_t uSignificand = (ub & 0x7fffffu) | 0x800000u;
    std::int64_t lost = 0;
    while (count > 0) {
        const std::uint32_t wb = std::bit_cast<std::uint32_t>(weight);
        std::uint32_t magnitude = wb & 0x7fffffffu;
        const std::uint32_t field = magnitude >> 23;
        const int shift = static_cast<int>(uField) - static_cast<int>(field);  // delta = significand * 2^shift
        const bool usable = field >= minNormalField && field < 0xffu && uField >= 1
                            && uField < 0xffu && shift <= 7 && shift >= -24
                            && (shift >= 0 || (uSignificand & ((1u << -shift) - 1u)) == 0);
        if (usable) {
            const std::uint32_t delta = shift >= 0 ? uSignificand << shift : uSignificand >> -shift;
            const bool add = ((wb ^ ub) & 0x80000000u) == 0;
            const std::uint32_t low = field << 23;
            std::int64_t done = 0;
            for (; done < count; ++done) {
                const std::uint32_t sum = add ? magnitude + delta : magnitude - delta;
                if (sum - low >= (1u << 23))
                    break;  // left the binade (or crossed zero)
                const std::uint32_t rounded = detail::roundFractionBits<T::m>(sum);
                if (rounded > maxBits)
                    break;  // overflow: the ordinary step decides
                lost += rounded == magnitude;
                magnitude = rounded;
            }
            weight = std::bit_cast<float>(magnitude | (wb & 0x80000000u));
            count -= done;
            if (count == 0)
                break;
        }
        const float next = roundFloat<F>(weight + roundFloat<F>(update));
        lost += next == weight;
        weight = next;
        --count;
    }
    return lost;
}

// `count` fp32 additions of `u` to `x`; returns how many changed nothing.
std::int64_t plainFp32Sum(float& x, float u, std::int64_t count)
{
    float value = x;  // a local, so it stays in a register
    std::int64_t lost = 0;
    for (std::int64_t i = 0; i < count; ++i) {
        const float next = value + u;
        lost += next == value;
        value = next;
    }
    x = value;
    return lost;
}

// `count` steps of any strategy with a constant update. The state is copied into scalars so the
// compiler keeps it in registers (a struct with an array inside tends to stay in memory, which
// puts a store-to-load round trip on every step's dependency chain).
template <FloatFormat F, DriftStrategy S>
std::int64_t constantSteps(Weight<F, S>& weight, float u, float uLow, std::int64_t count)
{
    std::int64_t lost = 0;
    if constexpr (S == DriftStrategy::Naive && F != FloatFormat::Fp32) {
        lost = naiveConstant<F>(weight.w, uLow, count);
    } else if constexpr (S == DriftStrategy::Naive) {
        lost = plainFp32Sum(weight.w, uLow, count);  // fp32 weights: the update is already fp32
    } else if constexpr (S == DriftStrategy::Fp32Master) {
        lost = plainFp32Sum(weight.master, u, count);
    } else if constexpr (S == DriftStrategy::Kahan) {
        float w = weight.w;
        float carry = weight.carry;
        for (std::int64_t i = 0; i < count; ++i) {
            const float y = roundFloat<F>(uLow - carry);
            const float t = roundFloat<F>(w + y);
            carry = roundFloat<F>(roundFloat<F>(t - w) - y);
            lost += t == w;
            w = t;
        }
        weight.w = w;
        weight.carry = carry;
    } else {
        for (std::int64_t i = 0; i < count; ++i)
            lost += weight.step(u, uLow);
    }
    return lost;
}

// Steps between two questions to keepGoing: a few milliseconds of the slowest strategy.
constexpr std::int64_t kStepsBetweenChecks = std::int64_t{1} << 22;

template <FloatFormat F, DriftStrategy S>
DriftResult run(const DriftSpec& spec, const std::function<bool(double)>& keepGoing)
{
    Updates updates(spec);
    Weight<F, S> weight;
    weight.init(spec.start, spec.seed);
    const float constantU = static_cast<float>(spec.update);
    const float constantLow = roundFloat<F>(constantU);

    DriftResult result;
    const std::int64_t points = std::clamp<std::int64_t>(spec.curvePoints, 2, 1'000'000);
    const std::int64_t stride = std::max<std::int64_t>(1, (spec.steps + points - 2) / (points - 1));
    result.curve.reserve(static_cast<std::size_t>(std::min(points, spec.steps + 1)));

    Int128 gridSum = 0;
    auto exactAt = [&](std::int64_t step) {
        if (!updates.random)  // fma rounds start + step * u once: the nearest double to the exact value
            return std::fma(static_cast<double>(step), spec.update, spec.start);
        const double high = static_cast<double>(gridSum);
        const double low = static_cast<double>(gridSum - static_cast<Int128>(high));
        return spec.start + (std::ldexp(high, -updates.gridExponent) + std::ldexp(low, -updates.gridExponent));
    };
    result.curve.push_back({0, weight.stored(), spec.start});

    std::int64_t done = 0;
    std::int64_t sinceCheck = 0;
    while (done < spec.steps) {
        const std::int64_t segment = std::min(stride, spec.steps - done);
        // A segment is run in pieces so that an interrupt is seen even when the curve has few points.
        for (std::int64_t left = segment; left > 0;) {
            const std::int64_t piece = std::min(left, kStepsBetweenChecks - sinceCheck);
            if (!updates.random) {
                result.lostUpdates += constantSteps(weight, constantU, constantLow, piece);
            } else {
                for (std::int64_t i = 0; i < piece; ++i) {
                    std::int64_t count = 0;
                    const float u = static_cast<float>(updates.next(count));
                    gridSum += count;
                    result.lostUpdates += weight.step(u, roundFloat<F>(u));
                }
            }
            left -= piece;
            sinceCheck += piece;
            if (sinceCheck == kStepsBetweenChecks) {
                sinceCheck = 0;
                const double fraction = static_cast<double>(done + segment - left) / static_cast<double>(spec.steps);
                if (keepGoing && !keepGoing(fraction)) {
                    result.interrupted = true;
                    return result;
                }
            }
        }
        done += segment;
        result.curve.push_back({done, weight.stored(), exactAt(done)});
    }

    result.final = weight.stored();
    result.master = S == DriftStrategy::Fp32Master ? weight.master : result.final;
    const auto startDecimal = parseDecimal(spec.startText);
    const auto updateDecimal = parseDecimal(spec.updateText);
    Rational exact = startDecimal ? *startDecimal : exactRational(spec.start);
    if (updates.random) {
        const mp::cpp_int scale = mp::cpp_int(1) << std::abs(updates.gridExponent);
        exact += updates.gridExponent >= 0 ? fromInt128(gridSum) / Rational(scale) : fromInt128(gridSum) * Rational(scale);
    } else {
        exact += Rational(spec.steps) * (updateDecimal ? *updateDecimal : exactRational(spec.update));
    }
    result.exact = toDouble(exact);
    result.exactText = toText(exact);
    if (std::isfinite(result.final)) {
        const Rational error = mp::abs(exactRational(result.final) - exact);
        result.absError = toDouble(error);
        result.relError = exact != 0 ? toDouble(error / mp::abs(exact)) : result.absError;
    } else {
        result.absError = result.relError = std::numeric_limits<double>::infinity();
    }
    return result;
}

template <FloatFormat F, DriftStrategy S>
std::vector<float> replay(double start, const std::vector<float>& updates, float* master, std::uint64_t seed)
{
    Weight<F, S> weight;
    weight.init(start, seed);
    std::vector<float> values;
    values.reserve(updates.size());
    for (float u : updates) {
        weight.step(u, roundFloat<F>(u));
        values.push_back(weight.stored());
    }
    if (master != nullptr)
        *master = weight.master;
    return values;
}

// Calls visit.template operator()<F, S>() for the run-time format and strategy, so that each
// combination's loop is compiled with both known.
template <typename Visit>
auto dispatch(FloatFormat format, DriftStrategy strategy, Visit&& visit)
{
    auto withStrategy = [&]<FloatFormat F>() {
        switch (strategy) {
        case DriftStrategy::Naive: return visit.template operator()<F, DriftStrategy::Naive>();
        case DriftStrategy::Fp32Master: return visit.template operator()<F, DriftStrategy::Fp32Master>();
        case DriftStrategy::Kahan: return visit.template operator()<F, DriftStrategy::Kahan>();
        case DriftStrategy::Stochastic: break;
        }
        return visit.template operator()<F, DriftStrategy::Stochastic>();
    };
    switch (format) {
    case FloatFormat::Fp32: return withStrategy.template operator()<FloatFormat::Fp32>();
    case FloatFormat::Tf32: return withStrategy.template operator()<FloatFormat::Tf32>();
    case FloatFormat::Bf16: return withStrategy.template operator()<FloatFormat::Bf16>();
    case FloatFormat::Fp16: return withStrategy.template operator()<FloatFormat::Fp16>();
    case FloatFormat::Fp8E4M3: return withStrategy.template operator()<FloatFormat::Fp8E4M3>();
    case FloatFormat::Fp8E5M2: break;
    }
    return withStrategy.template operator()<FloatFormat::Fp8E5M2>();
}

} // namespace

Diagnostics checkDrift(const DriftSpec& spec)
{
    Diagnostics out;
    if (spec.steps < 1 || spec.steps > 1'000'000'000)
        out.push_back(makeDiagnostic(Severity::Error, "drift.steps", msg::kDriftSteps));
    if (!std::isfinite(spec.start))
        out.push_back(makeDiagnostic(Severity::Error, "drift.start", msg::kFiniteNumber, {"start"}));
    if (!std::isfinite(spec.update))
        out.push_back(makeDiagnostic(Severity::Error, "drift.update", msg::kFiniteNumber, {"update"}));
    if (!std::isfinite(spec.spread) || spec.spread < 0)
        out.push_back(makeDiagnostic(Severity::Error, "drift.spread", msg::kDriftSpread));
    if (spec.spread > 0 && spec.spread < 1e-30 * std::fabs(spec.update))
        out.push_back(makeDiagnostic(Severity::Error, "drift.spread", msg::kDriftSpreadTiny));
    if (spec.curvePoints < 2)
        out.push_back(makeDiagnostic(Severity::Error, "drift.curve_points", msg::kCurvePoints));
    if (hasErrors(out))
        return out;
    const double stored = roundToFormat(spec.start, spec.format);
    if (!std::isfinite(stored))
        out.push_back(makeDiagnostic(Severity::Error, "drift.start", msg::kBeyondFormat, {std::to_string(spec.start), enumId(spec.format)}));
    else if (stored != spec.start)
        out.push_back(makeDiagnostic(Severity::Info, "drift.start", msg::kNotRepresentable, {enumId(spec.format)}));
    return out;
}

DriftResult runDrift(const DriftSpec& spec, const std::function<bool(double)>& keepGoing)
{
    return dispatch(spec.format, spec.strategy,
                    [&]<FloatFormat F, DriftStrategy S>() { return run<F, S>(spec, keepGoing); });
}

std::vector<float> replayDrift(FloatFormat format, DriftStrategy strategy, double start,
                               const std::vector<float>& updates, float* master, std::uint64_t seed)
{
    return dispatch(format, strategy,
                    [&]<FloatFormat F, DriftStrategy S>() { return replay<F, S>(start, updates, master, seed); });
}


} // namespace shardscope
