#include "bench/precision_bench.h"

#include "core/precision/drift.h"

namespace shardscope::bench {

std::vector<Timing> precisionBenchmarks()
{
    std::vector<Timing> timings;
    constexpr std::int64_t steps = 10'000'000;
    const std::pair<const char*, DriftStrategy> strategies[] = {
        {"drift bf16 naive, per update (10M steps)", DriftStrategy::Naive},
        {"drift bf16 fp32-master, per update (10M steps)", DriftStrategy::Fp32Master},
        {"drift bf16 kahan, per update (10M steps)", DriftStrategy::Kahan},
        {"drift bf16 stochastic, per update (10M steps)", DriftStrategy::Stochastic},
    };
    for (const auto& [name, strategy] : strategies) {
        DriftSpec spec;
        spec.strategy = strategy;
        spec.steps = steps;
        Timing t = measure(name, 9, 1, [&] { keep(runDrift(spec)); });
        t.medianNs /= static_cast<double>(steps);
        t.p99Ns /= static_cast<double>(steps);
        t.calls *= steps;
        timings.push_back(t);
    }
    DriftSpec random;
    random.spread = 1e-3;
    random.steps = steps;
    Timing t = measure("drift bf16 naive, random updates, per update", 5, 1, [&] { keep(runDrift(random)); });
    t.medianNs /= static_cast<double>(steps);
    t.p99Ns /= static_cast<double>(steps);
    t.calls *= steps;
    timings.push_back(t);
    return timings;
}

} // namespace shardscope::bench
