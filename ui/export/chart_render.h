#pragma once
#include <QString>

#include <string>
#include <vector>

#include "core/estimate/estimate.h"
#include "ui/export/chart_export.h"
#include "ui/i18n/language.h"
#include "ui/theme/theme.h"

namespace shardscope::ui {

// The names of every chart the view registry can render without a window.
std::vector<std::string> renderableChartNames();

// Renders the registered chart `name` for the scenario and writes it to `path` (PNG, SVG or PDF)
// in the given theme and language: what `shardscope-cli export` does (app/cli_main.cpp calls
// this; the GUI library does not know the command line). Needs a QApplication.
bool renderChartFile(const std::string& name, const Scenario& scenario, const Estimate& estimate, const QString& path,
                     const ExportOptions& options, ThemeKind theme, Language language, QString* error);

} // namespace shardscope::ui
