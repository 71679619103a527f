#pragma once
#include <QDialog>

#include "core/engines/engine_export.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace shardscope::ui {

// File > Export training config: the current scenario as a training engine's own file
// (core/engines): choose the engine, read the file with its target version and the rules it was
// checked against, and save it (atomically). A scenario the engine cannot express shows the rule
// it breaks instead of a file.
class EngineConfigDialog : public QDialog {
    Q_OBJECT
public:
    EngineConfigDialog(const Scenario& scenario, QWidget* parent = nullptr);
    void setEngine(Engine engine);
    const EngineConfig& config() const { return config_; }
    QString shownText() const;
    bool saveTo(const QString& path, QString* error = nullptr);

private:
    void regenerate();
    void saveInteractive();

    Scenario scenario_;
    EngineConfig config_;
    QComboBox* engine_;
    QLabel* target_;
    QLabel* findings_;
    QPlainTextEdit* text_;
    QLineEdit* launch_;
    QPushButton* save_;
};

} // namespace shardscope::ui
