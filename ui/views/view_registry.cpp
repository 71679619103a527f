// The views of the main window, in tab order, and the charts each exports. Adding a view or a
// chart is one entry here plus its own class (docs/architecture.md).
#include "ui/views/view_registry.h"

#include <QtGlobal>

#include "core/data/samplers.h"
#include "core/estimate/placement.h"
#include "core/estimate/sweeps.h"
#include "core/plan/planner.h"
#include "core/precision/reduction.h"
#include "core/reshard/transfer_plan.h"
#include "ui/charts/checkpoint_chart.h"
#include "ui/charts/comparison_chart.h"
#include "ui/charts/data_sharding_chart.h"
#include "ui/charts/drift_chart.h"
#include "ui/charts/memory_chart.h"
#include "ui/charts/ops_interval_chart.h"
#include "ui/charts/ops_scaling_chart.h"
#include "ui/charts/placement_chart.h"
#include "ui/charts/plan_chart.h"
#include "ui/charts/reduction_chart.h"
#include "ui/charts/reshard_chart.h"
#include "ui/charts/scaling_chart.h"
#include "ui/charts/sequence_chart.h"
#include "ui/charts/step_time_chart.h"
#include "ui/document/background_runner.h"
#include "ui/i18n/plan_text.h"
#include "ui/precision/precision_panel.h"
#include "ui/views/data_view.h"
#include "ui/views/migration_view.h"
#include "ui/views/ops_view.h"
#include "ui/views/overview_view.h"
#include "ui/views/plan_view.h"
#include "ui/views/scaling_view.h"
#include "ui/views/sequence_view.h"

namespace shardscope::ui {
namespace {

template <typename Chart>
std::unique_ptr<ChartBase> estimateChart(const Scenario& s, const Estimate& e)
{
    auto chart = std::make_unique<Chart>();
    chart->setEstimate(s, e);
    return chart;
}

std::unique_ptr<ChartBase> sequenceChart(const Scenario& s, const Estimate& e)
{
    auto chart = std::make_unique<SequenceChart>();
    chart->setPoints(sequenceSweep(s), e.memory.gpuCapacity, s.parallel.gpus, s.training.seqLen);
    return chart;
}

std::unique_ptr<ChartBase> scalingChart(const Scenario& s, const Estimate&)
{
    auto chart = std::make_unique<ScalingChart>();
    chart->setPoints(scalingSweep(s, ScalingMode::FixedGlobalBatch), ScalingMode::FixedGlobalBatch, s.parallel.gpus,
                     s.cluster.gpusPerNode);
    return chart;
}

// The article's experiment: 1.0 + 1e-4, 10,000 times, in bf16, under every strategy.
std::unique_ptr<ChartBase> driftChart(const Scenario&, const Estimate&)
{
    DriftSpec spec;
    spec.startText = "1.0";
    spec.updateText = "1e-4";
    const DriftResults results = runDriftStrategies(spec, {true, true, true, true});
    auto chart = std::make_unique<DriftChart>();
    chart->setResults(results.spec, results.byStrategy, results.threshold);
    return chart;
}

std::unique_ptr<ChartBase> reductionChart(const Scenario&, const Estimate&)
{
    auto chart = std::make_unique<ReductionChart>();
    chart->setPoints(reductionErrors(ReductionSpec{}));
    return chart;
}

std::unique_ptr<ChartBase> opsScalingChart(const Scenario& s, const Estimate&)
{
    auto chart = std::make_unique<OpsScalingChart>();
    chart->setSweep(opsSweep(s), s.parallel.gpus);
    return chart;
}

std::unique_ptr<ChartBase> opsIntervalChart(const Scenario&, const Estimate& e)
{
    auto chart = std::make_unique<OpsIntervalChart>();
    chart->setCurve(intervalCurveAround(e.ops), e.ops);
    return chart;
}

std::unique_ptr<ChartBase> checkpointChart(const Scenario& s, const Estimate& e)
{
    auto chart = std::make_unique<CheckpointChart>();
    chart->setEstimates(s, e, compareWithOneGpu(s).single);
    return chart;
}

std::unique_ptr<ChartBase> comparisonChart(const Scenario& s, const Estimate& e)
{
    auto chart = std::make_unique<ComparisonChart>();
    chart->setEstimates(s, e, compareWithOneGpu(s));
    return chart;
}

// The migration the Migration view starts from: the scenario's layout to the suggested one.
std::unique_ptr<ChartBase> reshardChart(const Scenario& s, const Estimate&)
{
    auto chart = std::make_unique<ReshardChart>();
    chart->setPlan(planReshard(s, layoutOf(s), suggestedTarget(s)), s.cluster.gpusPerNode);
    return chart;
}

std::unique_ptr<ChartBase> placementChart(const Scenario& s, const Estimate& e)
{
    auto chart = std::make_unique<PlacementChart>();
    chart->setPlacement(e.valid() ? topologyPlacement(s, e) : TopologyPlacement{}, s.cluster.gpusPerNode, e.valid());
    return chart;
}

std::unique_ptr<ChartBase> dataShardingChart(const Scenario& s, const Estimate&)
{
    const DataSpec spec = defaultDataSpec(s);
    auto chart = std::make_unique<DataShardingChart>();
    chart->setSharding(spec, shardData(spec));
    return chart;
}

// Every layout of the scenario's GPUs, searched as the Plan view searches them (unconstrained).
std::unique_ptr<ChartBase> planChart(const Scenario& s, const Estimate& e)
{
    PlanRequest request;
    request.base = s;
    request.keepPoints = true;
    request.threads = 0;
    const PlanResult result = planLayouts(request);
    auto chart = std::make_unique<PlanChart>();
    chart->setResult(result, planMarkOf(e));
    chart->setInvalid(planErrorText(result));
    return chart;
}

const ChartEntry kOverviewCharts[] = {
    {MemoryChart::kExportName, &estimateChart<MemoryChart>},
    {StepTimeChart::kExportName, &estimateChart<StepTimeChart>},
};
const ChartEntry kSequenceCharts[] = {{SequenceChart::kExportName, &sequenceChart}};
const ChartEntry kScalingCharts[] = {{ScalingChart::kExportName, &scalingChart}};
const ChartEntry kMigrationCharts[] = {
    {ReshardChart::kExportName, &reshardChart},
    {PlacementChart::kExportName, &placementChart},
};
const ChartEntry kDataCharts[] = {{DataShardingChart::kExportName, &dataShardingChart}};
const ChartEntry kPrecisionCharts[] = {
    {DriftChart::kExportName, &driftChart},
    {ReductionChart::kExportName, &reductionChart},
};

const ChartEntry kOpsCharts[] = {
    {OpsScalingChart::kExportName, &opsScalingChart},
    {OpsIntervalChart::kExportName, &opsIntervalChart},
    {CheckpointChart::kExportName, &checkpointChart},
    {ComparisonChart::kExportName, &comparisonChart},
};

const ChartEntry kPlanCharts[] = {{PlanChart::kExportName, &planChart}};

const ViewEntry kViews[] = {
    {"memory", QT_TRANSLATE_NOOP("ViewTitle", "Memory and step time"),
     [](const ViewContext& c) -> View* { return new OverviewView(c); }, kOverviewCharts},
    {"sequence", QT_TRANSLATE_NOOP("ViewTitle", "Sequence length"),
     [](const ViewContext& c) -> View* { return new SequenceView(c); }, kSequenceCharts},
    {"scaling", QT_TRANSLATE_NOOP("ViewTitle", "Scaling"), [](const ViewContext& c) -> View* { return new ScalingView(c); },
     kScalingCharts},
    {"migration", QT_TRANSLATE_NOOP("ViewTitle", "Migration"),
     [](const ViewContext& c) -> View* { return new MigrationView(c); }, kMigrationCharts},
    {"data", QT_TRANSLATE_NOOP("ViewTitle", "Data sharding"), [](const ViewContext& c) -> View* { return new DataView(c); },
     kDataCharts},
    {"precision", QT_TRANSLATE_NOOP("ViewTitle", "Precision"),
     [](const ViewContext& c) -> View* { return new PrecisionPanel(c.runner); }, kPrecisionCharts},
    {"operations", QT_TRANSLATE_NOOP("ViewTitle", "Operations"), [](const ViewContext& c) -> View* { return new OpsView(c); },
     kOpsCharts},
    {"plan", QT_TRANSLATE_NOOP("ViewTitle", "Plan"), [](const ViewContext& c) -> View* { return new PlanView(c); },
     kPlanCharts},
};

} // namespace

std::span<const ViewEntry> viewRegistry() { return kViews; }

const ViewEntry* findView(std::string_view id)
{
    for (const ViewEntry& view : kViews) {
        if (id == view.id)
            return &view;
    }
    return nullptr;
}

const ChartEntry* findChartEntry(std::string_view name)
{
    for (const ViewEntry& view : kViews) {
        for (const ChartEntry& chart : view.charts) {
            if (name == chart.name)
                return &chart;
        }
    }
    return nullptr;
}

} // namespace shardscope::ui
