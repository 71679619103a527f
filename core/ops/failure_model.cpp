#include "core/ops/failure_model.h"

#include <algorithm>

namespace shardscope {

FailureRates presetFailureRates(FailurePreset preset)
{
    FailureRates r;
    switch (preset) {
    case FailurePreset::Llama3:
        // Dubey et al. 2024 (arXiv 2407.21783) §3.3.4 and Table 5: 419 unexpected interruptions
        // in a 54-day snapshot of Llama 3 405B pre-training on 16,384 H100 GPUs (Table 4). The 47
        // planned interruptions are left out: planned maintenance checkpoints first.
        r.perGpuHour = 419.0 / (16384.0 * 54.0 * 24.0);
        break;
    case FailurePreset::Rsc1:
        // Kokolis et al. 2024 (arXiv 2410.21680): r_f = 6.50 failures per 1,000 node-days on
        // RSC-1 (16,000 A100 in nodes of 8); job MTTF = 1 / (N_nodes r_f).
        r.perNodeHour = 6.50e-3 / 24.0;
        break;
    case FailurePreset::Rsc2:
        // Kokolis et al. 2024: r_f = 2.34 failures per 1,000 node-days on RSC-2 (8,000 A100).
        r.perNodeHour = 2.34e-3 / 24.0;
        break;
    case FailurePreset::Opt175b:
        // facebookresearch/metaseq projects/OPT/chronicles/final_update.md: "~2 machines go down
        // every day" of the 128 nodes (1,024 80GB A100s) that trained OPT-175B.
        r.perNodeHour = 2.0 / 128.0 / 24.0;
        break;
    }
    return r;
}

FailureRates scenarioFailureRates(const Scenario& s)
{
    FailureRates r;
    if (s.ops.clusterMtbfHours) {
        // A measured MTBF belongs to this job's size; as a per-GPU rate it scales with the GPU count.
        r.perGpuHour = 1.0 / (*s.ops.clusterMtbfHours * std::max(1, s.parallel.gpus));
        return r;
    }
    if (s.ops.failuresPerGpuDay) {
        r.perGpuHour = *s.ops.failuresPerGpuDay / 24.0;
        return r;
    }
    return presetFailureRates(s.ops.failurePreset);
}

double failuresPerHour(const FailureRates& rates, int gpus, int gpusPerNode)
{
    const int g = std::max(1, gpus);
    const int perNode = std::max(1, gpusPerNode);
    const int nodes = (g + perNode - 1) / perNode;
    return rates.perGpuHour * g + rates.perNodeHour * nodes;
}

} // namespace shardscope
