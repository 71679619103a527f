#include "bench/estimate_bench.h"

#include "core/estimate/estimate.h"
#include "core/estimate/sweeps.h"
#include "core/scenario/model_presets.h"

namespace shardscope::bench {

namespace {

Scenario gpt3Scenario()
{
    Scenario gpt3 = defaultScenario();
    gpt3.model = standardModelPresets().find("megatron-175b")->spec;
    gpt3.modelId = "megatron-175b";
    gpt3.training.seqLen = 2048;
    gpt3.training.globalBatch = 64;
    gpt3.training.recompute = Recompute::Selective;
    gpt3.parallel = ParallelSpec{};
    gpt3.parallel.gpus = 64;
    gpt3.parallel.tp = 8;
    gpt3.parallel.pp = 8;
    gpt3.parallel.zero = 1;
    gpt3.parallel.sequenceParallel = true;
    return gpt3;
}

} // namespace

std::vector<Timing> estimateBenchmarks()
{
    std::vector<Timing> timings;
    const Scenario article = defaultScenario();
    timings.push_back(measure("estimate: article 7B, 64 GPUs ZeRO-3", 301, 2000, [&] { keep(estimate(article)); }));
    const Scenario gpt3 = gpt3Scenario();
    timings.push_back(measure("estimate: GPT-3 175B, tp 8 pp 8 SP", 301, 2000, [&] { keep(estimate(gpt3)); }));

    Scenario llama = defaultScenario();
    llama.model = standardModelPresets().find("llama3-8b")->spec;
    llama.parallel = ParallelSpec{};
    llama.parallel.gpus = 8;
    llama.parallel.zero = 1;
    llama.training.globalBatch = 2048;
    timings.push_back(measure("scaling sweep: 12 points, 8 to 16384 GPUs", 301, 100,
                              [&] { keep(scalingSweep(llama, ScalingMode::FixedGlobalBatch)); }));
    timings.push_back(measure("sequence sweep: 13 points, 256 to 1M tokens", 301, 100, [&] { keep(sequenceSweep(llama)); }));
    return timings;
}

} // namespace shardscope::bench

namespace shardscope::bench {

double runEstimates(bool gpt3, long count)
{
    const Scenario s = gpt3 ? gpt3Scenario() : defaultScenario();
    double sum = 0.0;
    for (long i = 0; i < count; ++i)
        sum += estimate(s).step.stepSeconds;
    return sum;
}

} // namespace shardscope::bench
