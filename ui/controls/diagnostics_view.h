#pragma once
#include <QLabel>

#include "core/common/diagnostics.h"

namespace shardscope::ui {

// The current scenario's findings, translated, most severe first: errors (an impossible layout),
// warnings (it does not fit) and notes, shown above the charts.
class DiagnosticsView : public QLabel {
    Q_OBJECT
public:
    explicit DiagnosticsView(QWidget* parent = nullptr);
    void setDiagnostics(const Diagnostics& diagnostics);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    Diagnostics diagnostics_;
};

} // namespace shardscope::ui
