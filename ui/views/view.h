#pragma once
#include <QList>
#include <QWidget>

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

namespace shardscope::ui {

class BackgroundRunner;
class ChartPanel;
class ScenarioDocument;

// What a view may use: the document it shows and the worker for slow computations.
struct ViewContext {
    ScenarioDocument* document = nullptr;
    BackgroundRunner* runner = nullptr;
};

// One tab of the main window. The window knows views only through this interface and the
// registry (view_registry.cpp): it calls scenarioChanged() after every edit (coalesced, at most
// once per event-loop pass) and collects panels() for export and copy.
class View : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // The chart panels of this view, in export order.
    virtual QList<ChartPanel*> panels() const = 0;

    // The document's scenario or its estimate changed: show them (request background work for
    // what is slow). The estimate is the document's, valid or not.
    virtual void scenarioChanged(const Scenario& scenario, const Estimate& estimate) = 0;

    // Start now any work put off while hidden (a view may skip costly background work until it is
    // shown); MainWindow::settle() calls it before an export or a screenshot.
    virtual void catchUp() {}
};

} // namespace shardscope::ui
