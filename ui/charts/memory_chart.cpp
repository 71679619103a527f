#include "ui/charts/memory_chart.h"

#include <QFontMetricsF>
#include <QLocale>
#include <algorithm>
#include <array>

#include "core/common/units.h"
#include "ui/i18n/capacity_label.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr int kParts = 6;
constexpr double kBarWidth = 0.55;      // in bar positions (the bars stand at 1 and 2)
constexpr double kRangeLower = 0.4;
constexpr double kRangeUpper = 3.0;     // room right of each bar for the label of its model-state part
constexpr double kRangeWidest = 4.2;    // the most the range grows for the capacity label
constexpr double kLabelInset = 0.02;    // the capacity label's distance from the plot's edge

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

bool MemoryChart::raiseForTotals()
{
    // The totals stand on their bars. The range leaves 18 % above the tallest, which in a short
    // plot (twice the text beside the controls, where the plot is under 100 px tall) is less than
    // a label's height: the label was cut at the plot's top. The bar's top must then be at least
    // a label below it: plotHeight (1 - total / upper) >= labelHeight. The answer depends on the
    // plot's height and the labels' alone, so a second layout finds the range already right.
    const double plotHeight = axisRect()->height();
    double upper = yUpper_;
    for (int bar = 0; bar < 2 && plotHeight > 0; ++bar) {
        QCPItemText* total = totalLabels_[static_cast<std::size_t>(bar)];
        if (total == nullptr)
            continue;
        const double share = std::min(0.6, (itemTextRect(total).height() + 2.0) / plotHeight);
        upper = std::max(upper, total->position->coords().y() / (1.0 - share));
    }
    if (yAxis->range().upper == upper)
        return false;
    yAxis->setRange(0, upper);
    return true;
}

void MemoryChart::placeLabels()
{
    // A new y range after the layout: the axis made its ticks for the old one while preparing this
    // layout, so lay out again (this runs again inside, where the range is then already right).
    if (raiseForTotals() && !relayingOut_) {
        relayingOut_ = true;
        updateLayout();
        relayingOut_ = false;
        return;
    }
    widenForCapacityLabel();
    if (secondStatesLabel_ != nullptr)
        secondStatesLabel_->setVisible(true);  // the capacity label's place decides again
    // The model-state label sits in the gap right of its bar; at a large type scale in a narrow
    // chart it reaches over the second bar. Its figure is in the subtitle too ("... on one GPU"),
    // so it gives way rather than cover the bar.
    if (firstStatesLabel_ != nullptr) {
        firstStatesLabel_->setVisible(true);
        if (textRect(firstStatesLabel_).intersects(barRects()[1]))
            firstStatesLabel_->setVisible(false);
    }
    // A plot under four labels tall (twice the text beside the controls) has no room for them
    // beside the totals and the capacity label: both give way at once.
    if (firstStatesLabel_ != nullptr && axisRect()->height() < 4.0 * itemTextRect(firstStatesLabel_).height()) {
        firstStatesLabel_->setVisible(false);
        if (secondStatesLabel_ != nullptr)
            secondStatesLabel_->setVisible(false);
    }
    placeCapacityLabel();
    // In a small chart a model-state label can still lie over a total or the capacity label: it
    // gives way, as its figure is in the subtitle.
    for (QCPItemText* states : {firstStatesLabel_.data(), secondStatesLabel_.data()}) {
        if (states == nullptr || !states->visible())
            continue;
        const QRectF r = textRect(states);
        bool crowded = capacityText_ != nullptr && r.intersects(textRect(capacityText_));
        for (QCPItemText* other : dataLabels_)
            crowded = crowded || (other != nullptr && other != states && other->visible() && r.intersects(textRect(other)));
        if (crowded)
            states->setVisible(false);
    }
}

std::array<QRectF, 2> MemoryChart::barRects() const
{
    std::array<QRectF, 2> rects;
    const double totals[2] = {estimate_.memory.singleGpu.device.total(), estimate_.memory.perGpu.device.total()};
    for (int bar = 0; bar < 2; ++bar) {
        const double x = 1.0 + bar;
        rects[static_cast<std::size_t>(bar)] =
            QRectF(QPointF(xAxis->coordToPixel(x - kBarWidth / 2), yAxis->coordToPixel(totals[bar] / units::kGB)),
                   QPointF(xAxis->coordToPixel(x + kBarWidth / 2), yAxis->coordToPixel(0.0)))
                .normalized();
    }
    return rects;
}

void MemoryChart::widenForCapacityLabel()
{
    // The capacity label's place is right of the second bar. With large type or a long GPU name
    // it is wider than the room there and hid part of the bar (one GPU, presenting at 1920x1080):
    // the range then grows to the right until the label fits beside the bar. Its right edge is at
    // upper - inset and its left edge must clear the bar's: (upper - inset - barRight) / (upper -
    // lower) of the plot's width is the label's share f, so upper = (barRight + inset - f lower)
    // / (1 - f). Thinner bars still read; a label over one hides part of it.
    // Only where the bar reaches above the line: otherwise the label's place above it is clear.
    // The bars' own labels under the axis bound the growth: their centres must stay a label
    // apart.
    xAxis->setRange(kRangeLower, kRangeUpper);
    const double plotWidth = axisRect()->width();
    const double linePixel = yAxis->coordToPixel(capacityGb_);
    if (capacityText_ == nullptr || plotWidth <= 0 || barRects()[1].top() >= linePixel - 2.0)
        return;
    const double share = (itemTextRect(capacityText_).width() + 6.0) / plotWidth;  // 6 px clear of the bar
    const double barRight = 2.0 + kBarWidth / 2;
    double upper = share < 1.0 ? (barRight + kLabelInset - share * kRangeLower) / (1.0 - share) : kRangeWidest;
    const QFontMetricsF metrics(xAxis->tickLabelFont());
    double tickWidths[2] = {0, 0};
    for (int i = 0; i < 2 && i < xTicks_.size(); ++i)
        tickWidths[i] = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, xTicks_[i]).width();
    const double tickSpacing = (tickWidths[0] + tickWidths[1]) / 2 + 8.0;  // pixels between the two bars' centres
    upper = std::min(upper, kRangeLower + plotWidth / tickSpacing);
    // And the first bar's label stays inside the plot: its centre, at (1 - lower) / (upper -
    // lower) of the width, at least half the label from the left edge.
    if (tickWidths[0] > 0)
        upper = std::min(upper, kRangeLower + (1.0 - kRangeLower) * plotWidth / (tickWidths[0] / 2 + 2.0));
    xAxis->setRange(kRangeLower, std::clamp(upper, kRangeUpper, kRangeWidest));
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
        double lift = 0;  // pixels further up (above the line only)
    };
    const double left = xAxis->range().lower + kLabelInset, right = xAxis->range().upper - kLabelInset;
    const Place places[] = {{right, Qt::AlignRight | Qt::AlignBottom}, {right, Qt::AlignRight | Qt::AlignTop},
                            {left, Qt::AlignLeft | Qt::AlignBottom}, {left, Qt::AlignLeft | Qt::AlignTop}};
    const QRectF plotArea = QRectF(axisRect()->rect()).adjusted(-1, -1, 1, 1);
    // The label's background starts 2 px off the dashed line, above or below it, so that the
    // line stays whole.
    const double linePixel = yAxis->coordToPixel(capacityGb_);
    const auto anchorY = [&](const Place& place) {
        return yAxis->pixelToCoord(linePixel + ((place.align & Qt::AlignBottom) ? -2.0 - place.lift : 2.0));
    };
    const auto put = [&](const Place& place) {
        capacityText_->position->setCoords(place.x, anchorY(place));
        capacityText_->setPositionAlignment(place.align);
        capacityText_->setTextAlignment(place.align & Qt::AlignHorizontal_Mask);
    };
    // The best place and what it covers. Cut by the plot's edge counts as covered: the label is
    // clipped to the axis rect. Text over text or cut does not read; text over a bar hides part
    // of it but reads: a place that covers only bars is better than any that covers text.
    const std::array<QRectF, 2> bars = barRects();  // the range is set: they stay where they are
    const auto cost = [&](const Place& place) {
        put(place);
        const QRectF r = textRect(capacityText_);
        double covered = 1000.0 * (coveredArea(r, dataLabels_) + area(r) - area(r.intersected(plotArea)));
        for (const QRectF& bar : bars)
            covered += area(r.intersected(bar));
        return covered;
    };
    const auto choose = [&](double& best) {
        best = -1;
        Place chosen = places[0];
        for (const Place& place : places) {
            const double covered = cost(place);
            if (best < 0 || covered < best) {
                best = covered;
                chosen = place;
            }
            if (covered <= 0)
                return chosen;
        }
        // Right of the bars, lifted above the labels it meets there (a tall one-GPU bar puts the
        // line and the second bar's labels at the bottom of the axis; on the left it covered the
        // first bar): still above its line, at the plot's right end.
        Place lifted = places[0];
        for (int tries = 0; tries < 3; ++tries) {
            put(lifted);
            const QRectF r = textRect(capacityText_);
            double top = r.bottom();
            for (QCPItemText* other : dataLabels_) {
                if (other != nullptr && other->visible() && textRect(other).intersects(r))
                    top = std::min(top, textRect(other).top());
            }
            if (top >= r.bottom())
                break;
            lifted.lift += r.bottom() - top + 2.0;
            const double covered = cost(lifted);
            if (covered < best) {
                best = covered;
                chosen = lifted;
            }
            if (covered <= 0)
                break;
        }
        return chosen;
    };
    double best = 0;
    Place chosen = choose(best);
    // In a small chart every place covers something: the second bar's model-state label then
    // gives way where that frees a place (its figure is in the subtitle, "... on each of N
    // GPUs"), rather than the capacity label lying over both bars.
    if (best > 0 && secondStatesLabel_ != nullptr && secondStatesLabel_->visible()) {
        secondStatesLabel_->setVisible(false);
        double without = 0;
        const Place other = choose(without);
        if (without < best) {
            chosen = other;
            put(chosen);
            secondStatesLabel_->setVisible(textRect(capacityText_).intersects(textRect(secondStatesLabel_)) == false);
        } else {
            secondStatesLabel_->setVisible(true);
        }
    }
    put(chosen);
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
    secondStatesLabel_ = nullptr;
    const Theme& th = chartTheme();
    const MemoryBreakdown& one = estimate_.memory.singleGpu.device;
    const MemoryBreakdown& many = estimate_.memory.perGpu.device;
    const QLocale locale;

    QCPBars* below = nullptr;
    for (int i = 0; i < kParts; ++i) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(partName(i));
        bars->setWidth(kBarWidth);
        bars->setPen(QPen(th.chartBackground, 1));
        bars->setBrush(seriesColor(i));
        bars->setData({1.0, 2.0}, {part(one, i) / units::kGB, part(many, i) / units::kGB}, true);
        if (below != nullptr)
            bars->moveAbove(below);
        below = bars;
        bars_.append(bars);
    }

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    xTicks_ = {tr("One GPU\n(no parallelism)"),
               tr("Most loaded of %n GPUs\n(pipeline stage %1)", nullptr, scenario_.parallel.gpus).arg(estimate_.memory.perGpu.stage)};
    ticker->addTick(1.0, xTicks_[0]);
    ticker->addTick(2.0, xTicks_[1]);
    xAxis->setTicker(ticker);
    xAxis->setRange(kRangeLower, kRangeUpper);  // widened for the capacity label once laid out
    styleAxis(xAxis, QString());
    xAxis->grid()->setVisible(false);
    styleAxis(yAxis, tr("Memory (GB, 10^9 bytes)"));

    const double capacity = estimate_.memory.gpuCapacity / units::kGB;
    const double highest = std::max({one.total(), many.total(), estimate_.memory.gpuCapacity}) / units::kGB;
    yUpper_ = highest * 1.18 + 1e-9;
    yAxis->setRange(0, yUpper_);  // raised for the totals once laid out

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
        totalLabels_[static_cast<std::size_t>(bar)] = total;
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
        (bar == 0 ? firstStatesLabel_ : secondStatesLabel_) = states;
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
