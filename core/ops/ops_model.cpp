#include "core/ops/ops_model.h"

#include <algorithm>
#include <cmath>

#include "core/ops/checkpoint_interval.h"

namespace shardscope {
namespace {

// ETTR and its two losses for one interval (Daly 2006, the complete model; checkpoint_interval.h).
// Without failures a segment of tau computes for tau and stalls for delta, so delta / tau of the
// failure-free time goes to checkpoints; the rest of the excess is what failures cost.
IntervalPoint evaluate(double tau, double delta, double restart, double mtbf)
{
    IntervalPoint p;
    p.intervalSeconds = tau;
    const double ratio = wallClockRatio(tau, delta, restart, mtbf);
    p.ettr = 1.0 / ratio;
    p.checkpointShare = (delta / tau) / ratio;
    p.failureShare = std::max(0.0, 1.0 - p.ettr - p.checkpointShare);
    return p;
}

} // namespace

// Dubey et al. 2024 (arXiv 2407.21783) §3.3.1: Tectonic "supports a sustainable throughput of
// 2 TB/s and a peak throughput of 7 TB/s".
double defaultStorageBytesPerSecond() { return 2e12; }

// Kokolis et al. 2024 (arXiv 2410.21680) take a restart overhead u0 of 5 to 20 minutes and 5 in
// their validation; MegaScale (Jiang et al. 2024, §3.5) cut its NCCL initialisation to under 30 s.
double baseRestartSeconds() { return 300.0; }

void estimateOpsInto(const Scenario& s, const OpsTimes& times, OpsEstimate& o)
{
    const OpsSpec& spec = s.ops;
    const CheckpointSize& checkpoint = o.checkpoint;
    o.async = spec.asyncCheckpoint;

    // Writing is bound by the storage system as a whole or by the busiest node's link, whichever is
    // slower; a restart reads the same bytes back (assumed as fast).
    const double aggregate = spec.storageGbps.value_or(defaultStorageBytesPerSecond() / 1e9) * 1e9;
    const double transfer = std::max(checkpoint.bytes / aggregate, checkpoint.bytesPerNodeMax / (spec.storageNodeGbps * 1e9));
    o.loadSeconds = transfer;
    o.writeSeconds = spec.checkpointWriteMinutes ? *spec.checkpointWriteMinutes * 60.0 : transfer;
    // An asynchronous save blocks only while the states are copied to pinned host memory; a
    // background process writes them (MegaScale §4.4: "reduced to several seconds"; PyTorch DCP's
    // async_save).
    o.hostCopySeconds = checkpoint.bytesPerRankMax / (spec.hostCopyGbps * 1e9);
    o.blockingSeconds = o.async ? o.hostCopySeconds : o.writeSeconds;

    o.rates = scenarioFailureRates(s);
    o.failuresPerHour = failuresPerHour(o.rates, s.parallel.gpus, s.cluster.gpusPerNode);
    o.mtbfSeconds = 3600.0 / o.failuresPerHour;

    o.detectionSeconds = spec.detectionMinutes * 60.0;
    o.restartSeconds = spec.restartMinutes ? *spec.restartMinutes * 60.0 : baseRestartSeconds() + o.loadSeconds;
    // A checkpoint still being written in the background is not yet a checkpoint: a failure then
    // falls back to the one before, one write time further back.
    o.recoverySeconds = o.detectionSeconds + o.restartSeconds + (o.async ? o.writeSeconds : 0.0);

    const double delta = o.blockingSeconds;
    const double mtbf = o.mtbfSeconds;
    o.youngSeconds = youngInterval(delta, mtbf);
    o.dalySeconds = dalyInterval(delta, mtbf);
    o.intervalFromUser = spec.intervalMinutes.has_value();
    double tau = o.intervalFromUser ? *spec.intervalMinutes * 60.0 : o.dalySeconds;
    tau = std::max(tau, times.stepSeconds);  // a checkpoint is taken between optimizer steps
    if (o.async && tau < o.writeSeconds) {
        o.intervalRaisedToWrite = o.intervalFromUser;
        tau = o.writeSeconds;
    }
    tau = std::max(tau, 1e-3);  // a zero-cost checkpoint and a zero step still need an interval
    o.intervalSeconds = tau;

    const IntervalPoint p = evaluate(tau, delta, o.recoverySeconds, mtbf);
    o.ettr = p.ettr;
    o.checkpointShare = p.checkpointShare;
    o.failureShare = p.failureShare;
    // First order: a failure strikes on average half-way through a segment of tau + delta.
    o.lostSecondsPerFailure = 0.5 * (tau + delta) + o.recoverySeconds;

    o.failureFreeSeconds = times.trainSeconds;
    o.trainSeconds = times.trainSeconds / p.ettr;
    o.expectedInterruptions = o.trainSeconds / mtbf;
    o.effectiveTokensPerSecond = times.tokensPerSecond * p.ettr;
}

std::vector<IntervalPoint> intervalCurve(const OpsEstimate& ops, double fromSeconds, double toSeconds, int points)
{
    std::vector<IntervalPoint> curve;
    if (points < 2 || !(fromSeconds > 0) || !(toSeconds > fromSeconds))
        return curve;
    curve.reserve(static_cast<std::size_t>(points));
    const double step = std::log(toSeconds / fromSeconds) / (points - 1);
    for (int i = 0; i < points; ++i) {
        const double tau = fromSeconds * std::exp(step * i);
        curve.push_back(evaluate(tau, ops.blockingSeconds, ops.recoverySeconds, ops.mtbfSeconds));
    }
    return curve;
}

std::vector<IntervalPoint> intervalCurveAround(const OpsEstimate& ops, int points)
{
    const double shortest = std::min({ops.youngSeconds, ops.dalySeconds, ops.intervalSeconds});
    const double longest = std::max({ops.youngSeconds, ops.dalySeconds, ops.intervalSeconds});
    const double from = std::max(1.0, shortest / 20.0);
    return intervalCurve(ops, from, std::max(from * 10.0, longest * 20.0), points);
}

} // namespace shardscope
