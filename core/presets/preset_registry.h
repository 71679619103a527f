#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/common/input_file.h"
#include "core/common/messages.h"
#include "core/presets/preset_files.h"

namespace shardscope {

// A set of presets of one kind, read from JSON files. `Preset` provides presetId() and a
// `std::string origin`; `parse` fills one from a file's object and reports problems. A file
// that fails to parse is skipped with a warning; a later file replaces an earlier one of the
// same id, so the user's folder can override a built-in preset.
template <typename Preset>
class PresetRegistry {
public:
    using Parse = void (*)(const nlohmann::json& object, Preset& preset, Diagnostics& out);

    PresetRegistry(const std::vector<PresetFile>& files, Parse parse)
    {
        for (const PresetFile& file : files) {
            Diagnostics unreadable;  // depth and duplicate keys as for every input (input_file.h)
            const nlohmann::json object = parseJsonStrict(file.text, file.origin, "preset", unreadable).value_or(nullptr);
            if (!object.is_object()) {
                diagnostics_.push_back(makeDiagnostic(Severity::Warning, "preset", msg::kPresetNotObject, {file.origin}));
                continue;
            }
            Preset preset;
            preset.origin = file.origin;
            Diagnostics local;
            parse(object, preset, local);
            if (preset.presetId().empty())
                local.push_back(makeDiagnostic(Severity::Error, "preset.id", msg::kPresetMissingId));
            if (hasErrors(local)) {
                for (const Diagnostic& d : local)
                    diagnostics_.push_back(makeDiagnostic(Severity::Warning, "preset", msg::kPresetSkipped, {file.origin, d.message()}));
                continue;
            }
            auto same = std::find_if(presets_.begin(), presets_.end(),
                                     [&](const Preset& p) { return p.presetId() == preset.presetId(); });
            if (same != presets_.end())
                *same = std::move(preset);
            else
                presets_.push_back(std::move(preset));
        }
        std::sort(presets_.begin(), presets_.end(), [](const Preset& a, const Preset& b) {
            return std::string_view(a.presetId()) < std::string_view(b.presetId());
        });
    }

    // A binary search (the presets are sorted by id): every estimate looks its GPU up twice.
    const Preset* find(std::string_view id) const
    {
        const auto at = std::lower_bound(presets_.begin(), presets_.end(), id,
                                         [](const Preset& p, std::string_view key) { return std::string_view(p.presetId()) < key; });
        return at != presets_.end() && std::string_view(at->presetId()) == id ? &*at : nullptr;
    }

    const std::vector<Preset>& all() const { return presets_; }
    const Diagnostics& diagnostics() const { return diagnostics_; }

    std::string idList() const
    {
        std::string list;
        for (const Preset& preset : presets_)
            list.append(list.empty() ? "" : ", ").append(preset.presetId());
        return list;
    }

private:
    std::vector<Preset> presets_;
    Diagnostics diagnostics_;
};

} // namespace shardscope
