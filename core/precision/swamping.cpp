#include "core/precision/swamping.h"

#include <cmath>

#include "core/precision/rounding.h"

namespace shardscope {

double swampingThreshold(double w, FloatFormat format)
{
    const double stored = roundToFormat(w, format);
    if (!std::isfinite(stored))
        return std::numeric_limits<double>::quiet_NaN();
    // Half the gap to the next value up (towards +inf, where a positive update goes) is where
    // rounding can first move the weight; start there, in the format, and step up.
    const double gap = nextUp(stored, format) - stored;
    double u = roundToFormat(gap / 2, format);
    if (u <= 0)
        u = formatSpec(format).minSubnormal;
    for (int guard = 0; guard < 8 && std::isfinite(u); ++guard) {
        const float sum = static_cast<float>(stored) + static_cast<float>(u);
        if (static_cast<double>(roundFloat(sum, format)) != stored)
            return u;
        u = nextUp(u, format);
    }
    return u;
}

std::vector<SwampingPoint> swampingCurve(FloatFormat format, double low, double high, int points)
{
    std::vector<SwampingPoint> curve;
    if (!(low > 0) || !(high >= low) || points < 1)
        return curve;
    curve.reserve(static_cast<std::size_t>(points));
    const double ratio = points > 1 ? std::log(high / low) / (points - 1) : 0.0;
    for (int i = 0; i < points; ++i) {
        const double w = roundToFormat(low * std::exp(ratio * i), format);
        const double t = swampingThreshold(w, format);
        curve.push_back({w, t, t / std::fabs(w)});
    }
    return curve;
}

} // namespace shardscope
