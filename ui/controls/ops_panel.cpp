#include "ui/controls/ops_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

#include <cmath>

#include "ui/controls/enum_combo.h"
#include "ui/controls/value_slider.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

enum MergeKey { kFailures = 300, kRestart, kStorage, kInterval };

// 1, 2, 5 per decade from `from` to `to`: sliders over rates and bandwidths that span decades.
std::vector<double> decades(double from, double to)
{
    std::vector<double> steps;
    for (double decade = from; decade <= to * 1.0001; decade *= 10.0) {
        for (double m : {1.0, 2.0, 5.0}) {
            if (decade * m <= to * 1.0001)
                steps.push_back(decade * m);
        }
    }
    return steps;
}

std::optional<double> positive(const QString& text)
{
    bool ok = false;
    const double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        return parseCount(text);
    return value > 0 && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

// Three significant digits, without exponents for the hundreds and thousands of GB/s and minutes.
QString significant(double value)
{
    return value >= 100 ? QLocale().toString(value, 'f', 0) : QLocale().toString(value, 'g', 3);
}

} // namespace

OpsPanel::OpsPanel(ScenarioDocument* document, QWidget* parent)
    : ScenarioPanel(document, parent), presetLabel_(new QLabel(this)), preset_(new QComboBox(this)),
      failures_(new ValueSlider(this)), restart_(new ValueSlider(this)), storage_(new ValueSlider(this)),
      interval_(new ValueSlider(this)), daly_(new QCheckBox(this)), async_(new QCheckBox(this))
{
    // Two rows of three: the failure side, then the checkpoint side.
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    // 12 px between columns: with 18, the view needed 1,372 px of window at twice the text.
    grid->setHorizontalSpacing(12);
    auto* presetColumn = new QVBoxLayout;
    presetColumn->addWidget(presetLabel_);
    presetColumn->addWidget(preset_);
    presetColumn->addStretch();
    grid->addLayout(presetColumn, 0, 0);
    grid->addWidget(failures_, 0, 1);
    grid->addWidget(restart_, 0, 2);
    grid->addWidget(storage_, 1, 0);
    auto* intervalColumn = new QVBoxLayout;
    intervalColumn->addWidget(interval_);
    intervalColumn->addWidget(daly_);
    grid->addLayout(intervalColumn, 1, 1);
    auto* asyncColumn = new QVBoxLayout;
    asyncColumn->addStretch();
    asyncColumn->addWidget(async_);
    asyncColumn->addStretch();
    grid->addLayout(asyncColumn, 1, 2);
    for (int c = 0; c < 3; ++c)
        grid->setColumnStretch(c, 1);
    presetLabel_->setBuddy(preset_);

    failures_->setSteps(decades(1e-5, 1.0));
    restart_->setSteps({0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240});
    storage_->setSteps(decades(0.1, 100000.0));
    interval_->setSteps({0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440});
    for (ValueSlider* slider : {failures_, restart_, storage_, interval_})
        slider->setParser(positive, significant);

    // A chosen value replaces the model it competes with (the exclusive pairs of the ops group).
    bindSlider(failures_, kFailures, tr("Change failure rate"), [](Scenario& s, double v) {
        s.ops.failuresPerGpuDay = v;
        s.ops.clusterMtbfHours.reset();
    });
    bindSlider(restart_, kRestart, tr("Change restart time"), [](Scenario& s, double v) { s.ops.restartMinutes = v; });
    bindSlider(storage_, kStorage, tr("Change storage bandwidth"), [](Scenario& s, double v) {
        s.ops.storageGbps = v;
        s.ops.checkpointWriteMinutes.reset();
    });
    bindSlider(interval_, kInterval, tr("Change checkpoint interval"), [](Scenario& s, double v) { s.ops.intervalMinutes = v; });
    connect(daly_, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Scenario& s) {
            if (on)
                s.ops.intervalMinutes.reset();
            else
                s.ops.intervalMinutes = document_->estimate().ops.intervalSeconds / 60.0;
        }, tr("Toggle Daly's interval"));
    });
    connect(async_, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Scenario& s) { s.ops.asyncCheckpoint = on; }, tr("Toggle asynchronous checkpoints"));
    });
    connect(preset_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) {
            s.ops.failurePreset = static_cast<FailurePreset>(preset_->currentData().toInt());
            s.ops.failuresPerGpuDay.reset();  // the preset's rate, not a leftover chosen one
            s.ops.clusterMtbfHours.reset();
        }, tr("Change failure source"));
    });

    registerField("ops.failure_preset", preset_);
    registerField("ops.failures_per_gpu_day", failures_);
    registerField("ops.cluster_mtbf_hours", failures_);
    registerField("ops.restart_minutes", restart_);
    registerField("ops.detection_minutes", restart_);
    registerField("ops.storage_gbps", storage_);
    registerField("ops.checkpoint_write_minutes", storage_);
    registerField("ops.interval_minutes", interval_);
    registerField("ops.async_checkpoint", async_);
    retranslate();
}

void OpsPanel::sync()
{
    const Scenario& s = document_->scenario();
    const OpsEstimate& o = document_->estimate().ops;
    // Sliders show what the estimate uses, chosen or default: the per-GPU equivalent of the rate
    // (node rates shared by the node's GPUs), the restart, the bandwidth and the interval.
    const double perGpuDay = 24.0 * (o.rates.perGpuHour + o.rates.perNodeHour / std::max(1, s.cluster.gpusPerNode));
    failures_->setValue(perGpuDay);
    restart_->setValue(o.restartSeconds / 60.0);
    storage_->setValue(s.ops.storageGbps.value_or(defaultStorageBytesPerSecond() / 1e9));
    interval_->setValue(o.intervalSeconds / 60.0);
    {
        const QSignalBlocker block(daly_);
        daly_->setChecked(!s.ops.intervalMinutes.has_value());
    }
    {
        const QSignalBlocker block(async_);
        async_->setChecked(s.ops.asyncCheckpoint);
    }
    selectEnumValue(preset_, static_cast<int>(s.ops.failurePreset));
}

void OpsPanel::retranslate()
{
    presetLabel_->setText(tr("&Failure rate from:"));
    fillEnumCombo(preset_, enumTable<FailurePreset>());
    const QString presetTip = tr("A published cluster's interruption rate; the failure-rate slider replaces it, choosing a cluster here brings it back");
    preset_->setToolTip(presetTip);
    preset_->setWhatsThis(presetTip);
    failures_->setText(tr("Failure rate"), tr("per GPU-day"),
                       tr("Interruptions per GPU per day; the job's rate grows with its GPU count (Llama 3: 0.00047)"));
    restart_->setText(tr("Restart time"), tr("min"),
                      tr("From the decision to restart to training again, checkpoint load included: measure it"));
    storage_->setText(tr("Storage bandwidth"), tr("GB/s"),
                      tr("Aggregate checkpoint bandwidth of the storage system (Llama 3's Tectonic: 2,000 GB/s sustained)"));
    interval_->setText(tr("Checkpoint interval"), tr("min"), tr("Minutes of training between checkpoints"));
    daly_->setText(tr("&Daly's optimum"));
    daly_->setToolTip(tr("Checkpoint at the interval that minimises the expected run time (Daly 2006)"));
    async_->setText(tr("&Asynchronous checkpoints"));
    async_->setToolTip(tr("Training waits only for the copy to host memory; storage is written in the background"));
    syncing_ = true;
    sync();
    syncing_ = false;
}

} // namespace shardscope::ui
