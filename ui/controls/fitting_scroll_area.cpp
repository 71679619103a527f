#include "ui/controls/fitting_scroll_area.h"

#include <QEvent>
#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>

namespace shardscope::ui {

FittingScrollArea::FittingScrollArea(int minimumWidth, QWidget* parent) : QScrollArea(parent), floor_(minimumWidth)
{
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMinimumWidth(floor_);
}

void FittingScrollArea::setFollowContentHeight(bool follow)
{
    followHeight_ = follow;
    setSizePolicy(sizePolicy().horizontalPolicy(), follow ? QSizePolicy::Preferred : QSizePolicy::Expanding);
    updateGeometry();
}

void FittingScrollArea::setEmbeddedWidget(QWidget* content)
{
    setFrameShape(QFrame::NoFrame);
    setWidget(content);
    viewport()->setAutoFillBackground(false);
    content->setAutoFillBackground(false);
}

QSize FittingScrollArea::sizeHint() const
{
    QSize hint = QScrollArea::sizeHint();
    const QWidget* content = widget();
    if (!followHeight_ || content == nullptr)
        return hint;
    // The area's own width, not the viewport's: that one is small before the first layout and
    // loses a scroll bar's width while one shows, and the hint must depend on the width alone.
    const int inner = width() - 2 * frameWidth();
    const int width = inner > 0 ? inner : content->sizeHint().width();
    const int height = content->hasHeightForWidth() ? content->heightForWidth(width) : content->sizeHint().height();
    hint.setHeight(height + 2 * frameWidth());
    return hint;
}

bool FittingScrollArea::eventFilter(QObject* watched, QEvent* event)
{
    // QScrollArea filters its widget's events already; a LayoutRequest means its minimum may
    // have changed (and, following the content's height, its size hint).
    if (watched == widget() && event->type() == QEvent::LayoutRequest) {
        fit();
        if (followHeight_)
            updateGeometry();
    }
    return QScrollArea::eventFilter(watched, event);
}

void FittingScrollArea::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    // Wrapped text is taller in a narrower area: the hint changes with the width alone.
    if (followHeight_ && event->size().width() != event->oldSize().width())
        updateGeometry();
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
