#include "core/precision/reduction.h"

#include "core/common/messages.h"

#include <bit>
#include <cmath>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include "core/precision/random.h"
#include "core/precision/rounding.h"

namespace shardscope {
namespace {

namespace mp = boost::multiprecision;

float add(float a, float b, FloatFormat accumulate) { return roundFloat(a + b, accumulate); }

float treeSum(const std::vector<float>& v, std::size_t begin, std::size_t end, FloatFormat accumulate)
{
    if (end - begin == 1)
        return v[begin];
    const std::size_t middle = begin + (end - begin) / 2;
    return add(treeSum(v, begin, middle, accumulate), treeSum(v, middle, end, accumulate), accumulate);
}

// Every fp32 value is an integer multiple of 2^-149, so a sum of them is exact as an integer.
mp::cpp_int scaledInteger(float x)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t field = (bits >> 23) & 0xffu;
    const std::uint32_t significand = field != 0 ? ((bits & 0x7fffffu) | 0x800000u) : (bits & 0x7fffffu);
    mp::cpp_int value = significand;
    if (field > 1)
        value <<= (field - 1);
    return (bits >> 31) != 0 ? mp::cpp_int(-value) : value;
}

double scaledToDouble(const mp::cpp_int& value)
{
    // value * 2^-149: convert through a binary float wide enough to hold it, then round once.
    return std::ldexp(static_cast<double>(mp::cpp_bin_float_quad(value)), -149);
}

} // namespace

float reduceValues(const std::vector<float>& values, FloatFormat accumulate, ReductionOrder order, int chunk)
{
    if (values.empty())
        return 0.0f;
    const std::size_t n = values.size();
    switch (order) {
    case ReductionOrder::Sequential: {
        float sum = values[0];
        for (std::size_t i = 1; i < n; ++i)
            sum = add(sum, values[i], accumulate);
        return sum;
    }
    case ReductionOrder::Ring: {
        const std::size_t owner = static_cast<std::size_t>(chunk) % n;
        float sum = values[(owner + 1) % n];
        for (std::size_t step = 2; step <= n; ++step)
            sum = add(sum, values[(owner + step) % n], accumulate);
        return sum;
    }
    case ReductionOrder::Tree: return treeSum(values, 0, n, accumulate);
    }
    return 0.0f;
}

Diagnostics checkReduction(const ReductionSpec& spec)
{
    Diagnostics out;
    if (spec.maxRanks < 2 || spec.maxRanks > 65536)
        out.push_back(makeDiagnostic(Severity::Error, "reduce.max_ranks", msg::kBetween, {"max-ranks", "2", "65536"}));
    if (spec.elements < 1 || spec.elements > 1'000'000)
        out.push_back(makeDiagnostic(Severity::Error, "reduce.elements", msg::kBetween, {"elements", "1", "1,000,000"}));
    if (!std::isfinite(spec.mean) || !std::isfinite(spec.spread) || spec.spread <= 0)
        out.push_back(makeDiagnostic(Severity::Error, "reduce.spread", msg::kMeanSpread));
    if (out.empty() && reductionWork(spec) > kMaxReductionWork)
        out.push_back(makeDiagnostic(Severity::Error, "reduce.elements", msg::kReductionWork,
                                     {std::to_string(static_cast<long long>(reductionWork(spec))), "100,000,000"}));
    return out;
}

double reductionWork(const ReductionSpec& spec)
{
    double ranks = 0;
    for (int n = 2; n <= spec.maxRanks && n > 0; n *= 2)
        ranks += n;
    return ranks * std::max(0, spec.elements);
}

std::vector<ReductionPoint> reductionErrors(const ReductionSpec& spec, const std::function<bool(double)>& keepGoing)
{
    const double total = std::max(1.0, reductionWork(spec));
    const double step = total / 100.0;
    double done = 0, reported = 0;
    std::vector<ReductionPoint> points;
    Random rng(spec.seed);
    std::vector<float> values;
    for (int ranks = 2; ranks <= spec.maxRanks; ranks *= 2) {
        ReductionPoint point;
        point.ranks = ranks;
        double squaredBf16[3] = {0, 0, 0};
        double squaredFp32[3] = {0, 0, 0};
        double squaredExact = 0;
        for (int e = 0; e < spec.elements; ++e) {
            values.resize(static_cast<std::size_t>(ranks));
            mp::cpp_int exact = 0;
            for (float& v : values) {
                v = roundFloat(static_cast<float>(spec.mean + spec.spread * rng.normal()), spec.gradients);
                exact += scaledInteger(v);
            }
            const double reference = scaledToDouble(exact);
            squaredExact += reference * reference;
            // The element's chunk under a ring reduce-scatter of `elements` values over `ranks`.
            const int chunk = static_cast<int>(static_cast<std::int64_t>(e) * ranks / spec.elements);
            for (int order = 0; order < 3; ++order) {
                const auto o = static_cast<ReductionOrder>(order);
                const double low = reduceValues(values, FloatFormat::Bf16, o, chunk) - reference;
                const double high = reduceValues(values, FloatFormat::Fp32, o, chunk) - reference;
                squaredBf16[order] += low * low;
                squaredFp32[order] += high * high;
            }
            done += ranks;
            if (keepGoing && done - reported >= step) {
                reported = done;
                if (!keepGoing(done / total))
                    return points;
            }
        }
        for (int order = 0; order < 3; ++order) {
            point.bf16[order] = squaredExact > 0 ? std::sqrt(squaredBf16[order] / squaredExact) : 0.0;
            point.fp32[order] = squaredExact > 0 ? std::sqrt(squaredFp32[order] / squaredExact) : 0.0;
        }
        points.push_back(point);
    }
    return points;
}

const char* reductionOrderName(ReductionOrder order)
{
    switch (order) {
    case ReductionOrder::Sequential: return "sequential";
    case ReductionOrder::Ring: return "ring";
    case ReductionOrder::Tree: return "tree";
    }
    return "sequential";
}

} // namespace shardscope
