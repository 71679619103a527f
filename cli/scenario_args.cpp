#include "cli/scenario_args.h"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "cli/option_parser.h"
#include "core/common/input_file.h"
#include "core/scenario/field_table.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario_json.h"

namespace shardscope::cli {
namespace {

using Json = nlohmann::json;

// Flags override the file; choosing a model by flag replaces the file's whole model group.
Json mergeDocument(Json document, const Json& patch)
{
    for (const auto& [group, fields] : patch.items()) {
        const bool newModel = group == "model" && (fields.contains("model") || fields.contains("hf_config"));
        if (newModel || !document.contains(group) || !document[group].is_object())
            document[group] = Json::object();
        for (const auto& [key, value] : fields.items())
            document[group][key] = value;
    }
    return document;
}

} // namespace

std::string flagForField(const std::string& field)
{
    const FieldSpec* spec = findFieldByPath(field);
    return spec != nullptr && spec->flag != nullptr ? std::string("--") + spec->flag : field;
}

void printDiagnostic(std::ostream& err, const Diagnostic& d)
{
    err << "shardscope-cli: " << severityName(d.severity) << ": ";
    const std::string flag = flagForField(d.field);
    if (!d.field.empty() && flag != d.field)
        err << flag << " (" << d.field.view() << "): ";
    else if (!d.field.empty())
        err << d.field.view() << ": ";
    err << d.message() << "\n";
}

void printErrors(std::ostream& err, const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        if (d.severity == Severity::Error)
            printDiagnostic(err, d);
    }
}

std::optional<Scenario> resolveScenario(const Invocation& inv, std::ostream& err, FieldPaths* given)
{
    for (const Diagnostic& d : standardModelPresets().diagnostics())
        printDiagnostic(err, d);

    Json document = Json::object();
    std::filesystem::path baseDirectory;
    if (!inv.scenarioFile.empty()) {
        // Size, depth, special files and duplicate keys: docs/architecture.md, "Input limits".
        Diagnostics problems;
        std::optional<Json> read = readJsonFile(inv.scenarioFile, "scenario", problems);
        for (const Diagnostic& d : problems)
            invalidOption(err, "--scenario", d.message());
        if (!read)
            return std::nullopt;
        document = std::move(*read);
        if (!document.is_object()) {
            invalidOption(err, "--scenario", inv.scenarioFile + " must hold a JSON object");
            return std::nullopt;
        }
        baseDirectory = std::filesystem::path(inv.scenarioFile).parent_path();
    }
    document = mergeDocument(std::move(document), inv.patch);

    Diagnostics problems;
    std::optional<Scenario> scenario = scenarioFromJson(document, baseDirectory, problems, given);
    for (const Diagnostic& d : problems)
        printDiagnostic(err, d);
    return scenario;
}

std::optional<Resolved> resolveAndEstimate(const Invocation& inv, std::ostream& err)
{
    FieldPaths given;
    std::optional<Scenario> scenario = resolveScenario(inv, err, &given);
    if (!scenario)
        return std::nullopt;
    Estimate result = estimate(*scenario);
    if (!result.valid()) {
        printErrors(err, result.diagnostics);
        return std::nullopt;
    }
    return Resolved{std::move(*scenario), std::move(result), std::move(given)};
}

bool saveScenarioIfAsked(const Invocation& inv, const Scenario& scenario, std::ostream& err)
{
    if (inv.saveFile.empty())
        return true;
    std::string problem;
    if (!saveScenarioFile(scenario, inv.saveFile, problem))
        return invalidOption(err, "--save-scenario", problem);
    return true;
}

} // namespace shardscope::cli
