#include "ui/charts/ops_scaling_chart.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

// Tokens per second on a log axis as "100,000", "1M", "10M" (countLabel), in every export format.
class CountLogTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return countLabel(tick); }
};

} // namespace

OpsScalingChart::OpsScalingChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Effective training time chart"));
}

void OpsScalingChart::setSweep(OpsSweep sweep, int currentGpus)
{
    sweep_ = std::move(sweep);
    current_ = currentGpus;
    refresh();
}

QString OpsScalingChart::title() const { return tr("The more GPUs, the more often training stops"); }

TableData OpsScalingChart::table() const
{
    TableData t;
    t.headers = {tr("GPUs"), tr("Interrupted every"), tr("Checkpoint every"), tr("Interruptions over the run"), tr("ETTR (%)"),
                 tr("Tokens per second"), tr("Effective tokens per second"), tr("Days"), tr("Days with failures")};
    const QLocale locale;
    auto row = [&](const ScalingPoint& p) {
        if (!p.valid) {
            t.rows.append({locale.toString(p.gpus), tr("impossible layout"), QString(), QString(), QString(), QString(), QString(),
                           QString(), QString()});
            return;
        }
        t.rows.append({locale.toString(p.gpus), durationLabel(p.clusterMtbfHours * 3600.0), durationLabel(p.intervalMinutes * 60.0),
                       locale.toString(p.expectedInterruptions, 'f', 1), locale.toString(100.0 * p.ettr, 'f', 2),
                       locale.toString(p.tokensPerSecond, 'f', 0), locale.toString(p.effectiveTokensPerSecond, 'f', 0),
                       locale.toString(p.failureFreeDays, 'f', 1), locale.toString(p.days, 'f', 1)});
    };
    row(sweep_.singleGpu);
    for (const ScalingPoint& p : sweep_.points)
        row(p);
    return t;
}

void OpsScalingChart::rebuild()
{
    clearGraphs();
    clearItems();
    const Theme& th = chartTheme();
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(ticker);
    xAxis->setNumberFormat(QStringLiteral("f"));
    xAxis->setNumberPrecision(0);
    styleAxis(xAxis, tr("GPUs (log scale; each replica keeps its work)"));
    // Short: the legend says what ETTR is, and the long form did not fit the chart's height in a
    // laptop window with larger text, even at the default size.
    styleAxis(yAxis, tr("ETTR (%)"));
    yAxis2->setVisible(true);
    QSharedPointer<QCPAxisTickerLog> tokens(new CountLogTicker);
    yAxis2->setScaleType(QCPAxis::stLogarithmic);
    yAxis2->setTicker(tokens);
    styleAxis(yAxis2, tr("Tokens per second (log scale)"));

    QCPGraph* ettr = addGraph();
    ettr->setName(tr("ETTR: share of the time that trains"));
    ettr->setPen(QPen(seriesColor(0), 3));
    ettr->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 7));
    QCPGraph* ideal = addGraph(xAxis, yAxis2);
    ideal->setName(tr("Tokens per second without failures"));
    ideal->setPen(QPen(seriesColor(2), 2, Qt::DashLine));
    QCPGraph* goodput = addGraph(xAxis, yAxis2);
    goodput->setName(tr("Goodput: tokens per second with failures"));
    goodput->setPen(QPen(seriesColor(5), 3));
    goodput->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 6));
    QCPGraph* one = addGraph();
    one->setName(tr("One GPU"));
    one->setLineStyle(QCPGraph::lsNone);
    one->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(seriesColor(1), 2), QBrush(seriesColor(1)), 13));

    double lowest = 100.0;
    double lowTokens = 0, highTokens = 0;
    auto tokenRange = [&](double v) {
        if (v <= 0)
            return;
        lowTokens = lowTokens == 0 ? v : std::min(lowTokens, v);
        highTokens = std::max(highTokens, v);
    };
    for (const ScalingPoint& p : sweep_.points) {
        if (!p.valid)
            continue;
        ettr->addData(p.gpus, 100.0 * p.ettr);
        ideal->addData(p.gpus, p.tokensPerSecond);
        goodput->addData(p.gpus, p.effectiveTokensPerSecond);
        lowest = std::min(lowest, 100.0 * p.ettr);
        tokenRange(p.tokensPerSecond);
        tokenRange(p.effectiveTokensPerSecond);
    }
    if (sweep_.singleGpu.valid) {
        one->addData(1.0, 100.0 * sweep_.singleGpu.ettr);
        lowest = std::min(lowest, 100.0 * sweep_.singleGpu.ettr);
        auto* label = new QCPItemText(this);
        label->position->setCoords(1.0, 100.0 * sweep_.singleGpu.ettr);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(8, 6, 0, 0));
        label->setText(tr("one GPU: interrupted every %1").arg(durationLabel(sweep_.singleGpu.clusterMtbfHours * 3600.0)));
        label->setColor(th.text);
        label->setFont(scaledFont(9));
    }
    // ETTR from a little below the lowest point to 100%: the fall is what matters.
    const double bottom = std::max(0.0, std::floor((lowest - 2.0) / 5.0) * 5.0);
    yAxis->setRange(bottom, 100.5);
    xAxis->setRange(0.7, 16384 * 1.5);
    if (highTokens > 0)
        yAxis2->setRange(lowTokens / 2.0, highTokens * 2.0);

    if (current_ > 1) {
        auto* now = new QCPItemStraightLine(this);
        now->point1->setCoords(current_, 0);
        now->point2->setCoords(current_, 1);
        now->setPen(QPen(th.axis, 1, Qt::DotLine));
        auto* label = new QCPItemText(this);
        label->position->setCoords(current_, bottom);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(4, 0, 0, 4));
        label->setText(tr("this layout"));
        label->setColor(th.text);
        label->setFont(scaledFont(9));
    }
    legend->setVisible(true);
    styleLegend();
    setTitleText(title(), tr("Interruptions grow with the GPU count; each one costs detection, a restart and the work since the last "
                             "checkpoint (Daly's interval at each size)"));
}

} // namespace shardscope::ui
