#pragma once
#include <filesystem>
#include <string>

namespace shardscope {

// Writes `text` to `path` through a temporary file beside it that is then renamed over it, so a
// failed write (full disk, no permission) leaves the previous file intact. On failure returns
// false with `error` set and removes the temporary file.
bool writeFileAtomically(const std::filesystem::path& path, const std::string& text, std::string& error);

} // namespace shardscope
