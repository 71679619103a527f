#include "ui/precision/sharded_master_table.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <QCoreApplication>

namespace {

// Core names its set-ups and reasons in English, marked for lupdate in context "ShardedMaster".
QString coreText(const std::string& text) { return QCoreApplication::translate("ShardedMaster", text.c_str()); }

} // namespace

namespace shardscope::ui {

ShardedMasterTable::ShardedMasterTable(QWidget* parent)
    : QWidget(parent), intro_(new QLabel(this)), table_(new QTableWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    layout->addWidget(table_, 1);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->setVisible(false);
    table_->setWordWrap(true);
    table_->setColumnCount(4);
    // The set-up, the verdict and what it is compared with keep their whole text; the reason
    // takes the rest of the width and wraps.
    for (int column = 0; column < 3; ++column)
        table_->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    retranslate();
}

void ShardedMasterTable::setCases(const ShardedMasterSpec& spec, const std::vector<ShardedMasterCase>& cases)
{
    spec_ = spec;
    cases_ = cases;
    retranslate();  // the intro names the spec's sizes
}

void ShardedMasterTable::fill()
{
    const QLocale locale;
    table_->setRowCount(static_cast<int>(cases_.size()));
    for (int row = 0; row < static_cast<int>(cases_.size()); ++row) {
        const ShardedMasterCase& c = cases_[static_cast<std::size_t>(row)];
        const QString verdict =
            c.identical() ? tr("bit-identical")
                          : tr("differs in %1 of %2 (at most %3 ulp)")
                                .arg(locale.toString(static_cast<qlonglong>(c.differing)), locale.toString(spec_.parameters),
                                     locale.toString(c.maxUlps, 'g', 3));
        const QString cells[] = {coreText(c.name), verdict, coreText(c.comparedWith), coreText(c.explanation)};
        for (int column = 0; column < 4; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setToolTip(cells[column]);
            if (column == 1)
                item->setForeground(c.identical() ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xc0, 0x00, 0x00));
            table_->setItem(row, column, item);
        }
    }
    table_->resizeRowsToContents();
}

void ShardedMasterTable::retranslate()
{
    intro_->setText(tr("Sharding the fp32 master weights (ZeRO / FSDP): %1 AdamW steps on %2 parameters over %3 "
                       "data-parallel ranks, replayed exactly and compared bit for bit with one GPU")
                        .arg(spec_.steps)
                        .arg(QLocale().toString(spec_.parameters))
                        .arg(spec_.ranks));
    table_->setHorizontalHeaderLabels({tr("Set-up"), tr("Final fp32 master weights"), tr("Compared with"), tr("Why")});
    fill();
}

void ShardedMasterTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace shardscope::ui
