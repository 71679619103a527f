#include "ui/charts/ops_interval_chart.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

OpsIntervalChart::OpsIntervalChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Checkpoint interval chart"));
}

void OpsIntervalChart::setCurve(std::vector<IntervalPoint> curve, const OpsEstimate& ops)
{
    curve_ = std::move(curve);
    ops_ = ops;
    refresh();
}

QString OpsIntervalChart::title() const { return tr("How often to checkpoint: time lost against the interval"); }

TableData OpsIntervalChart::table() const
{
    TableData t;
    t.headers = {tr("Interval (min)"), tr("Time lost (%)"), tr("Stalled on checkpoints (%)"), tr("Lost to failures (%)")};
    const QLocale locale;
    // Every fourth point: the table is for reading, the curve for seeing.
    for (std::size_t i = 0; i < curve_.size(); i += 4) {
        const IntervalPoint& p = curve_[i];
        t.rows.append({locale.toString(p.intervalSeconds / 60.0, 'g', 4), locale.toString(100.0 * (1.0 - p.ettr), 'f', 3),
                       locale.toString(100.0 * p.checkpointShare, 'f', 3), locale.toString(100.0 * p.failureShare, 'f', 3)});
    }
    t.rows.append({tr("Young: %1").arg(locale.toString(ops_.youngSeconds / 60.0, 'g', 4)), QString(), QString(), QString()});
    t.rows.append({tr("Daly: %1").arg(locale.toString(ops_.dalySeconds / 60.0, 'g', 4)), QString(), QString(), QString()});
    t.rows.append({tr("In use: %1").arg(locale.toString(ops_.intervalSeconds / 60.0, 'g', 4)),
                   locale.toString(100.0 * (1.0 - ops_.ettr), 'f', 3), locale.toString(100.0 * ops_.checkpointShare, 'f', 3),
                   locale.toString(100.0 * ops_.failureShare, 'f', 3)});
    return t;
}

void OpsIntervalChart::marker(double minutes, const QString& text, const QPen& pen, double labelY, Qt::Alignment align)
{
    if (!(minutes > 0))
        return;
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(minutes, 0);
    line->point2->setCoords(minutes, 1);
    line->setPen(pen);
    auto* label = new QCPItemText(this);
    label->position->setCoords(minutes, labelY);
    label->setPositionAlignment(align | Qt::AlignTop);
    label->setPadding(QMargins(5, 2, 5, 0));
    label->setText(text);
    label->setColor(chartTheme().text);
    label->setFont(scaledFont(9));
}

void OpsIntervalChart::rebuild()
{
    clearGraphs();
    clearItems();
    const Theme& th = chartTheme();
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setSubTickCount(8);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(ticker);
    xAxis->setNumberFormat(QStringLiteral("g"));
    xAxis->setNumberPrecision(3);
    styleAxis(xAxis, tr("Checkpoint interval (minutes, log scale)"));
    styleAxis(yAxis, tr("Wall-clock time lost (%)"));

    QCPGraph* total = addGraph();
    total->setName(tr("Time lost: 100% - ETTR"));
    total->setPen(QPen(seriesColor(0), 3));
    QCPGraph* stalls = addGraph();
    stalls->setName(tr("Stalled on checkpoints"));
    stalls->setPen(QPen(seriesColor(2), 2, Qt::DashLine));
    QCPGraph* failures = addGraph();
    failures->setName(tr("Lost to failures: rework, detection, restart"));
    failures->setPen(QPen(seriesColor(5), 2, Qt::DashDotLine));
    for (const IntervalPoint& p : curve_) {
        const double minutes = p.intervalSeconds / 60.0;
        total->addData(minutes, 100.0 * (1.0 - p.ettr));
        stalls->addData(minutes, 100.0 * p.checkpointShare);
        failures->addData(minutes, 100.0 * p.failureShare);
    }
    // Up to four times the loss at the interval in use: the valley and both walls stay visible.
    const double atUse = 100.0 * (1.0 - ops_.ettr);
    const double top = std::min(100.0, std::max(4.0 * atUse, 0.05));
    yAxis->setRange(0, top);
    if (!curve_.empty())
        xAxis->setRange(curve_.front().intervalSeconds / 60.0, curve_.back().intervalSeconds / 60.0);

    const QLocale locale;
    marker(ops_.youngSeconds / 60.0, tr("Young %1").arg(durationLabel(ops_.youngSeconds)), QPen(th.axis, 1, Qt::DotLine), top,
           Qt::AlignRight);
    marker(ops_.dalySeconds / 60.0, tr("Daly %1").arg(durationLabel(ops_.dalySeconds)), QPen(th.axis, 1, Qt::DashLine),
           top * 0.9, Qt::AlignLeft);
    if (ops_.intervalFromUser || std::fabs(ops_.intervalSeconds - ops_.dalySeconds) > 1e-6 * ops_.dalySeconds)
        marker(ops_.intervalSeconds / 60.0, tr("in use %1").arg(durationLabel(ops_.intervalSeconds)), QPen(th.capacity, 2), top * 0.8,
               Qt::AlignLeft);
    legend->setVisible(true);
    styleLegend();
    setTitleText(title(), tr("Interrupted every %1; a checkpoint stops training %2; a failure costs %3 of detection and restart "
                             "plus the work since the last checkpoint. ETTR %4%")
                              .arg(durationLabel(ops_.mtbfSeconds), durationLabel(ops_.blockingSeconds),
                                   durationLabel(ops_.recoverySeconds), locale.toString(100.0 * ops_.ettr, 'f', 2)));
}

} // namespace shardscope::ui
