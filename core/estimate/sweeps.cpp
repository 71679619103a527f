#include "core/estimate/sweeps.h"

#include "core/estimate/estimate.h"

namespace shardscope {

std::vector<ScalingPoint> scalingSweep(const Scenario& base, ScalingMode mode, int minGpus, int maxGpus)
{
    std::vector<ScalingPoint> points;
    const int modelParallel = std::max(1, base.parallel.tp * base.parallel.pp * base.parallel.cp);
    const int baseDp = std::max(1, base.dataParallel());
    const std::int64_t micro = std::max<std::int64_t>(1, base.training.microBatch);
    const std::int64_t baseGlobal = base.training.globalBatch.value_or(micro * baseDp);
    const std::int64_t microbatchesPerReplica = std::max<std::int64_t>(1, baseGlobal / (micro * baseDp));
    for (int gpus = minGpus; gpus <= maxGpus; gpus *= 2) {
        if (gpus % modelParallel != 0)
            continue;
        Scenario s = base;
        const int dp = gpus / modelParallel;
        s.parallel.gpus = gpus;
        s.parallel.dp.reset();
        s.training.globalBatch = mode == ScalingMode::FixedGlobalBatch ? baseGlobal : micro * dp * microbatchesPerReplica;
        if (s.parallel.ep > 1 && (dp * s.parallel.cp) % s.parallel.ep != 0)
            s.parallel.ep = 1;  // cannot carve the expert groups out of so few data-parallel ranks
        ScalingPoint p;
        p.gpus = gpus;
        const Estimate e = estimate(s);
        p.valid = e.valid();
        if (p.valid) {
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
        }
        points.push_back(p);
    }
    return points;
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
