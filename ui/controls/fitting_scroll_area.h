#pragma once
#include <QScrollArea>

namespace shardscope::ui {

// A vertical scroll area that is never narrower than its content's minimum width, so the side
// panel's units and fields are never cut on the right ("toke", "条序" in Chinese, whose labels
// are wider) and no horizontal scroll bar appears: it follows the content whenever its layout
// changes (a language switch, presentation type sizes).
//
// With followContentHeight, its size hint is the content's height at the current width (wrapped
// text included), so a layout gives it what it needs where there is room and it scrolls only
// where there is not (the migration view's notes beside its tensor table).
class FittingScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit FittingScrollArea(int minimumWidth, QWidget* parent = nullptr);
    void setFollowContentHeight(bool follow);
    // `content` inside a view: no frame, and what is behind shows through instead of the
    // palette's window colour, which setWidget turns on for the content (darker blocks in the dark
    // theme otherwise).
    void setEmbeddedWidget(QWidget* content);
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void fit();
    int floor_;
    bool followHeight_ = false;
};

} // namespace shardscope::ui
