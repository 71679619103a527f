#include "core/presets/preset_files.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/common/input_file.h"
#include "core/presets/embedded_presets.h"

namespace shardscope {

std::filesystem::path userPresetDirectory()
{
    if (const char* dir = std::getenv("SHARDSCOPE_PRESETS_DIR"); dir != nullptr && *dir != '\0')
        return dir;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0')
        return std::filesystem::path(xdg) / "shardscope" / "presets";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::filesystem::path(home) / ".config" / "shardscope" / "presets";
    return {};
}

std::vector<PresetFile> presetFiles(const std::string& kind, const std::filesystem::path& userDirectory)
{
    std::vector<PresetFile> files;
    const std::string prefix = kind + "/";
    for (const EmbeddedFile& file : embeddedPresetFiles()) {
        if (file.path.substr(0, prefix.size()) == prefix)
            files.push_back({"built-in " + std::string(file.path), std::string(file.text)});
    }
    if (userDirectory.empty())
        return files;
    std::error_code error;
    const std::filesystem::path folder = userDirectory / kind;
    if (!std::filesystem::is_directory(folder, error))
        return files;
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        if (entry.is_regular_file(error) && entry.path().extension() == ".json")
            paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& path : paths) {
        Diagnostics ignored;  // an unreadable or oversized file is skipped like an unparsable one
        if (std::optional<std::string> text = readInputFile(path, kind, ignored))
            files.push_back({path.string(), std::move(*text)});
    }
    return files;
}

} // namespace shardscope
