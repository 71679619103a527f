#include "core/precision/sharded_master.h"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <iterator>

#include "core/common/translatable.h"
#include "core/precision/random.h"
#include "core/precision/reduction.h"
#include "core/precision/rounding.h"

namespace shardscope {
namespace {

enum class Norm { None, SingleOrder, PerShardFp32 };

struct Setup {
    const char* name;
    const char* comparedWith;  // nullptr: the single GPU
    const char* explanation;
    ReductionOrder order;
    FloatFormat accumulate;
    Norm norm;
};

// Per step, rank and element: a gradient in the spec's format.
using Gradients = std::vector<std::vector<std::vector<float>>>;

Gradients drawGradients(const ShardedMasterSpec& spec)
{
    Random rng(spec.seed);
    Gradients g(static_cast<std::size_t>(spec.steps));
    for (auto& step : g) {
        step.assign(static_cast<std::size_t>(spec.ranks), std::vector<float>(static_cast<std::size_t>(spec.parameters)));
        for (auto& rank : step)
            for (float& value : rank)
                value = roundFloat(static_cast<float>(1e-2 * rng.normal()), spec.gradients);
    }
    return g;
}

// AdamW (Loshchilov & Hutter 2019, Algorithm 2) on one element, in fp32 as torch.optim.AdamW does.
struct AdamW {
    float m = 0, v = 0;
    void update(float& w, float g, int t, float lr)
    {
        constexpr float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, decay = 0.01f;
        w = w - lr * decay * w;
        m = beta1 * m + (1.0f - beta1) * g;
        v = beta2 * v + (1.0f - beta2) * g * g;
        const float mHat = m / (1.0f - std::pow(beta1, static_cast<float>(t)));
        const float vHat = v / (1.0f - std::pow(beta2, static_cast<float>(t)));
        w = w - lr * mHat / (std::sqrt(vHat) + eps);
    }
};

// One training run; returns the final fp32 master weights (gathered from all shards).
std::vector<float> train(const ShardedMasterSpec& spec, const Gradients& grads, const Setup& setup)
{
    const auto P = static_cast<std::size_t>(spec.parameters);
    const auto N = static_cast<std::size_t>(spec.ranks);
    Random init(spec.seed + 1);
    std::vector<float> master(P);
    for (float& w : master)
        w = static_cast<float>(0.02 * init.normal());
    std::vector<AdamW> state(P);
    std::vector<float> grad(P), values(N);
    const std::size_t shard = (P + N - 1) / N;

    for (std::size_t t = 0; t < grads.size(); ++t) {
        for (std::size_t i = 0; i < P; ++i) {
            for (std::size_t r = 0; r < N; ++r)  // the buffers being reduced are in the reduction's format
                values[r] = roundFloat(grads[t][r][i], setup.accumulate);
            // The chunk (shard) owning element i decides where a ring starts; rank order ignores it.
            const int chunk = setup.order == ReductionOrder::Ring ? static_cast<int>(i / shard) : 0;
            grad[i] = reduceValues(values, setup.accumulate, setup.order, chunk) / static_cast<float>(N);
        }
        float coefficient = 1.0f;
        if (setup.norm != Norm::None) {
            float total = 0.0f;
            if (setup.norm == Norm::SingleOrder) {
                for (float g : grad)
                    total += g * g;
            } else {  // each rank sums its shard; the partial sums are then all-reduced
                for (std::size_t begin = 0; begin < P; begin += shard) {
                    float partial = 0.0f;
                    for (std::size_t i = begin; i < std::min(P, begin + shard); ++i)
                        partial += grad[i] * grad[i];
                    total += partial;
                }
            }
            const float norm = std::sqrt(total);
            coefficient = std::min(1.0f, static_cast<float>(spec.clipNorm) / (norm + 1e-6f));
        }
        // The update is elementwise: a sharded run updates each slice on its owner with the same
        // arithmetic, so iterating over all elements here is what every shard does together.
        for (std::size_t i = 0; i < P; ++i)
            state[i].update(master[i], grad[i] * coefficient, static_cast<int>(t + 1), static_cast<float>(spec.learningRate));
    }
    return master;
}

// fp32 bit patterns mapped to integers that count representable values in order across zero,
// so that their difference is the distance in units in the last place.
std::int64_t orderedBits(float x)
{
    const auto bits = static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(x));
    return bits >= 0x80000000ll ? 0x80000000ll - bits : bits;
}

void compare(const std::vector<float>& a, const std::vector<float>& b, ShardedMasterCase& out)
{
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::int64_t x = orderedBits(a[i]);
        const std::int64_t y = orderedBits(b[i]);
        if (x != y) {
            ++out.differing;
            out.maxUlps = std::max(out.maxUlps, static_cast<double>(std::llabs(x - y)));
            out.maxAbs = std::max(out.maxAbs, static_cast<double>(std::fabs(a[i] - b[i])));
        }
    }
}

} // namespace

std::vector<ShardedMasterCase> shardedMasterExperiment(const ShardedMasterSpec& spec,
                                                       const std::function<bool(double)>& keepGoing)
{
    const Gradients grads = drawGradients(spec);
    using O = ReductionOrder;
    using F = FloatFormat;
    const Setup single{SHARDSCOPE_TR_NOOP("ShardedMaster", "single GPU"), nullptr, "", O::Sequential, F::Fp32, Norm::None};
    const Setup singleClipped{SHARDSCOPE_TR_NOOP("ShardedMaster", "single GPU, clipped"), nullptr, "", O::Sequential, F::Fp32, Norm::SingleOrder};
    const Setup setups[] = {
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "DDP, fp32 all-reduce in rank order"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "replicated master; the same sums in the same order as accumulating micro-batches on one GPU"),
         O::Sequential, F::Fp32, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-1/2, fp32 reduce-scatter in rank order"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "sharding the master is elementwise: each rank applies the same fp32 arithmetic to its slice"),
         O::Sequential, F::Fp32, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-3 / FSDP, fp32 reduce-scatter in rank order"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "parameters are sharded too; gathered for compute, updated per slice with the same arithmetic"),
         O::Sequential, F::Fp32, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-1/2, fp32 ring reduce-scatter"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "the ring starts each chunk's sum at a different rank; fp32 addition is not associative"),
         O::Ring, F::Fp32, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "DDP, fp32 ring all-reduce"), SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-1/2, fp32 ring reduce-scatter"), SHARDSCOPE_TR_NOOP("ShardedMaster", "the same ring order as the sharded run above: identical to it, not to one GPU"),
         O::Ring, F::Fp32, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-1/2, bf16 reduce-scatter in rank order"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "partial sums rounded to bf16 lose up to 2^-9 of each gradient"),
         O::Sequential, F::Bf16, Norm::None},
        {SHARDSCOPE_TR_NOOP("ShardedMaster", "ZeRO-1/2, clipping by a norm summed per shard"), nullptr, SHARDSCOPE_TR_NOOP("ShardedMaster", "the global norm is added up shard by shard, in a different order than one GPU sums it"),
         O::Sequential, F::Fp32, Norm::PerShardFp32},
    };
    const double runs = 2.0 + static_cast<double>(std::size(setups));
    double done = 0;
    auto proceed = [&] { return !keepGoing || keepGoing(++done / runs); };
    std::vector<ShardedMasterCase> cases;
    const std::vector<float> reference = train(spec, grads, single);
    if (!proceed())
        return cases;
    const std::vector<float> referenceClipped = train(spec, grads, singleClipped);
    if (!proceed())
        return cases;
    std::vector<std::vector<float>> results;
    for (const Setup& setup : setups) {
        ShardedMasterCase c;
        c.name = setup.name;
        c.explanation = setup.explanation;
        results.push_back(train(spec, grads, setup));
        const std::vector<float>* against = setup.norm == Norm::None ? &reference : &referenceClipped;
        c.comparedWith = setup.norm == Norm::None ? single.name : singleClipped.name;
        for (std::size_t k = 0; setup.comparedWith != nullptr && k < cases.size(); ++k) {
            if (cases[k].name == setup.comparedWith) {
                against = &results[k];
                c.comparedWith = setup.comparedWith;
            }
        }
        compare(*against, results.back(), c);
        cases.push_back(c);
        if (!proceed())
            break;
    }
    return cases;
}

} // namespace shardscope
