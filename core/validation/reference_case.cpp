#include "core/validation/reference_case.h"

#include <array>
#include <set>
#include <cmath>
#include <utility>

#include "core/common/json_fields.h"

namespace shardscope {
namespace {

using json_fields::Json;

Diagnostic problem(const std::string& origin, const std::string& field, const std::string& message)
{
    Diagnostic d;
    d.severity = Severity::Error;
    d.field = field;
    d.text = origin + ": " + field + ": " + message;
    return d;
}

// A member that must be present and a finite number.
bool requireNumber(const Json& o, const char* key, const std::string& origin, const std::string& prefix,
                   double& target, Diagnostics& out)
{
    const auto it = o.find(key);
    const std::string field = json_fields::path(prefix, key);
    if (it == o.end()) {
        out.push_back(problem(origin, field, "missing"));
        return false;
    }
    if (!it->is_number() || !std::isfinite(it->get<double>())) {
        out.push_back(problem(origin, field, "must be a finite number"));
        return false;
    }
    target = it->get<double>();
    return true;
}

bool readText(const Json& o, const char* key, const std::string& origin, const std::string& prefix,
              std::string& target, Diagnostics& out)
{
    const auto it = o.find(key);
    if (it == o.end())
        return true;
    if (!it->is_string()) {
        out.push_back(problem(origin, json_fields::path(prefix, key), "must be a string"));
        return false;
    }
    target = it->get<std::string>();
    return true;
}

bool readQuantity(const Json& o, const std::string& origin, const std::string& prefix, std::vector<std::string>& target,
                  Diagnostics& out)
{
    const auto it = o.find("quantity");
    if (it == o.end())
        return true;  // may come from the defaults
    target.clear();
    if (it->is_string()) {
        target.push_back(it->get<std::string>());
        return true;
    }
    if (it->is_array() && !it->empty()) {
        for (const Json& item : *it) {
            if (!item.is_string()) {
                out.push_back(problem(origin, prefix + ".quantity", "must be a path or a list of paths"));
                return false;
            }
            target.push_back(item.get<std::string>());
        }
        return true;
    }
    out.push_back(problem(origin, prefix + ".quantity", "must be a path or a non-empty list of paths"));
    return false;
}

bool readKind(const std::string& text, ReferenceKind& kind)
{
    constexpr std::array<std::pair<const char*, ReferenceKind>, 3> kinds{
        {{"published", ReferenceKind::Published}, {"engine-code", ReferenceKind::EngineCode},
         {"measured", ReferenceKind::Measured}}};
    for (const auto& [name, value] : kinds) {
        if (text == name) {
            kind = value;
            return true;
        }
    }
    return false;
}

bool parseOthers(const Json& o, const std::string& origin, const std::string& prefix, std::vector<OtherValue>& target,
                 Diagnostics& out)
{
    const auto it = o.find("other_values");
    if (it == o.end())
        return true;
    if (!it->is_array()) {
        out.push_back(problem(origin, prefix + ".other_values", "must be a list"));
        return false;
    }
    bool ok = true;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json& item = (*it)[i];
        const std::string at = prefix + ".other_values[" + std::to_string(i) + "]";
        if (!item.is_object()) {
            out.push_back(problem(origin, at, "must be an object"));
            ok = false;
            continue;
        }
        OtherValue v;
        ok = requireNumber(item, "value", origin, at, v.value, out) && ok;
        ok = readText(item, "source", origin, at, v.source, out) && ok;
        ok = readText(item, "note", origin, at, v.note, out) && ok;
        target.push_back(std::move(v));
    }
    return ok;
}

// One case; `defaults` supplies anything the case leaves out (scenario members are merged).
bool parseCase(const Json& c, const Json& defaults, const std::string& origin, const std::string& prefix,
               bool measurement, ReferenceCase& out, Diagnostics& problems)
{
    if (!c.is_object()) {
        problems.push_back(problem(origin, prefix, "must be an object"));
        return false;
    }
    Json merged = defaults.is_object() ? defaults : Json::object();
    merged.merge_patch(c);  // nested objects merge, so a case states only what differs
    static const std::set<std::string> known = {
        "id", "what", "command", "scenario", "drift", "data", "reshard", "quantity", "expected", "measured", "unit", "tolerance",
        "abs_tolerance", "multiplier", "known_difference", "note", "other_values", "outlier"};
    // What the measurement scripts record for people (per-rank figures, buckets, phases) and
    // ShardScope does not read; anything else unknown is a typo that would change the comparison.
    static const std::set<std::string> forPeople = {"breakdown", "buckets_per_step", "per_rank", "phases",
                                                    "logits_fp32_bytes"};
    bool ok = true;
    for (const auto& item : merged.items()) {
        if (known.count(item.key()) == 0 && (!measurement || forPeople.count(item.key()) == 0)) {
            problems.push_back(problem(origin, prefix + "." + item.key(), "unknown field (a typo?)"));
            ok = false;
        }
    }

    ok = readText(merged, "id", origin, prefix, out.id, problems) && ok;
    if (out.id.empty()) {
        problems.push_back(problem(origin, prefix + ".id", "missing"));
        ok = false;
    }
    ok = readText(merged, "what", origin, prefix, out.what, problems) && ok;
    ok = readText(merged, "command", origin, prefix, out.command, problems) && ok;
    if (out.command != "estimate" && out.command != "drift" && out.command != "ops" && out.command != "data"
        && out.command != "reshard") {
        problems.push_back(problem(origin, prefix + ".command", "must be estimate, ops, drift, data or reshard"));
        ok = false;
    }
    const std::string inputsKey = out.command == "estimate" || out.command == "ops" ? "scenario" : out.command;
    out.inputs = merged.contains(inputsKey) ? merged[inputsKey] : Json::object();
    if (!out.inputs.is_object()) {
        problems.push_back(problem(origin, prefix + "." + inputsKey, "must be an object"));
        ok = false;
    }
    ok = readQuantity(merged, origin, prefix, out.quantity, problems) && ok;
    if (out.quantity.empty()) {
        problems.push_back(problem(origin, prefix + ".quantity", "missing"));
        ok = false;
    }
    ok = requireNumber(merged, measurement ? "measured" : "expected", origin, prefix, out.expected, problems) && ok;
    ok = readText(merged, "unit", origin, prefix, out.unit, problems) && ok;
    if (unitScale(out.unit) == 0) {
        problems.push_back(problem(origin, prefix + ".unit", "unknown unit '" + out.unit + "'"));
        ok = false;
    }
    for (const auto& [key, target] : {std::pair{"tolerance", &out.relTolerance}, {"abs_tolerance", &out.absTolerance},
                                      {"multiplier", &out.multiplier}}) {
        if (!merged.contains(key))
            continue;
        if (!requireNumber(merged, key, origin, prefix, *target, problems) || *target < 0) {
            if (*target < 0)
                problems.push_back(problem(origin, prefix + "." + key, "must not be negative"));
            ok = false;
        }
    }
    if (out.multiplier <= 0) {
        problems.push_back(problem(origin, prefix + ".multiplier", "must be positive"));
        ok = false;
    }
    if (merged.contains("known_difference")) {
        ok = requireNumber(merged, "known_difference", origin, prefix, out.knownDifference, problems) && ok;
        if (!merged.contains("note")) {
            problems.push_back(problem(origin, prefix + ".note", "a known difference needs a note that explains it"));
            ok = false;
        }
    }
    ok = readText(merged, "note", origin, prefix, out.note, problems) && ok;
    if (merged.contains("outlier")) {
        ok = readText(merged, "outlier", origin, prefix, out.outlier, problems) && ok;
        if (out.outlier.empty()) {
            problems.push_back(problem(origin, prefix + ".outlier", "must give the evidence that the reference is the odd one"));
            ok = false;
        }
    }
    ok = parseOthers(merged, origin, prefix, out.others, problems) && ok;
    return ok;
}

} // namespace

std::string_view referenceKindName(ReferenceKind kind)
{
    switch (kind) {
    case ReferenceKind::Published: return "published";
    case ReferenceKind::EngineCode: return "engine-code";
    case ReferenceKind::Measured: return "measured";
    }
    return "published";
}

double unitScale(std::string_view unit)
{
    constexpr std::array<std::pair<std::string_view, double>, 23> units{{
        {"bytes", 1.0},       {"kB", 1e3},         {"MB", 1e6},          {"GB", 1e9},
        {"TB", 1e12},         {"KiB", 1024.0},     {"MiB", 1048576.0},   {"GiB", 1073741824.0},
        {"parameters", 1.0},  {"M parameters", 1e6}, {"B parameters", 1e9}, {"FLOPs", 1.0},
        {"PFLOPs", 1e15},     {"EFLOPs", 1e18},    {"fraction", 1.0},    {"percent", 0.01},
        {"value", 1.0},       {"updates", 1.0},    {"seconds", 1.0},     {"tokens/s", 1.0},
        {"minutes", 60.0},    {"hours", 3600.0},   {"interruptions", 1.0},
    }};
    for (const auto& [name, scale] : units) {
        if (unit == name)
            return scale;
    }
    return 0.0;
}

bool parseReferenceSource(const Json& document, const std::string& origin, ReferenceSource& out, Diagnostics& problems)
{
    const std::size_t before = problems.size();
    if (!document.is_object()) {
        problems.push_back(problem(origin, "(file)", "must hold a JSON object"));
        return false;
    }
    const bool measurement = document.contains("engine");
    Json defaults = Json::object();
    if (measurement) {
        // A file written by a validation/ script: its header describes the engine and method.
        out.kind = ReferenceKind::Measured;
        std::string engine, version, package, script;
        readText(document, "engine", origin, "", engine, problems);
        readText(document, "torch_version", origin, "", version, problems);
        readText(document, "torch_package", origin, "", package, problems);
        readText(document, "script", origin, "", script, problems);
        readText(document, "method", origin, "", out.note, problems);
        // A measurement is only evidence with the engine and version that made it.
        for (const auto& [field, text] : {std::pair{"engine", &engine}, {"torch_version", &version},
                                          {"script", &script}, {"method", &out.note}})
            if (text->empty())
                problems.push_back(problem(origin, field, "missing: a measurement file records its engine, version, "
                                                          "script and method"));
        out.title = engine + " measured by " + script;
        out.citation = script;
        out.version = engine + " " + version + (package.empty() ? "" : ", Debian " + package);
        std::string device, gpu, cuda;
        readText(document, "device", origin, "", device, problems);
        readText(document, "gpu_name", origin, "", gpu, problems);
        readText(document, "cuda_version", origin, "", cuda, problems);
        if (!gpu.empty())
            out.version += " on " + gpu + (cuda.empty() ? "" : ", CUDA " + cuda);
        else if (!device.empty())
            out.version += " (" + device + ")";
    } else {
        const auto source = document.find("source");
        if (source == document.end() || !source->is_object()) {
            problems.push_back(problem(origin, "source", "missing: a reference file needs a source object"));
            return false;
        }
        readText(*source, "title", origin, "source", out.title, problems);
        readText(*source, "citation", origin, "source", out.citation, problems);
        readText(*source, "version", origin, "source", out.version, problems);
        readText(*source, "note", origin, "source", out.note, problems);
        std::string kind = "published";
        readText(*source, "kind", origin, "source", kind, problems);
        if (!readKind(kind, out.kind))
            problems.push_back(problem(origin, "source.kind", "must be published, engine-code or measured"));
        if (out.citation.empty())
            problems.push_back(problem(origin, "source.citation", "missing"));
        if (document.contains("defaults"))
            defaults = document["defaults"];
        if (!defaults.is_object())
            problems.push_back(problem(origin, "defaults", "must be an object"));
    }
    const auto cases = document.find("cases");
    if (cases == document.end() || !cases->is_array() || cases->empty()) {
        problems.push_back(problem(origin, "cases", "must be a non-empty list"));
        return false;
    }
    std::set<std::string> ids;
    for (std::size_t i = 0; i < cases->size(); ++i) {
        ReferenceCase c;
        const std::string at = "cases[" + std::to_string(i) + "]";
        if (!parseCase((*cases)[i], defaults, origin, at, measurement, c, problems))
            continue;
        if (!ids.insert(c.id).second) {
            problems.push_back(problem(origin, at + ".id", "'" + c.id + "' is used twice"));
            continue;
        }
        out.cases.push_back(std::move(c));
    }
    return problems.size() == before;
}

} // namespace shardscope
