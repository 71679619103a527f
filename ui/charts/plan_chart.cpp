#include "ui/charts/plan_chart.h"

#include <QLocale>

#include <algorithm>
#include <unordered_set>

#include "core/plan/planner.h"
#include "ui/i18n/plan_text.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kThousand = 1000.0;  // the y axis is in thousands of tokens per second

} // namespace

std::vector<PlanPoint> thinPlanPoints(const std::vector<PlanPoint>& points, std::size_t limit)
{
    if (points.size() <= limit)
        return points;
    // Hundreds of thousands of markers draw as the same picture as one per cell, but take seconds
    // to paint and megabytes to export: keep the first point of each (family, cell).
    constexpr int kColumns = 480, kRows = 320;
    float minX = points.front().memoryPerGpu, maxX = minX, minY = points.front().tokensPerSecond, maxY = minY;
    for (const PlanPoint& p : points) {
        minX = std::min(minX, p.memoryPerGpu);
        maxX = std::max(maxX, p.memoryPerGpu);
        minY = std::min(minY, p.tokensPerSecond);
        maxY = std::max(maxY, p.tokensPerSecond);
    }
    const double spanX = std::max(1e-9, double(maxX) - minX), spanY = std::max(1e-9, double(maxY) - minY);
    std::unordered_set<std::uint64_t> seen;
    std::vector<PlanPoint> kept;
    for (const PlanPoint& p : points) {
        const auto cx = static_cast<std::uint64_t>((p.memoryPerGpu - minX) / spanX * (kColumns - 1));
        const auto cy = static_cast<std::uint64_t>((p.tokensPerSecond - minY) / spanY * (kRows - 1));
        if (seen.insert((std::uint64_t(p.family) * kColumns + cx) * kRows + cy).second)
            kept.push_back(p);
    }
    return kept;
}

std::optional<PlanMark> planMarkOf(const Estimate& e)
{
    if (!e.valid() || !e.memory.fits)
        return std::nullopt;
    return PlanMark{e.memory.perGpu.device.total(), e.step.tokensPerSecond};
}

PlanChart::PlanChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Plan chart"));
}

void PlanChart::setResult(const PlanResult& result, std::optional<PlanMark> current)
{
    points_ = thinPlanPoints(result.points);
    pareto_ = result.pareto;
    best_.reset();
    if (!result.plans.empty())
        best_ = PlanMark{result.plans.front().memoryPerGpu, result.plans.front().tokensPerSecond};
    current_ = current;
    feasible_ = result.feasible;
    searched_ = result.searched;
    refresh();
}

QString PlanChart::title() const { return tr("Every layout that runs, by memory and speed"); }

TableData PlanChart::table() const
{
    TableData t;
    t.headers = {tr("Memory per GPU (GiB)"), tr("Tokens per second (whole cluster)"), tr("Layout")};
    const QLocale locale;
    for (const Plan& p : pareto_)
        t.rows.append({locale.toString(p.memoryPerGpu / kGiB, 'f', 1), locale.toString(p.tokensPerSecond, 'f', 0),
                       planLayoutText(p.layout)});
    return t;
}

void PlanChart::rebuild()
{
    clearGraphs();
    clearItems();
    const Theme& th = chartTheme();
    styleAxis(xAxis, tr("Memory on the most loaded GPU (GiB)"));
    styleAxis(yAxis, tr("k tokens/s, whole cluster"));

    // One graph per strategy family, markers only; a family with no layout has no legend entry.
    // Context/expert parallel layouts are often the most numerous: grey, so the others stand out
    // (Okabe & Ito's palette, colour-blind safe).
    constexpr int kFamilies = static_cast<int>(PlanFamily::Count);
    constexpr std::array<int, kFamilies> kColour = {0, 1, 2, 3, 7};
    std::array<QCPGraph*, kFamilies> families{};
    for (int f = 0; f < kFamilies; ++f) {
        families[f] = addGraph();
        families[f]->setName(enumText(static_cast<PlanFamily>(f)));
        families[f]->setLineStyle(QCPGraph::lsNone);
        families[f]->setPen(QPen(seriesColor(kColour[f])));
        families[f]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(kColour[f]), 6));
    }
    double maxX = 0, maxY = 0;
    for (const PlanPoint& p : points_) {
        const int f = std::min<int>(p.family, kFamilies - 1);
        families[f]->addData(p.memoryPerGpu / kGiB, p.tokensPerSecond / kThousand);
        maxX = std::max(maxX, p.memoryPerGpu / kGiB);
        maxY = std::max(maxY, p.tokensPerSecond / kThousand);
    }
    // The numerous grey family underneath (the grid layer, above its lines), so the rarer
    // families are not buried under it; the legend keeps core's order.
    families[static_cast<int>(PlanFamily::ContextOrExpert)]->setLayer(QStringLiteral("grid"));
    for (QCPGraph* g : families) {
        if (g->dataCount() == 0)
            removeGraph(g);
    }

    // The front: no layout uses less memory and runs faster than a point on this line.
    QCPGraph* front = addGraph();
    front->setName(tr("Pareto front"));
    front->setPen(QPen(th.text, 2.5));
    front->setLineStyle(QCPGraph::lsStepLeft);
    front->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(th.text, 2), Qt::NoBrush, 9));
    for (const Plan& p : pareto_)
        front->addData(p.memoryPerGpu / kGiB, p.tokensPerSecond / kThousand);

    const auto mark = [&](const std::optional<PlanMark>& m, const QString& name, QCPScatterStyle::ScatterShape shape,
                          const QColor& color) {
        if (!m)
            return;
        QCPGraph* g = addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(shape, QPen(color, 3), Qt::NoBrush, 15));
        g->addData(m->memoryBytes / kGiB, m->tokensPerSecond / kThousand);
        maxX = std::max(maxX, m->memoryBytes / kGiB);
        maxY = std::max(maxY, m->tokensPerSecond / kThousand);
    };
    mark(best_, tr("best plan"), QCPScatterStyle::ssSquare, th.text);
    mark(current_, tr("this scenario"), QCPScatterStyle::ssCrossCircle, th.capacity);

    // From zero, with room above the highest point, so no marker sits on the frame.
    xAxis->setRange(0, maxX > 0 ? maxX * 1.08 : 80);
    yAxis->setRange(0, maxY > 0 ? maxY * 1.12 : 1);
    legend->setVisible(true);
    styleLegend();
    const QLocale locale;
    QString subtitle = tr("%1 of %2 layouts run; each point is one, coloured by which parallelism it adds to data parallelism")
                           .arg(locale.toString(static_cast<qulonglong>(feasible_)), locale.toString(static_cast<qulonglong>(searched_)));
    if (points_.size() < feasible_)
        subtitle += tr(" (%1 drawn: nearer than a marker's width)").arg(locale.toString(static_cast<qulonglong>(points_.size())));
    if (!current_)  // say why the legend has no "this scenario"
        subtitle += tr("; this scenario's own layout does not run, so it is not marked");
    setTitleText(title(), subtitle);
}

} // namespace shardscope::ui
