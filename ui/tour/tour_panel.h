#pragma once
#include <QWidget>

#include <functional>
#include <string_view>

class QLabel;
class QPushButton;

namespace shardscope::ui {

class ScenarioDocument;

// The guided tour of the article, a strip under the charts that a teacher clicks through (Next
// and Back, or Page Down and Page Up as a presenter's remote sends them; Escape ends it). Each
// step sets the scenario (one undo step: Ctrl+Z returns to what was there), shows its view, the
// article's sentence in Chinese and English, the number it derives, live, and one move to try.
class TourPanel : public QWidget {
    Q_OBJECT
public:
    using ShowView = std::function<bool(std::string_view id)>;
    TourPanel(ScenarioDocument* document, ShowView showView, QWidget* parent = nullptr);

    int step() const { return step_; }
    int stepCount() const;
    void goTo(int step);
    void next() { goTo(step_ + 1); }
    void back() { goTo(step_ - 1); }
    QString derivedText() const;  // what the number line shows (tests)

signals:
    void closeRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showText();

    ScenarioDocument* document_;
    ShowView showView_;
    int step_ = 0;
    QLabel* title_;
    QLabel* chinese_;
    QLabel* english_;
    QLabel* derived_;
    QLabel* invite_;
    QLabel* counter_;
    QPushButton* back_;
    QPushButton* next_;
    QPushButton* close_;
};

} // namespace shardscope::ui
