#include "ui/views/data_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/charts/chart_panel.h"
#include "ui/charts/data_sharding_chart.h"
#include "ui/controls/enum_combo.h"
#include "ui/controls/flow_layout.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

DataSpec defaultDataSpec(const Scenario& s)
{
    DataSpec spec;
    spec.ranks = std::clamp(s.dataParallel(), 1, 16);
    spec.samples = 6 * spec.ranks + 3;
    spec.shuffle = true;
    spec.tp = std::min(s.parallel.tp, 8);
    spec.pp = std::min(s.parallel.pp, 4);
    return spec;
}

DataView::DataView(const ViewContext&, QWidget* parent)
    : View(parent), samplesLabel_(new QLabel), ranksLabel_(new QLabel), samplerLabel_(new QLabel), seedLabel_(new QLabel),
      epochLabel_(new QLabel), microLabel_(new QLabel), consumedLabel_(new QLabel), samples_(new QSpinBox),
      ranks_(new QSpinBox), sampler_(new QComboBox), shuffle_(new QCheckBox), dropLast_(new QCheckBox), seed_(new QSpinBox),
      epoch_(new QSpinBox), micro_(new QSpinBox), consumed_(new QSpinBox), notes_(new QLabel), seeds_(new QTableWidget),
      chart_(new DataShardingChart), panel_(new ChartPanel(chart_))
{
    auto* layout = new QVBoxLayout(this);
    auto* controls = new FlowLayout(Qt::AlignLeft, 12);  // each label beside its field; pairs wrap
    samples_->setRange(1, 1000000000);
    ranks_->setRange(1, 4096);
    seed_->setRange(0, 2147483647);
    epoch_->setRange(0, 1000000);
    micro_->setRange(1, 4096);
    consumed_->setRange(0, 1000000000);
    fillEnumCombo(sampler_, enumTable<SamplerKind>());
    const std::pair<QLabel*, QWidget*> fields[] = {{samplesLabel_, samples_}, {ranksLabel_, ranks_}, {samplerLabel_, sampler_},
                                                   {seedLabel_, seed_},       {epochLabel_, epoch_}, {microLabel_, micro_},
                                                   {consumedLabel_, consumed_}};
    for (const auto& [label, widget] : fields) {
        label->setBuddy(widget);
        auto* pair = new QWidget;
        auto* row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(label);
        row->addWidget(widget);
        controls->addWidget(pair);
    }
    controls->addWidget(shuffle_);
    controls->addWidget(dropLast_);
    layout->addLayout(controls);
    notes_->setWordWrap(true);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(notes_);
    seeds_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    seeds_->verticalHeader()->setVisible(false);
    seeds_->horizontalHeader()->setStretchLastSection(true);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(panel_);
    split->addWidget(seeds_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    const auto changed = [this] {
        if (updating_)
            return;
        edited_ = true;
        recompute();
    };
    for (QSpinBox* box : {samples_, ranks_, seed_, epoch_, micro_, consumed_})
        connect(box, &QSpinBox::valueChanged, this, changed);
    connect(sampler_, &QComboBox::currentIndexChanged, this, changed);
    connect(shuffle_, &QCheckBox::toggled, this, changed);
    connect(dropLast_, &QCheckBox::toggled, this, changed);
    retranslate();
    setSpec(DataSpec{});
    edited_ = false;
}

void DataView::setSpec(const DataSpec& spec)
{
    updating_ = true;
    samples_->setValue(static_cast<int>(std::min<std::int64_t>(spec.samples, samples_->maximum())));
    ranks_->setValue(spec.ranks);
    selectEnumValue(sampler_, static_cast<int>(spec.sampler));
    shuffle_->setChecked(spec.shuffle);
    dropLast_->setChecked(spec.dropLast);
    seed_->setValue(static_cast<int>(std::min<std::uint64_t>(spec.seed, 2147483647u)));
    epoch_->setValue(static_cast<int>(spec.epoch));
    micro_->setValue(static_cast<int>(spec.microBatch));
    consumed_->setValue(static_cast<int>(spec.consumed));
    tp_ = spec.tp;
    pp_ = spec.pp;
    updating_ = false;
    edited_ = true;
    recompute();
}

void DataView::scenarioChanged(const Scenario& scenario, const Estimate&)
{
    if (edited_)
        return;
    setSpec(defaultDataSpec(scenario));
    edited_ = false;
}

DataSpec DataView::specFromControls() const
{
    DataSpec s;
    s.samples = samples_->value();
    s.ranks = ranks_->value();
    s.sampler = static_cast<SamplerKind>(sampler_->currentData().toInt());
    s.shuffle = shuffle_->isChecked();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    if (s.sampler == SamplerKind::PyTorch) {
        s.dropLast = dropLast_->isChecked();
        s.epoch = epoch_->value();
    } else {
        s.microBatch = micro_->value();
        s.consumed = consumed_->value();
    }
    s.tp = tp_;
    s.pp = pp_;
    return s;
}

void DataView::recompute()
{
    const DataSpec spec = specFromControls();
    const bool pytorch = spec.sampler == SamplerKind::PyTorch;
    for (QWidget* w : {static_cast<QWidget*>(dropLast_), static_cast<QWidget*>(epoch_)})
        w->setEnabled(pytorch);
    for (QWidget* w : {static_cast<QWidget*>(micro_), static_cast<QWidget*>(consumed_)})
        w->setEnabled(!pytorch);
    const Diagnostics problems = checkDataSpec(spec);
    QStringList lines;
    DataSharding sharding;
    if (hasErrors(problems)) {
        for (const Diagnostic& d : problems)
            lines << QStringLiteral("%1 %2").arg(QString::fromStdString(d.field), diagnosticText(d));
    } else {
        sharding = shardData(spec);
        for (const Diagnostic& d : sharding.notes)
            lines << diagnosticText(d);
        // In groups of 16 hex digits, as key fingerprints are shown: 64 digits in one word would
        // set the view's minimum width (682 px with text x1.5); the CLI prints it whole.
        QString manifest = QString::fromStdString(sharding.manifest);
        for (qsizetype i = manifest.size() - 16; i > 0; i -= 16)
            manifest.insert(i, QLatin1Char(' '));
        lines << tr("Manifest (SHA-256 of sampler, N, R, drop_last, shuffle, seed, epoch, consumed, micro-batch): %1").arg(manifest);
    }
    notes_->setText(lines.join(QLatin1Char('\n')));
    chart_->setSharding(spec, sharding);
    seeds_->clearContents();
    seeds_->setRowCount(static_cast<int>(sharding.seeds.size()));
    for (int r = 0; r < static_cast<int>(sharding.seeds.size()); ++r) {
        const RankSeeds& s = sharding.seeds[static_cast<std::size_t>(r)];
        const QStringList cells = {QString::number(s.rank), QString::number(s.tpRank), QString::number(s.dpRank),
                                   QString::number(s.ppRank), QString::number(s.base), QString::number(s.tensorParallel)};
        for (int c = 0; c < cells.size(); ++c)
            seeds_->setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    seeds_->resizeColumnsToContents();
}

void DataView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        recompute();
    }
    View::changeEvent(event);
}

void DataView::retranslate()
{
    samplesLabel_->setText(tr("&Samples:"));
    ranksLabel_->setText(tr("&Ranks:"));
    samplerLabel_->setText(tr("Sa&mpler:"));
    seedLabel_->setText(tr("S&eed:"));
    epochLabel_->setText(tr("E&poch:"));
    microLabel_->setText(tr("&Micro-batch:"));
    consumedLabel_->setText(tr("&Consumed:"));
    shuffle_->setText(tr("S&huffle"));
    dropLast_->setText(tr("&Drop last"));
    shuffle_->setToolTip(tr("DistributedSampler: torch.randperm seeded with seed + epoch. Megatron-LM: the cyclic sampler, seeded with the epoch"));
    dropLast_->setToolTip(tr("Drop the tail instead of repeating samples from the start"));
    consumed_->setToolTip(tr("Megatron-LM: samples consumed before a resume (a global count)"));
    const int sampler = sampler_->currentData().toInt();
    fillEnumCombo(sampler_, enumTable<SamplerKind>());
    selectEnumValue(sampler_, sampler);
    seeds_->setColumnCount(6);
    seeds_->setHorizontalHeaderLabels({tr("Rank"), tr("TP rank"), tr("DP rank"), tr("PP rank"), tr("Python, NumPy, torch seed"),
                                       tr("Dropout seed in TP regions")});
    seeds_->setToolTip(tr("Megatron-LM: seed + 100 x pipeline rank; tensor-parallel regions add 2718 + tensor-parallel rank "
                          "(megatron/training/initialize.py, megatron/core/tensor_parallel/random.py)"));
}

} // namespace shardscope::ui
