#pragma once
#include "ui/controls/scenario_panel.h"

class QCheckBox;
class QComboBox;
class QLabel;

namespace shardscope::ui {

// Operations controls (the scenario's ops group): where the failure rate comes from and its
// value, the restart time, the storage bandwidth, the checkpoint interval (Daly's optimum or a
// chosen one) and asynchronous saving. Edits are undoable scenario changes like every panel's.
class OpsPanel : public ScenarioPanel {
    Q_OBJECT
public:
    explicit OpsPanel(ScenarioDocument* document, QWidget* parent = nullptr);

    ValueSlider* failureSlider() const { return failures_; }
    ValueSlider* storageSlider() const { return storage_; }
    ValueSlider* intervalSlider() const { return interval_; }
    QCheckBox* dalyBox() const { return daly_; }

protected:
    void sync() override;
    void retranslate() override;

private:
    QLabel* presetLabel_;
    QComboBox* preset_;
    ValueSlider* failures_;
    ValueSlider* restart_;
    ValueSlider* storage_;
    ValueSlider* interval_;
    QCheckBox* daly_;
    QCheckBox* async_;
};

} // namespace shardscope::ui
