#include "ui/charts/placement_chart.h"

#include <QLocale>
#include <algorithm>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

PlacementChart::PlacementChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Topology placement chart"));
}

void PlacementChart::setPlacement(TopologyPlacement placement, int gpusPerNode, bool valid)
{
    placement_ = std::move(placement);
    gpusPerNode_ = std::max(1, gpusPerNode);
    valid_ = valid;
    refresh();
}

QString PlacementChart::title() const { return tr("Which collectives cross the network"); }

TableData PlacementChart::table() const
{
    TableData t;
    t.headers = {tr("Dimension"), tr("Ranks per group"), tr("Stride (ranks)"), tr("Nodes a group touches"),
                 tr("Crosses nodes"), tr("Seconds per step"), tr("Exposed seconds")};
    const QLocale locale;
    for (const GroupPlacement& g : placement_.groups)
        t.rows.append({enumText(g.dimension), locale.toString(g.size), locale.toString(g.stride), locale.toString(g.nodes),
                       g.crossesNodes ? tr("yes") : tr("no"), locale.toString(g.seconds, 'f', 4),
                       locale.toString(g.exposedSeconds, 'f', 4)});
    for (RankOrder order : {RankOrder::TpCpEpDpPp, RankOrder::TpCpEpPpDp, RankOrder::EpDpCpTpPp})
        t.rows.append({tr("step, rank order %1").arg(QString::fromUtf8(enumId(order))), QString(), QString(), QString(), QString(),
                       locale.toString(placement_.stepSecondsByOrder[static_cast<std::size_t>(order)], 'f', 4), QString()});
    return t;
}

void PlacementChart::rebuild()
{
    clearPlottables();
    clearItems();
    const Theme& th = chartTheme();
    legend->setVisible(false);
    if (!valid_ || placement_.groups.empty()) {
        xAxis->setVisible(false);
        yAxis->setVisible(false);
        setTitleText(title(), valid_ ? tr("One GPU, or data parallelism alone inside one node: nothing to place")
                                     : tr("No estimate: the layout breaks a rule"));
        return;
    }
    xAxis->setVisible(true);
    yAxis->setVisible(true);
    const QColor inside = seriesColor(2);
    const QColor across = seriesColor(3);
    auto* local = new QCPBars(yAxis, xAxis);
    auto* network = new QCPBars(yAxis, xAxis);
    for (QCPBars* bars : {local, network}) {
        bars->setWidth(0.6);
        bars->setPen(QPen(th.chartBackground, 1));
    }
    local->setBrush(inside);
    network->setBrush(across);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double longest = 0;
    const int count = static_cast<int>(placement_.groups.size());
    for (int i = 0; i < count; ++i) {
        const GroupPlacement& g = placement_.groups[static_cast<std::size_t>(i)];
        const double key = count - i;
        (g.crossesNodes ? network : local)->addData(key, g.seconds);
        ticker->addTick(key, tr("%1: %n GPUs", nullptr, g.size).arg(enumText(g.dimension)));
        longest = std::max(longest, g.seconds);
        auto* label = new QCPItemText(this);
        label->position->setCoords(g.seconds, key);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setText(g.crossesNodes ? tr("%1 across %2 nodes").arg(secondsLabel(g.seconds)).arg(g.nodes)
                                      : tr("%1 inside one node").arg(secondsLabel(g.seconds)));
        label->setColor(g.crossesNodes ? across : th.text);
        label->setFont(scaledFont(10, g.crossesNodes));
    }
    yAxis->setTicker(ticker);
    yAxis->setRange(0.4, count + 0.6);
    styleAxis(yAxis, QString());
    yAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Communication per optimizer step (seconds)"));
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    xAxis->setRange(0, longest > 0 ? longest * 1.6 : 1.0);
    const auto step = [this](RankOrder order) {
        return secondsLabel(placement_.stepSecondsByOrder[static_cast<std::size_t>(order)]);
    };
    setTitleText(title(), tr("Ranks numbered %1, %n GPUs per node. Step: %2 with TP first (tp-cp-ep-dp-pp), %3 with DP "
                             "outermost (tp-cp-ep-pp-dp), %4 with DP first, TP across nodes", nullptr, gpusPerNode_)
                              .arg(QString::fromUtf8(enumId(placement_.order)))
                              .arg(step(RankOrder::TpCpEpDpPp), step(RankOrder::TpCpEpPpDp), step(RankOrder::EpDpCpTpPp)));
}

} // namespace shardscope::ui
