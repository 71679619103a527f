#pragma once
#include "core/scenario/scenario.h"

// How often a training job is interrupted (docs/model.md, "Operations at scale"). Failures are
// assumed independent, so the job's interruption rate is the sum of its GPUs' and nodes' rates
// and the time between interruptions is exponential (a Poisson process), as Young (1974), Daly
// (2006) and Kokolis et al. (2024) assume.
namespace shardscope {

struct FailureRates {
    double perGpuHour = 0;   // interruptions per GPU per hour
    double perNodeHour = 0;  // interruptions per node per hour
};

// A published cluster's rate (sources in failure_model.cpp).
FailureRates presetFailureRates(FailurePreset preset);

// The rates a scenario asks for: a measured cluster MTBF (turned into a per-GPU rate at the
// scenario's size), else --failures-per-gpu-day, else the preset.
FailureRates scenarioFailureRates(const Scenario& scenario);

// Interruptions per hour of a job on `gpus` GPUs, `gpusPerNode` to a node.
double failuresPerHour(const FailureRates& rates, int gpus, int gpusPerNode);

} // namespace shardscope
