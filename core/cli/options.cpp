#include "core/cli/options.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace shardscope::cli {

std::optional<std::vector<Option>> splitOptions(const std::vector<std::string>& args,
                                                const std::function<bool(const std::string&)>& isSwitch,
                                                std::ostream& err)
{
    std::vector<Option> options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
            invalidOption(err, arg, "unexpected argument (flags start with --)");
            return std::nullopt;
        }
        Option option{arg.substr(2), std::nullopt};
        if (const auto eq = option.name.find('='); eq != std::string::npos) {
            option.value = option.name.substr(eq + 1);
            option.name.resize(eq);
        } else if (!isSwitch(option.name)) {
            if (i + 1 >= args.size()) {
                invalidOption(err, "--" + option.name, "needs a value");
                return std::nullopt;
            }
            option.value = args[++i];
        }
        options.push_back(std::move(option));
    }
    return options;
}

bool invalidOption(std::ostream& err, const std::string& flag, const std::string& message)
{
    err << "shardscope-cli: error: " << flag << ": " << message << "\n";
    return false;
}

bool parseNumber(const Option& option, double& target, std::ostream& err)
{
    const std::string text = option.value.value_or("");
    char* end = nullptr;
    const double value = text.empty() ? 0.0 : std::strtod(text.c_str(), &end);
    if (text.empty() || end == nullptr || *end != '\0' || !std::isfinite(value))
        return invalidOption(err, "--" + option.name, "expected a number, got '" + text + "'");
    target = value;
    return true;
}

bool parseInteger(const Option& option, long long& target, std::ostream& err)
{
    double value = 0;
    if (!parseNumber(option, value, err))
        return false;
    if (std::floor(value) != value || std::fabs(value) > 9.0e15)
        return invalidOption(err, "--" + option.name, "expected a whole number, got '" + option.value.value_or("") + "'");
    target = static_cast<long long>(value);
    return true;
}

bool parseFormat(const Option& option, Format& target, std::ostream& err)
{
    const std::string value = option.value.value_or("");
    if (value == "table")
        target = Format::Table;
    else if (value == "json")
        target = Format::Json;
    else if (value == "csv")
        target = Format::Csv;
    else
        return invalidOption(err, "--format", "must be table, json or csv (got '" + value + "')");
    return true;
}

std::string flagOfCommandField(const std::string& field)
{
    std::string flag = "--" + field.substr(field.find('.') + 1);  // npos + 1 == 0: no group, the whole field
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

bool parseDtype(const Option& option, FloatFormat& target, std::ostream& err)
{
    if (const auto parsed = parseFloatFormat(*option.value)) {
        target = *parsed;
        return true;
    }
    std::string names;
    for (const FormatSpec& spec : kFormatSpecs)
        names += (names.empty() ? "" : ", ") + std::string(spec.name);
    return invalidOption(err, "--" + option.name, "must be one of " + names + " (got '" + *option.value + "')");
}

} // namespace shardscope::cli
