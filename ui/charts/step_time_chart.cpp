#include "ui/charts/step_time_chart.h"

#include <QFontMetrics>
#include <QLocale>

#include <algorithm>
#include <cmath>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr ParallelDim kDims[] = {ParallelDim::DP, ParallelDim::TP, ParallelDim::PP, ParallelDim::CP, ParallelDim::EP};

} // namespace

StepTimeChart::StepTimeChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Step time chart"));
}

void StepTimeChart::fitTotalLabel()
{
    // Room right of the step bar for its total, as many pixels as the label needs at the drawn
    // font and the chart's width: a share f of the plot, so the range reaches stepSeconds / (1 -
    // f), and at least 18 % beyond the longer bar. Up to 70 % of the plot: capped at 35 %, it
    // cut "21,188.00 s" in a narrow chart with larger text. Set before the layout (a range set
    // after it moves the axis's end label past the margins the layout left for it).
    const StepEstimate& s = estimate_.step;
    const double longest = std::max(s.stepSeconds, s.commSeconds);
    if (longest <= 0 || total_ == nullptr) {
        xAxis->setRange(0, 1.0);
        return;
    }
    // Before the first layout the axis rect has no width yet: the widget's, less the margins.
    const double plotWidth = std::max({axisRect()->width(), width() - 160, 200});
    const double share = std::clamp((itemTextRect(total_).width() + 4.0) / plotWidth, 0.15, 0.7);
    const double upper = std::max(longest * 1.18, s.stepSeconds / (1 - share));
    xAxis->setRange(0, upper);
    // A tick can fall on the plot's right edge: room for half its label ("25000" was cut by the
    // chart's edge). No tick label is wider than the range's end written out.
    const int lastLabel = QFontMetrics(xAxis->tickLabelFont()).horizontalAdvance(QString::number(std::ceil(upper)));
    axisRect()->setMinimumMargins(QMargins(0, 0, lastLabel / 2 + 4, 0));
    // As many ticks as such labels fit with a label's width between them (the ticker's default
    // of 5 stacked "10000" on "15000" in a narrow chart).
    xAxis->ticker()->setTickCount(std::clamp(static_cast<int>(plotWidth / (2.0 * lastLabel + 1.0)), 2, 5));
}

void StepTimeChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    scenario_ = scenario;
    estimate_ = estimate;
    refresh();
}

QString StepTimeChart::title() const
{
    return tr("Step time and communication: MFU %1%").arg(QLocale().toString(100.0 * estimate_.step.mfu, 'f', 1));
}

TableData StepTimeChart::table() const
{
    TableData t;
    t.headers = {tr("Collective"), tr("Dimension"), tr("Ranks"), tr("MB per call"), tr("Wire MB per call"), tr("Calls per step"),
                 tr("Seconds"), tr("Exposed seconds")};
    const QLocale locale;
    for (const CollectiveCall& c : estimate_.step.collectives)
        t.rows.append({enumText(c.collective) + QStringLiteral(" (") + enumText(c.purpose) + QLatin1Char(')'),
                       enumText(c.dimension), locale.toString(c.ranks), locale.toString(c.bytes / 1e6, 'f', 2),
                       locale.toString(c.wireBytes / 1e6, 'f', 2), locale.toString(c.calls, 'f', 0),
                       locale.toString(c.seconds, 'f', 4), locale.toString(c.exposedSeconds, 'f', 4)});
    const StepEstimate& s = estimate_.step;
    const auto line = [&](const QString& name, double seconds) {
        t.rows.append({name, QString(), QString(), QString(), QString(), QString(), locale.toString(seconds, 'f', 4), QString()});
    };
    line(tr("Compute: GEMMs"), s.gemmSeconds);
    line(tr("Compute: attention"), s.attentionSeconds);
    line(tr("Compute: memory-bound kernels"), s.memoryBoundSeconds);
    line(tr("Pipeline bubble"), s.bubbleSeconds);
    line(tr("Optimizer step"), s.optimizerSeconds);
    line(tr("Step"), s.stepSeconds);
    return t;
}

void StepTimeChart::rebuild()
{
    clearPlottables();
    clearItems();
    const Theme& th = chartTheme();
    const StepEstimate& s = estimate_.step;

    // Horizontal bars: keys on the y axis, seconds on the x axis.
    struct Segment {
        QString name;
        QColor color;
        double step;
        double comm;
    };
    std::vector<Segment> segments;
    segments.push_back({tr("GEMMs"), seriesColor(0), s.gemmSeconds, 0});
    segments.push_back({tr("Attention"), seriesColor(6), s.attentionSeconds, 0});
    segments.push_back({tr("Memory-bound kernels"), seriesColor(4), s.memoryBoundSeconds, 0});
    const int dimColors[] = {5, 1, 3, 2, 6};
    for (std::size_t i = 0; i < std::size(kDims); ++i) {
        const double exposed = s.exposedByDimension[static_cast<std::size_t>(kDims[i])];
        if (exposed > 0)
            segments.push_back({tr("%1 communication, exposed").arg(enumText(kDims[i])), seriesColor(dimColors[i]), exposed, exposed});
    }
    segments.push_back({tr("Pipeline bubble"), seriesColor(7), s.bubbleSeconds, 0});
    segments.push_back({tr("Optimizer step"), th.axis, s.optimizerSeconds, 0});
    const double hidden = std::max(0.0, s.commSeconds - s.exposedCommSeconds);
    QColor hiddenColor = th.axis;
    hiddenColor.setAlpha(70);
    segments.push_back({tr("Communication hidden behind compute"), hiddenColor, 0, hidden});

    QCPBars* below = nullptr;
    for (const Segment& seg : segments) {
        if (seg.step <= 0 && seg.comm <= 0)
            continue;
        auto* bars = new QCPBars(yAxis, xAxis);
        bars->setName(seg.name);
        bars->setWidth(0.5);
        bars->setPen(QPen(th.chartBackground, 1));
        bars->setBrush(seg.color);
        bars->setData({2.0, 1.0}, {seg.step, seg.comm});
        if (below != nullptr)
            bars->moveAbove(below);
        below = bars;
    }

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(2.0, tr("Step\n(critical path)"));
    ticker->addTick(1.0, tr("All communication"));
    yAxis->setTicker(ticker);
    yAxis->setRange(0.4, 2.6);
    styleAxis(yAxis, QString());
    yAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Time per optimizer step (seconds)"));
    xAxis->setScaleType(QCPAxis::stLinear);
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    auto* total = new QCPItemText(this);
    total->position->setCoords(s.stepSeconds, 2.0);
    total->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    total->setPadding(QMargins(6, 0, 0, 0));
    total->setText(secondsLabel(s.stepSeconds));
    total->setColor(th.text);
    total->setFont(scaledFont(11, true));
    total_ = total;
    fitTotalLabel();

    legend->setVisible(true);
    styleLegend();
    const QLocale locale;
    setTitleText(title(), tr("%n GPUs, bubble %1%, %2 tokens/s, %3 days for %4 tokens", nullptr, scenario_.parallel.gpus)
                              .arg(locale.toString(100.0 * s.bubbleFraction, 'f', 1))
                              .arg(locale.toString(s.tokensPerSecond, 'f', 0))
                              .arg(locale.toString(s.trainSeconds / 86400.0, 'f', 1))
                              .arg(countLabel(scenario_.perf.trainTokens)));
}

} // namespace shardscope::ui
