#pragma once
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QSlider;

namespace shardscope::ui {

// A labelled slider that snaps to a list of values, with a numeric field beside it (typing
// works, in the same units) and a unit label; a problem message shows under it in red.
// The slider moves through `steps`; the field accepts any value `parse` accepts.
class ValueSlider : public QWidget {
    Q_OBJECT
public:
    using Parse = std::function<std::optional<double>(const QString&)>;
    using Format = std::function<QString(double)>;

    explicit ValueSlider(QWidget* parent = nullptr);

    void setText(const QString& label, const QString& unit, const QString& toolTip);
    void setSteps(std::vector<double> steps);
    void setParser(Parse parse, Format format);
    void setValue(double value);  // no signal
    double value() const { return value_; }
    void setProblem(const QString& message);  // empty: no problem
    // Marks the value as assumed (a default, a preset's or a recipe's, not set by the user): the
    // label says so, as the CLI's tables mark it (issue 17).
    void setAssumed(bool assumed);

    QSlider* slider() const { return slider_; }
    QLineEdit* field() const { return field_; }

signals:
    void edited(double value, bool dragging);
    void dragFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitFieldWidth();
    void onSliderMoved(int index);
    void onFieldEdited();
    int nearestStep(double value) const;

    QLabel* label_;
    QSlider* slider_;
    QLineEdit* field_;
    QLabel* unit_;
    QLabel* problem_;
    std::vector<double> steps_;
    Parse parse_;
    Format format_;
    double value_ = 0;
    bool updating_ = false;
    bool assumed_ = false;
    QString labelText_;
};

// Parses "7e9", "7B", "13.5M", "2T", "4096", "128K" (K, M, B, T decimal; Chinese 万 and 亿 too).
std::optional<double> parseCount(const QString& text);

} // namespace shardscope::ui
