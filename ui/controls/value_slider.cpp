#include "ui/controls/value_slider.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

#include <cmath>

namespace shardscope::ui {

ValueSlider::ValueSlider(QWidget* parent)
    : QWidget(parent), label_(new QLabel(this)), slider_(new QSlider(Qt::Horizontal, this)),
      field_(new QLineEdit(this)), unit_(new QLabel(this)), problem_(new QLabel(this))
{
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(1);
    layout->addWidget(label_, 0, 0, 1, 3);
    layout->addWidget(slider_, 1, 0);
    layout->addWidget(field_, 1, 1);
    layout->addWidget(unit_, 1, 2);
    layout->addWidget(problem_, 2, 0, 1, 3);
    layout->setColumnStretch(0, 1);
    fitFieldWidth();
    field_->setAlignment(Qt::AlignRight);
    label_->setBuddy(slider_);
    slider_->setPageStep(1);
    slider_->setFocusPolicy(Qt::StrongFocus);
    // The label wraps rather than widen the controls dock: "Pipeline stages · assumed" at twice
    // the text size is wider than a 1366-px window can give the dock.
    label_->setWordWrap(true);
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #c00000;"));
    problem_->hide();
    parse_ = [](const QString& text) { return parseCount(text); };
    format_ = [](double v) { return QString::number(v, 'g', 6); };

    connect(slider_, &QSlider::valueChanged, this, &ValueSlider::onSliderMoved);
    connect(slider_, &QSlider::sliderReleased, this, &ValueSlider::dragFinished);
    connect(field_, &QLineEdit::editingFinished, this, &ValueSlider::onFieldEdited);
}

// The field holds ten digits in the current font: larger text (Ctrl+Plus, presentation) widens
// it, or "65,536" would show as "5,536".
void ValueSlider::fitFieldWidth()
{
    field_->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000000000")));
}

void ValueSlider::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        fitFieldWidth();
    QWidget::changeEvent(event);
}

void ValueSlider::setText(const QString& label, const QString& unit, const QString& toolTip)
{
    labelText_ = label;
    label_->setText(assumed_ ? tr("%1 \u00b7 assumed").arg(label) : label);
    unit_->setText(unit);
    setToolTip(toolTip);
    slider_->setToolTip(toolTip);
    field_->setToolTip(toolTip);
    QString plain = label;
    plain.remove(QLatin1Char('&'));
    slider_->setAccessibleName(plain);
    slider_->setAccessibleDescription(toolTip);
    field_->setAccessibleName(plain + QLatin1Char(' ') + unit);
}

void ValueSlider::setSteps(std::vector<double> steps)
{
    if (steps == steps_)
        return;
    steps_ = std::move(steps);
    updating_ = true;
    slider_->setRange(0, steps_.empty() ? 0 : static_cast<int>(steps_.size()) - 1);
    slider_->setValue(nearestStep(value_));
    updating_ = false;
}

void ValueSlider::setParser(Parse parse, Format format)
{
    parse_ = std::move(parse);
    format_ = std::move(format);
    field_->setText(format_(value_));
}

void ValueSlider::setValue(double value)
{
    value_ = value;
    updating_ = true;
    slider_->setValue(nearestStep(value));
    updating_ = false;
    const QString text = format_(value);
    if ((!field_->hasFocus() || field_->text().isEmpty()) && field_->text() != text)
        field_->setText(text);
}

void ValueSlider::setAssumed(bool assumed)
{
    if (assumed == assumed_)
        return;
    assumed_ = assumed;
    label_->setText(assumed_ ? tr("%1 \u00b7 assumed").arg(labelText_) : labelText_);
}

void ValueSlider::setProblem(const QString& message)
{
    if (message == problem_->text())
        return;
    problem_->setText(message);
    problem_->setVisible(!message.isEmpty());
    field_->setStyleSheet(message.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c00000;"));
}

int ValueSlider::nearestStep(double value) const
{
    int best = 0;
    for (int i = 1; i < static_cast<int>(steps_.size()); ++i) {
        // Compare on a log scale when all steps are positive: counts and lengths span decades.
        const auto distance = [&](double step) {
            return value > 0 && step > 0 ? std::fabs(std::log(step / value)) : std::fabs(step - value);
        };
        if (distance(steps_[static_cast<std::size_t>(i)]) < distance(steps_[static_cast<std::size_t>(best)]))
            best = i;
    }
    return best;
}

void ValueSlider::onSliderMoved(int index)
{
    if (updating_ || index < 0 || index >= static_cast<int>(steps_.size()))
        return;
    value_ = steps_[static_cast<std::size_t>(index)];
    field_->setText(format_(value_));
    emit edited(value_, slider_->isSliderDown());
}

void ValueSlider::onFieldEdited()
{
    const auto parsed = parse_(field_->text().trimmed());
    if (!parsed) {
        field_->setText(format_(value_));  // keep the last good value; the field never lies
        return;
    }
    if (*parsed == value_)
        return;
    value_ = *parsed;
    updating_ = true;
    slider_->setValue(nearestStep(value_));
    updating_ = false;
    field_->setText(format_(value_));
    emit edited(value_, false);
}

std::optional<double> parseCount(const QString& input)
{
    QString text = input.trimmed().remove(QLatin1Char(',')).remove(QLatin1Char('_'));
    if (text.isEmpty())
        return std::nullopt;
    double multiplier = 1.0;
    const QChar last = text.back().toUpper();
    if (last == QLatin1Char('K'))
        multiplier = 1e3;
    else if (last == QLatin1Char('M'))
        multiplier = 1e6;
    else if (last == QLatin1Char('B') || last == QLatin1Char('G'))
        multiplier = 1e9;
    else if (last == QLatin1Char('T'))
        multiplier = 1e12;
    else if (text.back() == QChar(0x4E07))  // 万
        multiplier = 1e4;
    else if (text.back() == QChar(0x4EBF))  // 亿
        multiplier = 1e8;
    if (multiplier != 1.0)
        text.chop(1);
    bool ok = false;
    const double value = text.toDouble(&ok) * multiplier;
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace shardscope::ui
