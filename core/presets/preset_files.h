#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace shardscope {

// A preset JSON text with the place it came from, for messages.
struct PresetFile {
    std::string origin;  // "built-in models/llama2-7b.json" or a user file path
    std::string text;
};

// The user's preset folder: $SHARDSCOPE_PRESETS_DIR, else $XDG_CONFIG_HOME/shardscope/presets,
// else ~/.config/shardscope/presets. Presets there add to (or replace, by id) the built-in ones.
std::filesystem::path userPresetDirectory();

// Built-in files under `kind` ("models" or "gpus"), then the user's files in <dir>/<kind>/*.json,
// sorted by name so that loading is deterministic.
std::vector<PresetFile> presetFiles(const std::string& kind, const std::filesystem::path& userDirectory);

} // namespace shardscope
