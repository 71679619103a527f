#include "ui/tour/tour_panel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/document/scenario_document.h"
#include "ui/tour/tour_steps.h"

namespace shardscope::ui {

TourPanel::TourPanel(ScenarioDocument* document, ShowView showView, QWidget* parent)
    : QWidget(parent), document_(document), showView_(std::move(showView)), title_(new QLabel(this)),
      chinese_(new QLabel(this)), english_(new QLabel(this)), derived_(new QLabel(this)), invite_(new QLabel(this)),
      counter_(new QLabel(this)), back_(new QPushButton(this)), next_(new QPushButton(this)), close_(new QPushButton(this))
{
    setObjectName(QStringLiteral("TourPanel"));
    // One column: the buttons on top, then the words, so the panel fits beside the charts.
    auto* layout = new QVBoxLayout(this);
    auto* text = new QVBoxLayout;
    for (QLabel* label : {title_, chinese_, english_, derived_, invite_}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->addWidget(label);
    }
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    QFont italic = english_->font();
    italic.setItalic(true);
    english_->setFont(italic);
    derived_->setFont(bold);
    derived_->setObjectName(QStringLiteral("TourDerived"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(back_);
    buttons->addWidget(next_);
    buttons->addStretch();
    buttons->addWidget(close_);
    layout->addWidget(counter_);
    layout->addLayout(buttons);
    layout->addLayout(text);
    layout->addStretch(1);
    // About 40 characters a line: quotes wrap into a readable column.
    setMinimumWidth(40 * fontMetrics().averageCharWidth());

    connect(back_, &QPushButton::clicked, this, &TourPanel::back);
    connect(next_, &QPushButton::clicked, this, &TourPanel::next);
    connect(close_, &QPushButton::clicked, this, &TourPanel::closeRequested);
    // A presenter's remote sends Page Down / Page Up; they do not move the sliders.
    for (const auto& [key, slot] : {std::pair{Qt::Key_PageDown, &TourPanel::next}, std::pair{Qt::Key_PageUp, &TourPanel::back}}) {
        auto* shortcut = new QShortcut(QKeySequence(key), this);
        shortcut->setContext(Qt::WindowShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WindowShortcut);
    connect(escape, &QShortcut::activated, this, &TourPanel::closeRequested);
    // The number follows every slider move: it is the point of the step.
    connect(document_, &ScenarioDocument::changed, this, &TourPanel::showText);
}

int TourPanel::stepCount() const { return static_cast<int>(tourSteps().size()); }

void TourPanel::goTo(int step)
{
    step_ = std::clamp(step, 0, stepCount() - 1);
    const TourStep& s = tourSteps()[static_cast<std::size_t>(step_)];
    // Every step starts from the article's example, so a step shows the same whatever the
    // audience dragged before; one undo step returns to it.
    Scenario scenario = defaultScenario();
    s.setup(scenario);
    document_->setScenario(scenario, tr("Tour: %1").arg(QCoreApplication::translate("Tour", s.title)));
    showView_(s.viewId);
    showText();
}

QString TourPanel::derivedText() const { return derived_->text(); }

void TourPanel::showText()
{
    const TourStep& s = tourSteps()[static_cast<std::size_t>(step_)];
    title_->setText(QCoreApplication::translate("Tour", s.title));
    chinese_->setText(QStringLiteral("「%1」").arg(QString::fromUtf8(s.quoteChinese)));
    english_->setText(QStringLiteral("\u201c%1\u201d").arg(QString::fromUtf8(s.quoteEnglish)));
    derived_->setText(s.derived(document_->scenario(), document_->estimate()));
    invite_->setText(QCoreApplication::translate("Tour", s.invite));
    counter_->setText(tr("Step %1 of %2").arg(step_ + 1).arg(stepCount()));
    back_->setText(tr("< &Back"));
    back_->setToolTip(tr("The previous step (Page Up)"));
    back_->setEnabled(step_ > 0);
    next_->setText(tr("&Next >"));
    next_->setToolTip(tr("The next step (Page Down)"));
    next_->setEnabled(step_ + 1 < stepCount());
    close_->setText(tr("&End tour"));
    close_->setToolTip(tr("Close the tour (Escape)"));
}

void TourPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        showText();
    QWidget::changeEvent(event);
}

} // namespace shardscope::ui
