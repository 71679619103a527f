#pragma once
#include <vector>

#include "core/ops/checkpoint.h"
#include "core/ops/failure_model.h"
#include "core/scenario/scenario.h"

// Operations at scale, put together: checkpoint write and load times, the interruption rate, the
// checkpoint interval, the expected time lost to failures and what is left for training
// (docs/model.md, "Operations at scale"). Times are seconds.
namespace shardscope {

// What the step model says about the failure-free run.
struct OpsTimes {
    double stepSeconds = 0;
    double trainSeconds = 0;      // failure-free, no checkpoints: PerfSpec::trainTokens / tokens per second
    double tokensPerSecond = 0;
};

struct OpsEstimate {
    CheckpointSize checkpoint;
    double writeSeconds = 0;      // one checkpoint to storage
    double loadSeconds = 0;       // reading it back on a restart
    double hostCopySeconds = 0;   // the most loaded rank's states to host memory
    double blockingSeconds = 0;   // what training waits for per checkpoint (delta)
    bool async = false;

    FailureRates rates;
    double failuresPerHour = 0;   // the job's interruptions per hour
    double mtbfSeconds = 0;       // M

    double detectionSeconds = 0;
    double restartSeconds = 0;    // restart and load
    double recoverySeconds = 0;   // R: detection + restart (+ the write an asynchronous save had in flight)

    double youngSeconds = 0;
    double dalySeconds = 0;
    double intervalSeconds = 0;   // the interval used: the user's, else Daly's (at least one step)
    bool intervalFromUser = false;
    bool intervalRaisedToWrite = false;  // asynchronous saves cannot start faster than they finish

    double lostSecondsPerFailure = 0;  // half a segment, plus R
    double ettr = 1;                   // effective training time ratio: failure-free time / wall-clock time
    double checkpointShare = 0;        // of wall-clock time, stalled on checkpoints
    double failureShare = 0;           // of wall-clock time, lost to interruptions

    double trainSeconds = 0;           // wall-clock time to train, failures included
    double failureFreeSeconds = 0;
    double expectedInterruptions = 0;  // over the whole run
    double effectiveTokensPerSecond = 0;
};

// Default aggregate storage bandwidth, bytes per second (Llama 3's Tectonic, sustained).
double defaultStorageBytesPerSecond();
// Restart without a measured time: this plus the load time (Kokolis et al.'s u0 of 5 minutes).
double baseRestartSeconds();

// No allocation: this runs inside every estimate. `gpus` and `gpusPerNode` come from the scenario.
// Written into `o`, which must be new but for its checkpoint (the size to use): the estimator
// fills its result in place instead of building one and copying it (about 160 instructions).
void estimateOpsInto(const Scenario& scenario, const OpsTimes& times, OpsEstimate& o);

// Lost time against the checkpoint interval, for the Operations view's chart: `points` intervals
// spaced evenly in log between `fromSeconds` and `toSeconds`, with M, delta and R of `ops`.
struct IntervalPoint {
    double intervalSeconds = 0;
    double ettr = 0;
    double checkpointShare = 0;
    double failureShare = 0;
};
std::vector<IntervalPoint> intervalCurve(const OpsEstimate& ops, double fromSeconds, double toSeconds, int points);
// The same around the intervals that matter: from a twentieth of the shortest of Young's, Daly's and
// the one used to twenty times the longest (at least one second).
std::vector<IntervalPoint> intervalCurveAround(const OpsEstimate& ops, int points = 81);

} // namespace shardscope
