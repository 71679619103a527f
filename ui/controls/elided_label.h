#pragma once
#include <QLabel>

namespace shardscope::ui {

// A one-line label that never asks for more width than it gets: text longer than the label is
// elided ("…") and shown whole in the tooltip. The status line's scenario summary is one: as a
// plain QLabel its width at larger text (x1.5) made the window wider than a 1366-px screen.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    const QString& fullText() const { return fullText_; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void elide();

    QString fullText_;
};

} // namespace shardscope::ui
