#include "ui/charts/chart_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QKeySequence>
#include <QMenu>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/charts/chart_base.h"
#include "ui/controls/flow_layout.h"
#include "ui/export/chart_export.h"

namespace shardscope::ui {

ChartPanel::ChartPanel(ChartBase* chart, QWidget* parent)
    : QWidget(parent), chart_(chart), table_(new QTableWidget(this)), exportButton_(new QToolButton(this)),
      copyImageButton_(new QToolButton(this)), copyTableButton_(new QToolButton(this)), copyMenu_(new QMenu(this)),
      copyImageAction_(copyMenu_->addAction(QString())), copyTableAction_(copyMenu_->addAction(QString()))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    // Its minimum is the widest button, not the row: with twice the text size beside the controls
    // the row is wider than the panel, and the copy buttons then move into Export's menu (fitButtons).
    auto* buttons = new FlowLayout;
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
    // Where the window is short (larger text on a laptop screen) the table gives way down to its
    // header and scroll bar, not its scroll area's default minimum, and the splitter above it
    // brings the rows back (setTableRows keeps more where every row matters). With a row kept as
    // well, the migration view's two panels made the window 738 px high in Chinese at text x1.52.
    updateTableMinimum();

    // The table follows the chart once changes pause (a slider drag repaints the chart every
    // frame; refilling and repainting a table that often would cost more than the chart).
    tableTimer_ = new QTimer(this);
    tableTimer_->setSingleShot(true);
    tableTimer_->setInterval(120);
    connect(tableTimer_, &QTimer::timeout, this, &ChartPanel::refreshTable);
    connect(chart_, &ChartBase::refreshed, tableTimer_, qOverload<>(&QTimer::start));
    connect(exportButton_, &QToolButton::clicked, this, [this] { emit exportRequested(chart_); });
    connect(copyImageButton_, &QToolButton::clicked, this, [this] { copyChartImage(chart_, ExportOptions{}); });
    connect(copyTableButton_, &QToolButton::clicked, this, &ChartPanel::copyTable);
    connect(copyImageAction_, &QAction::triggered, copyImageButton_, &QToolButton::click);
    connect(copyTableAction_, &QAction::triggered, copyTableButton_, &QToolButton::click);
    retranslate();
}

void ChartPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitButtons();
}

void ChartPanel::fitButtons()
{
    // The whole row's width from the size hints, which hidden buttons keep, measured with Export
    // as it is without its menu (the menu's arrow widens it), so the choice depends on the panel's
    // width alone, whichever way it was resized.
    exportButton_->setMenu(nullptr);
    int row = 0;
    for (const QToolButton* button : {exportButton_, copyImageButton_, copyTableButton_})
        row += button->sizeHint().width();
    const QMargins m = layout()->contentsMargins();
    row += 2 * 6 + m.left() + m.right();
    compact_ = row > width();
    if (presenting_)
        return;
    copyImageButton_->setVisible(!compact_);
    copyTableButton_->setVisible(!compact_);
    exportButton_->setMenu(compact_ ? copyMenu_ : nullptr);
    exportButton_->setPopupMode(compact_ ? QToolButton::MenuButtonPopup : QToolButton::DelayedPopup);
}

void ChartPanel::setTableRows(int rows)
{
    tableRows_ = std::max(0, rows);
    updateTableMinimum();
}

void ChartPanel::updateTableMinimum()
{
    // At the text size of the moment (again after each font change): the header (about one row
    // tall until its labels arrive, when its size hint is empty), the rows kept, the scroll bar.
    const int row = table_->verticalHeader()->defaultSectionSize();
    const int header = std::max(row, table_->horizontalHeader()->sizeHint().height());
    table_->setMinimumHeight(header + tableRows_ * row + table_->horizontalScrollBar()->sizeHint().height() +
                             2 * table_->frameWidth());
}

void ChartPanel::refreshTable()
{
    // Reuse the items (a slider drag refreshes this every frame) and size the columns only
    // when the table's shape changes.
    // An impossible layout shows no numbers, here either.
    const TableData data = chart_->isInvalid() ? TableData{} : chart_->table();
    const int columns = static_cast<int>(data.headers.size());
    const int rows = static_cast<int>(data.rows.size());
    const bool reshaped = table_->columnCount() != columns || table_->rowCount() != rows;
    table_->setUpdatesEnabled(false);
    if (reshaped) {
        table_->setColumnCount(columns);
        table_->setRowCount(rows);
    }
    for (int c = 0; c < columns; ++c) {
        QTableWidgetItem* header = table_->horizontalHeaderItem(c);
        if (header == nullptr)
            table_->setHorizontalHeaderItem(c, new QTableWidgetItem(data.headers[c]));
        else if (header->text() != data.headers[c])
            header->setText(data.headers[c]);
    }
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const QString text = c < data.rows[r].size() ? data.rows[r][c] : QString();
            QTableWidgetItem* item = table_->item(r, c);
            if (item == nullptr) {
                item = new QTableWidgetItem(text);
                if (c > 0)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                table_->setItem(r, c, item);
            } else if (item->text() != text) {
                item->setText(text);
            }
        }
    }
    table_->setUpdatesEnabled(true);
    if (reshaped || !sized_) {
        table_->resizeColumnsToContents();
        sized_ = true;
        updateTableMinimum();  // the header's labels are in: its real height
    }
    table_->setAccessibleName(chart_->title());
}

void ChartPanel::flushTable()
{
    if (tableTimer_->isActive()) {
        tableTimer_->stop();
        refreshTable();
    }
}

void ChartPanel::setPresenting(bool presenting)
{
    presenting_ = presenting;
    table_->setVisible(!presenting);
    for (QToolButton* button : {exportButton_, copyImageButton_, copyTableButton_})
        button->setVisible(!presenting);
    fitButtons();
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
    sized_ = false;  // new words, new widths
    exportButton_->setText(tr("Export..."));
    exportButton_->setToolTip(tr("Save this chart as PNG, SVG or PDF"));
    copyImageButton_->setText(tr("Copy image"));
    copyImageButton_->setToolTip(tr("Copy this chart to the clipboard as an image"));
    copyTableButton_->setText(tr("Copy table"));
    copyTableButton_->setToolTip(tr("Copy the numbers as tab-separated text (Ctrl+C in the table)"));
    copyImageAction_->setText(copyImageButton_->text());
    copyTableAction_->setText(copyTableButton_->text());
    fitButtons();
}

void ChartPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange) {
        fitButtons();  // larger text, wider buttons
        // and a taller header and rows, once the table has its new font (its own event may come
        // after this one)
        QMetaObject::invokeMethod(this, &ChartPanel::updateTableMinimum, Qt::QueuedConnection);
    }
    QWidget::changeEvent(event);
}

} // namespace shardscope::ui
