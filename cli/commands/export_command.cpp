// shardscope-cli export: one chart of the desktop app as PNG, SVG or PDF. The command line
// resolves and checks the scenario; the desktop libraries render it (CliHooks, app/cli_main.cpp).
#include <algorithm>
#include <ostream>

#include "cli/command.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/common/number_text.h"

namespace shardscope::cli {
namespace {

bool parseSize(const std::string& text, ChartRequest& request)
{
    const auto x = text.find('x');
    if (x == std::string::npos)
        return false;
    const auto w = parseWhole(std::string_view(text).substr(0, x), 16, 20000, false);
    const auto h = parseWhole(std::string_view(text).substr(x + 1), 16, 20000, false);
    if (!w || !h)
        return false;
    request.width = static_cast<int>(*w);
    request.height = static_cast<int>(*h);
    return true;
}

std::string chartList(const CliHooks& hooks)
{
    std::string list;
    for (const std::string& name : hooks.chartNames)
        list += (list.empty() ? "" : ", ") + name;
    return list;
}

} // namespace

int runExport(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    if (!inv.hooks.renderChart) {
        err << "shardscope-cli: internal error: export needs the desktop libraries, which this build lacks\n";
        return kExitInternal;
    }
    ChartRequest request;
    const std::string* chart = inv.text("chart");
    if (chart == nullptr)
        return invalidOption(err, "--chart", "is required (one of " + chartList(inv.hooks) + ")"), kExitInvalidInput;
    if (std::find(inv.hooks.chartNames.begin(), inv.hooks.chartNames.end(), *chart) == inv.hooks.chartNames.end())
        return invalidOption(err, "--chart", "must be one of " + chartList(inv.hooks) + " (got '" + *chart + "')"),
               kExitInvalidInput;
    request.chart = *chart;
    const std::string* outFile = inv.text("out");
    if (outFile == nullptr)
        return invalidOption(err, "--out", "is required"), kExitInvalidInput;
    request.out = *outFile;
    if (const std::string* size = inv.text("size"); size != nullptr && !parseSize(*size, request))
        return invalidOption(err, "--size", "must be WIDTHxHEIGHT, 16 to 20000 pixels (got '" + *size + "')"),
               kExitInvalidInput;
    request.scale = inv.number("scale", request.scale);
    request.theme = inv.choice("theme", "light");
    request.language = inv.choice("lang", "en");

    // An impossible layout is bad input for every chart (issue 18: each command validates its base scenario).
    const std::optional<Scenario> scenario = resolveScenario(inv, err);
    if (!scenario)
        return kExitInvalidInput;
    const Estimate result = estimate(*scenario);
    if (!result.valid()) {  // every chart, drift too: a command checks its whole scenario first
        printErrors(err, result.diagnostics);
        return kExitInvalidInput;
    }
    std::string error;
    if (!inv.hooks.renderChart(*scenario, result, request, error))
        return invalidOption(err, "--out", error), kExitInvalidInput;
    out << "wrote " << request.out << "\n";
    return kExitOk;
}

} // namespace shardscope::cli
