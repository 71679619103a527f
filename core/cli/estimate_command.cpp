#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/cli/cli.h"
#include "core/cli/flag_table.h"
#include "core/estimate/estimate.h"
#include "core/presets/model_presets.h"
#include "core/report/estimate_report.h"
#include "core/scenario/scenario_json.h"

namespace shardscope::cli {
namespace {

using Json = nlohmann::json;

enum class Format { Table, Json, Csv };

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

bool invalid(std::ostream& err, const std::string& flag, const std::string& message)
{
    err << "shardscope-cli: error: " << flag << ": " << message << "\n";
    return false;
}

bool parseOptions(const std::vector<std::string>& args, EstimateOptions& options, std::ostream& err)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0)
            return invalid(err, arg, "unexpected argument (flags start with --)");
        std::string name = arg.substr(2);
        std::optional<std::string> value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
        }
        const FlagSpec* spec = findFlag(name);
        const bool isSwitch = spec != nullptr && spec->type == FlagType::Switch;
        if (!value && !isSwitch) {
            if (i + 1 >= args.size())
                return invalid(err, "--" + name, "needs a value");
            value = args[++i];
        }
        if (name == "scenario") {
            options.scenarioFile = *value;
        } else if (name == "save-scenario") {
            options.saveFile = *value;
        } else if (name == "format") {
            if (*value == "table")
                options.format = Format::Table;
            else if (*value == "json")
                options.format = Format::Json;
            else if (*value == "csv")
                options.format = Format::Csv;
            else
                return invalid(err, "--format", "must be table, json or csv (got '" + *value + "')");
        } else if (spec != nullptr) {
            std::string problem;
            auto parsed = parseFlagValue(*spec, value.value_or(""), problem);
            if (!parsed)
                return invalid(err, "--" + name, problem);
            // A config.json named on the command line is relative to the working directory.
            if (name == "hf-config")
                parsed = std::filesystem::absolute(*value).string();
            options.patch[spec->group][spec->key] = *parsed;
        } else {
            return invalid(err, "--" + name, "unknown flag (try shardscope-cli --help)");
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
            invalid(err, "--scenario", "cannot read " + options.scenarioFile);
            return kExitInvalidInput;
        }
        std::ostringstream text;
        text << stream.rdbuf();
        document = Json::parse(text.str(), nullptr, false);
        if (document.is_discarded()) {
            invalid(err, "--scenario", options.scenarioFile + " is not valid JSON");
            return kExitInvalidInput;
        }
        if (!document.is_object()) {
            invalid(err, "--scenario", options.scenarioFile + " must hold a JSON object");
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
            invalid(err, "--save-scenario", problem);
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
