#include "ui/charts/comparison_chart.h"

#include <QFontMetrics>
#include <QLocale>
#include <QResizeEvent>

#include <algorithm>

#include "core/hardware/gpu_spec.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

QString percent(double fraction) { return QLocale().toString(100.0 * fraction, 'f', fraction < 0.1 ? 1 : 0); }

// Breaks `text` into lines no wider than `width` pixels, at spaces (anywhere in text without
// spaces, as Chinese is written).
QStringList wrapLines(const QString& text, const QFontMetrics& metrics, int width)
{
    QStringList lines;
    QString line;
    int lastSpace = -1;
    for (const QChar c : text) {
        line += c;
        if (c == QLatin1Char(' '))
            lastSpace = static_cast<int>(line.size()) - 1;
        if (metrics.horizontalAdvance(line) > width && line.size() > 1) {
            const int cut = lastSpace > 0 ? lastSpace : static_cast<int>(line.size()) - 1;
            lines << line.left(cut).trimmed();
            line = line.mid(cut).trimmed();
            lastSpace = -1;
        }
    }
    lines << line;
    return lines;
}

} // namespace

ComparisonChart::ComparisonChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Single GPU versus cluster table"));
    // A table has no legend; an empty one in the layout would cap the layout's width at the
    // widest title line (an empty QCPLegend's maximum width is its margins).
    plotLayout()->take(legend);
    plotLayout()->simplify();
}

void ComparisonChart::setEstimates(const Scenario& scenario, const Estimate& cluster, const SingleGpuComparison& single)
{
    scenario_ = scenario;
    cluster_ = cluster;
    single_ = single;
    refresh();
}

QString ComparisonChart::title() const { return tr("One GPU against %n GPUs, in this scenario's numbers", nullptr, scenario_.parallel.gpus); }

QList<QStringList> ComparisonChart::rows() const
{
    const QLocale locale;
    const ParallelSpec& p = scenario_.parallel;
    const Estimate& one = single_.single;
    const Estimate& many = cluster_;
    const GpuSpec* gpu = standardGpuPresets().find(scenario_.cluster.gpu);
    const QString gpuName = gpu != nullptr ? QString::fromStdString(gpu->name) : QString::fromStdString(scenario_.cluster.gpu);
    const double oneTotal = one.memory.singleGpu.device.total();
    const double manyTotal = many.memory.perGpu.device.total();
    QList<QStringList> r;

    r.append({tr("Architecture limit"), tr("one %1 with %2").arg(gpuName, bytesLabel(one.memory.gpuCapacity)),
              tr("%n GPUs = DP %1 x TP %2 x PP %3 x CP %4, %5 to a node", nullptr, p.gpus)
                  .arg(scenario_.dataParallel())
                  .arg(p.tp)
                  .arg(p.pp)
                  .arg(p.cp)
                  .arg(scenario_.cluster.gpusPerNode)});

    r.append({tr("Memory use"),
              tr("%1 needed: %2").arg(bytesLabel(oneTotal), one.memory.singleGpuFits ? tr("fits") : tr("does not fit")),
              tr("%1 on the most loaded GPU (ZeRO-%2): %3")
                  .arg(bytesLabel(manyTotal))
                  .arg(p.zero)
                  .arg(many.memory.fits ? tr("fits") : tr("does not fit"))});

    const double step = many.step.stepSeconds;
    r.append({tr("Communication"), tr("none"),
              tr("%1 per step, %2 of it exposed (%3% of the step)")
                  .arg(secondsLabel(many.step.commSeconds), secondsLabel(many.step.exposedCommSeconds),
                       percent(step > 0 ? many.step.exposedCommSeconds / step : 0.0))});

    const MemoryBreakdown& upkeepOne = one.memory.singleGpu.device;
    const MemoryBreakdown& upkeepMany = many.memory.perGpu.device;
    const int shards = std::max(1, scenario_.dataParallel() * p.cp);
    r.append({tr("Precision upkeep"),
              tr("fp32 master weights and optimizer states: %1").arg(bytesLabel(upkeepOne.masterWeights + upkeepOne.optimizerStates)),
              (p.zero >= 1 ? tr("%1 per GPU, sharded over %n ranks", nullptr, shards) : tr("%1 per GPU, copied on %n ranks", nullptr, shards))
                      .arg(bytesLabel(upkeepMany.masterWeights + upkeepMany.optimizerStates))
                  + tr("; gradients summed over %n ranks", nullptr, shards)});

    // The bottleneck: memory when one GPU cannot hold it; else the largest part of the step.
    QString oneBottleneck = one.memory.singleGpuFits
                                ? tr("compute: %1 per step").arg(durationLabel(one.step.stepSeconds))
                                : tr("memory: needs %1 times the GPU").arg(locale.toString(oneTotal / std::max(1.0, one.memory.gpuCapacity), 'f', 1));
    struct Part {
        QString name;
        double seconds;
    };
    const Part parts[] = {{tr("compute"), many.step.computeSeconds},
                          {tr("exposed communication"), many.step.exposedCommSeconds},
                          {tr("pipeline bubble"), many.step.bubbleSeconds},
                          {tr("optimizer step"), many.step.optimizerSeconds}};
    const Part* largestWait = std::max_element(parts + 1, std::end(parts), [](const Part& a, const Part& b) { return a.seconds < b.seconds; });
    QString manyBottleneck = !many.memory.fits ? tr("memory: %1 over the GPU").arg(bytesLabel(manyTotal - many.memory.gpuCapacity))
                                               : tr("%1 %2% and %3 %4% of the step")
                                                     .arg(parts[0].name, percent(step > 0 ? parts[0].seconds / step : 0.0),
                                                          largestWait->name, percent(step > 0 ? largestWait->seconds / step : 0.0));
    r.append({tr("Bottleneck"), oneBottleneck, manyBottleneck});

    const OpsEstimate& oOne = one.ops;
    const OpsEstimate& oMany = many.ops;
    r.append({tr("Operations"),
              tr("checkpoint %1 written in %2; interrupted every %3; ETTR %4%")
                  .arg(bytesLabel(oOne.checkpoint.bytes), durationLabel(oOne.writeSeconds), durationLabel(oOne.mtbfSeconds),
                       locale.toString(100.0 * oOne.ettr, 'f', 2)),
              tr("checkpoint %1, %2 per rank, written in %3; interrupted every %4, %5 times over the run; ETTR %6%")
                  .arg(bytesLabel(oMany.checkpoint.bytes), bytesLabel(oMany.checkpoint.bytesPerRankMax), durationLabel(oMany.writeSeconds),
                       durationLabel(oMany.mtbfSeconds), locale.toString(oMany.expectedInterruptions, 'f', 0),
                       locale.toString(100.0 * oMany.ettr, 'f', 2))});

    r.append({tr("Time to train %1 tokens").arg(countLabel(scenario_.perf.trainTokens)),
              tr("%1, %2 with failures").arg(durationLabel(oOne.failureFreeSeconds), durationLabel(oOne.trainSeconds)),
              tr("%1, %2 with failures").arg(durationLabel(oMany.failureFreeSeconds), durationLabel(oMany.trainSeconds))});

    const Estimate& lora = single_.singleLora;
    r.append({tr("Typical use"),
              tr("LoRA fine-tuning of this model: %1, %2")
                  .arg(bytesLabel(lora.memory.singleGpu.device.total()), lora.memory.singleGpuFits ? tr("fits") : tr("does not fit")),
              tr("pre-training: %1 tokens in %2").arg(countLabel(scenario_.perf.trainTokens), durationLabel(oMany.trainSeconds))});
    return r;
}

TableData ComparisonChart::table() const
{
    TableData t;
    t.headers = {QString(), tr("One GPU"), tr("%n GPUs", nullptr, scenario_.parallel.gpus)};
    t.rows = rows();
    return t;
}

void ComparisonChart::resizeEvent(QResizeEvent* event)
{
    ChartBase::resizeEvent(event);
    refresh();  // the cells wrap to the new width
}

void ComparisonChart::rebuild()
{
    clearPlottables();
    clearItems();
    const Theme& th = chartTheme();
    legend->setVisible(false);
    for (QCPAxis* axis : {xAxis, yAxis, xAxis2, yAxis2})
        axis->setVisible(false);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);

    QList<QStringList> cells = rows();
    cells.prepend({QString(), tr("One GPU"), tr("%n GPUs", nullptr, scenario_.parallel.gpus)});
    // Columns: the aspect, one GPU, the cluster (fractions of the plot's width).
    const double starts[] = {0.0, 0.22, 0.59};
    const double ends[] = {0.22, 0.59, 1.0};
    const double padding = 0.6;  // lines of room around each row
    const int plotWidth = std::max(200, width() - 30);
    // The titles first, so that the layout says how tall the plot is: on a short chart (a
    // 1366x768 window, Chinese text wraps to more lines) the type shrinks until every row fits,
    // down to 60 %, rather than rows running into each other.
    setTitleText(title(), tr("%1, %2 tokens; every figure comes from the same estimate as the other charts")
                              .arg(modelDisplayName(scenario_.model), countLabel(scenario_.perf.trainTokens)));
    // A chart resized while hidden (the CLI's export) has had no resize event to set its viewport.
    setViewport(rect());
    updateLayout();
    const double room = axisRect()->height();
    double points = 11;
    QList<QStringList> wrapped;
    QList<int> heights;
    int totalLines = 0;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const QFontMetrics bodyMetrics(scaledFont(points));
        const QFontMetrics boldMetrics(scaledFont(points, true));
        // Row heights in lines, so that a row with three lines gets three times the room.
        wrapped.clear();
        heights.clear();
        totalLines = 0;
        for (int r = 0; r < cells.size(); ++r) {
            int lines = 1;
            for (int c = 0; c < 3; ++c) {
                const QFontMetrics& m = (r == 0 || c == 0) ? boldMetrics : bodyMetrics;
                const int columnWidth = static_cast<int>((ends[c] - starts[c]) * plotWidth) - 12;
                const QStringList parts = wrapLines(cells[r][c], m, std::max(40, columnWidth));
                wrapped.append({parts.join(QLatin1Char('\n'))});
                lines = std::max(lines, static_cast<int>(parts.size()));
            }
            heights << lines;
            totalLines += lines;
        }
        const double needed = (totalLines + padding * cells.size()) * boldMetrics.lineSpacing();
        if (room <= 0 || needed <= room || points <= 11 * 0.6)
            break;
        points = std::max(11 * 0.6, points * room / needed * 0.97);
    }
    const QFont body = scaledFont(points);
    const QFont bold = scaledFont(points, true);
    const double total = totalLines + padding * cells.size();
    xAxis->setRange(0, 1);
    yAxis->setRange(0, total);
    yAxis->setRangeReversed(true);

    double top = 0;
    for (int r = 0; r < cells.size(); ++r) {
        const double height = heights[r] + padding;
        if (r == 0 || r % 2 == 0) {
            auto* band = new QCPItemRect(this);
            band->topLeft->setCoords(0, top);
            band->bottomRight->setCoords(1, top + height);
            band->setPen(Qt::NoPen);
            QColor shade = r == 0 ? th.series[0] : th.grid;
            shade.setAlpha(r == 0 ? 60 : 50);
            band->setBrush(shade);
        }
        for (int c = 0; c < 3; ++c) {
            auto* text = new QCPItemText(this);
            text->position->setCoords(starts[c] + 0.008, top + height / 2.0);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            text->setTextAlignment(Qt::AlignLeft);
            text->setText(wrapped[r * 3 + c].front());
            text->setFont((r == 0 || c == 0) ? bold : body);
            text->setColor(th.text);
            text->setClipToAxisRect(false);
        }
        top += height;
    }
}

} // namespace shardscope::ui
