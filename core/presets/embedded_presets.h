#pragma once
#include <span>
#include <string_view>

namespace shardscope {

// A preset file compiled into the binary (resources/embed_files.cmake generates the table).
struct EmbeddedFile {
    std::string_view path;  // relative to resources/presets, e.g. "models/llama2-7b.json"
    std::string_view text;
};

std::span<const EmbeddedFile> embeddedPresetFiles();

} // namespace shardscope
