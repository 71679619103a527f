#include "ui/charts/scaling_chart.h"

#include <algorithm>
#include <QLocale>

namespace shardscope::ui {

ScalingChart::ScalingChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Scaling chart"));
    connect(this, &QCustomPlot::afterLayout, this, &ScalingChart::placeEndNote);
}

namespace {

// Whether any of the plot's curves, as drawn (straight segments between points), passes through
// `r` (pixels): sampled along each segment, finely enough for a label a few lines high.
bool curvesCross(QCustomPlot* plot, const QRectF& r)
{
    for (int g = 0; g < plot->graphCount(); ++g) {
        const QCPGraph* graph = plot->graph(g);
        QPointF previous;
        bool first = true;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF point(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value));
            if (!first) {
                for (int k = 0; k <= 32; ++k) {
                    if (r.contains(previous + (point - previous) * (k / 32.0)))
                        return true;
                }
            }
            previous = point;
            first = false;
        }
    }
    return false;
}

} // namespace

bool ScalingChart::overOtherText(const QRectF& r)
{
    for (int i = 0; i < itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(item(i));
        if (text != nullptr && text != endNote_ && text->visible() && itemTextRect(text).intersects(r))
            return true;
    }
    return false;
}

void ScalingChart::placeEndNote()
{
    // The note on why the curves stop sits in the empty part of the plot right of their last
    // point, high above them; where that part is too narrow for it, it goes left of the last
    // point, at the first height where no curve runs through it, and further left, an octave at
    // a time, while every height has one. Right-aligned at the last point at a fixed height, as
    // before, it lay across both curves once the waiting share rose at the largest sizes.
    if (endNote_ == nullptr)
        return;
    const QRectF plot = axisRect()->rect();
    const double x = endGpus_;
    endNote_->position->setCoords(x * 1.15, 78);
    endNote_->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    endNote_->setTextAlignment(Qt::AlignLeft);
    if (itemTextRect(endNote_).right() <= plot.right())
        return;
    endNote_->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
    endNote_->setTextAlignment(Qt::AlignRight);
    // The axis is logarithmic, its range from below one GPU: the octaves end (at most 24 of them).
    const double lower = std::max(xAxis->range().lower, 0.5);
    int octaves = 0;
    for (double right = x / 1.15; right > lower && octaves < 24; right /= 2, ++octaves) {
        for (const double y : {78.0, 90.0, 66.0, 54.0, 42.0, 30.0, 18.0, 8.0}) {
            endNote_->position->setCoords(right, y);
            const QRectF r = itemTextRect(endNote_);
            if (plot.contains(r) && !curvesCross(this, r) && !overOtherText(r))
                return;
        }
    }
    endNote_->position->setCoords(x / 1.15, 78);
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
    // Two different percents, MFU of the GPUs' peak FLOP/s and waiting of the step's time: the
    // legend names each. Said on the axis as well, the label did not fit the chart's height in
    // Chinese with larger text, and shrank all of the chart's text to fit.
    styleAxis(yAxis, tr("Percent"));
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
    endNote_ = nullptr;
    if (lastValid > 0 && lastValid < points_.back().gpus) {
        auto* end = new QCPItemText(this);
        endGpus_ = lastValid;  // placed once laid out (placeEndNote)
        end->position->setCoords(lastValid * 1.15, 78);
        end->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        end->setTextAlignment(Qt::AlignLeft);
        end->setText(mode_ == ScalingMode::FixedGlobalBatch
                         ? tr("ends at %n GPUs: more data-parallel\nranks than sequences in the global batch", nullptr, lastValid)
                         : tr("ends at %n GPUs: no layout runs beyond", nullptr, lastValid));
        end->setColor(th.text);
        end->setFont(scaledFont(9));
        endNote_ = end;
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
