#include "ui/charts/chart_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QKeySequence>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/charts/chart_base.h"
#include "ui/export/chart_export.h"

namespace shardscope::ui {

ChartPanel::ChartPanel(ChartBase* chart, QWidget* parent)
    : QWidget(parent), chart_(chart), table_(new QTableWidget(this)), exportButton_(new QToolButton(this)),
      copyImageButton_(new QToolButton(this)), copyTableButton_(new QToolButton(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(exportButton_);
    buttons->addWidget(copyImageButton_);
    buttons->addWidget(copyTableButton_);
    layout->addLayout(buttons);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    chart_->setParent(splitter);
    splitter->addWidget(chart_);
    splitter->addWidget(table_);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({400, 110});
    layout->addWidget(splitter);

    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->installEventFilter(this);

    connect(chart_, &ChartBase::refreshed, this, &ChartPanel::refreshTable);
    connect(exportButton_, &QToolButton::clicked, this, [this] { emit exportRequested(chart_); });
    connect(copyImageButton_, &QToolButton::clicked, this, [this] { copyChartImage(chart_, ExportOptions{}); });
    connect(copyTableButton_, &QToolButton::clicked, this, &ChartPanel::copyTable);
    retranslate();
}

void ChartPanel::refreshTable()
{
    const TableData data = chart_->table();
    table_->setColumnCount(static_cast<int>(data.headers.size()));
    table_->setHorizontalHeaderLabels(data.headers);
    table_->setRowCount(static_cast<int>(data.rows.size()));
    for (int r = 0; r < data.rows.size(); ++r) {
        for (int c = 0; c < data.rows[r].size(); ++c) {
            auto* item = new QTableWidgetItem(data.rows[r][c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(r, c, item);
        }
    }
    table_->resizeColumnsToContents();
    table_->setAccessibleName(chart_->title());
}

void ChartPanel::copyTable() const
{
    // The selection, or the whole table, as tab-separated text with a header row.
    const TableData data = chart_->table();
    QStringList lines{data.headers.join(QLatin1Char('\t'))};
    const auto ranges = table_->selectedRanges();
    for (int r = 0; r < data.rows.size(); ++r) {
        bool selected = ranges.isEmpty();
        for (const auto& range : ranges)
            selected = selected || (r >= range.topRow() && r <= range.bottomRow());
        if (selected)
            lines << data.rows[r].join(QLatin1Char('\t'));
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

bool ChartPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == table_ && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
        copyTable();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ChartPanel::retranslate()
{
    exportButton_->setText(tr("Export..."));
    exportButton_->setToolTip(tr("Save this chart as PNG, SVG or PDF"));
    copyImageButton_->setText(tr("Copy image"));
    copyImageButton_->setToolTip(tr("Copy this chart to the clipboard as an image"));
    copyTableButton_->setText(tr("Copy table"));
    copyTableButton_->setToolTip(tr("Copy the numbers as tab-separated text (Ctrl+C in the table)"));
}

void ChartPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace shardscope::ui
