#include "ui/charts/checkpoint_chart.h"

#include <QLocale>

#include <algorithm>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

// The bars stack the three large states and the small ones together.
constexpr CheckpointState kLarge[] = {CheckpointState::Weights, CheckpointState::MasterWeights, CheckpointState::OptimizerStates};

double smallStates(const std::array<double, kCheckpointStates>& states)
{
    return states[std::size_t(CheckpointState::StepCounters)] + states[std::size_t(CheckpointState::RngState)]
           + states[std::size_t(CheckpointState::DataLoader)];
}

// Bytes down to kilobytes: the small states are a few kB per rank.
QString smallBytesLabel(double bytes)
{
    if (bytes >= 1e6 || bytes == 0)
        return bytesLabel(bytes);
    return CheckpointChart::tr("%1 kB").arg(QLocale().toString(bytes / 1e3, 'f', 1));
}

} // namespace

CheckpointChart::CheckpointChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Checkpoint size chart"));
}

void CheckpointChart::setEstimates(const Scenario& scenario, const Estimate& cluster, const Estimate& single)
{
    scenario_ = scenario;
    cluster_ = cluster.ops;
    single_ = single.ops;
    refresh();
}

QString CheckpointChart::title() const { return tr("What a checkpoint holds and how long it takes to write"); }

TableData CheckpointChart::table() const
{
    TableData t;
    t.headers = {tr("State"), tr("One GPU"), tr("Whole job (%n GPUs)", nullptr, scenario_.parallel.gpus), tr("Most loaded rank")};
    for (std::size_t i = 0; i < kCheckpointStates; ++i) {
        const auto state = static_cast<CheckpointState>(i);
        if (state == CheckpointState::Gradients) {
            t.rows.append({enumText(state), tr("not saved"), tr("not saved"), tr("not saved")});
            continue;
        }
        t.rows.append({enumText(state), smallBytesLabel(single_.checkpoint.total[i]), smallBytesLabel(cluster_.checkpoint.total[i]),
                       smallBytesLabel(cluster_.checkpoint.rank[i])});
    }
    t.rows.append({tr("Total"), bytesLabel(single_.checkpoint.bytes), bytesLabel(cluster_.checkpoint.bytes),
                   bytesLabel(cluster_.checkpoint.bytesPerRankMax)});
    t.rows.append({tr("Write"), durationLabel(single_.writeSeconds), durationLabel(cluster_.writeSeconds), QString()});
    t.rows.append({tr("Load on restart"), durationLabel(single_.loadSeconds), durationLabel(cluster_.loadSeconds), QString()});
    t.rows.append({tr("Training stops"), durationLabel(single_.blockingSeconds), durationLabel(cluster_.blockingSeconds),
                   durationLabel(cluster_.blockingSeconds)});
    return t;
}

void CheckpointChart::rebuild()
{
    clearPlottables();
    clearItems();
    const Theme& th = chartTheme();
    const std::array<const std::array<double, kCheckpointStates>*, 3> bars{&single_.checkpoint.total, &cluster_.checkpoint.total,
                                                                           &cluster_.checkpoint.rank};
    QCPBars* below = nullptr;
    int color = 0;
    auto addLayer = [&](const QString& name, auto value) {
        auto* layer = new QCPBars(xAxis, yAxis);
        layer->setName(name);
        layer->setWidth(0.55);
        layer->setPen(QPen(th.chartBackground, 1));
        layer->setBrush(seriesColor(color++));
        QVector<double> keys, values;
        for (int b = 0; b < 3; ++b) {
            keys << b + 1.0;
            values << value(*bars[std::size_t(b)]) / 1e9;
        }
        layer->setData(keys, values, true);
        if (below != nullptr)
            layer->moveAbove(below);
        below = layer;
    };
    for (CheckpointState state : kLarge)
        addLayer(enumText(state), [state](const std::array<double, kCheckpointStates>& s) { return s[std::size_t(state)]; });
    addLayer(tr("step counters, generators, data-loader position"), &smallStates);

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(1.0, tr("One GPU:\nthe whole checkpoint"));
    ticker->addTick(2.0, tr("%n GPUs:\nthe whole checkpoint", nullptr, scenario_.parallel.gpus));
    ticker->addTick(3.0, tr("%n GPUs:\nthe rank that writes most", nullptr, scenario_.parallel.gpus));
    xAxis->setTicker(ticker);
    xAxis->setRange(0.4, 3.6);
    styleAxis(xAxis, QString());
    xAxis->grid()->setVisible(false);
    styleAxis(yAxis, tr("Checkpoint (GB, 10^9 bytes)"));
    const double highest = std::max({single_.checkpoint.bytes, cluster_.checkpoint.bytes, 1.0}) / 1e9;
    yAxis->setRange(0, highest * 1.3);

    const QString texts[3] = {
        tr("%1\nwrite %2").arg(bytesLabel(single_.checkpoint.bytes), durationLabel(single_.writeSeconds)),
        tr("%1\nwrite %2").arg(bytesLabel(cluster_.checkpoint.bytes), durationLabel(cluster_.writeSeconds)),
        tr("%1\ntraining stops %2").arg(bytesLabel(cluster_.checkpoint.bytesPerRankMax), durationLabel(cluster_.blockingSeconds)),
    };
    const double tops[3] = {single_.checkpoint.bytes, cluster_.checkpoint.bytes, cluster_.checkpoint.bytesPerRankMax};
    for (int b = 0; b < 3; ++b) {
        auto* label = new QCPItemText(this);
        label->position->setCoords(b + 1.0, tops[b] / 1e9);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 0, 3));
        label->setText(texts[b]);
        label->setColor(th.text);
        label->setFont(scaledFont(10, true));
    }
    legend->setVisible(true);
    styleLegend();
    const QLocale locale;
    const double storage = scenario_.ops.storageGbps.value_or(defaultStorageBytesPerSecond() / 1e9);
    const QString mode = cluster_.async ? tr("asynchronous: training waits only for the copy to host memory")
                                        : tr("synchronous: training waits for the write");
    if (scenario_.ops.checkpointWriteMinutes)
        setTitleText(title(), tr("Gradients are not saved. Measured write time %1; %2").arg(durationLabel(cluster_.writeSeconds), mode));
    else
        setTitleText(title(), tr("Gradients are not saved. Storage %1 GB/s in all, %2 GB/s per node; %3")
                                  .arg(locale.toString(storage, 'f', 0), locale.toString(scenario_.ops.storageNodeGbps, 'f', 0), mode));
}

} // namespace shardscope::ui
