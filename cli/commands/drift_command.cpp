// shardscope-cli drift: the article's bf16 accumulation experiment, for any format and strategy.
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "cli/command.h"
#include "cli/option_inputs.h"
#include "cli/option_parser.h"
#include "cli/progress.h"
#include "core/precision/drift.h"
#include "core/precision/swamping.h"
#include "core/report/drift_report.h"

namespace shardscope::cli {
namespace {

std::string number(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

void printTable(const DriftSpec& spec, const DriftResult& r, double threshold, std::ostream& out)
{
    out << "drift: " << enumId(spec.format) << ", " << enumId(spec.strategy) << ", start " << number(spec.start)
        << ", update " << number(spec.update);
    if (spec.spread > 0)
        out << " (normal, spread " << number(spec.spread) << ", seed " << spec.seed << ")";
    out << ", " << spec.steps << " steps\n\n";
    out << "  final value         " << number(r.final) << "\n";
    if (spec.strategy == DriftStrategy::Fp32Master)
        out << "  fp32 master         " << number(r.master) << "\n";
    out << "  exact               " << r.exactText << "\n";
    out << "  absolute error      " << number(r.absError) << "\n";
    out << "  relative error      " << number(r.relError) << "\n";
    out << "  lost updates        " << r.lostUpdates << " of " << spec.steps << "\n";
    out << "  swamping threshold  " << number(threshold) << " (smallest update that still moves the start value)\n";
}

// The field of a drift diagnostic as its flag: "drift.curve_points" -> "--curve-points".
std::string flagOfField(const std::string& field)
{
    std::string flag = "--" + field.substr(field.find('.') + 1);  // npos + 1 == 0: no group, the whole field
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

} // namespace

int runDrift(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    DriftSpec spec;
    spec.format = parseEnum<FloatFormat>(inv.choice("dtype", "bf16")).value_or(FloatFormat::Bf16);
    spec.strategy = parseEnum<DriftStrategy>(inv.choice("strategy", "naive")).value_or(DriftStrategy::Naive);
    if (const std::string* start = inv.text("start")) {
        spec.start = inv.number("start", spec.start);
        spec.startText = *start;
    }
    if (const std::string* update = inv.text("update")) {
        spec.update = inv.number("update", spec.update);
        spec.updateText = *update;
    }
    spec.spread = inv.number("spread", spec.spread);
    spec.steps = inv.integer("steps", spec.steps);
    spec.seed = static_cast<std::uint64_t>(inv.integer("seed", static_cast<std::int64_t>(spec.seed)));
    spec.curvePoints = static_cast<int>(inv.integer("curve-points", spec.curvePoints));
    const Diagnostics problems = checkDrift(spec);
    for (const Diagnostic& d : problems) {
        if (d.severity == Severity::Error)
            invalidOption(err, flagOfField(d.field), d.message());
    }
    if (hasErrors(problems))
        return kExitInvalidInput;

    const auto run = runWithProgress("drift", err, [&](const auto& keepGoing) { return shardscope::runDrift(spec, keepGoing); });
    if (!run)
        return kExitInterrupted;
    const DriftResult& r = *run;
    const double threshold = swampingThreshold(spec.start, spec.format);
    const std::string format = inv.choice("format", "table");
    const nlohmann::json inputs = {{"dtype", enumId(spec.format)}, {"strategy", enumId(spec.strategy)}, {"start", spec.start},
                                   {"update", spec.update},        {"spread", spec.spread},             {"steps", spec.steps},
                                   {"seed", spec.seed},            {"curve-points", spec.curvePoints}};
    if (format == "json") {
        out << withOptionInputs(driftToJson(spec, r), inv, inputs).dump(1) << "\n";
    } else if (format == "csv") {
        out << "step,value,exact\n";
        for (const DriftPoint& p : r.curve)
            out << p.step << "," << number(p.value) << "," << number(p.exact) << "\n";
    } else {
        out << optionInputsText(inv, inputs);
        printTable(spec, r, threshold, out);
    }
    return kExitOk;
}

} // namespace shardscope::cli
