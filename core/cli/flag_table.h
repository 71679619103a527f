#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace shardscope::cli {

enum class FlagType {
    Int,     // a whole number
    Count,   // a whole number that may be written 7e9 or with a K/M/B/T suffix (decimal)
    Number,  // any finite number
    Text,    // a string (choices are checked where the scenario is read, naming the field)
    Switch,  // present means true; --flag=off (or false) means false
};

// A scenario flag: --seq-len writes training.seq_len. The scenario file uses the same names.
struct FlagSpec {
    const char* flag;   // without the leading dashes
    const char* group;  // model, training, parallel, cluster or overhead
    const char* key;
    FlagType type;
    const char* help;
};

const std::vector<FlagSpec>& scenarioFlags();
const FlagSpec* findFlag(std::string_view flag);

// "training.seq_len" -> "--seq-len"; fields without a flag are returned unchanged.
std::string flagForField(const std::string& field);

// Converts a flag's text to its JSON value; nullopt and an explanation when it does not parse.
std::optional<nlohmann::json> parseFlagValue(const FlagSpec& spec, const std::string& text, std::string& problem);

} // namespace shardscope::cli
