// shardscope-cli drift: the article's bf16 accumulation experiment, for any format and strategy.
#include <cstdio>
#include <ostream>

#include "core/cli/cli.h"
#include "core/cli/options.h"
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
    const FormatSpec& f = formatSpec(spec.format);
    out << "drift: " << f.name << ", " << driftStrategyName(spec.strategy) << ", start " << number(spec.start)
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

} // namespace

int runDrift(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const auto options = splitOptions(args, [](const std::string&) { return false; }, err);
    if (!options)
        return kExitInvalidInput;
    DriftSpec spec;
    Format format = Format::Table;
    for (const Option& o : *options) {
        bool ok = true;
        long long whole = 0;
        if (o.name == "dtype") {
            ok = parseDtype(o, spec.format, err);
        } else if (o.name == "strategy") {
            ok = parseDriftStrategy(*o.value, spec.strategy)
                 || invalidOption(err, "--strategy", "must be naive, fp32-master, kahan or stochastic (got '" + *o.value + "')");
        } else if (o.name == "start") {
            ok = parseNumber(o, spec.start, err);
            spec.startText = *o.value;
        } else if (o.name == "update") {
            ok = parseNumber(o, spec.update, err);
            spec.updateText = *o.value;
        } else if (o.name == "spread") {
            ok = parseNumber(o, spec.spread, err);
        } else if (o.name == "steps") {
            ok = parseInteger(o, whole, err);
            spec.steps = whole;
        } else if (o.name == "seed") {
            ok = parseInteger(o, whole, err) && (whole >= 0 || invalidOption(err, "--seed", "must not be negative"));
            spec.seed = static_cast<std::uint64_t>(whole);
        } else if (o.name == "curve-points") {
            ok = parseInteger(o, whole, err);
            spec.curvePoints = static_cast<int>(std::clamp<long long>(whole, -1, 1'000'000));
        } else if (o.name == "format") {
            ok = parseFormat(o, format, err);
        } else {
            ok = invalidOption(err, "--" + o.name, "unknown flag for drift");
        }
        if (!ok)
            return kExitInvalidInput;
    }
    const Diagnostics problems = checkDrift(spec);
    for (const Diagnostic& d : problems) {
        if (d.severity == Severity::Error)
            invalidOption(err, flagOfCommandField(d.field), d.message);
    }
    if (hasErrors(problems))
        return kExitInvalidInput;

    const DriftResult r = runDrift(spec);
    const double threshold = swampingThreshold(spec.start, spec.format);
    switch (format) {
    case Format::Json: {
        out << driftToJson(spec, r).dump(1) << "\n";
        break;
    }
    case Format::Csv:
        out << "step,value,exact\n";
        for (const DriftPoint& p : r.curve)
            out << p.step << "," << number(p.value) << "," << number(p.exact) << "\n";
        break;
    case Format::Table: printTable(spec, r, threshold, out); break;
    }
    return kExitOk;
}

} // namespace shardscope::cli
