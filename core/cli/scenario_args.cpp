#include "core/cli/scenario_args.h"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "core/cli/flag_table.h"
#include "core/presets/model_presets.h"
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

void printDiagnostic(std::ostream& err, const Diagnostic& d)
{
    err << "shardscope-cli: " << severityName(d.severity) << ": ";
    const std::string flag = flagForField(d.field);
    if (!d.field.empty() && flag != d.field)
        err << flag << " (" << d.field << "): ";
    else if (!d.field.empty())
        err << d.field << ": ";
    err << d.message << "\n";
}

bool parseScenarioArgs(const std::vector<std::string>& args, ScenarioArgs& parsed, std::ostream& err,
                       const std::function<bool(const Option&)>& extra,
                       const std::function<bool(const std::string&)>& extraIsSwitch)
{
    const auto isSwitch = [&](const std::string& name) {
        const FlagSpec* spec = findFlag(name);
        return (spec != nullptr && spec->type == FlagType::Switch) || (extraIsSwitch && extraIsSwitch(name));
    };
    const auto split = splitOptions(args, isSwitch, err);
    if (!split)
        return false;
    for (const Option& option : *split) {
        const std::string& name = option.name;
        if (name == "scenario") {
            parsed.scenarioFile = *option.value;
        } else if (name == "save-scenario") {
            parsed.saveFile = *option.value;
        } else if (name == "format") {
            if (!parseFormat(option, parsed.format, err))
                return false;
        } else if (const FlagSpec* spec = findFlag(name)) {
            std::string problem;
            auto value = parseFlagValue(*spec, option.value.value_or(""), problem);
            if (!value)
                return invalidOption(err, "--" + name, problem);
            // A config.json named on the command line is relative to the working directory.
            if (name == "hf-config")
                value = std::filesystem::absolute(*option.value).string();
            parsed.patch[spec->group][spec->key] = *value;
        } else if (extra) {
            if (!extra(option))
                return false;
        } else {
            return invalidOption(err, "--" + name, "unknown flag (try shardscope-cli --help)");
        }
    }
    return true;
}

std::optional<Scenario> resolveScenario(const ScenarioArgs& parsed, std::ostream& err)
{
    for (const Diagnostic& d : standardModelPresets().diagnostics())
        printDiagnostic(err, d);

    Json document = Json::object();
    std::filesystem::path baseDirectory;
    if (!parsed.scenarioFile.empty()) {
        std::ifstream stream(parsed.scenarioFile, std::ios::binary);
        if (!stream) {
            invalidOption(err, "--scenario", "cannot read " + parsed.scenarioFile);
            return std::nullopt;
        }
        std::ostringstream text;
        text << stream.rdbuf();
        document = Json::parse(text.str(), nullptr, false);
        if (document.is_discarded()) {
            invalidOption(err, "--scenario", parsed.scenarioFile + " is not valid JSON");
            return std::nullopt;
        }
        if (!document.is_object()) {
            invalidOption(err, "--scenario", parsed.scenarioFile + " must hold a JSON object");
            return std::nullopt;
        }
        baseDirectory = std::filesystem::path(parsed.scenarioFile).parent_path();
    }
    document = mergeDocument(std::move(document), parsed.patch);

    Diagnostics problems;
    std::optional<Scenario> scenario = scenarioFromJson(document, baseDirectory, problems);
    for (const Diagnostic& d : problems)
        printDiagnostic(err, d);
    return scenario;
}

} // namespace shardscope::cli
