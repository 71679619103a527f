#pragma once
#include <memory>
#include <span>

#include "ui/views/view.h"

namespace shardscope::ui {

class ChartBase;

// A chart as `shardscope-cli export --chart NAME` renders it: filled from core for the scenario,
// without a window (the drift chart shows the article's experiment).
struct ChartEntry {
    const char* name;  // the export and CLI name; also the chart class's exportName()
    std::unique_ptr<ChartBase> (*render)(const Scenario& scenario, const Estimate& estimate);
};

// A view of the main window: adding a view is one entry here (docs/architecture.md, "Where to
// add a chart or a view").
struct ViewEntry {
    const char* id;     // `shardscope --view ID`, and what settings remember
    const char* title;  // the tab's title, translatable (context "ViewTitle")
    View* (*create)(const ViewContext& context);
    std::span<const ChartEntry> charts;
};

std::span<const ViewEntry> viewRegistry();
const ViewEntry* findView(std::string_view id);
const ChartEntry* findChartEntry(std::string_view name);

} // namespace shardscope::ui
