#include "ui/views/plan_controls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/controls/enum_combo.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

// A bound of 0 means "no bound" (PlanConstraints): the box shows "any" there.
QSpinBox* boundBox(int maximum)
{
    auto* box = new QSpinBox;
    box->setRange(0, maximum);
    return box;
}

} // namespace

PlanControls::PlanControls(QWidget* parent)
    : QWidget(parent), form_(new QFormLayout), scene_(new QComboBox), advice_(new QLabel), objective_(new QComboBox),
      maxTp_(boundBox(64)), maxPp_(boundBox(128)), maxCp_(boundBox(64)), maxEp_(boundBox(256)), zero_(new QComboBox),
      recompute_(new QComboBox),
      offload_(new QCheckBox), top_(new QSpinBox), help_(new QLabel)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    top_->setRange(1, 100);
    top_->setValue(10);
    for (int i = 0; i < 5; ++i)  // "any", then ZeRO-0 to 3 (the item data: -1 for any)
        zero_->addItem(QString(), i - 1);
    for (QWidget* w : std::initializer_list<QWidget*>{scene_, objective_, maxTp_, maxPp_, maxCp_, maxEp_, zero_, recompute_, top_})
        form_->addRow(new QLabel, w);
    form_->addRow(offload_);
    layout->addLayout(form_);
    advice_->setWordWrap(true);
    advice_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    advice_->setVisible(false);
    layout->addWidget(advice_);
    help_->setWordWrap(true);
    layout->addWidget(help_);  // no stretch here: the view's column puts what follows right below

    const auto edited = [this] { emit changed(); };
    for (QSpinBox* box : {maxTp_, maxPp_, maxCp_, maxEp_, top_})
        connect(box, &QSpinBox::valueChanged, this, edited);
    for (QComboBox* box : {objective_, zero_, recompute_})
        connect(box, &QComboBox::currentIndexChanged, this, edited);
    connect(offload_, &QCheckBox::toggled, this, edited);
    connect(scene_, &QComboBox::activated, this, [this](int index) {
        const QVariant scene = scene_->itemData(index);
        if (scene.isValid())
            emit sceneChosen(static_cast<PlanScene>(scene.toInt()));
        else {
            clearScene();
            emit sceneCleared();
        }
    });
    retranslate();
}

PlanConstraints PlanControls::constraints() const
{
    PlanConstraints c;
    c.maxTp = maxTp_->value();
    c.maxPp = maxPp_->value();
    c.maxCp = maxCp_->value();
    c.maxEp = maxEp_->value();
    if (zero_->currentData().toInt() >= 0)
        c.zero = zero_->currentData().toInt();
    if (recompute_->currentData().isValid())
        c.recompute = static_cast<Recompute>(recompute_->currentData().toInt());
    c.allowOffload = offload_->isChecked();
    return c;
}

PlanObjective PlanControls::objective() const { return static_cast<PlanObjective>(objective_->currentData().toInt()); }

int PlanControls::top() const { return top_->value(); }

void PlanControls::setRequest(const PlanRequest& r)
{
    const QSignalBlocker blocks[] = {QSignalBlocker(maxTp_), QSignalBlocker(maxPp_), QSignalBlocker(maxCp_),
                                     QSignalBlocker(maxEp_),
                                     QSignalBlocker(top_),   QSignalBlocker(zero_),  QSignalBlocker(recompute_),
                                     QSignalBlocker(offload_), QSignalBlocker(objective_)};
    const PlanConstraints& c = r.constraints;
    maxTp_->setValue(c.maxTp);
    maxPp_->setValue(c.maxPp);
    maxCp_->setValue(c.maxCp);
    maxEp_->setValue(c.maxEp);
    top_->setValue(r.top);
    zero_->setCurrentIndex(zero_->findData(c.zero.value_or(-1)));
    recompute_->setCurrentIndex(c.recompute ? recompute_->findData(static_cast<int>(*c.recompute)) : 0);
    offload_->setChecked(c.allowOffload);
    objective_->setCurrentIndex(objective_->findData(static_cast<int>(r.objective)));
}

void PlanControls::clearScene()
{
    scene_->setCurrentIndex(0);
    advice_->clear();
    advice_->setVisible(false);
}

void PlanControls::setAdvice(const Diagnostic& advice)
{
    // A warning: the numbers contradict the article's rule of thumb.
    advice_->setText(QStringLiteral("<b>%1</b> %2").arg(severityLabel(advice.severity).toHtmlEscaped(),
                                                        diagnosticText(advice).toHtmlEscaped()));
    advice_->setVisible(true);
}

void PlanControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PlanControls::retranslate()
{
    const QString labels[] = {tr("&Scene:"),    tr("&Objective:"),  tr("Max &TP:"),    tr("Max &PP:"),     tr("Max &CP:"),
                              tr("Max &EP:"), tr("&ZeRO stage:"), tr("&Recompute:"), tr("Plans &listed:")};
    for (int row = 0; row < static_cast<int>(std::size(labels)); ++row) {
        auto* label = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole)->widget());
        label->setText(labels[row]);
        label->setBuddy(form_->itemAt(row, QFormLayout::FieldRole)->widget());
    }
    {
        const QSignalBlocker block(scene_);
        const int current = scene_->currentIndex();
        fillEnumCombo(scene_, enumTable<PlanScene>());
        scene_->insertItem(0, tr("none: the current scenario"));  // no item data: no scene
        scene_->setCurrentIndex(std::max(0, current));
    }
    fillEnumCombo(objective_, enumTable<PlanObjective>());
    {
        const QSignalBlocker block(recompute_);
        const QVariant current = recompute_->currentData();
        fillEnumCombo(recompute_, enumTable<Recompute>());
        recompute_->insertItem(0, tr("any (searched)"));
        recompute_->setCurrentIndex(current.isValid() ? recompute_->findData(current) : 0);
    }
    zero_->setItemText(0, tr("any (searched)"));
    for (int stage = 0; stage <= 3; ++stage)
        zero_->setItemText(stage + 1, QStringLiteral("ZeRO-%1").arg(stage));
    for (QSpinBox* box : {maxTp_, maxPp_, maxCp_, maxEp_})
        box->setSpecialValueText(tr("any"));
    offload_->setText(tr("Also search &offload to CPU memory"));
    help_->setText(tr("The planner tries every layout of the scenario's GPUs: the engines' rules first, then the "
                      "memory fit, then the step model. Double-click a plan to apply it (one undo step)."));
}

} // namespace shardscope::ui
