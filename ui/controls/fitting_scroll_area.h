#pragma once
#include <QScrollArea>

namespace shardscope::ui {

// A vertical scroll area that is never narrower than its content's minimum width, so the side
// panel's units and fields are never cut on the right ("toke", "条序" in Chinese, whose labels
// are wider) and no horizontal scroll bar appears: it follows the content whenever its layout
// changes (a language switch, presentation type sizes).
class FittingScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit FittingScrollArea(int minimumWidth, QWidget* parent = nullptr);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fit();
    int floor_;
};

} // namespace shardscope::ui
