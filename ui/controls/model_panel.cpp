#include "ui/controls/model_panel.h"

#include <QCheckBox>
#include <QFile>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

#include "core/model/hf_config.h"
#include "core/memory/precision_recipe.h"
#include "core/model/params_family.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/layout_options.h"
#include "ui/controls/enum_combo.h"
#include "ui/controls/value_slider.h"
#include "ui/document/scenario_document.h"
#include "ui/platform/load_error.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

enum MergeKey { kParams = 100, kSeq, kMicro, kGlobal, kLoraRank };

template <typename Enum>
void selectValue(QComboBox* combo, Enum value)
{
    selectEnumValue(combo, static_cast<int>(value));
}

std::vector<double> toDoubles(const std::vector<std::int64_t>& values)
{
    return {values.begin(), values.end()};
}

std::optional<double> positiveWhole(const QString& text)
{
    const auto value = parseCount(text);
    if (!value || *value < 1 || std::floor(*value) != *value || *value > 9e15)
        return std::nullopt;
    return value;
}

} // namespace

ModelPanel::ModelPanel(ScenarioDocument* document, QWidget* parent)
    : ScenarioPanel(document, parent), modelBox_(new QGroupBox(this)), trainingBox_(new QGroupBox(this)),
      presetLabel_(new QLabel(this)), preset_(new QComboBox(this)), import_(new QPushButton(this)), shape_(new QLabel(this)),
      params_(new ValueSlider(this)), seqLen_(new ValueSlider(this)), microBatch_(new ValueSlider(this)),
      globalBatch_(new ValueSlider(this)), precisionLabel_(new QLabel(this)), precision_(new QComboBox(this)),
      gradLabel_(new QLabel(this)), gradDtype_(new QComboBox(this)), optimizerLabel_(new QLabel(this)),
      optimizer_(new QComboBox(this)), finetuneLabel_(new QLabel(this)), finetune_(new QComboBox(this)),
      loraRank_(new ValueSlider(this)), recomputeLabel_(new QLabel(this)), recompute_(new QComboBox(this)),
      flash_(new QCheckBox(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* model = new QFormLayout(modelBox_);
    model->addRow(presetLabel_, preset_);
    model->addRow(import_);
    model->addRow(params_);
    model->addRow(shape_);
    // Two lines, always: a label that changes height while a slider moves re-lays out the panel.
    shape_->setWordWrap(true);
    fitShapeToFont();
    layout->addWidget(modelBox_);
    auto* training = new QFormLayout(trainingBox_);
    training->addRow(seqLen_);
    training->addRow(microBatch_);
    training->addRow(globalBatch_);
    training->addRow(precisionLabel_, precision_);
    training->addRow(gradLabel_, gradDtype_);
    training->addRow(optimizerLabel_, optimizer_);
    training->addRow(finetuneLabel_, finetune_);
    training->addRow(loraRank_);
    training->addRow(recomputeLabel_, recompute_);
    training->addRow(flash_);
    layout->addWidget(trainingBox_);
    presetLabel_->setBuddy(preset_);
    precisionLabel_->setBuddy(precision_);
    gradLabel_->setBuddy(gradDtype_);
    optimizerLabel_->setBuddy(optimizer_);
    finetuneLabel_->setBuddy(finetune_);
    recomputeLabel_->setBuddy(recompute_);

    params_->setSteps(toDoubles(parameterCountSteps()));
    params_->setParser(positiveWhole, [](double v) { return countLabel(v); });
    seqLen_->setSteps(toDoubles(sequenceLengthSteps()));
    seqLen_->setParser(positiveWhole, [](double v) { return QLocale().toString(static_cast<qlonglong>(v)); });
    microBatch_->setSteps({1, 2, 4, 8, 16, 32, 64});
    microBatch_->setParser(positiveWhole, [](double v) { return QLocale().toString(static_cast<qlonglong>(v)); });
    globalBatch_->setParser(positiveWhole, [](double v) { return QLocale().toString(static_cast<qlonglong>(v)); });
    loraRank_->setSteps({1, 2, 4, 8, 16, 32, 64, 128, 256});
    loraRank_->setParser(positiveWhole, [](double v) { return QString::number(v, 'f', 0); });

    bindSlider(params_, kParams, tr("Change parameter count"), [](Scenario& s, double v) {
        s.model = shapeForParameterCount(static_cast<std::int64_t>(std::llround(v)));
        s.modelId.clear();
    });
    bindSlider(seqLen_, kSeq, tr("Change sequence length"),
               [](Scenario& s, double v) { s.training.seqLen = static_cast<std::int64_t>(std::llround(v)); });
    bindSlider(microBatch_, kMicro, tr("Change micro-batch"), [](Scenario& s, double v) {
        const std::int64_t perReplica = s.training.globalBatch.value_or(s.training.microBatch * std::max(1, s.dataParallel()))
                                        / std::max<std::int64_t>(1, s.training.microBatch * std::max(1, s.dataParallel()));
        s.training.microBatch = static_cast<std::int64_t>(std::llround(v));
        // Keep the number of micro-batches per step: the global batch follows the micro-batch.
        if (s.training.globalBatch)
            s.training.globalBatch = s.training.microBatch * std::max(1, s.dataParallel()) * std::max<std::int64_t>(1, perReplica);
    });
    bindSlider(globalBatch_, kGlobal, tr("Change global batch"),
               [](Scenario& s, double v) { s.training.globalBatch = static_cast<std::int64_t>(std::llround(v)); });
    bindSlider(loraRank_, kLoraRank, tr("Change LoRA rank"),
               [](Scenario& s, double v) { s.training.loraRank = static_cast<int>(std::llround(v)); });

    connect(preset_, &QComboBox::activated, this, [this](int index) {
        const QString id = preset_->itemData(index).toString();
        if (id.isEmpty())
            return;
        edit([&](Scenario& s) {
            s.model = standardModelPresets().find(id.toStdString())->spec;
            s.modelId = id.toStdString();
        }, tr("Choose model %1").arg(preset_->itemText(index)));
    });
    connect(import_, &QPushButton::clicked, this, &ModelPanel::importRequested);
    connect(precision_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) {
            s.training.precision = static_cast<Precision>(precision_->currentData().toInt());
            s.training.gradDtype.reset();
        }, tr("Change precision"));
    });
    connect(gradDtype_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.training.gradDtype = static_cast<GradDtype>(gradDtype_->currentData().toInt()); },
             tr("Change gradient dtype"));
    });
    connect(optimizer_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.training.optimizer = static_cast<Optimizer>(optimizer_->currentData().toInt()); },
             tr("Change optimizer"));
    });
    connect(finetune_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.training.finetune = static_cast<FineTune>(finetune_->currentData().toInt()); },
             tr("Change fine-tuning mode"));
    });
    connect(recompute_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.training.recompute = static_cast<Recompute>(recompute_->currentData().toInt()); },
             tr("Change recomputation"));
    });
    connect(flash_, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Scenario& s) { s.training.flashAttention = on; }, tr("Toggle FlashAttention"));
    });

    registerField("model.params", params_);
    registerField("training.seq_len", seqLen_);
    registerField("training.micro_batch", microBatch_);
    registerField("training.global_batch", globalBatch_);
    registerField("training.lora_rank", loraRank_);
    registerField("training.grad_dtype", gradDtype_);
    registerField("training.flash_attention", flash_);
    registerField("model", preset_);
    retranslate();
    syncing_ = true;
    sync();
    syncing_ = false;
}

void ModelPanel::importConfig(const QString& path)
{
    Diagnostics problems;
    const auto spec = importHfConfigFile(QFile::encodeName(path).toStdString(), problems);
    if (!spec) {
        QStringList lines;
        for (const Diagnostic& d : problems)
            lines << diagnosticText(d);
        showLoadError(this, tr("Import config.json"),
                      tr("%1 cannot be imported:\n%2").arg(QFileInfo(path).fileName(), lines.join(QLatin1Char('\n'))));
        return;
    }
    edit([&](Scenario& s) {
        s.model = *spec;
        s.modelId.clear();
    }, tr("Import %1").arg(QFileInfo(path).fileName()));
}

void ModelPanel::sync()
{
    const Scenario& s = document_->scenario();
    const Estimate& e = document_->estimate();
    {
        const QSignalBlocker block(preset_);
        preset_->setCurrentIndex(std::max(0, preset_->findData(QString::fromStdString(s.modelId))));
        const QString custom = s.modelId.empty() ? tr("Custom: %1").arg(modelDisplayName(s.model)) : tr("Custom shape");
        if (preset_->itemText(0) != custom)
            preset_->setItemText(0, custom);
    }
    params_->setValue(static_cast<double>(e.model.params > 0 ? e.model.params : ledgerParameters(s.model)));
    const ModelSpec& m = s.model;
    // Latent attention has no KV heads to count: its keys and values come from one rank-r latent.
    const QString attention = m.mla() ? tr("%1 heads (MLA, KV rank %2)").arg(m.heads).arg(m.kvLoraRank)
                                      : tr("%1 heads (%2 KV)").arg(m.heads).arg(m.effectiveKvHeads());
    shape_->setText(tr("%1 layers, hidden %2, %3, FFN %4, vocabulary %5%6")
                        .arg(m.layers)
                        .arg(m.hidden)
                        .arg(attention)
                        .arg(m.ffnHidden)
                        .arg(m.vocab)
                        .arg(m.moe.isMoe() ? tr(", %1 experts, top-%2").arg(m.moe.experts).arg(m.moe.topK) : QString()));
    seqLen_->setValue(static_cast<double>(s.training.seqLen));
    microBatch_->setValue(static_cast<double>(s.training.microBatch));
    const std::int64_t perStep = s.training.microBatch * std::max(1, s.dataParallel());
    std::vector<double> globals;
    for (std::int64_t k = 1; k <= 4096; k *= 2)
        globals.push_back(static_cast<double>(perStep * k));
    globalBatch_->setSteps(globals);
    globalBatch_->setValue(static_cast<double>(s.training.globalBatch.value_or(perStep)));
    selectValue(precision_, s.training.precision);
    selectValue(gradDtype_, s.training.gradDtype.value_or(defaultGradDtype(s.training.precision)));
    selectValue(optimizer_, s.training.optimizer);
    selectValue(finetune_, s.training.finetune);
    selectValue(recompute_, s.training.recompute);
    loraRank_->setValue(s.training.loraRank);
    loraRank_->setEnabled(s.training.finetune != FineTune::Full);
    const QSignalBlocker block(flash_);
    flash_->setChecked(s.training.flashAttention);
}

// The two lines follow the font: presentation mode and View > Larger text enlarge it later.
void ModelPanel::fitShapeToFont() { shape_->setFixedHeight(2 * fontMetrics().lineSpacing() + 4); }

void ModelPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        fitShapeToFont();
    ScenarioPanel::changeEvent(event);
}

void ModelPanel::retranslate()
{
    modelBox_->setTitle(tr("Model"));
    trainingBox_->setTitle(tr("Training"));
    presetLabel_->setText(tr("&Preset:"));
    {
        const QSignalBlocker block(preset_);
        const int current = preset_->currentIndex();
        preset_->clear();
        preset_->addItem(tr("Custom shape"), QString());
        for (const ModelPreset& p : standardModelPresets().all())
            preset_->addItem(QString::fromStdString(p.spec.name), QString::fromStdString(p.spec.id));
        preset_->setCurrentIndex(std::max(0, current));
    }
    const QString presetTip = tr("A published model; its shape and source are in the preset file");
    preset_->setToolTip(presetTip);
    preset_->setWhatsThis(presetTip);
    preset_->setAccessibleName(tr("Model preset"));
    import_->setText(tr("Import Hugging Face config.json..."));
    import_->setToolTip(tr("Read the model's shape from a Hugging Face config.json (llama, mistral, mixtral, qwen2, gpt2, gpt_neox)"));
    params_->setText(tr("Parameters"), tr("parameters"),
                     tr("Exactly this many parameters for the memory ledger, on the Llama-2 family of shapes (type 7B, 70e9, ...)"));
    seqLen_->setText(tr("Sequence length"), tr("tokens"), tr("Tokens per training sequence; activations grow with it"));
    microBatch_->setText(tr("Micro-batch"), tr("sequences"), tr("Sequences each GPU processes in one forward and backward pass"));
    globalBatch_->setText(tr("Global batch"), tr("sequences"),
                          tr("Sequences per optimizer step across all GPUs; the rest is gradient accumulation"));
    loraRank_->setText(tr("LoRA rank"), QString(), tr("Rank r of the LoRA adapters A (r x in) and B (out x r)"));
    precisionLabel_->setText(tr("P&recision:"));
    fillEnumCombo(precision_, enumTable<Precision>());
    const QString precisionTip = tr("Mixed precision keeps an fp32 master copy of the weights: 2 + 2 + 4 + 4 + 4 = 16 bytes per parameter with Adam");
    precision_->setToolTip(precisionTip);
    precision_->setWhatsThis(precisionTip);
    gradLabel_->setText(tr("&Gradients:"));
    fillEnumCombo(gradDtype_, enumTable<GradDtype>());
    const QString gradTip = tr("The type gradients are kept in; fp32 accumulation is Megatron-LM's 18 bytes per parameter");
    gradDtype_->setToolTip(gradTip);
    gradDtype_->setWhatsThis(gradTip);
    optimizerLabel_->setText(tr("&Optimizer:"));
    fillEnumCombo(optimizer_, enumTable<Optimizer>());
    const QString optimizerTip = tr("Adam keeps two fp32 moments per parameter; 8-bit Adam and Adafactor keep much less");
    optimizer_->setToolTip(optimizerTip);
    optimizer_->setWhatsThis(optimizerTip);
    finetuneLabel_->setText(tr("&Fine-tuning:"));
    fillEnumCombo(finetune_, enumTable<FineTune>());
    const QString finetuneTip = tr("LoRA freezes the base weights and trains small adapters: no optimizer state for the base");
    finetune_->setToolTip(finetuneTip);
    finetune_->setWhatsThis(finetuneTip);
    recomputeLabel_->setText(tr("Re&computation:"));
    fillEnumCombo(recompute_, enumTable<Recompute>());
    const QString recomputeTip = tr("Recomputing activations in the backward pass trades compute for memory");
    recompute_->setToolTip(recomputeTip);
    recompute_->setWhatsThis(recomputeTip);
    flash_->setText(tr("Flash&Attention"));
    flash_->setToolTip(tr("FlashAttention never stores the s x s attention scores"));
    flash_->setWhatsThis(flash_->toolTip());
    syncing_ = true;
    sync();
    syncing_ = false;
}

} // namespace shardscope::ui
