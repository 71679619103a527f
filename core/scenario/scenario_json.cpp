#include "core/scenario/scenario_json.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/common/atomic_file.h"
#include "core/common/input_file.h"
#include "core/common/json_fields.h"
#include "core/common/messages.h"
#include "core/model/hf_config.h"
#include "core/model/params_family.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/field_json.h"
#include "core/scenario/field_table.h"
#include "core/scenario/recipes.h"
#include "core/scenario/shape_rules.h"

namespace shardscope {

using Json = nlohmann::json;
using json_fields::readString;

namespace {

const Json& group(const Json& document, const char* name, Diagnostics& out)
{
    static const Json empty = Json::object();
    const auto it = document.find(name);
    if (it == document.end() || it->is_null())
        return empty;
    if (!it->is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, name, msg::kWrongType, {name, msg::kTypeObject}));
        return empty;
    }
    return *it;
}

bool hasShapeField(const Json& o)
{
    for (const FieldSpec& spec : scenarioFields()) {
        if (std::string_view(spec.group) == "model" && !isModelSourceField(spec) && std::string_view(spec.key) != "name"
            && o.contains(spec.key))
            return true;
    }
    return false;
}

// The model group: a source (preset, config.json, parameter count or the default family) gives
// the base shape; the shape fields then override it.
void readModel(const Json& o, const std::filesystem::path& base, Scenario& s, FieldPaths* given, Diagnostics& out)
{
    std::string preset, hfConfig;
    const bool hasPreset = readString(o, "model", "model", preset, out);
    const bool hasHf = readString(o, "hf_config", "model", hfConfig, out);
    if (hasPreset && hasHf) {
        out.push_back(makeDiagnostic(Severity::Error, "model.hf_config", msg::kPresetOrConfig));
        return;
    }
    std::optional<FieldValue> params;
    if (o.contains("params"))
        params = readFieldValue(o, *findField("model", "params"), "model", out);
    if (o.contains("params") && !params)
        return;
    s.modelId.clear();
    if (hasPreset) {
        const ModelPreset* found = standardModelPresets().find(preset);
        if (found == nullptr) {
            out.push_back(makeDiagnostic(Severity::Error, "model.model", msg::kUnknownModel,
                                         {preset, standardModelPresets().idList()}));
            return;
        }
        s.model = found->spec;
        s.modelId = preset;
    } else if (hasHf) {
        std::filesystem::path path(hfConfig);
        if (path.is_relative() && !base.empty())
            path = base / path;
        auto imported = importHfConfigFile(path.string(), out);
        if (!imported)
            return;
        s.model = *imported;
    } else if (params) {
        s.model = shapeForParameterCount(std::get<std::int64_t>(*params));
    } else if (hasShapeField(o)) {
        s.model = shapeForParameterCount(7'000'000'000);  // the default shape, counted from its fields
        s.model.exactParams.reset();
        s.model.name = "custom shape";
        s.model.source = "explicit shape";
    }
    const bool shape = hasShapeField(o);
    const ModelSpec sourceShape = s.model;
    applyModelFields(o, "model", s.model, out, given);
    // A shape given in part is completed as engines complete it (FFN from hidden by the MLP's
    // rule); a preset's or a config's fields are kept, and said so where a given field changes
    // what they mean (core/scenario/shape_rules.h).
    if (hasPreset || hasHf)
        warnKeptPresetFields(o, sourceShape, s.model, hasPreset ? preset : hfConfig, out);
    else if (shape)
        deriveShapeFields(o, s.model, out);
    if (shape && !params)
        s.model.exactParams.reset();
    if (params)
        s.model.exactParams = std::get<std::int64_t>(*params);
    if (given != nullptr) {
        for (const char* key : {"model", "hf_config", "params"}) {
            if (o.contains(key))
                given->push_back(std::string("model.") + key);
        }
    }
}

} // namespace

std::optional<Scenario> scenarioFromJson(const Json& document, const std::filesystem::path& base, Diagnostics& out,
                                         FieldPaths* given)
{
    if (!document.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, "scenario", msg::kScenarioObject));
        return std::nullopt;
    }
    const std::size_t before = out.size();
    Scenario s = defaultScenario();
    const auto groups = scenarioGroups();
    for (const auto& item : document.items()) {  // "shardscope" is reserved for the file's own metadata
        if (item.key() != "shardscope" && std::find(groups.begin(), groups.end(), item.key()) == groups.end())
            out.push_back(makeDiagnostic(Severity::Warning, item.key(), msg::kUnknownField, {item.key()}));
    }
    FieldPaths seen;  // what the document gave: the recipe fills the rest of its fields
    readModel(group(document, "model", out), base, s, &seen, out);
    for (const char* name : groups) {
        if (std::string_view(name) != "model")
            readGroupFields(group(document, name, out), name, name, s, &seen, out);
    }
    applyRecipe(s, seen);
    if (given != nullptr)
        given->insert(given->end(), seen.begin(), seen.end());
    for (std::size_t i = before; i < out.size(); ++i) {
        if (out[i].severity == Severity::Error)
            return std::nullopt;
    }
    return s;
}

Json scenarioToJson(const Scenario& s)
{
    Json document = Json::object();
    for (const char* name : scenarioGroups())
        document[name] = Json::object();
    for (const FieldSpec& spec : scenarioFields()) {
        if (spec.get == nullptr)
            continue;
        if (const std::optional<FieldValue> value = spec.get(s))
            document[spec.group][spec.key] = fieldValueToJson(spec, *value);
    }
    return document;
}

std::optional<Scenario> loadScenarioFile(const std::filesystem::path& path, Diagnostics& out)
{
    // Size, depth, special files and duplicate keys: docs/architecture.md, "Input limits".
    const std::optional<Json> document = readJsonFile(path, "scenario", out);
    if (!document)
        return std::nullopt;
    return scenarioFromJson(*document, path.parent_path(), out);
}

bool saveScenarioFile(const Scenario& s, const std::filesystem::path& path, std::string& error)
{
    return writeFileAtomically(path, scenarioToJson(s).dump(2) + "\n", error);
}

} // namespace shardscope
