#include "core/model/params_family.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {
namespace {

constexpr double kHeadDim = 128.0;
constexpr std::int64_t kVocab = 32000;

// 12 h^2 L (attention 4h^2 + SwiGLU 3 h (8h/3)) plus both embedding tables, with h = 128 L.
double familyCount(double layers)
{
    const double h = kHeadDim * layers;
    return 12.0 * h * h * layers + 2.0 * kVocab * h;
}

} // namespace

ModelSpec shapeForParameterCount(std::int64_t parameters)
{
    // familyCount is increasing in L, so bisection finds its unique positive root.
    double lo = 0.0;
    double hi = 1.0;
    while (familyCount(hi) < static_cast<double>(parameters) && hi < 1e6)
        hi *= 2.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (familyCount(mid) < static_cast<double>(parameters) ? lo : hi) = mid;
    }
    const int layers = std::max(1, static_cast<int>(std::lround(0.5 * (lo + hi))));

    ModelSpec m;
    m.layers = layers;
    m.hidden = static_cast<std::int64_t>(kHeadDim) * layers;
    m.heads = layers;
    m.kvHeads = layers;
    m.headDim = static_cast<std::int64_t>(kHeadDim);
    const std::int64_t ffn = (8 * m.hidden + 2) / 3;  // ceil(8h/3)
    m.ffnHidden = 256 * ((ffn + 255) / 256);
    m.mlp = MlpKind::SwiGlu;
    m.vocab = kVocab;
    m.tiedEmbeddings = false;
    m.norm = NormKind::RmsNorm;
    m.position = PositionKind::Rotary;
    m.exactParams = parameters;
    char name[64];
    std::snprintf(name, sizeof name, "%.3g B parameters (Llama-2 family shape)", static_cast<double>(parameters) / 1e9);
    m.name = name;
    m.source = "--params: Llama-2 family of shapes, docs/model.md";
    return m;
}

} // namespace shardscope
