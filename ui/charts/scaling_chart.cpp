#include "ui/charts/scaling_chart.h"

#include <algorithm>
#include <QLocale>

namespace shardscope::ui {

ScalingChart::ScalingChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Scaling chart"));
}

void ScalingChart::setPoints(std::vector<ScalingPoint> points, ScalingMode mode, int currentGpus, int gpusPerNode)
{
    gpusPerNode_ = gpusPerNode;
    points_ = std::move(points);
    mode_ = mode;
    current_ = currentGpus;
    refresh();
}

QString ScalingChart::title() const { return tr("The more GPUs, the more time waiting on the network"); }

TableData ScalingChart::table() const
{
    TableData t;
    t.headers = {tr("GPUs"), tr("Step (s)"), tr("Compute (s)"), tr("Exposed communication (s)"), tr("MFU (%)"),
                 tr("Communication share (%)"), tr("Tokens per second")};
    const QLocale locale;
    for (const ScalingPoint& p : points_) {
        if (!p.valid) {
            t.rows.append({locale.toString(p.gpus), tr("impossible layout"), QString(), QString(), QString(), QString(), QString()});
            continue;
        }
        double comm = 0;
        for (double x : p.exposedCommSeconds)
            comm += x;
        t.rows.append({locale.toString(p.gpus), locale.toString(p.stepSeconds, 'f', 3), locale.toString(p.computeSeconds, 'f', 3),
                       locale.toString(comm, 'f', 3), locale.toString(100 * p.mfu, 'f', 1), locale.toString(100 * p.commShare, 'f', 1),
                       locale.toString(p.tokensPerSecond, 'f', 0)});
    }
    return t;
}

void ScalingChart::rebuild()
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
    styleAxis(xAxis, tr("GPUs (log scale)"));
    // Two different percents: MFU of the GPUs' peak FLOP/s, waiting of the step's time.
    styleAxis(yAxis, tr("Percent (MFU: of peak FLOP/s; waiting: of the step)"));
    yAxis->setRange(0, 100);

    QCPGraph* mfu = addGraph();
    mfu->setName(tr("MFU, % of peak FLOP/s"));
    mfu->setPen(QPen(seriesColor(0), 3));
    mfu->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 7));
    QCPGraph* share = addGraph();
    share->setName(tr("Waiting on communication, % of the step"));
    share->setPen(QPen(seriesColor(5), 3, Qt::DashLine));
    share->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 7));
    for (const ScalingPoint& p : points_) {
        if (!p.valid)
            continue;
        mfu->addData(p.gpus, 100 * p.mfu);
        share->addData(p.gpus, 100 * p.commShare);
    }
    // The range holds the sweep and the current layout (one GPU is left of a sweep that starts
    // where the layout's model parallelism does).
    if (!points_.empty())
        xAxis->setRange(std::min(points_.front().gpus, std::max(1, current_)) / 1.5,
                        std::max(points_.back().gpus, current_) * 1.5);
    // Where one node ends: beyond it, traffic leaves NVLink for the network.
    if (gpusPerNode_ > 1 && !points_.empty() && gpusPerNode_ < points_.back().gpus) {
        auto* node = new QCPItemStraightLine(this);
        node->point1->setCoords(gpusPerNode_ * 1.41, 0);
        node->point2->setCoords(gpusPerNode_ * 1.41, 1);
        node->setPen(QPen(th.capacity, 1.5, Qt::DashLine));
        auto* label = new QCPItemText(this);
        label->position->setCoords(gpusPerNode_ * 1.41, 60);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setTextAlignment(Qt::AlignLeft);
        label->setText(tr("beyond %n GPUs (one node):\nNVLink \u2192 network", nullptr, gpusPerNode_));
        label->setColor(th.capacity);
        label->setFont(scaledFont(9));
    }
    // A curve that stops early says why, on the chart.
    int lastValid = 0;
    for (const ScalingPoint& p : points_)
        lastValid = p.valid ? p.gpus : lastValid;
    if (lastValid > 0 && lastValid < points_.back().gpus) {
        auto* end = new QCPItemText(this);
        end->position->setCoords(lastValid, 30);
        end->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        end->setTextAlignment(Qt::AlignRight);
        end->setPadding(QMargins(0, 0, 6, 0));
        end->setText(mode_ == ScalingMode::FixedGlobalBatch
                         ? tr("ends at %n GPUs: more data-parallel\nranks than sequences in the global batch", nullptr, lastValid)
                         : tr("ends at %n GPUs: no layout runs beyond", nullptr, lastValid));
        end->setColor(th.text);
        end->setFont(scaledFont(9));
    }
    if (current_ > 0) {
        auto* now = new QCPItemStraightLine(this);
        now->point1->setCoords(current_, 0);
        now->point2->setCoords(current_, 1);
        now->setPen(QPen(th.axis, 1, Qt::DotLine));
        auto* label = new QCPItemText(this);
        label->position->setCoords(current_, 98);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setText(tr("this layout"));
        label->setColor(th.text);
        label->setFont(scaledFont(9));
    }
    legend->setVisible(true);
    styleLegend();
    setTitleText(title(), mode_ == ScalingMode::FixedGlobalBatch
                              ? tr("Data parallelism grows at a fixed global batch: each GPU gets less work, the gradients stay as large")
                              : tr("Data parallelism grows with fixed work per GPU"));
}

} // namespace shardscope::ui
