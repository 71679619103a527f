#include "core/validation/case_evaluation.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/common/number_text.h"
#include "core/estimate/estimate.h"
#include "core/precision/float_format.h"
#include "core/report/data_report.h"
#include "core/report/drift_report.h"
#include "core/report/reshard_report.h"
#include "core/report/estimate_report.h"
#include "core/report/ops_report.h"
#include "core/scenario/scenario_json.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::string current;
    int depth = 0;  // dots inside [...] filters do not split
    for (char c : text) {
        if (c == '[')
            ++depth;
        if (c == ']')
            --depth;
        if (c == separator && depth == 0) {
            parts.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    parts.push_back(current);
    return parts;
}

// "per_step[dimension=dp,collective=all-reduce]" -> name and the field=value pairs.
bool parseFilter(const std::string& segment, std::string& name, std::vector<std::pair<std::string, std::string>>& filters)
{
    const auto open = segment.find('[');
    name = segment.substr(0, open);
    if (open == std::string::npos)
        return true;
    if (segment.back() != ']')
        return false;
    for (const std::string& term : split(segment.substr(open + 1, segment.size() - open - 2), ',')) {
        const auto eq = term.find('=');
        if (eq == std::string::npos)
            return false;
        filters.emplace_back(term.substr(0, eq), term.substr(eq + 1));
    }
    return true;
}

bool matches(const Json& element, const std::vector<std::pair<std::string, std::string>>& filters)
{
    for (const auto& [field, value] : filters) {
        const auto it = element.find(field);
        if (it == element.end())
            return false;
        if (it->is_number()) {  // [calls=1] matches 1.0: numbers compare as numbers
            // The one number parser (core/common/number_text.h): strtod would follow the
            // process locale, which the GUI sets.
            const std::optional<double> wanted = parseDecimal(value);
            if (!wanted || it->get<double>() != *wanted)
                return false;
        } else if (!it->is_string() || it->get<std::string>() != value) {
            return false;
        }
    }
    return true;
}

// Walks segments[index...] from `node`, adding every number reached to `sum`.
bool walk(const Json& node, const std::vector<std::string>& segments, std::size_t index, double& sum, int& reached,
          std::string& error)
{
    if (index == segments.size()) {
        if (!node.is_number()) {
            error = "does not lead to a number";
            return false;
        }
        sum += node.get<double>();
        ++reached;
        return true;
    }
    const std::string& segment = segments[index];
    if (index + 1 == segments.size() && segment.find('*') != std::string::npos) {
        // A product of fields of one element, such as bytes*calls.
        double product = 1.0;
        for (const std::string& factor : split(segment, '*')) {
            const auto it = node.find(factor);
            if (it == node.end() || !it->is_number()) {
                error = "no number '" + factor + "'";
                return false;
            }
            product *= it->get<double>();
        }
        sum += product;
        ++reached;
        return true;
    }
    std::string name;
    std::vector<std::pair<std::string, std::string>> filters;
    if (!parseFilter(segment, name, filters)) {
        error = "malformed filter in '" + segment + "'";
        return false;
    }
    if (!node.is_object() || !node.contains(name)) {
        error = "no field '" + name + "'";
        return false;
    }
    const Json& child = node[name];
    if (filters.empty())
        return walk(child, segments, index + 1, sum, reached, error);
    if (!child.is_array()) {
        error = "'" + name + "' is not a list";
        return false;
    }
    for (const Json& element : child) {
        if (matches(element, filters) && !walk(element, segments, index + 1, sum, reached, error))
            return false;
    }
    return true;
}

std::string numberText(const Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

// The drift command's inputs from a case: the same names as its flags.
bool driftSpecFromJson(const Json& o, DriftSpec& spec, std::string& error)
{
    for (const auto& [key, value] : o.items()) {
        if (key == "dtype") {
            const auto format = value.is_string() ? parseEnum<FloatFormat>(value.get<std::string>()) : std::nullopt;
            if (!format) {
                error = "drift.dtype: unknown format";
                return false;
            }
            spec.format = *format;
        } else if (key == "strategy") {
            const auto strategy = value.is_string() ? parseEnum<DriftStrategy>(value.get<std::string>()) : std::nullopt;
            if (!strategy) {
                error = "drift.strategy: unknown strategy";
                return false;
            }
            spec.strategy = *strategy;
        } else if (key == "start" || key == "update" || key == "spread") {
            if (!value.is_number()) {
                error = "drift." + key + ": must be a number";
                return false;
            }
            (key == "start" ? spec.start : key == "update" ? spec.update : spec.spread) = value.get<double>();
            if (key == "start")
                spec.startText = numberText(value);
            if (key == "update")
                spec.updateText = numberText(value);
        } else if (key == "steps" || key == "seed") {
            if (!value.is_number_integer() || value.get<std::int64_t>() < 0) {
                error = "drift." + key + ": must be a whole number";
                return false;
            }
            if (key == "steps")
                spec.steps = value.get<std::int64_t>();
            else
                spec.seed = value.get<std::uint64_t>();
        } else {
            error = "drift." + key + ": unknown input";
            return false;
        }
    }
    spec.curvePoints = 2;  // only the final value is read
    const Diagnostics problems = checkDrift(spec);
    if (hasErrors(problems)) {
        error = problems.front().field.str() + ": " + problems.front().message();
        return false;
    }
    return true;
}

// The data command's inputs from a case: the names of its flags, dashes as underscores.
bool dataSpecFromJson(const Json& o, DataSpec& spec, std::string& error)
{
    for (const auto& [key, value] : o.items()) {
        if (key == "drop_last" || key == "shuffle") {
            if (!value.is_boolean()) {
                error = "data." + key + ": must be true or false";
                return false;
            }
            (key == "drop_last" ? spec.dropLast : spec.shuffle) = value.get<bool>();
        } else if (key == "sampler") {
            const auto kind = value.is_string() ? parseEnum<SamplerKind>(value.get<std::string>()) : std::nullopt;
            if (!kind) {
                error = "data.sampler: must be pytorch or megatron";
                return false;
            }
            spec.sampler = *kind;
        } else if (key == "samples" || key == "ranks" || key == "seed" || key == "epoch" || key == "micro_batch"
                   || key == "consumed") {
            if (!value.is_number_integer() || value.get<std::int64_t>() < 0) {
                error = "data." + key + ": must be a whole number";
                return false;
            }
            const std::int64_t v = value.get<std::int64_t>();
            if (key == "samples") spec.samples = v;
            else if (key == "ranks") spec.ranks = static_cast<int>(v);
            else if (key == "seed") spec.seed = static_cast<std::uint64_t>(v);
            else if (key == "epoch") spec.epoch = v;
            else if (key == "micro_batch") spec.microBatch = v;
            else spec.consumed = v;
        } else {
            error = "data." + key + ": unknown input";
            return false;
        }
    }
    const Diagnostics problems = checkDataSpec(spec);
    if (hasErrors(problems)) {
        error = problems.front().field.str() + ": " + problems.front().message();
        return false;
    }
    return true;
}

std::optional<Scenario> caseScenario(const Json& inputs, std::string& error)
{
    Diagnostics problems;
    std::optional<Scenario> scenario = scenarioFromJson(inputs, {}, problems);
    // A warning here is an unknown or ignored field: in a reference case it is a typo that would
    // silently compare the default instead, so it stops the case like an error.
    if (!scenario || !problems.empty()) {
        const Diagnostic& d = problems.empty() ? Diagnostic{} : problems.front();
        error = "scenario " + d.field.str() + ": " + d.message();
        return std::nullopt;
    }
    return scenario;
}

// The reshard command's output for {"scenario": {...}, "from": "...", "to": "..."}.
std::optional<Json> runReshardCase(const Json& inputs, std::string& error)
{
    for (const auto& item : inputs.items())
        if (item.key() != "scenario" && item.key() != "from" && item.key() != "to") {
            error = "reshard." + item.key() + ": unknown input";
            return std::nullopt;
        }
    const std::optional<Scenario> scenario = caseScenario(inputs.value("scenario", Json::object()), error);
    if (!scenario)
        return std::nullopt;
    Diagnostics problems;
    const auto from = parseReshardLayout(inputs.value("from", std::string()), "from", problems);
    const auto to = parseReshardLayout(inputs.value("to", std::string()), "to", problems);
    if (!from || !to) {
        error = problems.empty() ? "reshard: from and to are required" : problems.front().message();
        return std::nullopt;
    }
    const ReshardPlan plan = planReshard(*scenario, *from, *to);
    if (!plan.valid()) {
        for (const Diagnostic& d : plan.pitfalls)
            if (d.severity == Severity::Error)
                error = "reshard: " + d.message();
        return std::nullopt;
    }
    return reshardToJson(plan);
}

// The command's JSON output for the case's inputs, or nullopt with `error` set.
std::optional<Json> runCommand(const ReferenceCase& c, std::string& error)
{
    if (c.command == "drift") {
        DriftSpec spec;
        if (!driftSpecFromJson(c.inputs, spec, error))
            return std::nullopt;
        return driftToJson(spec, runDrift(spec));
    }
    if (c.command == "data") {
        DataSpec spec;
        if (!dataSpecFromJson(c.inputs, spec, error))
            return std::nullopt;
        return dataToJson(spec, shardData(spec));
    }
    if (c.command == "reshard")
        return runReshardCase(c.inputs, error);
    std::string problem;
    const std::optional<Scenario> scenario = caseScenario(c.inputs, problem);
    if (!scenario) {
        error = problem;
        return std::nullopt;
    }
    const Estimate e = estimate(*scenario);
    for (const Diagnostic& d : e.diagnostics) {
        if (d.severity == Severity::Error) {
            error = "invalid layout: " + d.message();
            return std::nullopt;
        }
    }
    if (c.command == "ops")
        return opsToJson(*scenario, e, nullptr);
    return estimateToJson(*scenario, e);
}

} // namespace

std::optional<double> readQuantity(const Json& document, const std::string& path, std::string& error)
{
    double sum = 0;
    int reached = 0;
    if (!walk(document, split(path, '.'), 0, sum, reached, error)) {
        error = path + ": " + error;
        return std::nullopt;
    }
    if (reached == 0) {
        error = path + ": the filter matches nothing";
        return std::nullopt;
    }
    return sum;
}

CaseResult evaluateCase(const ReferenceCase& c)
{
    CaseResult result;
    const std::optional<Json> output = runCommand(c, result.problem);
    if (!output)
        return result;
    double base = 0;
    for (const std::string& path : c.quantity) {
        const std::optional<double> value = readQuantity(*output, path, result.problem);
        if (!value)
            return result;
        base += *value;
    }
    const double scale = unitScale(c.unit);
    result.ours = base * c.multiplier / scale;
    result.difference = result.ours - c.expected;
    result.error = c.expected != 0 ? result.difference / std::fabs(c.expected) : 0.0;
    // The comparison removes the stated known difference first (reference_case.h).
    const double difference = result.difference - c.knownDifference;
    const double allowed = c.relTolerance * std::fabs(c.expected) + c.absTolerance;
    // A relative slack of 1e-12 absorbs the last bit of decimal-to-binary conversion, so a
    // tolerance of 0 means "equal as printed", not "equal to the last bit of a double".
    result.pass = std::isfinite(result.ours) && std::fabs(difference) <= allowed + 1e-12 * std::fabs(c.expected);
    result.outlier = !result.pass && std::isfinite(result.ours) && !c.outlier.empty();
    return result;
}

} // namespace shardscope
