#pragma once
#include <QFutureWatcher>
#include <QObject>

#include <array>
#include <optional>
#include <vector>

#include "core/perf/sweeps.h"
#include "core/precision/drift.h"
#include "core/precision/reduction.h"

namespace shardscope::ui {

struct SweepResults {
    std::vector<ScalingPoint> scaling;
    std::vector<SequencePoint> sequence;
};

struct DriftResults {
    DriftSpec spec;
    std::array<std::optional<DriftResult>, 4> byStrategy;  // index: DriftStrategy
    double threshold = 0;
};

// The drift experiment under each chosen strategy (index: DriftStrategy), with the swamping
// threshold: what the precision tab and `shardscope-cli export --chart drift` draw.
DriftResults runDriftStrategies(const DriftSpec& spec, std::array<bool, 4> strategies);

// Runs sweeps and precision experiments on a worker thread so the GUI never waits for them.
// A request made while one of its kind runs replaces any queued one (the newest wins); results
// arrive as signals on the GUI thread.
class BackgroundRunner : public QObject {
    Q_OBJECT
public:
    explicit BackgroundRunner(QObject* parent = nullptr);
    ~BackgroundRunner() override;

    void requestSweeps(const Scenario& scenario, ScalingMode mode);
    void requestDrift(const DriftSpec& spec, std::array<bool, 4> strategies);
    void requestReduction(const ReductionSpec& spec);

    // Blocks until every job (queued ones included) has delivered its result: for the
    // screenshot, export and tests.
    void waitForIdle();

signals:
    void sweepsReady(const SweepResults& results);
    void driftReady(const DriftResults& results);
    void reductionReady(const std::vector<ReductionPoint>& points);

private:
    template <typename Result>
    struct Lane {
        QFutureWatcher<Result> watcher;
        std::function<Result()> queued;
    };
    template <typename Result>
    void submit(Lane<Result>& lane, std::function<Result()> job);

    Lane<SweepResults> sweeps_;
    Lane<DriftResults> drift_;
    Lane<std::vector<ReductionPoint>> reduction_;
};

} // namespace shardscope::ui
