#include "ui/document/background_runner.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include "core/plan/planner.h"
#include "core/precision/swamping.h"

namespace shardscope::ui {

BackgroundRunner::BackgroundRunner(QObject* parent) : QObject(parent)
{
    wire(scaling_, &BackgroundRunner::scalingReady);
    wire(sequence_, &BackgroundRunner::sequenceReady);
    wire(drift_, &BackgroundRunner::driftReady);
    wire(reduction_, &BackgroundRunner::reductionReady);
    wire(shardedMaster_, &BackgroundRunner::shardedMasterReady);
    wire(ops_, &BackgroundRunner::opsReady);
    wire(plan_, &BackgroundRunner::planReady);
}

BackgroundRunner::~BackgroundRunner()
{
    for (LaneBase* lane : lanes_)
        lane->wait();
}

template <typename Result>
void BackgroundRunner::wire(Lane<Result>& lane, void (BackgroundRunner::*signal)(const Result&))
{
    connect(&lane.watcher, &QFutureWatcher<Result>::finished, this, [this, &lane, signal] {
        lane.undelivered = false;
        emit(this->*signal)(lane.watcher.result());
        if (lane.queued)
            submit(lane, std::exchange(lane.queued, {}));
    });
}

template <typename Result>
void BackgroundRunner::submit(Lane<Result>& lane, std::function<Result()> job)
{
    // Until the running job's result is delivered the newest request waits (its finished signal
    // starts it), so a future is never replaced while its signal is on its way.
    if (lane.undelivered) {
        lane.queued = std::move(job);
        return;
    }
    lane.undelivered = true;
    lane.watcher.setFuture(QtConcurrent::run(std::move(job)));
}

void BackgroundRunner::requestScaling(const Scenario& scenario, ScalingMode mode)
{
    submit<std::vector<ScalingPoint>>(scaling_, [scenario, mode] { return scalingSweep(scenario, mode); });
}

void BackgroundRunner::requestSequence(const Scenario& scenario)
{
    submit<std::vector<SequencePoint>>(sequence_, [scenario] { return sequenceSweep(scenario); });
}

DriftResults runDriftStrategies(const DriftSpec& spec, std::array<bool, 4> strategies)
{
    DriftResults results;
    results.spec = spec;
    for (std::size_t i = 0; i < strategies.size(); ++i) {
        if (!strategies[i])
            continue;
        DriftSpec one = spec;
        one.strategy = static_cast<DriftStrategy>(i);
        results.byStrategy[i] = runDrift(one);
    }
    results.threshold = swampingThreshold(spec.start, spec.format);
    return results;
}

void BackgroundRunner::requestDrift(const DriftSpec& spec, std::array<bool, 4> strategies)
{
    submit<DriftResults>(drift_, [spec, strategies] { return runDriftStrategies(spec, strategies); });
}

void BackgroundRunner::requestReduction(const ReductionSpec& spec)
{
    submit<std::vector<ReductionPoint>>(reduction_, [spec] { return reductionErrors(spec); });
}

void BackgroundRunner::requestShardedMaster(const ShardedMasterSpec& spec)
{
    submit<std::vector<ShardedMasterCase>>(shardedMaster_, [spec] { return shardedMasterExperiment(spec); });
}

void BackgroundRunner::requestOps(const Scenario& scenario)
{
    submit<OpsSweep>(ops_, [scenario] { return opsSweep(scenario); });
}

void BackgroundRunner::requestPlan(const PlanRequest& request)
{
    // The tests' per-layout callback would run on the worker thread: never across threads.
    PlanRequest copy = request;
    copy.onFeasible = nullptr;
    copy.onFeasibleContext = nullptr;
    submit<PlanRun>(plan_, [copy] { return PlanRun{copy, planLayouts(copy)}; });
}

void BackgroundRunner::waitForIdle()
{
    // A finished job's signal (and the start of a queued one) is delivered through the event
    // loop, so keep processing events until nothing runs and nothing waits. Each pass processes
    // everything pending, with no time limit: a pass cut off after 50 ms (as it was) could leave a
    // delivered result's texts and layouts for later on a slow machine, and a screenshot or
    // export taken then showed them half laid out.
    const auto anyBusy = [this] { return std::any_of(lanes_.begin(), lanes_.end(), [](LaneBase* l) { return l->busy(); }); };
    while (anyBusy()) {
        for (LaneBase* lane : lanes_)
            lane->wait();
        QCoreApplication::processEvents();
    }
    QCoreApplication::processEvents();
}

} // namespace shardscope::ui
