#include "ui/charts/reshard_chart.h"

#include <cmath>
#include <QFontMetrics>
#include <QLocale>
#include <algorithm>
#include <map>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr int kMaxBoxes = 32;
constexpr double kLeft = 0.22;   // right edge of the source boxes
constexpr double kRight = 0.78;  // left edge of the target boxes

// Ranks per box: one rank when the layout has at most 32, else whole nodes (or more).
int groupSize(std::int64_t world, int gpusPerNode)
{
    if (world <= kMaxBoxes)
        return 1;
    int size = std::max(1, gpusPerNode);
    while ((world + size - 1) / size > kMaxBoxes)
        size *= 2;
    return size;
}

} // namespace

ReshardChart::ReshardChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Checkpoint resharding chart"));
    connect(this, &QCustomPlot::afterLayout, this, &ReshardChart::fitLabels);
}

void ReshardChart::fitLabels()
{
    for (const BoxLabel& b : boxLabels_) {
        if (b.item == nullptr)
            continue;
        b.item->setText(b.full);
        const double room = std::abs(xAxis->coordToPixel(b.x1) - xAxis->coordToPixel(b.x0)) - 6;
        if (itemTextRect(b.item).width() > room)
            b.item->setText(b.brief);
    }
    if (fromHeading_ == nullptr || toHeading_ == nullptr)
        return;
    fromHeading_->setText(fromText_);
    toHeading_->setText(toText_);
    // Each heading gets half the room between the boxes' outer edges, where they are anchored; a
    // longer one is elided (its layout is in the field above the chart). The margin covers the
    // bold type's bounding box running a pixel or two past its advance.
    const double half = std::abs(xAxis->coordToPixel(1.0) - xAxis->coordToPixel(0.0)) / 2.0 - 10;
    for (QCPItemText* h : {fromHeading_.data(), toHeading_.data()}) {
        if (itemTextRect(h).width() > half)
            h->setText(QFontMetrics(h->font()).elidedText(h->text(), Qt::ElideRight, static_cast<int>(half) - 6));
    }
    // Rows start at 0; the headings sit above, in `top` rows of room: top / (rows + top + 0.1) of
    // the plot's height must hold a heading.
    const double need = itemTextRect(fromHeading_).height() + 4;
    const double height = std::max(1.0, axisRect()->height() - need);
    const double top = std::max(0.6, need * (rows_ + 0.1) / height);
    yAxis->setRange(-top, rows_ + 0.1);
    // Boxes lower than their label (many ranks, a short chart, larger text) label every k-th box
    // from the top, k the fewest rows that hold one label, and none that would run into a heading
    // or out of the plot: the ranks between are in the table.
    const double row = std::abs(yAxis->coordToPixel(1.0) - yAxis->coordToPixel(0.0));
    const QRectF from = itemTextRect(fromHeading_), to = itemTextRect(toHeading_);
    const QRectF plot = QRectF(axisRect()->rect()).adjusted(-1, -1, 1, 1);
    for (const BoxLabel& b : boxLabels_) {
        if (b.item == nullptr)
            continue;
        const QRectF r = itemTextRect(b.item);
        const int stride = row > 0 ? std::max(1, static_cast<int>(std::ceil(r.height() / row))) : 1;
        b.item->setVisible(b.index % stride == 0 && plot.contains(r) && !r.intersects(from) && !r.intersects(to));
    }
}

void ReshardChart::setPlan(ReshardPlan plan, int gpusPerNode)
{
    plan_ = std::move(plan);
    gpusPerNode_ = std::max(1, gpusPerNode);
    refresh();
}

QString ReshardChart::title() const { return tr("Checkpoint resharding: which rank reads what from whom"); }

TableData ReshardChart::table() const
{
    TableData t;
    t.headers = {tr("Target rank"), tr("Source rank"), tr("Weights (MB)"), tr("Optimizer states (MB)"), tr("Total (MB)")};
    const QLocale locale;
    for (const Transfer& x : plan_.transfers) {
        if (t.rows.size() >= 4096)
            break;
        t.rows.append({locale.toString(x.toRank), locale.toString(x.fromRank), locale.toString(x.weightBytes / 1e6, 'f', 2),
                       locale.toString(x.optimizerBytes / 1e6, 'f', 2), locale.toString(x.bytes() / 1e6, 'f', 2)});
    }
    return t;
}

void ReshardChart::rebuild()
{
    clearGraphs();
    clearItems();
    const Theme& th = chartTheme();
    xAxis->setVisible(false);
    yAxis->setVisible(false);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    legend->setVisible(false);
    if (!plan_.valid() || plan_.targets.empty()) {
        setTitleText(title(), tr("No plan: the layouts do not fit this model"));
        return;
    }
    const int sizeFrom = groupSize(plan_.from.world(), gpusPerNode_);
    const int sizeTo = groupSize(plan_.to.world(), gpusPerNode_);
    const int boxesFrom = static_cast<int>((plan_.from.world() + sizeFrom - 1) / sizeFrom);
    const int boxesTo = static_cast<int>((plan_.to.world() + sizeTo - 1) / sizeTo);
    const int rows = std::max(boxesFrom, boxesTo);
    xAxis->setRange(-0.02, 1.02);
    yAxis->setRange(-0.6, rows + 0.1);  // the top is fitted to the headings in fitLabels()
    rows_ = rows;
    boxLabels_.clear();
    yAxis->setRangeReversed(true);  // box 0 at the top

    std::map<std::pair<int, int>, double> flows;  // (target box, source box) -> bytes
    double largest = 0;
    for (const Transfer& x : plan_.transfers)
        largest = std::max(largest, flows[{x.toRank / sizeTo, x.fromRank / sizeFrom}] += x.bytes());

    // Each side's boxes are centred in the rows.
    const auto yOf = [rows](int box, int boxes) { return box + (rows - boxes) / 2.0 + 0.5; };
    for (const auto& [key, bytes] : flows) {
        auto* curve = new QCPItemCurve(this);
        const double y0 = yOf(key.second, boxesFrom), y1 = yOf(key.first, boxesTo);
        curve->start->setCoords(kLeft, y0);
        curve->startDir->setCoords(0.5, y0);
        curve->endDir->setCoords(0.5, y1);
        curve->end->setCoords(kRight, y1);
        QColor color = seriesColor(key.second % 8);
        color.setAlpha(150);
        curve->setPen(QPen(color, std::max(1.0, 16.0 * bytes / largest * textScale())));
    }
    const QLocale locale;
    const auto box = [&](double x0, double x1, int index, int boxes, int size, std::int64_t world, bool source) {
        const double y = yOf(index, boxes);
        auto* rect = new QCPItemRect(this);
        rect->topLeft->setCoords(x0, y - 0.42);
        rect->bottomRight->setCoords(x1, y + 0.42);
        rect->setPen(QPen(th.axis));
        rect->setBrush(QBrush(th.chartBackground));
        auto* text = new QCPItemText(this);
        text->position->setCoords((x0 + x1) / 2, y);
        text->setColor(th.text);
        text->setFont(scaledFont(boxes > 16 ? 7 : 9));
        const int first = index * size;
        BoxLabel label{text, QString(), QString(), x0, x1, index};
        if (size > 1) {
            const int last = static_cast<int>(std::min<std::int64_t>(world, first + size)) - 1;
            label.full = size == gpusPerNode_ ? tr("node %1: ranks %2-%3").arg(index).arg(first).arg(last)
                                              : tr("ranks %1-%2").arg(first).arg(last);
            label.brief = QStringLiteral("%1-%2").arg(first).arg(last);
        } else {
            const RankPlace& r = source ? plan_.sources[static_cast<std::size_t>(first)] : plan_.targets[static_cast<std::size_t>(first)];
            label.full = boxes > 16 ? tr("rank %1").arg(first) : tr("rank %1: tp %2 dp %3 pp %4").arg(first).arg(r.tp).arg(r.dp).arg(r.pp);
            label.brief = QString::number(first);
        }
        text->setText(label.full);
        boxLabels_.append(label);
    };
    for (int i = 0; i < boxesFrom; ++i)
        box(0.0, kLeft, i, boxesFrom, sizeFrom, plan_.from.world(), true);
    for (int i = 0; i < boxesTo; ++i)
        box(kRight, 1.0, i, boxesTo, sizeTo, plan_.to.world(), false);
    const auto heading = [&](double x, Qt::Alignment side, const QString& text) {
        auto* label = new QCPItemText(this);
        label->setPadding(QMargins(0, 0, 0, 2));
        label->position->setCoords(x, 0.0);
        label->setPositionAlignment(side | Qt::AlignBottom);
        label->setText(text);
        label->setColor(th.text);
        label->setFont(scaledFont(10, true));
        return label;
    };
    fromText_ = tr("from %1").arg(QString::fromStdString(reshardLayoutText(plan_.from)));
    toText_ = tr("to %1").arg(QString::fromStdString(reshardLayoutText(plan_.to)));
    fromHeading_ = heading(0.0, Qt::AlignLeft, fromText_);
    toHeading_ = heading(1.0, Qt::AlignRight, toText_);
    int pitfalls = 0;
    for (const Diagnostic& d : plan_.pitfalls)
        pitfalls += d.severity != Severity::Info ? 1 : 0;
    setTitleText(title(), tr("%1 read in all; padded vocabulary %2 -> %3 rows; %4 pitfalls (listed beside the chart)")
                              .arg(bytesLabel(plan_.bytesMoved))
                              .arg(locale.toString(static_cast<qlonglong>(plan_.paddedVocabFrom)))
                              .arg(locale.toString(static_cast<qlonglong>(plan_.paddedVocabTo)))
                              .arg(pitfalls));
}

} // namespace shardscope::ui
