#include "ui/controls/layout_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

#include "core/hardware/gpu_spec.h"
#include "core/scenario/layout_options.h"
#include "ui/controls/enum_combo.h"
#include "ui/controls/value_slider.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

enum MergeKey { kGpus = 200, kTp, kPp, kCp, kEp, kVpp, kPerNode };

std::vector<double> toDoubles(const std::vector<int>& values) { return {values.begin(), values.end()}; }

std::optional<double> positiveInt(const QString& text)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 1)
        return std::nullopt;
    return value;
}

QString integer(double v) { return QString::number(static_cast<long long>(std::llround(v))); }

// Changing a model-parallel size keeps the GPU count: data parallelism takes what is left
// (the slider only offers sizes that leave a whole number).
void setModelParallel(Scenario& s, int ParallelSpec::*member, int value)
{
    s.parallel.*member = value;
    s.parallel.dp.reset();
}

} // namespace

LayoutPanel::LayoutPanel(ScenarioDocument* document, QWidget* parent)
    : ScenarioPanel(document, parent), layoutBox_(new QGroupBox(this)), clusterBox_(new QGroupBox(this)),
      gpus_(new ValueSlider(this)), dp_(new QLabel(this)), tp_(new ValueSlider(this)), pp_(new ValueSlider(this)),
      cp_(new ValueSlider(this)), ep_(new ValueSlider(this)), vpp_(new ValueSlider(this)), zeroLabel_(new QLabel(this)),
      zero_(new QComboBox(this)), sequenceParallel_(new QCheckBox(this)), offloadLabel_(new QLabel(this)),
      offload_(new QComboBox(this)), gpuLabel_(new QLabel(this)), gpu_(new QComboBox(this)), perNode_(new ValueSlider(this)),
      rankOrderLabel_(new QLabel(this)), rankOrder_(new QComboBox(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout(layoutBox_);
    form->addRow(gpus_);
    form->addRow(dp_);
    form->addRow(tp_);
    form->addRow(sequenceParallel_);
    form->addRow(pp_);
    form->addRow(vpp_);
    form->addRow(cp_);
    form->addRow(ep_);
    form->addRow(zeroLabel_, zero_);
    form->addRow(offloadLabel_, offload_);
    layout->addWidget(layoutBox_);
    auto* cluster = new QFormLayout(clusterBox_);
    cluster->addRow(gpuLabel_, gpu_);
    cluster->addRow(perNode_);
    cluster->addRow(rankOrderLabel_, rankOrder_);
    rankOrderLabel_->setBuddy(rankOrder_);
    layout->addWidget(clusterBox_);
    zeroLabel_->setBuddy(zero_);
    offloadLabel_->setBuddy(offload_);
    gpuLabel_->setBuddy(gpu_);
    dp_->setWordWrap(true);

    for (ValueSlider* slider : {gpus_, tp_, pp_, cp_, ep_, vpp_, perNode_})
        slider->setParser(positiveInt, integer);
    perNode_->setSteps({1, 2, 4, 8, 16});

    bindSlider(gpus_, kGpus, tr("Change GPU count"), [](Scenario& s, double v) {
        s.parallel.gpus = static_cast<int>(std::llround(v));
        s.parallel.dp.reset();
    });
    bindSlider(tp_, kTp, tr("Change tensor parallelism"),
               [](Scenario& s, double v) { setModelParallel(s, &ParallelSpec::tp, static_cast<int>(std::llround(v))); });
    bindSlider(pp_, kPp, tr("Change pipeline parallelism"), [](Scenario& s, double v) {
        setModelParallel(s, &ParallelSpec::pp, static_cast<int>(std::llround(v)));
        if (s.parallel.pp == 1)
            s.parallel.vpp = 1;
    });
    bindSlider(cp_, kCp, tr("Change context parallelism"),
               [](Scenario& s, double v) { setModelParallel(s, &ParallelSpec::cp, static_cast<int>(std::llround(v))); });
    bindSlider(ep_, kEp, tr("Change expert parallelism"),
               [](Scenario& s, double v) { s.parallel.ep = static_cast<int>(std::llround(v)); });
    bindSlider(vpp_, kVpp, tr("Change virtual pipeline stages"),
               [](Scenario& s, double v) { s.parallel.vpp = static_cast<int>(std::llround(v)); });
    bindSlider(perNode_, kPerNode, tr("Change GPUs per node"),
               [](Scenario& s, double v) { s.cluster.gpusPerNode = static_cast<int>(std::llround(v)); });

    connect(zero_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) {
            s.parallel.zero = zero_->currentData().toInt();
            if (s.parallel.zero < 3 && s.parallel.offload == Offload::OptimizerAndParams)
                s.parallel.offload = Offload::Optimizer;
            if (s.parallel.zero == 0)
                s.parallel.offload = Offload::None;
        }, tr("Change ZeRO stage"));
    });
    connect(offload_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.parallel.offload = static_cast<Offload>(offload_->currentData().toInt()); }, tr("Change offload"));
    });
    connect(sequenceParallel_, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Scenario& s) { s.parallel.sequenceParallel = on; }, tr("Toggle sequence parallelism"));
    });
    connect(rankOrder_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.parallel.rankOrder = static_cast<RankOrder>(rankOrder_->currentData().toInt()); },
             tr("Change rank order"));
    });
    connect(gpu_, &QComboBox::activated, this, [this](int) {
        edit([&](Scenario& s) { s.cluster.gpu = gpu_->currentData().toString().toStdString(); }, tr("Change GPU"));
    });

    registerField("parallel.gpus", gpus_);
    registerField("parallel.dp", gpus_);
    registerField("parallel.tp", tp_);
    registerField("parallel.pp", pp_);
    registerField("parallel.cp", cp_);
    registerField("parallel.ep", ep_);
    registerField("parallel.vpp", vpp_);
    registerField("cluster.gpus_per_node", perNode_);
    registerField("parallel.zero", zero_);
    registerField("parallel.offload", offload_);
    registerField("parallel.sequence_parallel", sequenceParallel_);
    registerField("cluster.gpu", gpu_);
    registerField("parallel.rank_order", rankOrder_);
    retranslate();
}

void LayoutPanel::sync()
{
    const Scenario& s = document_->scenario();
    const LayoutOptions options = layoutOptions(s);
    gpus_->setSteps(toDoubles(options.gpus));
    gpus_->setValue(s.parallel.gpus);
    tp_->setSteps(toDoubles(options.tp));
    tp_->setValue(s.parallel.tp);
    pp_->setSteps(toDoubles(options.pp));
    pp_->setValue(s.parallel.pp);
    cp_->setSteps(toDoubles(options.cp));
    cp_->setValue(s.parallel.cp);
    ep_->setSteps(toDoubles(options.ep));
    ep_->setValue(s.parallel.ep);
    ep_->setEnabled(s.model.moe.isMoe());
    vpp_->setSteps(toDoubles(options.vpp));
    vpp_->setValue(s.parallel.vpp);
    vpp_->setEnabled(s.parallel.pp > 1);
    perNode_->setValue(s.cluster.gpusPerNode);
    const int dp = s.dataParallel();
    dp_->setText(dp > 0 ? tr("Data parallel (DP): %1 = %n GPUs / (TP %2 x PP %3 x CP %4)", nullptr, s.parallel.gpus)
                              .arg(dp)
                              .arg(s.parallel.tp)
                              .arg(s.parallel.pp)
                              .arg(s.parallel.cp)
                        : tr("Data parallel (DP): the GPU count is not a multiple of TP x PP x CP"));
    {
        const QSignalBlocker block(zero_);
        zero_->setCurrentIndex(zero_->findData(s.parallel.zero));
    }
    {
        const QSignalBlocker block(offload_);
        offload_->setCurrentIndex(offload_->findData(static_cast<int>(s.parallel.offload)));
    }
    {
        const QSignalBlocker block(sequenceParallel_);
        sequenceParallel_->setChecked(s.parallel.sequenceParallel);
        sequenceParallel_->setEnabled(s.parallel.tp > 1);
    }
    {
        const QSignalBlocker block(rankOrder_);
        selectEnumValue(rankOrder_, static_cast<int>(s.parallel.rankOrder));
    }
    const QSignalBlocker block(gpu_);
    gpu_->setCurrentIndex(gpu_->findData(QString::fromStdString(s.cluster.gpu)));
}

void LayoutPanel::retranslate()
{
    layoutBox_->setTitle(tr("Parallel layout"));
    clusterBox_->setTitle(tr("Cluster"));
    gpus_->setText(tr("GPUs"), tr("GPUs"), tr("How many GPUs train together; data parallelism fills what TP, PP and CP leave"));
    tp_->setText(tr("Tensor parallel (TP)"), QString(), tr("Splits every weight matrix across GPUs; needs fast links, so it stays inside a node"));
    pp_->setText(tr("Pipeline parallel (PP)"), tr("stages"), tr("Splits the layers into stages on different GPUs; costs a pipeline bubble"));
    cp_->setText(tr("Context parallel (CP)"), QString(), tr("Splits the sequence across GPUs: the cure for very long contexts"));
    ep_->setText(tr("Expert parallel (EP)"), QString(), tr("Places different experts of a mixture-of-experts model on different GPUs"));
    vpp_->setText(tr("Virtual pipeline stages"), QString(), tr("Model chunks per GPU for the interleaved schedule: a smaller bubble"));
    perNode_->setText(tr("GPUs per node"), QString(), tr("GPUs that share the fast intra-node links (NVLink)"));
    zeroLabel_->setText(tr("&ZeRO / FSDP:"));
    {
        const QSignalBlocker block(zero_);
        zero_->clear();
        zero_->addItem(tr("0: replicate everything (plain DP)"), 0);
        zero_->addItem(tr("1: shard optimizer states"), 1);
        zero_->addItem(tr("2: also shard gradients"), 2);
        zero_->addItem(tr("3: also shard weights (FSDP)"), 3);
    }
    const QString zeroTip = tr("ZeRO shards model states across the data-parallel GPUs instead of copying them");
    zero_->setToolTip(zeroTip);
    zero_->setWhatsThis(zeroTip);
    sequenceParallel_->setText(tr("&Sequence parallelism"));
    sequenceParallel_->setToolTip(tr("Also splits norms and dropout along the sequence across the TP GPUs"));
    sequenceParallel_->setWhatsThis(sequenceParallel_->toolTip());
    offloadLabel_->setText(tr("O&ffload:"));
    fillEnumCombo(offload_, enumTable<Offload>());
    const QString offloadTip = tr("Keep optimizer states (and parameters) in CPU memory: less GPU memory, slower steps");
    offload_->setToolTip(offloadTip);
    offload_->setWhatsThis(offloadTip);
    gpuLabel_->setText(tr("G&PU:"));
    {
        const QSignalBlocker block(gpu_);
        gpu_->clear();
        for (const GpuSpec& g : standardGpuPresets().all())
            gpu_->addItem(QString::fromStdString(g.name), QString::fromStdString(g.id));
    }
    rankOrderLabel_->setText(tr("&Rank order:"));
    fillEnumCombo(rankOrder_, enumTable<RankOrder>());
    const QString orderTip = tr("How ranks are numbered, innermost first; GPUs fill nodes in rank order, so the innermost "
                                "dimension stays inside a node");
    rankOrder_->setToolTip(orderTip);
    rankOrder_->setWhatsThis(orderTip);
    const QString gpuTip = tr("Memory, peak FLOP/s and link bandwidths come from the GPU's datasheet");
    gpu_->setToolTip(gpuTip);
    gpu_->setWhatsThis(gpuTip);
    syncing_ = true;
    sync();
    syncing_ = false;
}

} // namespace shardscope::ui
