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
        buildIndex();
    }

    // An open-addressing hash of each id's first and last eight bytes and its length, which
    // together are the whole id for ids of up to 16 characters (every built-in one): the lookup is
    // then a few loads and compares without a string comparison. Every estimate looks its GPU up:
    // about 60 instructions, where a binary search over the ids' first eight bytes and glibc's
    // memcmp cost about 105 (docs/performance.md).
    const Preset* find(std::string_view id) const
    {
        const Fingerprint key = fingerprint(id);
        for (std::size_t probe = slotOf(key);; probe = (probe + 1) & mask_) {
            const std::int32_t at = slots_[probe];
            if (at < 0)
                return nullptr;  // an empty slot ends the probe: the id is not here
            const Fingerprint& other = fingerprints_[static_cast<std::size_t>(at)];
            if (other.head == key.head && other.tail == key.tail && other.size == key.size) {
                const Preset& preset = presets_[static_cast<std::size_t>(at)];
                if (id.size() <= 16 || std::string_view(preset.presetId()) == id)
                    return &preset;
            }
        }
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
    // An id's first eight bytes and last eight bytes (overlapping below 16 characters; zero-padded
    // below 8) and its length: equal fingerprints are equal ids of up to 16 characters.
    struct Fingerprint {
        std::uint64_t head = 0;
        std::uint64_t tail = 0;
        std::uint64_t size = 0;
    };
    static Fingerprint fingerprint(std::string_view id)
    {
        Fingerprint f;
        f.size = id.size();
        if (id.size() >= 8) {  // most ids ("h100-sxm5-80gb"): two loads
            std::memcpy(&f.head, id.data(), 8);
            std::memcpy(&f.tail, id.data() + id.size() - 8, 8);
        } else if (!id.empty()) {  // (an empty view's data may be null, which memcpy may not take)
            std::memcpy(&f.head, id.data(), id.size());
        }
        return f;
    }
    // Multiplicative (Fibonacci) hashing, the top bits of the product (Knuth, TAOCP vol. 3, 6.4),
    // with the multiplier buildIndex chose.
    std::size_t slotOf(const Fingerprint& f) const
    {
        return static_cast<std::size_t>(((f.head ^ std::rotl(f.tail, 29) ^ f.size) * multiplier_) >> shift_);
    }

    // A table of at least four times as many slots as presets (a power of two), each -1 or the
    // index of a preset. buildIndex tries a few multipliers for one that puts every preset in a
    // slot of its own (a perfect hash of this set: each id found at the first probe); should none
    // do, the last one's collisions are resolved by linear probing, which find follows anyway.
    void buildIndex()
    {
        fingerprints_.clear();
        for (const Preset& preset : presets_)
            fingerprints_.push_back(fingerprint(preset.presetId()));
        int bits = 4;
        while ((std::size_t{1} << bits) < 4 * presets_.size())
            ++bits;
        shift_ = 64 - bits;
        mask_ = (std::size_t{1} << bits) - 1;
        // A set of a hundred or more (a user's folder) is very unlikely to hash perfectly: one try.
        const int attempts = presets_.size() < 100 ? 64 : 1;
        for (int attempt = 0; attempt < attempts; ++attempt) {
            multiplier_ = 0x9E3779B97F4A7C15ull + 2 * static_cast<std::uint64_t>(attempt);  // odd, as 2^64 / phi rounded
            slots_.assign(mask_ + 1, -1);
            bool perfect = true;
            for (std::size_t i = 0; i < presets_.size(); ++i) {
                std::size_t probe = slotOf(fingerprints_[i]);
                perfect = perfect && slots_[probe] < 0;
                while (slots_[probe] >= 0)
                    probe = (probe + 1) & mask_;
                slots_[probe] = static_cast<std::int32_t>(i);
            }
            if (perfect)
                return;
        }
    }

    std::vector<Preset> presets_;
    std::vector<Fingerprint> fingerprints_;  // of each preset's id, in the same order
    std::vector<std::int32_t> slots_;       // the hash table: -1 or an index into presets_
    std::size_t mask_ = 0;                  // slots_.size() - 1
    int shift_ = 60;                        // 64 - log2(slots_.size())
    std::uint64_t multiplier_ = 0;
    Diagnostics diagnostics_;
};

} // namespace shardscope
