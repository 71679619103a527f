#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"

// Reading the files a user names (scenario files, Hugging Face configs, validation case files,
// user presets): every one goes through here, so the limits are one rule (docs/architecture.md,
// "Input limits"):
// - the path must be non-empty and valid UTF-8 (it ends up in JSON and in messages);
// - the file must be a regular file: devices (/dev/zero), FIFOs and sockets are refused at once,
//   before a byte is read, since they may never end;
// - at most kMaxInputBytes (16 MiB, some 2,000 times the largest shipped case file);
// - JSON nested at most kMaxJsonDepth (64) deep, checked by a scan before the parser runs;
// - no object with the same key twice (a JSON parser would silently keep the last one).
namespace shardscope {

inline constexpr std::size_t kMaxInputBytes = std::size_t{16} << 20;
inline constexpr int kMaxJsonDepth = 64;

bool isValidUtf8(std::string_view text);

// The file's text, or nullopt with an error (naming `field` and the path) added to `out`.
std::optional<std::string> readInputFile(const std::filesystem::path& path, const std::string& field, Diagnostics& out);

// Parses JSON text under the depth and duplicate-key rules; nullopt with an error naming `origin`
// (the byte offset, the depth limit or the duplicated key) added to `out` when it is not acceptable.
std::optional<nlohmann::json> parseJsonStrict(std::string_view text, const std::string& origin, const std::string& field,
                                              Diagnostics& out);

// Both: the JSON document in the file at `path`.
std::optional<nlohmann::json> readJsonFile(const std::filesystem::path& path, const std::string& field, Diagnostics& out);

} // namespace shardscope
