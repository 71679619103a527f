#pragma once
#include <vector>

#include "core/precision/float_format.h"

namespace shardscope {

// The swamping threshold: the smallest positive update u, itself representable in `format`,
// for which round(w + u) != w when w is stored in `format` (sum in fp32, then rounded, as in the
// drift loops). Below it an update is rounded away entirely. For w = 1 in bf16 it is
// 2^-8 + 2^-15: 2^-8 is exactly half a unit in the last place and ties to the even 1.0.
double swampingThreshold(double w, FloatFormat format);

struct SwampingPoint {
    double weight;
    double threshold;
    double relative;  // threshold / |weight|
};

// Thresholds for `points` weights spaced logarithmically over [low, high] (both > 0).
std::vector<SwampingPoint> swampingCurve(FloatFormat format, double low, double high, int points);

} // namespace shardscope
