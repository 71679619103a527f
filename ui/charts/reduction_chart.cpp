#include "ui/charts/reduction_chart.h"

#include <algorithm>
#include <iterator>

#include <QLocale>

namespace shardscope::ui {
namespace {

QString orderName(int order)
{
    switch (order) {
    case 0: return ReductionChart::tr("sequential");
    case 1: return ReductionChart::tr("ring");
    default: return ReductionChart::tr("tree");
    }
}

} // namespace

ReductionChart::ReductionChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Gradient reduction error chart"));
}

void ReductionChart::setPoints(std::vector<ReductionPoint> points)
{
    points_ = std::move(points);
    refresh();
}

QString ReductionChart::title() const { return tr("Summing gradients over N GPUs: bf16 versus fp32"); }

TableData ReductionChart::table() const
{
    TableData t;
    t.headers = {tr("Ranks")};
    for (int order = 0; order < 3; ++order)
        t.headers << tr("bf16, %1").arg(orderName(order));
    for (int order = 0; order < 3; ++order)
        t.headers << tr("fp32, %1").arg(orderName(order));
    const QLocale locale;
    for (const ReductionPoint& p : points_) {
        QStringList row{locale.toString(p.ranks)};
        for (double e : p.bf16)
            row << locale.toString(e, 'e', 2);
        for (double e : p.fp32)
            row << locale.toString(e, 'e', 2);
        t.rows.append(row);
    }
    return t;
}

void ReductionChart::rebuild()
{
    clearGraphs();
    clearItems();
    QSharedPointer<QCPAxisTickerLog> x(new QCPAxisTickerLog);
    x->setLogBase(2);
    x->setSubTickCount(0);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(x);
    xAxis->setNumberFormat(QStringLiteral("f"));
    xAxis->setNumberPrecision(0);
    QSharedPointer<QCPAxisTickerLog> y(new QCPAxisTickerLog);
    y->setLogBase(10);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setTicker(y);
    yAxis->setNumberFormat(QStringLiteral("eb"));
    yAxis->setNumberPrecision(0);
    styleAxis(xAxis, tr("Ranks N (log scale)"));
    styleAxis(yAxis, tr("Relative error (log scale)"));
    double lo = 1, hi = 1e-12;
    const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    for (int format = 0; format < 2; ++format) {
        for (int order = 0; order < 3; ++order) {
            QCPGraph* g = addGraph();
            g->setName((format == 0 ? tr("bf16, %1") : tr("fp32, %1")).arg(orderName(order)));
            g->setPen(QPen(seriesColor(format == 0 ? 5 : 0), 2.5, styles[order]));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
            for (const ReductionPoint& p : points_) {
                const double e = format == 0 ? p.bf16[order] : p.fp32[order];
                if (e > 0) {  // exact sums have no place on a log axis
                    g->addData(p.ranks, e);
                    lo = std::min(lo, e);
                    hi = std::max(hi, e);
                }
            }
        }
    }
    if (!points_.empty())
        xAxis->setRange(points_.front().ranks / 1.5, points_.back().ranks * 1.5);
    yAxis->setRange(lo / 3, hi * 3);
    // fp32 sums of few ranks are exact; zero has no place on a log axis, so say where the
    // fp32 line starts and why, on the chart.
    int firstInexact = 0, exactUpTo = 0;
    for (const ReductionPoint& p : points_) {
        const bool inexact = std::any_of(std::begin(p.fp32), std::end(p.fp32), [](double e) { return e > 0; });
        if (inexact && firstInexact == 0)
            firstInexact = p.ranks;
        if (!inexact && firstInexact == 0)
            exactUpTo = p.ranks;
    }
    if (exactUpTo > 0) {
        auto* note = new QCPItemText(this);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.02, 0.5);  // between bf16's errors (top) and fp32's (bottom)
        note->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        note->setTextAlignment(Qt::AlignLeft);
        note->setText(firstInexact > 0 ? tr("fp32: exact (zero error) up to %1 ranks, not drawable on a log axis").arg(exactUpTo)
                                       : tr("fp32: exact (zero error) at every N, not drawable on a log axis"));
        note->setColor(seriesColor(0));
        note->setFont(scaledFont(9));
    }
    legend->setVisible(true);
    styleLegend();
    setTitleText(title(), tr("Each partial sum rounded to 8 significant bits loses more as the sum grows; fp32 keeps 24"));
}

} // namespace shardscope::ui
