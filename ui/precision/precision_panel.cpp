#include "ui/precision/precision_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>

#include "ui/charts/chart_panel.h"
#include "ui/charts/drift_chart.h"
#include "ui/charts/reduction_chart.h"
#include "ui/controls/fitting_scroll_area.h"
#include "ui/controls/value_slider.h"
#include "ui/document/background_runner.h"
#include "ui/i18n/ui_text.h"
#include "ui/precision/sharded_master_table.h"

namespace shardscope::ui {
namespace {

constexpr FloatFormat kFormats[] = {FloatFormat::Bf16, FloatFormat::Fp16, FloatFormat::Fp8E4M3, FloatFormat::Fp8E5M2,
                                    FloatFormat::Tf32, FloatFormat::Fp32};

} // namespace

PrecisionPanel::PrecisionPanel(BackgroundRunner* runner, QWidget* parent)
    : View(parent), runner_(runner), driftBox_(new QGroupBox(this)), formatLabel_(new QLabel(this)),
      format_(new QComboBox(this)), startLabel_(new QLabel(this)), start_(new QLineEdit(QStringLiteral("1.0"), this)),
      updateLabel_(new QLabel(this)), update_(new QLineEdit(QStringLiteral("1e-4"), this)), spreadLabel_(new QLabel(this)),
      spread_(new QLineEdit(QStringLiteral("0"), this)), steps_(new ValueSlider(this)), seedLabel_(new QLabel(this)),
      seed_(new QSpinBox(this)), reduceBox_(new QGroupBox(this)), gradientLabel_(new QLabel(this)),
      gradientFormat_(new QComboBox(this)), driftChart_(new DriftChart), reductionChart_(new ReductionChart),
      driftPanel_(new ChartPanel(driftChart_, this)), reductionPanel_(new ChartPanel(reductionChart_, this)),
      shardedMaster_(new ShardedMasterTable(this)), experiments_(new QTabWidget(this)), status_(new QLabel(this))
{
    auto* controls = new QFormLayout(driftBox_);
    controls->addRow(formatLabel_, format_);
    controls->addRow(startLabel_, start_);
    controls->addRow(updateLabel_, update_);
    controls->addRow(spreadLabel_, spread_);
    controls->addRow(steps_);
    for (auto*& box : strategies_) {
        box = new QCheckBox(this);
        box->setChecked(true);
        controls->addRow(box);
        connect(box, &QCheckBox::toggled, this, &PrecisionPanel::runDrift);
    }
    controls->addRow(seedLabel_, seed_);
    controls->addRow(status_);
    auto* reduce = new QFormLayout(reduceBox_);
    reduce->addRow(gradientLabel_, gradientFormat_);
    formatLabel_->setBuddy(format_);
    startLabel_->setBuddy(start_);
    updateLabel_->setBuddy(update_);
    spreadLabel_->setBuddy(spread_);
    seedLabel_->setBuddy(seed_);
    gradientLabel_->setBuddy(gradientFormat_);
    for (FloatFormat f : kFormats) {
        format_->addItem(enumText(f), static_cast<int>(f));
        if (f == FloatFormat::Bf16 || f == FloatFormat::Fp16 || f == FloatFormat::Fp8E4M3 || f == FloatFormat::Fp8E5M2)
            gradientFormat_->addItem(enumText(f), static_cast<int>(f));
    }
    seed_->setRange(0, 1'000'000);
    // The same default as `shardscope-cli drift` (DriftSpec's), so the GUI and the CLI show the
    // same run until the user picks another seed.
    seed_->setValue(static_cast<int>(DriftSpec{}.seed));
    std::vector<double> steps;
    for (double s = 100; s <= 10'000'000; s *= std::sqrt(10.0))
        steps.push_back(std::round(s));
    steps_->setSteps(steps);
    steps_->setParser(
        [](const QString& text) -> std::optional<double> {
            const auto v = parseCount(text);
            if (!v || *v < 1 || *v > 1e9 || std::floor(*v) != *v)
                return std::nullopt;
            return v;
        },
        [](double v) { return QLocale().toString(static_cast<qlonglong>(v)); });
    steps_->setValue(10'000);

    // The controls scroll where the window is short: in Chinese at twice the text they are
    // taller than a 768-px screen leaves (the window needed 810 px).
    auto* controlsWidget = new QWidget;
    auto* left = new QVBoxLayout(controlsWidget);
    left->setContentsMargins(0, 0, 0, 0);
    left->addWidget(driftBox_);
    left->addWidget(reduceBox_);
    left->addStretch();
    auto* controlsScroll = new FittingScrollArea(0, this);
    controlsScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    controlsScroll->setEmbeddedWidget(controlsWidget);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(controlsScroll);
    // The three experiments are tabs, so each chart has the whole height (two stacked charts
    // left each about 150 px at 1366 x 768); every strategy's row stays in view (stochastic
    // rounding is the fourth).
    driftPanel_->setTableRows(4);
    experiments_->addTab(driftPanel_, QString());
    experiments_->addTab(reductionPanel_, QString());
    experiments_->addTab(shardedMaster_, QString());
    layout->addWidget(experiments_, 1);

    // Each control reruns only the experiment it feeds (a drift run can be 4 x 10M steps); the
    // seed feeds both.
    for (QLineEdit* field : {start_, update_, spread_})
        connect(field, &QLineEdit::editingFinished, this, &PrecisionPanel::runDrift);
    connect(format_, &QComboBox::activated, this, &PrecisionPanel::runDrift);
    connect(gradientFormat_, &QComboBox::activated, this, &PrecisionPanel::runReduction);
    connect(seed_, &QSpinBox::valueChanged, this, &PrecisionPanel::run);
    connect(steps_, &ValueSlider::edited, this, [this](double, bool dragging) {
        if (!dragging)
            runDrift();
    });
    connect(steps_, &ValueSlider::dragFinished, this, &PrecisionPanel::runDrift);
    connect(runner_, &BackgroundRunner::driftReady, this, &PrecisionPanel::showDrift);
    connect(runner_, &BackgroundRunner::reductionReady, reductionChart_, &ReductionChart::setPoints);
    connect(runner_, &BackgroundRunner::shardedMasterReady, this, [this](const std::vector<ShardedMasterCase>& cases) {
        ShardedMasterSpec spec;
        spec.seed = static_cast<std::uint64_t>(seed_->value());
        shardedMaster_->setCases(spec, cases);
    });
    retranslate();
    run();
}

QList<ChartPanel*> PrecisionPanel::panels() const { return {driftPanel_, reductionPanel_}; }

DriftSpec PrecisionPanel::driftSpec() const
{
    DriftSpec spec;
    spec.format = static_cast<FloatFormat>(format_->currentData().toInt());
    spec.startText = start_->text().trimmed().toStdString();
    spec.updateText = update_->text().trimmed().toStdString();
    spec.start = start_->text().toDouble();
    spec.update = update_->text().toDouble();
    spec.spread = spread_->text().toDouble();
    spec.steps = static_cast<std::int64_t>(steps_->value());
    spec.seed = static_cast<std::uint64_t>(seed_->value());
    return spec;
}

void PrecisionPanel::run()
{
    runDrift();
    runReduction();
    ShardedMasterSpec sharded;
    sharded.seed = static_cast<std::uint64_t>(seed_->value());
    runner_->requestShardedMaster(sharded);
}

void PrecisionPanel::runDrift()
{
    bool ok = true;
    for (QLineEdit* field : {start_, update_, spread_}) {
        bool parsed = false;
        field->text().toDouble(&parsed);
        field->setStyleSheet(parsed ? QString() : QStringLiteral("border: 1px solid #c00000;"));
        ok = ok && parsed;
    }
    const DriftSpec spec = driftSpec();
    const Diagnostics problems = checkDrift(spec);
    QStringList messages;
    for (const Diagnostic& d : problems) {
        if (d.severity == Severity::Error)
            messages << diagnosticText(d);
    }
    if (!ok || hasErrors(problems)) {
        status_->setText(ok ? messages.join(QLatin1Char('\n')) : tr("Enter numbers, for example 1.0 and 1e-4"));
        status_->setStyleSheet(QStringLiteral("color: #c00000;"));
        return;
    }
    status_->setText(tr("Running %1 steps...").arg(QLocale().toString(static_cast<qlonglong>(spec.steps))));
    status_->setStyleSheet(QString());
    std::array<bool, 4> chosen{};
    for (std::size_t i = 0; i < chosen.size(); ++i)
        chosen[i] = strategies_[i]->isChecked();
    runner_->requestDrift(spec, chosen);
}

void PrecisionPanel::runReduction()
{
    ReductionSpec reduction;
    reduction.gradients = static_cast<FloatFormat>(gradientFormat_->currentData().toInt());
    reduction.seed = static_cast<std::uint64_t>(seed_->value());
    reduction.elements = 64;
    runner_->requestReduction(reduction);
}

void PrecisionPanel::showDrift(const DriftResults& results)
{
    driftChart_->setResults(results.spec, results.byStrategy, results.threshold);
    status_->setText(tr("Done: %1 steps per strategy").arg(QLocale().toString(static_cast<qlonglong>(results.spec.steps))));
}

void PrecisionPanel::retranslate()
{
    driftBox_->setTitle(tr("Weight updates in low precision"));
    formatLabel_->setText(tr("&Format:"));
    format_->setToolTip(tr("The format the weight is stored in; bf16 keeps 7 mantissa bits, fp16 10, fp32 23"));
    startLabel_->setText(tr("&Start value:"));
    start_->setToolTip(tr("The weight before the first update"));
    updateLabel_->setText(tr("&Update:"));
    update_->setToolTip(tr("Added at every step (the learning rate times the gradient)"));
    spreadLabel_->setText(tr("&Random spread:"));
    spread_->setToolTip(tr("0: the same update every step; above 0: updates drawn from a normal distribution with this spread"));
    steps_->setText(tr("Steps"), tr("updates"), tr("How many updates to apply"));
    for (std::size_t i = 0; i < 4; ++i) {
        strategies_[i]->setText(enumText(static_cast<DriftStrategy>(i)));
        strategies_[i]->setToolTip(tr("Show this strategy in the chart"));
    }
    seedLabel_->setText(tr("S&eed:"));
    seed_->setToolTip(tr("Random updates and stochastic rounding repeat exactly with the same seed"));
    reduceBox_->setTitle(tr("Summing gradients over N GPUs"));
    experiments_->setTabText(0, tr("Weight updates"));
    experiments_->setTabText(1, tr("Gradient sums over N GPUs"));
    experiments_->setTabText(2, tr("Sharded fp32 master"));
    gradientLabel_->setText(tr("&Gradient format:"));
    gradientFormat_->setToolTip(tr("The format each GPU's gradient arrives in"));
    start_->setAccessibleName(tr("Start value"));
    update_->setAccessibleName(tr("Update"));
    spread_->setAccessibleName(tr("Random spread"));
}

void PrecisionPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    View::changeEvent(event);
}

} // namespace shardscope::ui
