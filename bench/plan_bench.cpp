#include "bench/plan_bench.h"

#include <cstdio>

#include "core/plan/planner.h"
#include "core/scenario/model_presets.h"

namespace shardscope::bench {

std::vector<Timing> planBenchmarks()
{
    // Smith et al. 2022 (arXiv 2201.11990): 105 layers, h 20480, 128 heads, sequence 2,048,
    // global batch 1,920 on up to 560 DGX A100 nodes; Calculon's search runs it on 5,120 A100s.
    Scenario s = defaultScenario();
    s.model = standardModelPresets().find("megatron-530b")->spec;
    s.modelId = "megatron-530b";
    s.training.seqLen = 2048;
    s.training.globalBatch = 1920;
    s.parallel = ParallelSpec{};
    s.parallel.gpus = 5120;
    s.cluster.gpu = "a100-80g";
    std::vector<Timing> timings;
    for (int threads : {1, 0}) {
        PlanRequest request;
        request.base = s;
        request.threads = threads;
        PlanResult last;
        Timing t = measure(threads == 1 ? "plan: MT-NLG 530B on 5,120 A100, 1 thread" : "plan: MT-NLG 530B on 5,120 A100, all cores",
                           7, 1, [&] { last = planLayouts(request); });
        std::fprintf(stderr, "%-48s %llu layouts searched, %llu feasible, %llu step-modelled, %d threads: %.2f M layouts/s, "
                             "%.2f M memory evaluations/s\n",
                     t.name.c_str(), static_cast<unsigned long long>(last.searched), static_cast<unsigned long long>(last.feasible),
                     static_cast<unsigned long long>(last.stepModelled), last.threads, last.searched / t.medianNs * 1e3,
                     last.evaluated / t.medianNs * 1e3);
        timings.push_back(std::move(t));
    }
    return timings;
}

} // namespace shardscope::bench
