#include "ui/charts/data_sharding_chart.h"

#include <cmath>
#include <QFontMetrics>
#include <QLocale>
#include <algorithm>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

constexpr int kMaxRows = 32;
constexpr int kMaxColumns = 32;

} // namespace

DataShardingChart::DataShardingChart(QWidget* parent) : ChartBase(parent)
{
    setAccessibleName(tr("Data sharding chart"));
    connect(this, &QCustomPlot::afterLayout, this, &DataShardingChart::fitCellLabels);
}

// A cell's sample number shows where the cell, in pixels, holds it (many ranks or positions in
// a small chart, larger text): the colours still say which are duplicates, and the table lists
// every sample.
void DataShardingChart::fitCellLabels()
{
    const double width = std::abs(xAxis->coordToPixel(0.92) - xAxis->coordToPixel(0.0));
    const double height = std::abs(yAxis->coordToPixel(0.84) - yAxis->coordToPixel(0.0));
    for (const QPointer<QCPItemText>& label : cellLabels_) {
        if (label == nullptr)
            continue;
        const QRectF r = itemTextRect(label);
        label->setVisible(r.width() <= width + 1 && r.height() <= height + 1);
    }
    // Rows lower than a tick label get one every k ranks.
    const double row = std::abs(yAxis->coordToPixel(1.0) - yAxis->coordToPixel(0.0));
    const double tall = QFontMetrics(yAxis->tickLabelFont()).height();
    const int stride = row > 0 ? std::max(1, static_cast<int>(std::ceil(tall / row))) : 1;
    if (stride != tickStride_ && rankTicks_ != nullptr) {
        // The axis made its ticks in this layout's first step: it makes them again now, so that
        // this drawing (and fitText's check, and an export's single layout) has the new ones.
        setRankTicks(stride);
        axisRect()->update(QCPLayoutElement::upPreparation);
    }
}

void DataShardingChart::setRankTicks(int stride)
{
    tickStride_ = stride;
    rankTicks_->clear();
    for (int r = 0; r < rows_; r += stride) {
        if (droppedRow_ && rows_ - r < stride)
            break;  // would meet the dropped row's label
        rankTicks_->addTick(r, tr("rank %1").arg(r));
    }
    if (droppedRow_)
        rankTicks_->addTick(rows_, tr("dropped"));
}

void DataShardingChart::setSharding(DataSpec spec, DataSharding sharding)
{
    spec_ = spec;
    sharding_ = std::move(sharding);
    refresh();
}

QString DataShardingChart::title() const { return tr("Every rank reads different samples"); }

TableData DataShardingChart::table() const
{
    TableData t;
    t.headers = {tr("Rank"), tr("Samples read"), tr("Of which duplicates"), tr("First samples")};
    const QLocale locale;
    for (std::size_t r = 0; r < sharding_.ranks.size(); ++r) {
        const auto& row = sharding_.ranks[r];
        const auto duplicates = std::count_if(row.begin(), row.end(), [](const RankRead& x) { return x.duplicate; });
        QStringList first;
        for (std::size_t k = 0; k < std::min<std::size_t>(row.size(), 12); ++k)
            first << QString::number(row[k].sample) + (row[k].duplicate ? QStringLiteral("*") : QString());
        t.rows.append({locale.toString(static_cast<qulonglong>(r)), locale.toString(static_cast<qulonglong>(row.size())),
                       locale.toString(static_cast<qlonglong>(duplicates)), first.join(QStringLiteral(", "))});
    }
    if (!sharding_.droppedSamples.empty()) {
        QStringList dropped;
        for (std::size_t k = 0; k < std::min<std::size_t>(sharding_.droppedSamples.size(), 12); ++k)
            dropped << QString::number(sharding_.droppedSamples[k]);
        t.rows.append({tr("dropped"), locale.toString(static_cast<qlonglong>(sharding_.dropped)), QString(), dropped.join(QStringLiteral(", "))});
    }
    return t;
}

void DataShardingChart::rebuild()
{
    clearGraphs();
    clearItems();
    cellLabels_.clear();
    const Theme& th = chartTheme();
    legend->setVisible(false);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    const QLocale locale;
    const int rows = static_cast<int>(std::min<std::size_t>(sharding_.ranks.size(), kMaxRows));
    std::size_t longest = 0;
    for (const auto& row : sharding_.ranks)
        longest = std::max(longest, row.size());
    const int columns = static_cast<int>(std::min<std::size_t>(longest, kMaxColumns));
    const bool droppedRow = !sharding_.droppedSamples.empty();
    const int totalRows = rows + (droppedRow ? 1 : 0);
    styleAxis(xAxis, tr("Reading position on the rank"));
    styleAxis(yAxis, tr("Data-parallel rank"));
    xAxis->setRange(-0.5, std::max(columns, 1) - 0.5);
    yAxis->setRange(-0.5, std::max(totalRows, 1) - 0.5);
    yAxis->setRangeReversed(true);
    rankTicks_.reset(new QCPAxisTickerText);
    rows_ = rows;
    droppedRow_ = droppedRow;
    setRankTicks(tickStride_);  // the last layout's, refitted by fitCellLabels
    yAxis->setTicker(rankTicks_);
    QSharedPointer<QCPAxisTickerFixed> xTicks(new QCPAxisTickerFixed);
    xTicks->setTickStep(columns > 16 ? 4 : 1);
    xAxis->setTicker(xTicks);

    const QFont cellFont = scaledFont(columns > 20 || rows > 16 ? 6.5 : 9);
    const auto cell = [&](double x, double y, std::int64_t sample, const QColor& fill, const QColor& ink) {
        auto* rect = new QCPItemRect(this);
        rect->topLeft->setCoords(x - 0.46, y - 0.42);
        rect->bottomRight->setCoords(x + 0.46, y + 0.42);
        rect->setPen(Qt::NoPen);
        rect->setBrush(fill);
        auto* text = new QCPItemText(this);
        text->position->setCoords(x, y);
        text->setText(QString::number(sample));
        text->setFont(cellFont);
        text->setColor(ink);
        cellLabels_.append(text);
    };
    const QColor normal = seriesColor(0).lighter(th.chartBackground.lightness() > 128 ? 160 : 70);
    const QColor duplicate = seriesColor(1);
    const QColor dropped = th.grid;
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns && k < static_cast<int>(sharding_.ranks[static_cast<std::size_t>(r)].size()); ++k) {
            const RankRead& read = sharding_.ranks[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)];
            cell(k, r, read.sample, read.duplicate ? duplicate : normal, read.duplicate ? QColor(Qt::white) : th.text);
        }
    if (droppedRow)
        for (int k = 0; k < columns && k < static_cast<int>(sharding_.droppedSamples.size()); ++k)
            cell(k, rows, sharding_.droppedSamples[static_cast<std::size_t>(k)], dropped, th.text);

    QString subtitle = spec_.sampler == SamplerKind::PyTorch
                           ? tr("DistributedSampler: %1 samples on %n ranks, %2 each; %3 duplicates (orange), %4 dropped (grey)",
                                nullptr, spec_.ranks)
                           : tr("Megatron-LM sampler: %1 samples on %n ranks, %2 each this epoch; %3 duplicates, %4 dropped (grey)",
                                nullptr, spec_.ranks);
    subtitle = subtitle.arg(locale.toString(static_cast<qlonglong>(spec_.samples)))
                   .arg(locale.toString(static_cast<qlonglong>(sharding_.perRank)))
                   .arg(locale.toString(static_cast<qlonglong>(sharding_.duplicates)))
                   .arg(locale.toString(static_cast<qlonglong>(sharding_.dropped)));
    if (spec_.shuffle)
        subtitle += QLatin1Char('\n') + tr("shuffled by torch.randperm, generator seed %1").arg(sharding_.shuffleSeed);
    if (!sharding_.listed)
        subtitle += QLatin1Char('\n') + tr("more than 10,000 samples: counts only");
    else if (static_cast<int>(sharding_.ranks.size()) > rows || static_cast<int>(longest) > columns)
        subtitle += QLatin1Char('\n') + tr("showing the first %1 ranks and %2 positions").arg(rows).arg(columns);
    subtitle += QLatin1Char('\n') + tr("manifest %1").arg(QString::fromStdString(sharding_.manifest.substr(0, 16)));
    setTitleText(title(), subtitle);
}

} // namespace shardscope::ui
