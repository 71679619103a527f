#pragma once
#include <algorithm>
#include <bit>
#include <cstring>
#include <cstdint>
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
        prefixes_.reserve(presets_.size());
        for (const Preset& preset : presets_)
            prefixes_.push_back(prefixKey(preset.presetId()));
    }

    // A binary search over the ids' first eight bytes as numbers (the presets are sorted by id, so
    // these are sorted too), then one string comparison: every estimate looks its GPU up, and a
    // binary search comparing strings cost about 250 instructions (five calls to memcmp).
    const Preset* find(std::string_view id) const
    {
        const std::uint64_t key = prefixKey(id);
        auto at = std::lower_bound(prefixes_.begin(), prefixes_.end(), key);
        for (; at != prefixes_.end() && *at == key; ++at) {  // ids that share the first eight bytes
            const Preset& preset = presets_[static_cast<std::size_t>(at - prefixes_.begin())];
            if (std::string_view(preset.presetId()) == id)
                return &preset;
        }
        return nullptr;
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
    // The first eight bytes of `id` (zero-padded) as a big-endian number: two such numbers
    // compare as the ids' prefixes do, so ids sorted as strings have sorted prefixes.
    static std::uint64_t prefixKey(std::string_view id)
    {
        std::uint64_t key = 0;
        if (id.size() >= 8) {  // most ids ("h100-sxm5-80gb"): one load, in the big-endian order
            std::memcpy(&key, id.data(), 8);
            if constexpr (std::endian::native == std::endian::little)
                key = __builtin_bswap64(key);
            return key;
        }
        const std::size_t n = id.size();
        for (std::size_t i = 0; i < 8; ++i)
            key = (key << 8) | (i < n ? static_cast<unsigned char>(id[i]) : 0u);
        return key;
    }

    std::vector<Preset> presets_;
    std::vector<std::uint64_t> prefixes_;  // prefixKey of each preset's id, in the same order
    Diagnostics diagnostics_;
};

} // namespace shardscope
