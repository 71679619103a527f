#include "ui/presentation/presentation_strip.h"

#include <QHBoxLayout>
#include <QLocale>

#include <cmath>

#include "core/model/model_spec.h"
#include "core/model/params_family.h"
#include "core/scenario/layout_options.h"
#include "ui/controls/value_slider.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

// Merge keys of their own: a drag here is one undo step, apart from the side panel's.
constexpr int kMergeBase = 900;

template <typename T>
std::vector<double> toDoubles(const std::vector<T>& values)
{
    return {values.begin(), values.end()};
}

std::optional<double> positiveWhole(const QString& text)
{
    const std::optional<double> v = parseCount(text);
    if (!v || *v < 1)
        return std::nullopt;
    return std::round(*v);
}

QString whole(double v) { return QLocale().toString(static_cast<qlonglong>(std::llround(v))); }

} // namespace

PresentationStrip::PresentationStrip(ScenarioDocument* document, QWidget* parent) : ScenarioPanel(document, parent)
{
    setObjectName(QStringLiteral("PresentationStrip"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    for (int i = 0; i <= static_cast<int>(Knob::MicroBatch); ++i) {
        auto* s = new ValueSlider(this);
        s->setParser(positiveWhole, whole);
        s->setMinimumWidth(220);
        layout->addWidget(s, 1);
        sliders_.append(s);
    }
    slider(Knob::Params)->setParser(positiveWhole, [](double v) { return countLabel(v); });
    slider(Knob::Params)->setSteps(toDoubles(parameterCountSteps()));
    slider(Knob::SeqLen)->setSteps(toDoubles(sequenceLengthSteps()));
    slider(Knob::MicroBatch)->setSteps({1, 2, 4, 8, 16, 32, 64});

    bindSlider(slider(Knob::Params), kMergeBase, tr("Change parameter count"), [](Scenario& s, double v) {
        s.model = shapeForParameterCount(static_cast<std::int64_t>(std::llround(v)));
        s.modelId.clear();
    });
    bindSlider(slider(Knob::Gpus), kMergeBase + 1, tr("Change GPU count"), [](Scenario& s, double v) {
        s.parallel.gpus = static_cast<int>(std::llround(v));
        s.parallel.dp.reset();
    });
    bindSlider(slider(Knob::Tp), kMergeBase + 2, tr("Change tensor parallelism"), [](Scenario& s, double v) {
        s.parallel.tp = static_cast<int>(std::llround(v));
        s.parallel.dp.reset();
    });
    bindSlider(slider(Knob::Pp), kMergeBase + 3, tr("Change pipeline parallelism"), [](Scenario& s, double v) {
        s.parallel.pp = static_cast<int>(std::llround(v));
        s.parallel.dp.reset();
        if (s.parallel.pp == 1)
            s.parallel.vpp = 1;
    });
    bindSlider(slider(Knob::SeqLen), kMergeBase + 4, tr("Change sequence length"),
               [](Scenario& s, double v) { s.training.seqLen = static_cast<std::int64_t>(std::llround(v)); });
    bindSlider(slider(Knob::MicroBatch), kMergeBase + 5, tr("Change micro-batch"),
               [](Scenario& s, double v) { s.training.microBatch = static_cast<std::int64_t>(std::llround(v)); });
    registerField("model.params", slider(Knob::Params));
    registerField("parallel.gpus", slider(Knob::Gpus));
    registerField("parallel.tp", slider(Knob::Tp));
    registerField("parallel.pp", slider(Knob::Pp));
    registerField("training.seq_len", slider(Knob::SeqLen));
    registerField("training.micro_batch", slider(Knob::MicroBatch));
    retranslate();
}

ValueSlider* PresentationStrip::slider(Knob knob) const { return sliders_[static_cast<int>(knob)]; }

QList<PresentationStrip::Knob> PresentationStrip::knobsForView(const QString& viewId)
{
    // What moves each view's chart the most (the article's points): memory with model size and
    // GPU count, sequence length with the context, scaling with the GPU count and the split.
    if (viewId == QLatin1String("memory"))
        return {Knob::Params, Knob::Gpus, Knob::SeqLen};
    if (viewId == QLatin1String("sequence"))
        return {Knob::SeqLen, Knob::Gpus, Knob::MicroBatch};
    if (viewId == QLatin1String("scaling"))
        return {Knob::Gpus, Knob::Tp, Knob::Pp};
    if (viewId == QLatin1String("operations"))
        return {Knob::Params, Knob::Gpus};
    if (viewId == QLatin1String("plan"))
        return {Knob::Params, Knob::Gpus, Knob::SeqLen};  // the planner re-plans as they move
    if (viewId == QLatin1String("precision"))
        return {};  // the precision view's own experiment controls stay in the view
    return {Knob::Gpus};
}

void PresentationStrip::showKnobs(const QList<Knob>& knobs)
{
    for (int i = 0; i < sliders_.size(); ++i)
        sliders_[i]->setVisible(knobs.contains(static_cast<Knob>(i)));
}

void PresentationStrip::sync()
{
    const Scenario& s = document_->scenario();
    const LayoutOptions options = layoutOptions(s);
    const Estimate& e = document_->estimate();
    slider(Knob::Params)->setValue(static_cast<double>(e.model.params > 0 ? e.model.params : ledgerParameters(s.model)));
    slider(Knob::Gpus)->setSteps(toDoubles(options.gpus));
    slider(Knob::Gpus)->setValue(s.parallel.gpus);
    slider(Knob::Tp)->setSteps(toDoubles(options.tp));
    slider(Knob::Tp)->setValue(s.parallel.tp);
    slider(Knob::Pp)->setSteps(toDoubles(options.pp));
    slider(Knob::Pp)->setValue(s.parallel.pp);
    slider(Knob::SeqLen)->setValue(static_cast<double>(s.training.seqLen));
    slider(Knob::MicroBatch)->setValue(static_cast<double>(s.training.microBatch));
}

void PresentationStrip::retranslate()
{
    slider(Knob::Params)->setText(tr("Parameters"), QString(), tr("The model's parameter count"));
    slider(Knob::Gpus)->setText(tr("GPUs"), tr("GPUs"), tr("How many GPUs train together"));
    slider(Knob::Tp)->setText(tr("Tensor parallel (TP)"), QString(), tr("Splits every weight matrix across GPUs"));
    slider(Knob::Pp)->setText(tr("Pipeline parallel (PP)"), QString(), tr("Splits the layers into stages"));
    slider(Knob::SeqLen)->setText(tr("Sequence length"), tr("tokens"), tr("Tokens per sequence"));
    slider(Knob::MicroBatch)->setText(tr("Micro-batch"), QString(), tr("Sequences per GPU per forward pass"));
    syncing_ = true;
    sync();
    syncing_ = false;
}

} // namespace shardscope::ui
