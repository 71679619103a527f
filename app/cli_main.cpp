// shardscope-cli: wiring only. The commands live in cli/ and link no Qt; `export` renders the
// desktop app's chart classes, so this file hands the command line a chart renderer that starts
// a (headless when there is no display) QApplication the first time it is needed.
#include <QApplication>

#include <clocale>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "core/common/scratch_folder.h"
#include "ui/export/chart_render.h"
#include "ui/platform/headless.h"

int main(int argc, char** argv)
{
    using namespace shardscope::ui;
    // Started by the first chart an export renders, and destroyed before main returns (a
    // QApplication must not outlive main).
    std::unique_ptr<QApplication> app;
    shardscope::cli::CliHooks hooks;
    hooks.chartNames = renderableChartNames();
    hooks.renderChart = [&](const shardscope::Scenario& scenario, const shardscope::Estimate& estimate,
                            const shardscope::cli::ChartRequest& request, std::string& error) {
        if (!app) {
            if (withoutDisplay())
                useOffscreenPlatform();
            app = std::make_unique<QApplication>(argc, argv);
            std::setlocale(LC_NUMERIC, "C");  // QApplication took the user's; numbers stay "0.5"
        }
        ExportOptions options;
        options.size = QSize(request.width, request.height);
        options.scale = request.scale;
        const ThemeKind theme = parseThemeKind(QString::fromStdString(request.theme)).value_or(ThemeKind::Light);
        const Language language = parseLanguage(QString::fromStdString(request.language)).value_or(Language::English);
        QString problem;
        if (renderChartFile(request.chart, scenario, estimate, QString::fromStdString(request.out), options, theme,
                            language, &problem))
            return true;
        error = problem.toStdString();
        return false;
    };
    {
        std::error_code ignored;  // scratch folders of killed runs (core/common/scratch_folder.h)
        shardscope::removeStaleScratchFolders(std::filesystem::temp_directory_path(ignored));
    }
    const int status = shardscope::cli::runCli({argv + 1, argv + argc}, std::cout, std::cerr, hooks);
    app.reset();
    return shardscope::cli::finishOutput(status);
}
