#include "ui/charts/memory_chart.h"

#include <QLocale>

#include "core/common/units.h"
#include "ui/i18n/capacity_label.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr int kParts = 6;

double part(const MemoryBreakdown& m, int index)
{
    switch (index) {
    case 0: return m.weights;
    case 1: return m.gradients;
    case 2: return m.masterWeights;
    case 3: return m.optimizerStates;
    case 4: return m.activations;
    default: return m.overhead;
    }
}

QString partName(int index)
{
    switch (index) {
    case 0: return MemoryChart::tr("Weights");
    case 1: return MemoryChart::tr("Gradients");
    case 2: return MemoryChart::tr("fp32 master weights");
    case 3: return MemoryChart::tr("Optimizer states");
    case 4: return MemoryChart::tr("Activations");
    default: return MemoryChart::tr("Overhead");
    }
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Memory per GPU chart"));
    connect(this, &QCustomPlot::afterLayout, this, &MemoryChart::placeLabels);
}

namespace {

// A label's box less 1 px each side: labels that overlap by 2 px or less (antialiased edge
// pixels) still read, as the layout checks in the tests count it.
QRectF textRect(QCPItemText* item) { return itemTextRect(item).adjusted(1, 1, -1, -1); }

double area(const QRectF& r) { return r.width() * r.height(); }

// The area of `r` covered by the labels in `others` (a sum: overlapping labels count twice).
double coveredArea(const QRectF& r, const QList<QPointer<QCPItemText>>& others)
{
    double covered = 0;
    for (QCPItemText* other : others) {
        if (other == nullptr || !other->visible())
            continue;
        covered += area(r.intersected(textRect(other)));
    }
    return covered;
}

} // namespace

void MemoryChart::placeLabels()
{
    // The model-state label sits in the gap right of its bar; at a large type scale in a narrow
    // chart it reaches over the second bar. Its figure is in the subtitle too ("... on one GPU"),
    // so it gives way rather than cover the bar.
    if (firstStatesLabel_ != nullptr) {
        firstStatesLabel_->setVisible(true);
        const double halfWidth = bars_.isEmpty() ? 0.0 : bars_.front()->width() / 2;
        const QRectF secondBar(QPointF(xAxis->coordToPixel(2.0 - halfWidth), yAxis->coordToPixel(estimate_.memory.perGpu.device.total() / units::kGB)),
                               QPointF(xAxis->coordToPixel(2.0 + halfWidth), yAxis->coordToPixel(0.0)));
        if (textRect(firstStatesLabel_).intersects(secondBar.normalized()))
            firstStatesLabel_->setVisible(false);
    }
    placeCapacityLabel();
}

void MemoryChart::placeCapacityLabel()
{
    if (capacityText_ == nullptr)
        return;
    // Right of the bars above the line (the usual place), then below it, then left of the bars:
    // the model states or a total can sit at the capacity's height, and at a large type scale
    // the label reaches back over the bars' own labels.
    struct Place {
        double x;
        Qt::Alignment align;
    };
    const double left = xAxis->range().lower + 0.02, right = xAxis->range().upper - 0.02;
    const Place places[] = {{right, Qt::AlignRight | Qt::AlignBottom}, {right, Qt::AlignRight | Qt::AlignTop},
                            {left, Qt::AlignLeft | Qt::AlignBottom}, {left, Qt::AlignLeft | Qt::AlignTop}};
    const QRectF plotArea = QRectF(axisRect()->rect()).adjusted(-1, -1, 1, 1);
    // The label's background starts 2 px off the dashed line, above or below it, so that the
    // line stays whole.
    const double linePixel = yAxis->coordToPixel(capacityGb_);
    const auto anchorY = [&](Qt::Alignment align) {
        return yAxis->pixelToCoord(linePixel + ((align & Qt::AlignBottom) ? -2.0 : 2.0));
    };
    double best = -1;
    Place chosen = places[0];
    for (const Place& place : places) {
        capacityText_->position->setCoords(place.x, anchorY(place.align));
        capacityText_->setPositionAlignment(place.align);
        capacityText_->setTextAlignment(place.align & Qt::AlignHorizontal_Mask);
        const QRectF r = textRect(capacityText_);
        // Cut by the plot's edge counts as covered: the label is clipped to the axis rect.
        const double covered = coveredArea(r, dataLabels_) + area(r) - area(r.intersected(plotArea));
        if (best < 0 || covered < best) {
            best = covered;
            chosen = place;
        }
        if (covered <= 0)
            break;
    }
    capacityText_->position->setCoords(chosen.x, anchorY(chosen.align));
    capacityText_->setPositionAlignment(chosen.align);
    capacityText_->setTextAlignment(chosen.align & Qt::AlignHorizontal_Mask);
}

void MemoryChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    scenario_ = scenario;
    estimate_ = estimate;
    refresh();
}

QString MemoryChart::title() const { return tr("Memory per GPU: one GPU versus %n GPUs", nullptr, scenario_.parallel.gpus); }

double MemoryChart::plotted(int partIndex, int bar) const
{
    if (partIndex < 0 || partIndex >= bars_.size())
        return 0.0;
    const auto data = bars_[partIndex]->data();
    return bar < data->size() ? (data->constBegin() + bar)->value : 0.0;
}

TableData MemoryChart::table() const
{
    TableData t;
    t.headers = {tr("Memory"), tr("One GPU (GB)"), tr("Most loaded GPU (GB)")};
    const QLocale locale;
    const MemoryBreakdown& one = estimate_.memory.singleGpu.device;
    const MemoryBreakdown& many = estimate_.memory.perGpu.device;
    for (int i = 0; i < kParts; ++i)
        t.rows.append({partName(i), locale.toString(part(one, i) / units::kGB, 'f', 2),
                       locale.toString(part(many, i) / units::kGB, 'f', 2)});
    t.rows.append({tr("Model states"), locale.toString(one.modelStates() / units::kGB, 'f', 2),
                   locale.toString(many.modelStates() / units::kGB, 'f', 2)});
    t.rows.append({tr("Total"), locale.toString(one.total() / units::kGB, 'f', 2),
                   locale.toString(many.total() / units::kGB, 'f', 2)});
    t.rows.append({tr("GPU capacity"), locale.toString(estimate_.memory.gpuCapacity / units::kGB, 'f', 2),
                   locale.toString(estimate_.memory.gpuCapacity / units::kGB, 'f', 2)});
    return t;
}

void MemoryChart::rebuild()
{
    clearPlottables();
    clearItems();
    bars_.clear();
    dataLabels_.clear();
    firstStatesLabel_ = nullptr;
    const Theme& th = chartTheme();
    const MemoryBreakdown& one = estimate_.memory.singleGpu.device;
    const MemoryBreakdown& many = estimate_.memory.perGpu.device;
    const QLocale locale;

    QCPBars* below = nullptr;
    for (int i = 0; i < kParts; ++i) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(partName(i));
        bars->setWidth(0.55);
        bars->setPen(QPen(th.chartBackground, 1));
        bars->setBrush(seriesColor(i));
        bars->setData({1.0, 2.0}, {part(one, i) / units::kGB, part(many, i) / units::kGB}, true);
        if (below != nullptr)
            bars->moveAbove(below);
        below = bars;
        bars_.append(bars);
    }

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(1.0, tr("One GPU\n(no parallelism)"));
    ticker->addTick(2.0, tr("Most loaded of %n GPUs\n(pipeline stage %1)", nullptr, scenario_.parallel.gpus).arg(estimate_.memory.perGpu.stage));
    xAxis->setTicker(ticker);
    // Room right of each bar for the label of its model-state part.
    xAxis->setRange(0.4, 3.0);
    styleAxis(xAxis, QString());
    xAxis->grid()->setVisible(false);
    styleAxis(yAxis, tr("Memory (GB, 10^9 bytes)"));

    const double capacity = estimate_.memory.gpuCapacity / units::kGB;
    const double highest = std::max({one.total(), many.total(), estimate_.memory.gpuCapacity}) / units::kGB;
    yAxis->setRange(0, highest * 1.18 + 1e-9);

    // The GPU's capacity, and the total above each bar.
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(0, capacity);
    line->point2->setCoords(1, capacity);
    line->setPen(QPen(th.capacity, 2, Qt::DashLine));
    // Named as the card is sold ("80GB" is GiB) and counted as the chart counts (GB).
    auto* capacityText = new QCPItemText(this);
    capacityText->position->setCoords(2.98, capacity);
    capacityText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    // Two lines (name, then sizes) so the label stays narrow beside the bars.
    QString capacityWords = capacityLabel(scenario_.cluster.gpu, estimate_.memory.gpuCapacity);
    capacityWords.replace(QStringLiteral(": "), QStringLiteral("\n")).replace(QStringLiteral("\uff1a"), QStringLiteral("\n"));
    capacityText->setText(capacityWords);
    capacityText->setTextAlignment(Qt::AlignRight);
    capacityText->setColor(th.capacity);
    // Where the bars leave it no room, it sits over one: on the chart's background, it reads.
    capacityText->setBrush(QBrush(th.chartBackground));
    capacityText->setPadding(QMargins(3, 1, 3, 1));
    capacityText->setFont(scaledFont(9, true));
    capacityText_ = capacityText;
    capacityGb_ = capacity;
    for (int bar = 0; bar < 2; ++bar) {
        const MemoryBreakdown& m = bar == 0 ? one : many;
        auto* total = new QCPItemText(this);
        total->position->setCoords(1.0 + bar, m.total() / units::kGB);
        total->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        total->setPadding(QMargins(0, 0, 0, 3));
        total->setText(bytesLabel(m.total()));
        total->setColor(th.text);
        total->setFont(scaledFont(11, true));
        dataLabels_.append(total);
        // The model states (the article's 112 GB and 1.75 GB) are a thin slice when activations
        // dominate: name them beside the bar, at their height, so they read at any scale.
        auto* states = new QCPItemText(this);
        states->position->setCoords(1.0 + bar + 0.3, m.modelStates() / units::kGB);
        // A hairline slice at the bottom: the label sits above it rather than under the axis.
        const bool thin = m.modelStates() / units::kGB < 0.08 * highest;
        states->setPositionAlignment(Qt::AlignLeft | (thin ? Qt::AlignBottom : Qt::AlignVCenter));
        states->setTextAlignment(Qt::AlignLeft);
        states->setText(QStringLiteral("\u2190 ") + tr("model states\n%1").arg(bytesLabel(m.modelStates())));
        states->setColor(th.text);
        states->setFont(scaledFont(9));
        states->setClipToAxisRect(false);
        dataLabels_.append(states);
        if (bar == 0)
            firstStatesLabel_ = states;
    }

    legend->setVisible(true);
    styleLegend();

    // The article's arithmetic for the current numbers.
    const double params = static_cast<double>(estimate_.model.params);
    const QString derivation =
        tr("Model states: %1 bytes × %2 parameters = %3 on one GPU\n%4 on each of %n GPUs (ZeRO-%5, TP %6, PP %7)", nullptr,
           scenario_.parallel.gpus)
            .arg(locale.toString(estimate_.model.stateBytesPerParam, 'g', 4), countLabel(params), bytesLabel(one.modelStates()),
                 bytesLabel(many.modelStates()))
            .arg(scenario_.parallel.zero)
            .arg(scenario_.parallel.tp)
            .arg(scenario_.parallel.pp);
    setTitleText(title(), derivation);
}

} // namespace shardscope::ui
