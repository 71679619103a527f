#include "ui/document/background_runner.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include "core/precision/swamping.h"

namespace shardscope::ui {

BackgroundRunner::BackgroundRunner(QObject* parent) : QObject(parent)
{
    // When a job finishes: deliver it, then start the newest queued request, if any.
    connect(&sweeps_.watcher, &QFutureWatcher<SweepResults>::finished, this, [this] {
        emit sweepsReady(sweeps_.watcher.result());
        if (sweeps_.queued)
            submit(sweeps_, std::exchange(sweeps_.queued, {}));
    });
    connect(&drift_.watcher, &QFutureWatcher<DriftResults>::finished, this, [this] {
        emit driftReady(drift_.watcher.result());
        if (drift_.queued)
            submit(drift_, std::exchange(drift_.queued, {}));
    });
    connect(&reduction_.watcher, &QFutureWatcher<std::vector<ReductionPoint>>::finished, this, [this] {
        emit reductionReady(reduction_.watcher.result());
        if (reduction_.queued)
            submit(reduction_, std::exchange(reduction_.queued, {}));
    });
}

BackgroundRunner::~BackgroundRunner()
{
    sweeps_.watcher.waitForFinished();
    drift_.watcher.waitForFinished();
    reduction_.watcher.waitForFinished();
}

template <typename Result>
void BackgroundRunner::submit(Lane<Result>& lane, std::function<Result()> job)
{
    if (lane.watcher.isRunning()) {
        lane.queued = std::move(job);
        return;
    }
    lane.watcher.setFuture(QtConcurrent::run(std::move(job)));
}

void BackgroundRunner::requestSweeps(const Scenario& scenario, ScalingMode mode)
{
    submit<SweepResults>(sweeps_, [scenario, mode] {
        return SweepResults{scalingSweep(scenario, mode), sequenceSweep(scenario)};
    });
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

void BackgroundRunner::waitForIdle()
{
    // A finished job's signal (and the start of a queued one) is delivered through the event
    // loop, so keep processing events until nothing runs and nothing waits.
    for (;;) {
        const bool busy = sweeps_.watcher.isRunning() || drift_.watcher.isRunning() || reduction_.watcher.isRunning()
                          || sweeps_.queued || drift_.queued || reduction_.queued;
        if (!busy)
            break;
        sweeps_.watcher.waitForFinished();
        drift_.watcher.waitForFinished();
        reduction_.watcher.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    QCoreApplication::processEvents();
}

} // namespace shardscope::ui
