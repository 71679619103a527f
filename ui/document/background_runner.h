#pragma once
#include <QFutureWatcher>
#include <QObject>

#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "core/estimate/sweeps.h"
#include "core/plan/plan_types.h"
#include "core/precision/drift.h"
#include "core/precision/reduction.h"
#include "core/precision/sharded_master.h"

namespace shardscope::ui {

struct DriftResults {
    DriftSpec spec;
    std::array<std::optional<DriftResult>, 4> byStrategy;  // index: DriftStrategy
    double threshold = 0;
};

// The drift experiment under each chosen strategy (index: DriftStrategy), with the swamping
// threshold: what the precision tab and `shardscope-cli export --chart drift` draw.
DriftResults runDriftStrategies(const DriftSpec& spec, std::array<bool, 4> strategies);

// A planner search and the request it answers (the view words reasons against its base scenario).
struct PlanRun {
    PlanRequest request;
    PlanResult result;
};

// Runs sweeps and precision experiments on worker threads so the GUI never waits for them. Each
// kind of job has a lane: a request made while one of its kind runs replaces any queued one (the
// newest wins); results arrive as signals on the GUI thread.
class BackgroundRunner : public QObject {
    Q_OBJECT
public:
    explicit BackgroundRunner(QObject* parent = nullptr);
    ~BackgroundRunner() override;

    void requestScaling(const Scenario& scenario, ScalingMode mode);
    void requestSequence(const Scenario& scenario);
    void requestDrift(const DriftSpec& spec, std::array<bool, 4> strategies);
    void requestReduction(const ReductionSpec& spec);
    void requestShardedMaster(const ShardedMasterSpec& spec);  // sharding the fp32 master weights
    void requestOps(const Scenario& scenario);  // ETTR and goodput from 8 to 16,384 GPUs and on one GPU
    void requestPlan(const PlanRequest& request);  // every layout of the planner (core/plan/planner.h)

    // Blocks until every job (queued ones included) has delivered its result: for the
    // screenshot, export and tests.
    void waitForIdle();

signals:
    void scalingReady(const std::vector<ScalingPoint>& points);
    void sequenceReady(const std::vector<SequencePoint>& points);
    void driftReady(const DriftResults& results);
    void reductionReady(const std::vector<ReductionPoint>& points);
    void shardedMasterReady(const std::vector<ShardedMasterCase>& cases);
    void opsReady(const OpsSweep& sweep);
    void planReady(const PlanRun& run);

private:
    struct LaneBase {
        virtual ~LaneBase() = default;
        virtual bool busy() const = 0;
        virtual void wait() = 0;
    };
    template <typename Result>
    struct Lane : LaneBase {
        QFutureWatcher<Result> watcher;
        std::function<Result()> queued;
        // From a job's start until its result has been delivered. The future's own state is not
        // enough: it reads finished while the worker is still posting the finished signal, and
        // waitForIdle could then return before the result reached the views.
        bool undelivered = false;
        bool busy() const override { return undelivered || static_cast<bool>(queued); }
        void wait() override { watcher.waitForFinished(); }
    };
    // Delivers a lane's results through `signal`, then starts its newest queued request.
    template <typename Result>
    void wire(Lane<Result>& lane, void (BackgroundRunner::*signal)(const Result&));
    template <typename Result>
    void submit(Lane<Result>& lane, std::function<Result()> job);

    Lane<std::vector<ScalingPoint>> scaling_;
    Lane<std::vector<SequencePoint>> sequence_;
    Lane<DriftResults> drift_;
    Lane<std::vector<ReductionPoint>> reduction_;
    Lane<std::vector<ShardedMasterCase>> shardedMaster_;
    Lane<OpsSweep> ops_;
    Lane<PlanRun> plan_;
    std::array<LaneBase*, 7> lanes_{&scaling_, &sequence_, &drift_, &reduction_, &shardedMaster_, &ops_, &plan_};
};

} // namespace shardscope::ui
