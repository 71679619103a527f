#include "ui/controls/fitting_scroll_area.h"

#include <QEvent>
#include <QScrollBar>

#include <algorithm>

namespace shardscope::ui {

FittingScrollArea::FittingScrollArea(int minimumWidth, QWidget* parent) : QScrollArea(parent), floor_(minimumWidth)
{
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMinimumWidth(floor_);
}

bool FittingScrollArea::eventFilter(QObject* watched, QEvent* event)
{
    // QScrollArea filters its widget's events already; a LayoutRequest means its minimum may
    // have changed.
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        fit();
    return QScrollArea::eventFilter(watched, event);
}

void FittingScrollArea::fit()
{
    if (widget() == nullptr)
        return;
    const int needed = widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth();
    const int width = std::max(floor_, needed);
    if (width != minimumWidth())
        setMinimumWidth(width);
}

} // namespace shardscope::ui
