#include "ui/export/cli_export.h"

#include <QApplication>
#include <QString>

#include <ostream>

#include "core/cli/cli.h"
#include "core/cli/scenario_args.h"
#include "core/estimate/estimate.h"
#include "core/perf/sweeps.h"
#include "ui/charts/drift_chart.h"
#include "ui/charts/memory_chart.h"
#include "ui/charts/scaling_chart.h"
#include "ui/charts/sequence_chart.h"
#include "ui/charts/step_time_chart.h"
#include "ui/document/background_runner.h"
#include "ui/export/chart_export.h"
#include "ui/i18n/language.h"
#include "ui/theme/theme.h"

namespace shardscope::ui {
namespace {

using cli::invalidOption;
using cli::kExitInternal;
using cli::kExitInvalidInput;
using cli::kExitOk;

struct ExportArgs {
    std::string chart;
    std::string out;
    ExportOptions options;
    ThemeKind theme = ThemeKind::Light;
    Language language = Language::English;
};

bool parseSize(const std::string& text, QSize& size)
{
    const auto x = text.find('x');
    if (x == std::string::npos)
        return false;
    bool okW = false, okH = false;
    const int w = QString::fromStdString(text.substr(0, x)).toInt(&okW);
    const int h = QString::fromStdString(text.substr(x + 1)).toInt(&okH);
    if (!okW || !okH || w < 16 || h < 16 || w > 20000 || h > 20000)
        return false;
    size = QSize(w, h);
    return true;
}

// The chart, filled from core for the scenario.
std::unique_ptr<ChartBase> makeChart(const std::string& name, const Scenario& s, const Estimate& e)
{
    if (name == "memory" || name == "communication") {
        if (name == "memory") {
            auto chart = std::make_unique<MemoryChart>();
            chart->setEstimate(s, e);
            return chart;
        }
        auto chart = std::make_unique<StepTimeChart>();
        chart->setEstimate(s, e);
        return chart;
    }
    if (name == "sequence") {
        auto chart = std::make_unique<SequenceChart>();
        chart->setPoints(sequenceSweep(s), e.memory.gpuCapacity, s.parallel.gpus, s.training.seqLen);
        return chart;
    }
    if (name == "scaling") {
        auto chart = std::make_unique<ScalingChart>();
        chart->setPoints(scalingSweep(s, ScalingMode::FixedGlobalBatch), ScalingMode::FixedGlobalBatch, s.parallel.gpus);
        return chart;
    }
    // The article's drift experiment: 1.0 + 1e-4, 10,000 times, in bf16, every strategy.
    DriftSpec spec;
    spec.startText = "1.0";
    spec.updateText = "1e-4";
    const DriftResults results = runDriftStrategies(spec, {true, true, true, true});
    auto chart = std::make_unique<DriftChart>();
    chart->setResults(results.spec, results.byStrategy, results.threshold);
    return chart;
}

} // namespace

int runExportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    ExportArgs e;
    cli::ScenarioArgs parsed;
    const auto extra = [&](const cli::Option& o) {
        const std::string value = o.value.value_or("");
        if (o.name == "chart") {
            e.chart = value;
            return e.chart == "memory" || e.chart == "sequence" || e.chart == "communication" || e.chart == "scaling"
                   || e.chart == "drift"
                   || invalidOption(err, "--chart", "must be memory, sequence, communication, scaling or drift (got '" + value + "')");
        }
        if (o.name == "out") {
            e.out = value;
            return true;
        }
        if (o.name == "size")
            return parseSize(value, e.options.size) || invalidOption(err, "--size", "must be WIDTHxHEIGHT, 16 to 20000 pixels (got '" + value + "')");
        if (o.name == "scale") {
            bool ok = false;
            e.options.scale = QString::fromStdString(value).toDouble(&ok);
            return (ok && e.options.scale > 0 && e.options.scale <= 8) || invalidOption(err, "--scale", "must be above 0 and at most 8");
        }
        if (o.name == "theme") {
            const auto theme = parseThemeKind(QString::fromStdString(value));
            if (theme)
                e.theme = *theme;
            return theme.has_value() || invalidOption(err, "--theme", "must be light or dark (got '" + value + "')");
        }
        if (o.name == "lang") {
            const auto language = parseLanguage(QString::fromStdString(value));
            if (language)
                e.language = *language;
            return language.has_value() || invalidOption(err, "--lang", "must be en or zh_CN (got '" + value + "')");
        }
        return invalidOption(err, "--" + o.name, "unknown flag for export");
    };
    if (!parseScenarioArgs(args, parsed, err, extra))
        return kExitInvalidInput;
    if (e.chart.empty())
        return invalidOption(err, "--chart", "is required"), kExitInvalidInput;
    if (e.out.empty())
        return invalidOption(err, "--out", "is required"), kExitInvalidInput;
    const std::optional<Scenario> scenario = resolveScenario(parsed, err);
    if (!scenario)
        return kExitInvalidInput;
    const Estimate check = estimate(*scenario);
    if (!check.valid() && e.chart != "drift") {
        for (const Diagnostic& d : check.diagnostics) {
            if (d.severity == Severity::Error)
                cli::printDiagnostic(err, d);
        }
        return kExitInvalidInput;
    }
    if (QApplication::instance() == nullptr) {
        err << "shardscope-cli: internal error: export needs a QApplication\n";
        return kExitInternal;
    }
    installLanguage(e.language);
    applyTheme(e.theme);
    std::unique_ptr<ChartBase> chart = makeChart(e.chart, *scenario, check);
    chart->setTheme(e.theme);
    chart->resize(e.options.size);
    QString error;
    if (!exportChart(chart.get(), QString::fromStdString(e.out), e.options, &error)) {
        err << "shardscope-cli: error: --out: " << error.toStdString() << "\n";
        return kExitInvalidInput;
    }
    out << "wrote " << e.out << "\n";
    return kExitOk;
}

} // namespace shardscope::ui
