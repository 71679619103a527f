#include "ui/charts/drift_chart.h"

#include <QFontMetrics>
#include <QLocale>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

DriftChart::DriftChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Weight drift chart"));
}

void DriftChart::setResults(const DriftSpec& spec, const std::array<std::optional<DriftResult>, 4>& results, double threshold)
{
    spec_ = spec;
    results_ = results;
    threshold_ = threshold;
    refresh();
}

QString DriftChart::title() const
{
    const QLocale locale;
    return tr("%1 weight starting at %2, plus %3, %4 times")
        .arg(enumText(spec_.format), locale.toString(spec_.start, 'g', 6), locale.toString(spec_.update, 'g', 6),
             locale.toString(static_cast<qlonglong>(spec_.steps)));
}

TableData DriftChart::table() const
{
    TableData t;
    t.headers = {tr("Strategy"), tr("Final value"), tr("Exact"), tr("Relative error"),
                 // What is counted, which is not "lost" for Kahan: its compensation keeps the update
                 // until it is large enough to move the stored weight.
                 tr("Steps the stored value did not move")};
    const QLocale locale;
    for (std::size_t i = 0; i < results_.size(); ++i) {
        if (!results_[i])
            continue;
        const DriftResult& r = *results_[i];
        t.rows.append({enumText(static_cast<DriftStrategy>(i)), locale.toString(r.final, 'g', 10),
                       QString::fromStdString(r.exactText), locale.toString(r.relError, 'g', 4),
                       locale.toString(static_cast<qlonglong>(r.lostUpdates))});
    }
    return t;
}

void DriftChart::rebuild()
{
    clearGraphs();
    clearItems();
    const Theme& th = chartTheme();
    xAxis->setScaleType(QCPAxis::stLinear);
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    styleAxis(xAxis, tr("Update step"));
    styleAxis(yAxis, tr("Weight value"));
    const int colors[] = {5, 0, 2, 1};
    bool exactDrawn = false;
    double lo = spec_.start, hi = spec_.start;
    for (std::size_t i = 0; i < results_.size(); ++i) {
        if (!results_[i])
            continue;
        const DriftResult& r = *results_[i];
        if (!exactDrawn) {
            QCPGraph* exact = addGraph();
            exact->setName(tr("exact"));
            exact->setPen(QPen(th.text, 2, Qt::DashLine));
            for (const DriftPoint& p : r.curve) {
                exact->addData(static_cast<double>(p.step), p.exact);
                lo = std::min(lo, p.exact);
                hi = std::max(hi, p.exact);
            }
            exactDrawn = true;
        }
        QCPGraph* g = addGraph();
        g->setName(enumText(static_cast<DriftStrategy>(i)));
        g->setPen(QPen(seriesColor(colors[i]), i == 0 ? 3.5 : 2.5));
        g->setLineStyle(QCPGraph::lsStepLeft);
        for (const DriftPoint& p : r.curve) {
            if (!std::isfinite(p.value))
                continue;
            g->addData(static_cast<double>(p.step), p.value);
            lo = std::min(lo, p.value);
            hi = std::max(hi, p.value);
        }
    }
    const double pad = (hi - lo) * 0.08 + 1e-12;
    yAxis->setRange(lo - pad, hi + pad);
    xAxis->setRange(0, static_cast<double>(spec_.steps));
    // The last tick (the step count) sits on the plot's right edge: room for half its label.
    const int lastLabel = QFontMetrics(xAxis->tickLabelFont()).horizontalAdvance(QString::number(spec_.steps));
    axisRect()->setMinimumMargins(QMargins(0, 0, lastLabel / 2 + 6, 0));
    legend->setVisible(true);
    styleLegend();
    const QLocale locale;
    setTitleText(title(), tr("In %1 the smallest update that still moves %2 is %3; anything smaller is rounded away")
                              .arg(enumText(spec_.format), locale.toString(spec_.start, 'g', 6), locale.toString(threshold_, 'g', 6)));
}

} // namespace shardscope::ui
