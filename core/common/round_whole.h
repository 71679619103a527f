#pragma once
#include <cmath>
#include <cstdint>

namespace shardscope {

// std::llround's result (halves away from zero) without its library call, about 27 instructions,
// made twice in every estimate: a truncation and the remainder, which is exact (|x| < 2^53: the
// integer part t is exact and x - t loses nothing, by Sterbenz's lemma or because t = 0; above,
// x is whole and the remainder 0). NaN and values beyond +-2^62 go to std::llround itself.
inline std::int64_t roundWhole(double x)
{
    if (!(std::fabs(x) < 0x1p62))
        return std::llround(x);
    const auto whole = static_cast<std::int64_t>(x);  // toward zero
    const double rest = x - static_cast<double>(whole);
    return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole;
}

} // namespace shardscope
