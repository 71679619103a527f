#include "core/ops/checkpoint_interval.h"

#include <algorithm>
#include <cmath>

namespace shardscope {
namespace {

constexpr double kRatioCap = 3.7730203009299397e260;  // e^600: a hopeless job stays a finite number

} // namespace

double youngInterval(double delta, double mtbf) { return std::sqrt(2.0 * delta * mtbf); }

double dalyInterval(double delta, double mtbf)
{
    // Daly 2006, eq. 37, as scr_ckpt_interval.py in LLNL/scr implements it:
    // tau = sqrt(2 delta M) (1 + sqrt(delta / 2M) / 3 + (delta / 2M) / 9) - delta for delta < 2M,
    // else M. With delta = 5 min and R = 10 min it gives Daly's 117, 57 and 9.1 min for M = 24 h,
    // 6 h and 15 min (his Figs. 3-5).
    if (delta >= 2.0 * mtbf)
        return mtbf;
    const double f = delta / (2.0 * mtbf);
    return std::sqrt(2.0 * delta * mtbf) * (1.0 + std::sqrt(f) / 3.0 + f / 9.0) - delta;
}

double wallClockRatio(double tau, double delta, double restart, double mtbf)
{
    // Daly 2006, the complete model: a compute segment tau followed by a dump delta succeeds with
    // probability e^(-(tau+delta)/M); a failure costs the time lost in the segment plus R. Summed
    // over the T_s / tau segments, T_w = M e^(R/M) (e^((tau+delta)/M) - 1) T_s / tau. In logs, so
    // that a failure rate far beyond any cluster's gives a tiny ETTR instead of an overflow.
    const double x = (tau + delta) / mtbf;
    const double r = restart / mtbf;
    if (x < 300.0 && r < 300.0)  // every real cluster: two transcendentals, no overflow
        return std::min((mtbf / tau) * std::exp(r) * std::expm1(x), kRatioCap);
    const double logExpm1 = x > 30.0 ? x : std::log(std::expm1(x));
    const double logRatio = std::log(mtbf / tau) + r + logExpm1;
    return logRatio < 600.0 ? std::exp(logRatio) : kRatioCap;
}

} // namespace shardscope
