#include "ui/charts/sequence_chart.h"

#include <QLocale>

#include <cmath>

#include "core/common/units.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

QString tokensLabel(double tokens)
{
    if (tokens >= 1024.0 * 1024.0)
        return QStringLiteral("%1M").arg(tokens / (1024.0 * 1024.0), 0, 'g', 3);
    if (tokens >= 1024.0)
        return QStringLiteral("%1K").arg(tokens / 1024.0, 0, 'g', 3);
    return QString::number(tokens, 'g', 4);
}

namespace {

// Log-axis ticks at powers of two, labelled in K and M tokens.
class TokenTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return tokensLabel(tick); }
};

} // namespace

SequenceChart::SequenceChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Memory versus sequence length chart"));
}

void SequenceChart::setPoints(std::vector<SequencePoint> points, double capacityBytes, int gpus, std::int64_t currentSeq)
{
    points_ = std::move(points);
    capacity_ = capacityBytes;
    gpus_ = gpus;
    current_ = currentSeq;
    refresh();
}

QString SequenceChart::title() const { return tr("Memory per GPU versus sequence length"); }

TableData SequenceChart::table() const
{
    TableData t;
    t.headers = {tr("Sequence length (tokens)"), tr("One GPU (GB)"), tr("Most loaded GPU (GB)"), tr("Fits")};
    const QLocale locale;
    for (const SequencePoint& p : points_) {
        const QString fits = (p.singleFits ? tr("yes") : tr("no")) + QStringLiteral(" / ") + (p.fits ? tr("yes") : tr("no"));
        t.rows.append({locale.toString(static_cast<qlonglong>(p.seqLen)), locale.toString(p.singleGpu / units::kGB, 'f', 1),
                       p.valid ? locale.toString(p.perGpu / units::kGB, 'f', 1) : tr("impossible layout"), fits});
    }
    return t;
}

void SequenceChart::rebuild()
{
    clearPlottables();
    clearItems();
    clearGraphs();
    const Theme& th = chartTheme();
    QSharedPointer<TokenTicker> ticker(new TokenTicker);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(ticker);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> yTicker(new QCPAxisTickerLog);
    yTicker->setLogBase(10);
    yAxis->setTicker(yTicker);
    yAxis->setNumberFormat(QStringLiteral("gb"));
    yAxis->setNumberPrecision(0);
    styleAxis(xAxis, tr("Sequence length (tokens, log scale)"));
    styleAxis(yAxis, tr("Memory (GB, log scale)"));

    const QString names[2] = {tr("One GPU"), tr("Most loaded of %n GPUs", nullptr, gpus_)};
    double lowest = capacity_ / units::kGB, highest = lowest;
    std::int64_t oneGpuOutOfMemory = 0;  // where the one-GPU series runs out, and at how many GB
    double oneGpuOutOfMemoryGb = 0;
    for (int series = 0; series < 2; ++series) {
        QCPGraph* g = addGraph();
        g->setName(names[series]);
        g->setPen(QPen(seriesColor(series == 0 ? 5 : 0), 2.5));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        for (const SequencePoint& p : points_) {
            if (series == 1 && !p.valid)
                continue;
            const double gb = (series == 0 ? p.singleGpu : p.perGpu) / units::kGB;
            if (!(gb > 0) || !std::isfinite(gb))
                continue;
            g->addData(static_cast<double>(p.seqLen), gb);
            lowest = std::min(lowest, gb);
            highest = std::max(highest, gb);
        }
        // Where this series first runs out of memory (the rule the CLI's sweep reports too).
        if (const std::int64_t seqLen = firstOutOfMemory(points_, series == 0); seqLen > 0) {
            auto* marker = new QCPItemTracer(this);
            marker->setGraph(g);
            marker->setGraphKey(static_cast<double>(seqLen));
            marker->setStyle(QCPItemTracer::tsCircle);
            marker->setSize(14);
            marker->setPen(QPen(th.outOfMemory, 2.5));
            double gb = 0;
            for (const SequencePoint& p : points_)
                if (p.seqLen == seqLen)
                    gb = (series == 0 ? p.singleGpu : p.perGpu) / units::kGB;
            if (series == 0) {
                oneGpuOutOfMemory = seqLen;
                oneGpuOutOfMemoryGb = gb;
            } else if (seqLen == oneGpuOutOfMemory && std::abs(gb - oneGpuOutOfMemoryGb) <= 0.01 * oneGpuOutOfMemoryGb) {
                continue;  // the same point as the one GPU's (one GPU, or a layout that shards nothing): said once
            }
            auto* label = new QCPItemText(this);
            label->position->setParentAnchor(marker->position);
            label->position->setCoords(-6, series == 0 ? -12 : 12);
            label->setPositionAlignment(Qt::AlignLeft | (series == 0 ? Qt::AlignBottom : Qt::AlignTop));
            label->setText(tr("out of memory from %1").arg(tokensLabel(static_cast<double>(seqLen))));
            label->setColor(th.outOfMemory);
            label->setFont(scaledFont(9, true));
        }
    }
    if (!points_.empty())
        xAxis->setRange(static_cast<double>(points_.front().seqLen) / 1.4, static_cast<double>(points_.back().seqLen) * 1.4);
    yAxis->setRange(lowest / 1.6, highest * 1.8);

    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(1, capacity_ / units::kGB);
    line->point2->setCoords(2, capacity_ / units::kGB);
    line->setPen(QPen(th.capacity, 2, Qt::DashLine));
    auto* capacityLabel = new QCPItemText(this);
    capacityLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    capacityLabel->position->setCoords(0.01, 0.02);
    capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    capacityLabel->setText(tr("dashed line: GPU capacity %1").arg(bytesLabel(capacity_)));
    capacityLabel->setColor(th.capacity);
    capacityLabel->setFont(scaledFont(9, true));
    if (current_ > 0) {
        auto* now = new QCPItemStraightLine(this);
        now->point1->setCoords(static_cast<double>(current_), 1);
        now->point2->setCoords(static_cast<double>(current_), 2);
        now->setPen(QPen(th.axis, 1, Qt::DotLine));
    }

    legend->setVisible(true);
    styleLegend();
    setTitleText(title(), tr("Activations grow with the sequence; sharding cuts the model states, context parallelism the activations"));
}

} // namespace shardscope::ui
