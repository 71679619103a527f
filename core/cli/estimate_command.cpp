#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/cli/cli.h"
#include "core/cli/flag_table.h"
#include "core/cli/options.h"
#include "core/estimate/estimate.h"
#include "core/presets/model_presets.h"
#include "core/report/estimate_report.h"
#include "core/scenario/scenario_json.h"

namespace shardscope::cli {
namespace {

using Json = nlohmann::json;

struct EstimateOptions {
    std::string scenarioFile;
    std::string saveFile;
    Format format = Format::Table;
    Json patch = Json::object();  // the scenario flags, as a scenario document
};

// Prints one diagnostic naming the flag (and the scenario field it maps to).
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

bool parseOptions(const std::vector<std::string>& args, EstimateOptions& options, std::ostream& err)
{
    const auto isSwitch = [](const std::string& name) {
        const FlagSpec* spec = findFlag(name);
        return spec != nullptr && spec->type == FlagType::Switch;
    };
    const auto split = splitOptions(args, isSwitch, err);
    if (!split)
        return false;
    for (const Option& option : *split) {
        const std::string& name = option.name;
        if (name == "scenario") {
            options.scenarioFile = *option.value;
        } else if (name == "save-scenario") {
            options.saveFile = *option.value;
        } else if (name == "format") {
            if (!parseFormat(option, options.format, err))
                return false;
        } else if (const FlagSpec* spec = findFlag(name)) {
            std::string problem;
            auto parsed = parseFlagValue(*spec, option.value.value_or(""), problem);
            if (!parsed)
                return invalidOption(err, "--" + name, problem);
            // A config.json named on the command line is relative to the working directory.
            if (name == "hf-config")
                parsed = std::filesystem::absolute(*option.value).string();
            options.patch[spec->group][spec->key] = *parsed;
        } else {
            return invalidOption(err, "--" + name, "unknown flag (try shardscope-cli --help)");
        }
    }
    return true;
}

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

int runEstimate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    EstimateOptions options;
    if (!parseOptions(args, options, err))
        return kExitInvalidInput;

    for (const Diagnostic& d : standardModelPresets().diagnostics())
        printDiagnostic(err, d);

    Json document = Json::object();
    std::filesystem::path baseDirectory;
    if (!options.scenarioFile.empty()) {
        std::ifstream stream(options.scenarioFile, std::ios::binary);
        if (!stream) {
            invalidOption(err, "--scenario", "cannot read " + options.scenarioFile);
            return kExitInvalidInput;
        }
        std::ostringstream text;
        text << stream.rdbuf();
        document = Json::parse(text.str(), nullptr, false);
        if (document.is_discarded()) {
            invalidOption(err, "--scenario", options.scenarioFile + " is not valid JSON");
            return kExitInvalidInput;
        }
        if (!document.is_object()) {
            invalidOption(err, "--scenario", options.scenarioFile + " must hold a JSON object");
            return kExitInvalidInput;
        }
        baseDirectory = std::filesystem::path(options.scenarioFile).parent_path();
    }
    document = mergeDocument(std::move(document), options.patch);

    Diagnostics readProblems;
    const std::optional<Scenario> scenario = scenarioFromJson(document, baseDirectory, readProblems);
    for (const Diagnostic& d : readProblems)
        printDiagnostic(err, d);
    if (!scenario)
        return kExitInvalidInput;

    const Estimate result = estimate(*scenario);
    if (!result.valid()) {
        for (const Diagnostic& d : result.diagnostics) {
            if (d.severity == Severity::Error)
                printDiagnostic(err, d);
        }
        return kExitInvalidInput;
    }

    if (!options.saveFile.empty()) {
        std::string problem;
        if (!saveScenarioFile(*scenario, options.saveFile, problem)) {
            invalidOption(err, "--save-scenario", problem);
            return kExitInvalidInput;
        }
    }

    switch (options.format) {
    case Format::Json: out << estimateToJson(*scenario, result).dump(2) << "\n"; break;
    case Format::Csv: out << estimateCsv(*scenario, result); break;
    case Format::Table: out << estimateTable(*scenario, result); break;
    }
    return kExitOk;
}

} // namespace shardscope::cli
