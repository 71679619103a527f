#pragma once
#include <QWidget>

#include "core/plan/plan_scenes.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace shardscope::ui {

// The Plan view's left column: the article's scenes, the objective and the constraints the
// planner supports (core/plan/plan_types.h, PlanConstraints), and the scene's advice.
class PlanControls : public QWidget {
    Q_OBJECT
public:
    explicit PlanControls(QWidget* parent = nullptr);

    PlanConstraints constraints() const;
    PlanObjective objective() const;
    int top() const;
    // Shows a request's constraints, objective and top K without emitting changed().
    void setRequest(const PlanRequest& request);
    void clearScene();   // back to "no scene", the advice hidden
    void setAdvice(const Diagnostic& advice);

    QComboBox* sceneBox() const { return scene_; }
    QComboBox* objectiveBox() const { return objective_; }
    QSpinBox* maxTpBox() const { return maxTp_; }
    QComboBox* zeroBox() const { return zero_; }
    QLabel* adviceLabel() const { return advice_; }

signals:
    void changed();                      // the objective or a constraint: plan again
    void sceneChosen(shardscope::PlanScene scene);
    void sceneCleared();                 // "none" chosen: the scene and its advice end

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QFormLayout* form_;
    QComboBox* scene_;
    QLabel* advice_;
    QComboBox* objective_;
    QSpinBox* maxTp_;
    QSpinBox* maxPp_;
    QSpinBox* maxCp_;
    QSpinBox* maxEp_;  // expert parallelism: only a MoE model has experts to split
    QComboBox* zero_;
    QComboBox* recompute_;
    QCheckBox* offload_;
    QSpinBox* top_;
    QLabel* help_;
};

} // namespace shardscope::ui
