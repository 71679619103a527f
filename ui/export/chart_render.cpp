#include "ui/export/chart_render.h"

#include "core/scenario/assumptions.h"
#include "ui/charts/chart_base.h"
#include "ui/views/view_registry.h"

namespace shardscope::ui {

std::vector<std::string> renderableChartNames()
{
    std::vector<std::string> names;
    for (const ViewEntry& view : viewRegistry()) {
        for (const ChartEntry& chart : view.charts)
            names.emplace_back(chart.name);
    }
    return names;
}

bool renderChartFile(const std::string& name, const Scenario& scenario, const Estimate& estimate, const QString& path,
                     const ExportOptions& options, ThemeKind theme, Language language, QString* error)
{
    const ChartEntry* entry = findChartEntry(name);
    if (entry == nullptr) {
        if (error != nullptr)
            *error = QStringLiteral("no chart named %1").arg(QString::fromStdString(name));
        return false;
    }
    installLanguage(language);
    applyTheme(theme);
    std::unique_ptr<ChartBase> chart = entry->render(scenario, estimate);
    chart->setTheme(theme);
    chart->resize(options.size);
    ExportOptions captioned = options;
    if (captioned.caption.isEmpty())
        captioned.caption = QString::fromStdString(chartCaption(scenario));
    return exportChart(chart.get(), path, captioned, error);
}

} // namespace shardscope::ui
