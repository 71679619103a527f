#pragma once
#include <QList>

#include "ui/controls/scenario_panel.h"

class QHBoxLayout;

namespace shardscope::ui {

// The slim row of sliders that presentation mode keeps on screen: only those that move the
// chart in sight (the full panels are hidden so the charts can fill the screen). Each slider
// edits the document like its twin in the side panel, so undo and the side panel follow.
class PresentationStrip : public ScenarioPanel {
    Q_OBJECT
public:
    enum class Knob { Params, Gpus, Tp, Pp, SeqLen, MicroBatch };

    explicit PresentationStrip(ScenarioDocument* document, QWidget* parent = nullptr);

    // The knobs that matter for a view (by its registry id); the others are hidden.
    static QList<Knob> knobsForView(const QString& viewId);
    void showKnobs(const QList<Knob>& knobs);
    ValueSlider* slider(Knob knob) const;

protected:
    void sync() override;
    void retranslate() override;

private:
    QList<ValueSlider*> sliders_;  // indexed by Knob
};

} // namespace shardscope::ui
