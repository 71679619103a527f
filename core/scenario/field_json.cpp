#include "core/scenario/field_json.h"

#include <cmath>
#include <cstdint>

#include "core/common/messages.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

std::string fieldPath(const std::string& prefix, const char* key) { return prefix.empty() ? key : prefix + "." + key; }

void wrongType(const std::string& field, const char* expected, Diagnostics& out)
{
    out.push_back(makeDiagnostic(Severity::Error, field, msg::kWrongType, {field, expected}));
}

// The range check reports the field by its table path; a preset names it by its own prefix.
bool inRange(const FieldSpec& spec, double value, const std::string& field, Diagnostics& out)
{
    std::optional<Diagnostic> problem = rangeProblem(spec, value);
    if (!problem)
        return true;
    problem->field = field;
    out.push_back(std::move(*problem));
    return false;
}

std::optional<FieldValue> readWhole(const Json& j, const FieldSpec& spec, const std::string& field, Diagnostics& out)
{
    // Every bound of the table is below 2^63, so a value past it is refused before it is narrowed.
    if (j.is_number_unsigned()) {
        const std::uint64_t u = j.get<std::uint64_t>();
        if (!inRange(spec, static_cast<double>(u), field, out))
            return std::nullopt;
        return static_cast<std::int64_t>(u);
    }
    if (j.is_number_integer()) {
        const std::int64_t i = j.get<std::int64_t>();
        if (!inRange(spec, static_cast<double>(i), field, out))
            return std::nullopt;
        return i;
    }
    // Whole numbers written as floats (7e9) are accepted: people write parameter counts that way.
    if (j.is_number_float()) {
        const double d = j.get<double>();
        if (!std::isfinite(d) || std::floor(d) != d) {
            wrongType(field, msg::kTypeWholeNumber, out);
            return std::nullopt;
        }
        if (!inRange(spec, d, field, out))
            return std::nullopt;
        return static_cast<std::int64_t>(d);
    }
    wrongType(field, msg::kTypeWholeNumber, out);
    return std::nullopt;
}

} // namespace

std::optional<FieldValue> readFieldValue(const Json& object, const FieldSpec& spec, const std::string& prefix,
                                         Diagnostics& out)
{
    const auto it = object.find(spec.key);
    if (it == object.end() || it->is_null())
        return std::nullopt;
    const Json& j = *it;
    const std::string field = fieldPath(prefix, spec.key);
    switch (spec.type) {
    case FieldType::Int:
    case FieldType::Count: return readWhole(j, spec, field, out);
    case FieldType::Number: {
        if (!j.is_number() || !std::isfinite(j.get<double>())) {
            wrongType(field, msg::kTypeNumber, out);
            return std::nullopt;
        }
        const double d = j.get<double>();
        if (!inRange(spec, d, field, out))
            return std::nullopt;
        return d;
    }
    case FieldType::Bool:
        if (!j.is_boolean()) {
            wrongType(field, msg::kTypeBool, out);
            return std::nullopt;
        }
        return j.get<bool>();
    case FieldType::OnOff:
        if (j.is_boolean())
            return j.get<bool>();
        if (j.is_string() && (j.get<std::string>() == "on" || j.get<std::string>() == "off"))
            return j.get<std::string>() == "on";
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kOnOrOff, {field}));
        return std::nullopt;
    case FieldType::Choice: {
        if (!j.is_string()) {
            wrongType(field, msg::kTypeString, out);
            return std::nullopt;
        }
        const std::string text = j.get<std::string>();
        if (spec.choices->findId(text) == nullptr) {
            out.push_back(makeDiagnostic(Severity::Error, field, msg::kOneOf, {field, spec.choices->idList(", "), text}));
            return std::nullopt;
        }
        return text;
    }
    case FieldType::Text:
    case FieldType::Path:
        if (!j.is_string()) {
            wrongType(field, msg::kTypeString, out);
            return std::nullopt;
        }
        return j.get<std::string>();
    }
    return std::nullopt;
}

void readGroupFields(const Json& object, const char* group, const std::string& prefix, Scenario& s, FieldPaths* given,
                     Diagnostics& out, bool warnUnknown)
{
    if (!object.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, prefix, msg::kWrongType, {prefix, msg::kTypeObject}));
        return;
    }
    for (const FieldSpec& spec : scenarioFields()) {
        if (std::string_view(spec.group) != group || spec.set == nullptr || isModelSourceField(spec))
            continue;
        std::optional<FieldValue> value = readFieldValue(object, spec, prefix, out);
        if (!value)
            continue;
        if (!spec.set(s, *value)) {
            const std::string field = fieldPath(prefix, spec.key);
            const std::string text = std::holds_alternative<std::string>(*value) ? std::get<std::string>(*value) : "";
            out.push_back(spec.rangeMessage != nullptr ? makeDiagnostic(Severity::Error, field, spec.rangeMessage, {text})
                                                       : makeDiagnostic(Severity::Error, field, msg::kWrongType, {field, msg::kTypeString}));
            continue;
        }
        if (given != nullptr)
            given->push_back(spec.path());
    }
    if (!warnUnknown)
        return;
    for (const auto& item : object.items()) {
        if (findField(group, item.key()) == nullptr) {
            const std::string field = fieldPath(prefix, item.key().c_str());
            out.push_back(makeDiagnostic(Severity::Warning, field, msg::kUnknownField, {field}));
        }
    }
}

void applyModelFields(const Json& o, const std::string& prefix, ModelSpec& m, Diagnostics& out, FieldPaths* given,
                      bool warnUnknown)
{
    if (!o.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, prefix, msg::kWrongType, {prefix, msg::kTypeObject}));
        return;
    }
    // A base with plain multi-head attention and the usual head size keeps both derived when the
    // user changes hidden or heads alone: overriding heads on a 32-head base must not leave 32 kv heads.
    const bool baseMha = m.effectiveKvHeads() == m.heads;
    const bool baseDerivedHeadDim = m.heads > 0 && m.effectiveHeadDim() == m.hidden / m.heads;
    if (baseMha && o.contains("heads") && !o.contains("kv_heads"))
        m.kvHeads = 0;
    if (baseDerivedHeadDim && (o.contains("heads") || o.contains("hidden")) && !o.contains("head_dim"))
        m.headDim = 0;
    Scenario holder;
    holder.model = std::move(m);
    readGroupFields(o, "model", prefix, holder, given, out, warnUnknown);
    m = std::move(holder.model);
}

Json fieldValueToJson(const FieldSpec& spec, const FieldValue& value)
{
    if (spec.type == FieldType::OnOff)
        return std::get<bool>(value) ? "on" : "off";
    return std::visit([](const auto& v) { return Json(v); }, value);
}

} // namespace shardscope
