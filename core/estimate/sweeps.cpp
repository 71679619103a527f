#include "core/estimate/sweeps.h"

#include "core/estimate/estimate.h"

namespace shardscope {
namespace {

// A measured cluster MTBF holds for the scenario's own size; at other sizes it is the per-GPU
// rate it implies (1 / (MTBF x GPUs)), like the presets' rates.
Scenario withPerGpuFailureRate(Scenario s)
{
    if (s.ops.clusterMtbfHours) {
        s.ops.failuresPerGpuDay = 24.0 / (*s.ops.clusterMtbfHours * std::max(1, s.parallel.gpus));
        s.ops.clusterMtbfHours.reset();
    }
    return s;
}

void fillPoint(const Estimate& e, ScalingPoint& p)
{
    const StepEstimate& step = e.step;
    p.stepSeconds = step.stepSeconds;
    p.computeSeconds = step.computeSeconds;
    p.exposedCommSeconds = step.exposedByDimension;
    p.bubbleSeconds = step.bubbleSeconds;
    p.optimizerSeconds = step.optimizerSeconds;
    p.mfu = step.mfu;
    p.commShare = step.stepSeconds > 0 ? step.exposedCommSeconds / step.stepSeconds : 0.0;
    p.tokensPerSecond = step.tokensPerSecond;
    p.memoryPerGpu = e.memory.perGpu.device.total();
    p.fits = e.memory.fits;
    const OpsEstimate& o = e.ops;
    p.ettr = o.ettr;
    p.effectiveTokensPerSecond = o.effectiveTokensPerSecond;
    p.clusterMtbfHours = o.mtbfSeconds / 3600.0;
    p.intervalMinutes = o.intervalSeconds / 60.0;
    p.failureFreeDays = o.failureFreeSeconds / 86400.0;
    p.days = o.trainSeconds / 86400.0;
    p.expectedInterruptions = o.expectedInterruptions;
    p.checkpointBytesPerRank = o.checkpoint.bytesPerRankMax;
}

} // namespace

std::vector<ScalingPoint> scalingSweep(const Scenario& base, ScalingMode mode, int minGpus, int maxGpus)
{
    std::vector<ScalingPoint> points;
    // Each degree may reach 2^16, so their product is taken in 64 bits (a file may hold any of them).
    const std::int64_t modelParallel = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(base.parallel.tp) * base.parallel.pp * base.parallel.cp);
    const int baseDp = std::max(1, base.dataParallel());
    const std::int64_t micro = std::max<std::int64_t>(1, base.training.microBatch);
    const std::int64_t baseGlobal = base.training.globalBatch.value_or(micro * baseDp);
    const std::int64_t microbatchesPerReplica = std::max<std::int64_t>(1, baseGlobal / (micro * baseDp));
    const Scenario rated = withPerGpuFailureRate(base);
    for (std::int64_t gpus = std::max(1, minGpus); gpus <= maxGpus; gpus *= 2) {
        if (gpus % modelParallel != 0)
            continue;
        Scenario s = rated;
        const std::int64_t dp = gpus / modelParallel;
        s.parallel.gpus = static_cast<int>(gpus);
        s.parallel.dp.reset();
        s.training.globalBatch = mode == ScalingMode::FixedGlobalBatch ? baseGlobal : micro * dp * microbatchesPerReplica;
        if (s.parallel.ep > 1 && (dp * s.parallel.cp) % s.parallel.ep != 0)
            s.parallel.ep = 1;  // cannot carve the expert groups out of so few data-parallel ranks
        ScalingPoint p;
        p.gpus = static_cast<int>(gpus);
        const Estimate e = estimate(s);
        p.valid = e.valid();
        if (p.valid)
            fillPoint(e, p);
        points.push_back(p);
    }
    return points;
}

Scenario singleGpuScenario(const Scenario& base)
{
    Scenario s = withPerGpuFailureRate(base);
    const std::int64_t micro = std::max<std::int64_t>(1, base.training.microBatch);
    s.training.globalBatch = base.training.globalBatch.value_or(micro * std::max(1, base.dataParallel()));
    s.parallel = ParallelSpec{};
    s.parallel.gpus = 1;
    s.parallel.zero = 0;
    return s;
}

SingleGpuComparison compareWithOneGpu(const Scenario& base)
{
    SingleGpuComparison c;
    const Scenario one = singleGpuScenario(base);
    c.single = estimate(one);
    Scenario lora = one;
    lora.training.finetune = FineTune::Lora;
    c.singleLora = estimate(lora);
    return c;
}

OpsSweep opsSweep(const Scenario& base, int minGpus, int maxGpus)
{
    OpsSweep sweep;
    sweep.points = scalingSweep(base, ScalingMode::FixedPerGpuWork, minGpus, maxGpus);
    const Estimate one = estimate(singleGpuScenario(base));
    sweep.singleGpu.gpus = 1;
    sweep.singleGpu.valid = one.valid();
    if (sweep.singleGpu.valid)
        fillPoint(one, sweep.singleGpu);
    return sweep;
}

std::vector<SequencePoint> sequenceSweep(const Scenario& base, std::int64_t minSeq, std::int64_t maxSeq)
{
    std::vector<SequencePoint> points;
    for (std::int64_t seq = minSeq; seq <= maxSeq; seq *= 2) {
        Scenario s = base;
        s.training.seqLen = seq;
        const Estimate e = estimate(s);
        SequencePoint p;
        p.seqLen = seq;
        p.valid = e.valid();
        p.singleGpu = e.memory.singleGpu.device.total();
        p.perGpu = e.memory.perGpu.device.total();
        p.activationsSingle = e.memory.singleGpu.device.activations;
        p.activationsPerGpu = e.memory.perGpu.device.activations;
        p.singleFits = e.memory.singleGpuFits;
        p.fits = e.memory.fits;
        points.push_back(p);
    }
    return points;
}

std::int64_t firstOutOfMemory(const std::vector<SequencePoint>& points, bool singleGpu)
{
    for (const SequencePoint& p : points) {
        // One GPU has no layout to be invalid; the distributed line counts only valid layouts.
        if ((singleGpu || p.valid) && !(singleGpu ? p.singleFits : p.fits))
            return p.seqLen;
    }
    return 0;
}

} // namespace shardscope
