#pragma once
#include "ui/controls/scenario_panel.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;

namespace shardscope::ui {

// Model and training controls: preset, config.json import, the parameter-count slider (log
// scale, 100M to 2T, on the --params family of shapes), sequence length, batches, precision
// recipe, optimizer, fine-tuning, recomputation and FlashAttention.
class ModelPanel : public ScenarioPanel {
    Q_OBJECT
public:
    explicit ModelPanel(ScenarioDocument* document, QWidget* parent = nullptr);

    ValueSlider* parameterSlider() const { return params_; }
    ValueSlider* sequenceSlider() const { return seqLen_; }
    void importConfig(const QString& path);  // a Hugging Face config.json

signals:
    void importRequested();

protected:
    void sync() override;
    void retranslate() override;
    void changeEvent(QEvent* event) override;

private:
    void fitShapeToFont();
    QGroupBox* modelBox_;
    QGroupBox* trainingBox_;
    QLabel* presetLabel_;
    QComboBox* preset_;
    QPushButton* import_;
    QLabel* shape_;
    ValueSlider* params_;
    ValueSlider* seqLen_;
    ValueSlider* microBatch_;
    ValueSlider* globalBatch_;
    QLabel* precisionLabel_;
    QComboBox* precision_;
    QLabel* gradLabel_;
    QComboBox* gradDtype_;
    QLabel* optimizerLabel_;
    QComboBox* optimizer_;
    QLabel* finetuneLabel_;
    QComboBox* finetune_;
    ValueSlider* loraRank_;
    QLabel* recomputeLabel_;
    QComboBox* recompute_;
    QCheckBox* flash_;
};

} // namespace shardscope::ui
