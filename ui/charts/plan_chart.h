#pragma once
#include <optional>
#include <vector>

#include "core/estimate/estimate.h"
#include "core/plan/plan_types.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// A point of the plan chart drawn on its own: the current scenario, the best plan.
struct PlanMark {
    double memoryBytes = 0;
    double tokensPerSecond = 0;  // whole cluster
};

// The scenario's own point when it runs (valid and fits): its memory and tokens per second.
std::optional<PlanMark> planMarkOf(const Estimate& estimate);

// The Plan view's chart: every feasible layout of the planner as a point, memory on the most
// loaded GPU against the whole cluster's tokens per second, coloured by strategy family
// (core's planFamily), the Pareto front as a line, the current scenario and the best plan marked.
class PlanChart : public ChartBase {
    Q_OBJECT
public:
    explicit PlanChart(QWidget* parent = nullptr);
    // `result` must have been searched with keepPoints (every feasible layout); `current`: the
    // document's scenario when it runs.
    void setResult(const PlanResult& result, std::optional<PlanMark> current);

    QString title() const override;
    TableData table() const override;  // the Pareto front, lowest memory first
    static constexpr const char* kExportName = "plan";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

    std::size_t drawnPoints() const { return points_.size(); }  // after thinning (tests)

protected:
    void rebuild() override;

private:
    std::vector<PlanPoint> points_;
    std::vector<Plan> pareto_;
    std::optional<PlanMark> best_;
    std::optional<PlanMark> current_;
    std::uint64_t feasible_ = 0;
    std::uint64_t searched_ = 0;
};

// Thins a scatter for drawing: at most one point per family in each cell of a 480 x 320 grid
// over the points' range, which on any screen is below a marker's size, so the picture is the
// same; below `limit` points nothing is dropped.
std::vector<PlanPoint> thinPlanPoints(const std::vector<PlanPoint>& points, std::size_t limit = 20000);

} // namespace shardscope::ui
