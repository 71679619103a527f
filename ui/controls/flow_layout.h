#pragma once
#include <QLayout>
#include <QList>

namespace shardscope::ui {

// A row of widgets that wraps onto further rows when it is narrower than the widgets side by side:
// a chart's Export / Copy image / Copy table buttons at twice the text size need about 460 px in one
// row, more than half of a 1366-px window beside the controls, and the row set the chart panel's
// minimum width; the data-sharding view's eight labelled fields in a grid needed 822 px. Wrapped,
// the minimum is the widest item. Rows keep to the left or (`Qt::AlignRight`) to the right.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(Qt::Alignment side = Qt::AlignRight, int spacing = 6);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return static_cast<int>(items_.size()); }
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    // Lays the items out in `rect` (moving them when `apply`) and returns the height used.
    int arrange(const QRect& rect, bool apply) const;
    QList<QLayoutItem*> items_;
    bool right_ = true;
};

} // namespace shardscope::ui
