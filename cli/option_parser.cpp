#include "cli/option_parser.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <set>

#include "core/common/number_text.h"
#include "core/scenario/field_table.h"

namespace shardscope::cli {
namespace {

const OptionSpec* findOption(const Command& command, std::string_view name)
{
    for (const OptionSpec& spec : command.options) {
        if (name == spec.name)
            return &spec;
    }
    return nullptr;
}

bool inChoices(const char* choices, const std::string& value)
{
    std::string_view list(choices);
    while (!list.empty()) {
        const auto bar = list.find('|');
        if (list.substr(0, bar) == value)
            return true;
        list = bar == std::string_view::npos ? std::string_view() : list.substr(bar + 1);
    }
    return false;
}

std::string choiceText(const char* choices)
{
    std::string text;
    for (const char* c = choices; *c != '\0'; ++c) {
        if (*c == '|')
            text += ", ";
        else
            text += *c;
    }
    return text;
}

std::string bound(double value) { return boundText(value); }

// A command option's value, checked against its type and range.
bool checkOption(const OptionSpec& spec, const std::string& value, std::ostream& err)
{
    const std::string flag = std::string("--") + spec.name;
    switch (spec.type) {
    case OptionType::Switch:
    case OptionType::Text: return true;
    case OptionType::Path:
        return !value.empty() || invalidOption(err, flag, "needs a file path, not an empty string");
    case OptionType::Choice:
        if (spec.table != nullptr)
            return spec.table->findId(value) != nullptr
                   || invalidOption(err, flag, "must be one of " + spec.table->idList(", ") + " (got '" + value + "')");
        return inChoices(spec.choices, value)
               || invalidOption(err, flag, "must be one of " + choiceText(spec.choices) + " (got '" + value + "')");
    case OptionType::Int: {
        bool outOfRange = false;
        const auto whole = parseWhole(value, static_cast<std::int64_t>(spec.min), static_cast<std::int64_t>(spec.max),
                                      false, &outOfRange);
        if (whole)
            return true;
        if (outOfRange)
            return invalidOption(err, flag, "must be between " + bound(spec.min) + " and " + bound(spec.max) + " (got " + value + ")");
        return invalidOption(err, flag, "expected a whole number, got '" + value + "'");
    }
    case OptionType::Number: {
        const auto number = parseDecimal(value);
        if (!number)
            return invalidOption(err, flag, "expected a number, got '" + value + "'");
        if (*number < spec.min || *number > spec.max)
            return invalidOption(err, flag, "must be between " + bound(spec.min) + " and " + bound(spec.max) + " (got " + value + ")");
        return true;
    }
    }
    return true;
}

// A scenario flag's text as the JSON value its field takes; the scenario reader then checks
// types and ranges like a file's, so a flag and a file field are one rule.
std::optional<nlohmann::json> flagValue(const FieldSpec& spec, const std::string& text, std::string& problem)
{
    switch (spec.type) {
    case FieldType::Text:
    case FieldType::Choice:
    case FieldType::OnOff: return nlohmann::json(text);
    case FieldType::Path:
        if (text.empty()) {
            problem = "needs a file path, not an empty string";
            return std::nullopt;
        }
        // A file named on the command line is relative to the working directory.
        return nlohmann::json(std::filesystem::absolute(text).string());
    case FieldType::Bool:
        if (text.empty() || text == "on" || text == "true" || text == "1")
            return nlohmann::json(true);
        if (text == "off" || text == "false" || text == "0")
            return nlohmann::json(false);
        problem = "expected on or off, got '" + text + "'";
        return std::nullopt;
    case FieldType::Number: {
        const auto value = parseDecimal(text);
        if (!value) {
            problem = "expected a number, got '" + text + "'";
            return std::nullopt;
        }
        return nlohmann::json(*value);
    }
    case FieldType::Int:
    case FieldType::Count: {
        // The range itself is the reader's to check (with the field's own message); here only
        // the form, and a bound that keeps the value a 64-bit integer.
        bool outOfRange = false;
        const auto whole = parseWhole(text, -(std::int64_t{1} << 62), std::int64_t{1} << 62, spec.type == FieldType::Count, &outOfRange);
        if (whole)
            return nlohmann::json(*whole);
        if (outOfRange)
            return nlohmann::json(spec.type == FieldType::Count ? *parseDecimalWithSuffix(text) : *parseDecimal(text));
        problem = "expected a whole number, got '" + text + "'";
        return std::nullopt;
    }
    }
    return std::nullopt;
}

} // namespace

bool invalidOption(std::ostream& err, const std::string& flag, const std::string& message)
{
    err << "shardscope-cli: error: " << flag << ": " << message << "\n";
    return false;
}

std::optional<Invocation> parseInvocation(const Command& command, const CliHooks& hooks,
                                          const std::vector<std::string>& args, std::ostream& err)
{
    Invocation inv(command, hooks);
    std::set<std::string> seen;
    const std::string unknownHint = "unknown flag for " + std::string(command.name) + " (try shardscope-cli "
                                    + command.name + " --help)";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
            invalidOption(err, arg, "unexpected argument (flags start with --)");
            return std::nullopt;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
        }
        const OptionSpec* option = findOption(command, name);
        const FieldSpec* field = command.takesScenario ? findFieldByFlag(name) : nullptr;
        const bool scenarioFile = command.takesScenario && (name == "scenario" || name == "save-scenario");
        if (option == nullptr && field == nullptr && !scenarioFile) {
            invalidOption(err, "--" + name, unknownHint);
            return std::nullopt;
        }
        const bool takesValue = option != nullptr ? option->type != OptionType::Switch
                                                  : !(field != nullptr && field->type == FieldType::Bool);
        if (!value && takesValue) {
            if (i + 1 >= args.size()) {
                invalidOption(err, "--" + name, "needs a value");
                return std::nullopt;
            }
            value = args[++i];
        }
        if (option != nullptr && option->type == OptionType::Switch && value) {
            invalidOption(err, "--" + name, "takes no value");
            return std::nullopt;
        }
        if (!(option != nullptr && option->repeatable) && !seen.insert(name).second) {
            invalidOption(err, "--" + name, "given twice; give it once");
            return std::nullopt;
        }
        if (scenarioFile) {
            if (value->empty()) {
                invalidOption(err, "--" + name, "needs a file path, not an empty string");
                return std::nullopt;
            }
            (name == "scenario" ? inv.scenarioFile : inv.saveFile) = *value;
        } else if (option != nullptr) {
            if (!checkOption(*option, value.value_or(""), err))
                return std::nullopt;
            inv.options.emplace_back(name, value.value_or(""));
        } else {
            std::string problem;
            const auto json = flagValue(*field, value.value_or(""), problem);
            if (!json) {
                invalidOption(err, "--" + name, problem);
                return std::nullopt;
            }
            inv.patch[field->group][field->key] = *json;
        }
    }
    return inv;
}

bool Invocation::has(const char* name) const
{
    return std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.first == name; });
}

const std::string* Invocation::text(const char* name) const
{
    const std::string* found = nullptr;
    for (const auto& [key, value] : options) {
        if (key == name)
            found = &value;
    }
    return found;
}

std::vector<std::string> Invocation::texts(const char* name) const
{
    std::vector<std::string> all;
    for (const auto& [key, value] : options) {
        if (key == name)
            all.push_back(value);
    }
    return all;
}

std::int64_t Invocation::integer(const char* name, std::int64_t fallback) const
{
    const std::string* value = text(name);
    if (value == nullptr)
        return fallback;
    return parseWhole(*value, INT64_MIN / 2, INT64_MAX / 2, false).value_or(fallback);  // checked when parsed
}

double Invocation::number(const char* name, double fallback) const
{
    const std::string* value = text(name);
    return value == nullptr ? fallback : parseDecimal(*value).value_or(fallback);
}

std::string Invocation::choice(const char* name, const char* fallback) const
{
    const std::string* value = text(name);
    return value == nullptr ? fallback : *value;
}

} // namespace shardscope::cli
