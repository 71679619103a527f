#pragma once
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/precision/float_format.h"

namespace shardscope::cli {

// One "--name value", "--name=value" or bare "--switch" from the command line.
struct Option {
    std::string name;                  // without dashes
    std::optional<std::string> value;  // absent for a bare switch
};

// Splits `args` into options. `isSwitch(name)` says which names take no separate value.
// Returns nullopt after printing a message naming the argument when the shape is wrong.
std::optional<std::vector<Option>> splitOptions(const std::vector<std::string>& args,
                                                const std::function<bool(const std::string&)>& isSwitch,
                                                std::ostream& err);

// The flag of a drift or reduce diagnostic's field: "drift.curve_points" -> "--curve-points".
std::string flagOfCommandField(const std::string& field);

// Prints "shardscope-cli: error: --flag: message" and returns false.
bool invalidOption(std::ostream& err, const std::string& flag, const std::string& message);

// Typed reads of an option value; on failure print a message naming --name and return false.
bool parseNumber(const Option& option, double& target, std::ostream& err);
bool parseInteger(const Option& option, long long& target, std::ostream& err);

// --dtype: one of the float formats (bf16, fp16, fp32, tf32, fp8-e4m3, fp8-e5m2).
bool parseDtype(const Option& option, FloatFormat& target, std::ostream& err);

enum class Format { Table, Json, Csv };
bool parseFormat(const Option& option, Format& target, std::ostream& err);

} // namespace shardscope::cli
