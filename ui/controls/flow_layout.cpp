#include "ui/controls/flow_layout.h"

#include <QWidget>

#include <algorithm>

namespace shardscope::ui {

FlowLayout::FlowLayout(Qt::Alignment side, int spacing) : right_(side.testFlag(Qt::AlignRight))
{
    setSpacing(spacing);
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem* item) { items_.append(item); }

QLayoutItem* FlowLayout::itemAt(int index) const { return index >= 0 && index < items_.size() ? items_[index] : nullptr; }

QLayoutItem* FlowLayout::takeAt(int index) { return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr; }

int FlowLayout::heightForWidth(int width) const { return arrange(QRect(0, 0, width, 0), false); }

QSize FlowLayout::minimumSize() const
{
    // The widest item alone on its row.
    QSize size;
    for (const QLayoutItem* item : items_) {
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // Every item in one row.
    int width = 0;
    int height = 0;
    int shown = 0;
    for (const QLayoutItem* item : items_) {
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        width += hint.width();
        height = std::max(height, hint.height());
        ++shown;
    }
    const QMargins m = contentsMargins();
    return {width + std::max(0, shown - 1) * spacing() + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = spacing();
    // Rows filled left to right in item order, each then placed at its side.
    QList<QLayoutItem*> row;
    int rowWidth = 0;
    int rowHeight = 0;
    int y = area.y();
    const auto placeRow = [&] {
        int x = right_ ? area.right() + 1 - rowWidth : area.x();
        for (QLayoutItem* item : row) {
            const QSize hint = item->sizeHint();
            if (apply)
                item->setGeometry(QRect(QPoint(std::max(area.x(), x), y), QSize(std::min(hint.width(), area.width()), hint.height())));
            x += hint.width() + gap;
        }
        y += rowHeight;
    };
    for (QLayoutItem* item : items_) {
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        const int needed = row.isEmpty() ? hint.width() : rowWidth + gap + hint.width();
        if (!row.isEmpty() && needed > area.width()) {
            placeRow();
            y += gap;
            row.clear();
            rowWidth = 0;
            rowHeight = 0;
        }
        rowWidth = row.isEmpty() ? hint.width() : rowWidth + gap + hint.width();
        rowHeight = std::max(rowHeight, hint.height());
        row.append(item);
    }
    if (!row.isEmpty())
        placeRow();
    const QMargins m = contentsMargins();
    return y - area.y() + m.top() + m.bottom();
}

} // namespace shardscope::ui
