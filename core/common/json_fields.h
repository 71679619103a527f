#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"

// Typed, diagnosed reads of optional JSON members. A wrong type is reported against the
// field's full path (for example "training.seq_len") and leaves the target unchanged, so a
// malformed file never produces a half-read value silently.
namespace shardscope::json_fields {

using Json = nlohmann::json;

std::string path(const std::string& prefix, const char* key);

bool readInt(const Json& object, const char* key, const std::string& prefix, std::int64_t& target, Diagnostics& out);
bool readInt(const Json& object, const char* key, const std::string& prefix, int& target, Diagnostics& out);
bool readNumber(const Json& object, const char* key, const std::string& prefix, double& target, Diagnostics& out);
bool readString(const Json& object, const char* key, const std::string& prefix, std::string& target, Diagnostics& out);

} // namespace shardscope::json_fields
