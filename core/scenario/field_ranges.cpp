#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/common/messages.h"
#include "core/scenario/field_access.h"
#include "core/scenario/field_table.h"

// The range checks of the field table's numeric fields (declared in field_table.h): every
// estimate runs them, so nearly always they only confirm that every field is within range, and
// that is made cheap; the messages are built only for a field that is not.
namespace shardscope {

std::optional<Diagnostic> rangeProblem(const FieldSpec& spec, double value)
{
    const bool below = spec.minExclusive ? !(value > spec.min) : !(value >= spec.min);
    const bool above = !(value <= spec.max);
    if (!below && !above)
        return std::nullopt;
    const std::string field = spec.path();
    if (spec.rangeMessage != nullptr)
        return makeDiagnostic(Severity::Error, field, spec.rangeMessage, {boundText(value)});
    const bool whole = spec.type != FieldType::Number;
    const bool fraction = spec.min == 0 && spec.max == 1;
    if (fraction)
        return makeDiagnostic(Severity::Error, field, spec.minExclusive ? msg::kFractionAbove0 : msg::kFraction01);
    if (below) {
        if (whole && spec.min == 1)
            return makeDiagnostic(Severity::Error, field, msg::kAtLeastOne, {boundText(value)});
        if (spec.min == 0)
            return makeDiagnostic(Severity::Error, field, spec.minExclusive ? msg::kPositiveNumber : msg::kNotNegative);
        return makeDiagnostic(Severity::Error, field, msg::kAtLeast, {boundText(spec.min), boundText(value)});
    }
    return makeDiagnostic(Severity::Error, field, msg::kAtMost, {boundText(spec.max), boundText(value)});
}

namespace {

// A numeric field's value as the checks see it: false when unset or not applicable.
bool checkedNumber(const FieldSpec& spec, const Scenario& s, double& number)
{
    if (spec.number != nullptr)
        return spec.number(s, number);
    const std::optional<FieldValue> value = spec.get(s);
    if (!value)
        return false;
    number = std::holds_alternative<double>(*value) ? std::get<double>(*value) : static_cast<double>(std::get<std::int64_t>(*value));
    return true;
}

bool withinRange(const FieldSpec& spec, double number)
{
    return (spec.minExclusive ? number > spec.min : number >= spec.min) && number <= spec.max;
}

// The value of the member of type T at `offset` in a scenario, as the field's reader gives it
// (divided by the slot's scale); false when an optional member is unset. The fast path and
// slotNumber both read through this.
template <typename T>
bool readSlot(const char* base, std::ptrdiff_t offset, double scale, double& v)
{
    const T& member = *reinterpret_cast<const T*>(base + offset);
    if constexpr (field_access::IsOptional<T>::value) {
        if (!member)
            return false;
        v = static_cast<double>(*member);
    } else {
        v = static_cast<double>(member);
    }
    if constexpr (std::is_same_v<T, double>)
        v = scale == 1.0 ? v : v / scale;
    return true;
}

// The fast path: every numeric field read straight from its slot, grouped by how it is stored so
// that each group is one tight loop. The exclusive minimum is folded into the inclusive bound
// above it (v > min is v >= nextafter(min, +inf) for every double, NaN included), so one test per
// bound decides. Whole-number members are compared as integers with the bounds rounded inwards
// (ceil(low), floor(high)): a member within those is within the double bounds too, and one outside
// them (possible only beyond 2^53, where the conversion to double rounds) sends the checks to the
// exact path below, which decides as before. Fields without a slot (derived values) are read
// through their functions.
struct SlotBound {
    std::ptrdiff_t offset;
    double low;   // inclusive
    double high;  // inclusive
    double scale;
};

struct IntBound {
    std::ptrdiff_t offset;
    std::int64_t low;   // inclusive
    std::int64_t high;  // inclusive
};

IntBound intBound(std::ptrdiff_t offset, double low, double high)
{
    constexpr double kTwo63 = 9223372036854775808.0;
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    const double lo = std::ceil(low);
    const double hi = std::floor(high);
    if (!(lo <= hi) || lo >= kTwo63 || hi < -kTwo63)
        return {offset, kMax, kMin};  // no whole number passes (nor NaN bounds)
    return {offset, lo <= -kTwo63 ? kMin : static_cast<std::int64_t>(lo), hi >= kTwo63 ? kMax : static_cast<std::int64_t>(hi)};
}

// The fast path's form of an IntBound: v is within it when v - low, as unsigned, is at most
// `span` (high - low), one comparison (below low, the difference wraps above any span). Empty
// bounds (no whole number passes) are not kept: fastRanges then sends every scenario to the exact
// checks.
struct IntSpan {
    std::ptrdiff_t offset;
    std::int64_t low;
    std::uint64_t span;
};

// One condition's slots (SlotCondition), by how the member is stored: whole numbers compared as
// integers, doubles (checked as member / scale).
struct SlotGroups {
    std::vector<IntSpan> ints, int64s, optionalInts, optionalInt64s;
    std::vector<SlotBound> doubles, optionalDoubles;
    std::vector<SlotBound> plainDoubles;  // doubles read as stored (scale 1): no division to test for
};

struct FastRanges {
    std::array<SlotGroups, 3> byCondition;  // indexed by SlotCondition
    std::vector<const FieldSpec*> unslotted;
    bool impossible = false;  // a whole-number field's bounds hold no whole number: the exact checks decide
};

const FastRanges& fastRanges()
{
    static const FastRanges ranges = [] {
        FastRanges r;
        for (const FieldSpec& spec : scenarioFields()) {
            if (!spec.numeric() || spec.get == nullptr)
                continue;
            if (spec.slot == nullptr) {
                r.unslotted.push_back(&spec);
                continue;
            }
            const FieldSlot slot = spec.slot();
            const double low = spec.minExclusive ? std::nextafter(spec.min, std::numeric_limits<double>::infinity()) : spec.min;
            SlotGroups& g = r.byCondition[static_cast<std::size_t>(slot.when)];
            const auto addInt = [&](std::vector<IntSpan>& to) {
                const IntBound b = intBound(slot.offset, low, spec.max);
                if (b.low > b.high)
                    r.impossible = true;
                else
                    to.push_back({b.offset, b.low, static_cast<std::uint64_t>(b.high) - static_cast<std::uint64_t>(b.low)});
            };
            switch (slot.kind) {
            case SlotKind::Int: addInt(g.ints); break;
            case SlotKind::Int64: addInt(g.int64s); break;
            case SlotKind::OptionalInt: addInt(g.optionalInts); break;
            case SlotKind::OptionalInt64: addInt(g.optionalInt64s); break;
            case SlotKind::Double:
                (slot.scale == 1.0 ? g.plainDoubles : g.doubles).push_back(SlotBound{slot.offset, low, spec.max, slot.scale});
                break;
            case SlotKind::OptionalDouble: g.optionalDoubles.push_back(SlotBound{slot.offset, low, spec.max, slot.scale}); break;
            }
        }
        return r;
    }();
    return ranges;
}

template <typename T>
bool intsWithin(const char* base, const std::vector<IntSpan>& bounds)
{
    bool ok = true;
    for (const IntSpan& b : bounds) {
        const T& member = *reinterpret_cast<const T*>(base + b.offset);
        if constexpr (field_access::IsOptional<T>::value) {
            if (member)
                ok &= static_cast<std::uint64_t>(std::int64_t{*member}) - static_cast<std::uint64_t>(b.low) <= b.span;
        } else {
            ok &= static_cast<std::uint64_t>(std::int64_t{member}) - static_cast<std::uint64_t>(b.low) <= b.span;
        }
    }
    return ok;
}

template <typename T>
bool doublesWithin(const char* base, const std::vector<SlotBound>& bounds)
{
    bool ok = true;
    for (const SlotBound& b : bounds) {
        double v = 0.0;
        if (readSlot<T>(base, b.offset, b.scale, v))
            ok &= (v >= b.low) & (v <= b.high);
    }
    return ok;
}

bool plainDoublesWithin(const char* base, const std::vector<SlotBound>& bounds)
{
    bool ok = true;
    for (const SlotBound& b : bounds) {
        const double v = *reinterpret_cast<const double*>(base + b.offset);
        ok &= (v >= b.low) & (v <= b.high);
    }
    return ok;
}

bool groupWithin(const char* base, const SlotGroups& g)
{
    return intsWithin<int>(base, g.ints) & intsWithin<std::int64_t>(base, g.int64s)
           & intsWithin<std::optional<int>>(base, g.optionalInts) & intsWithin<std::optional<std::int64_t>>(base, g.optionalInt64s)
           & doublesWithin<double>(base, g.doubles) & doublesWithin<std::optional<double>>(base, g.optionalDoubles)
           & plainDoublesWithin(base, g.plainDoubles);
}

// True when no numeric field is out of range; false means the full checks must run (they decide
// exactly, and build the messages).
bool allWithinRange(const Scenario& s)
{
    const FastRanges& r = fastRanges();
    if (r.impossible)
        return false;
    const char* base = reinterpret_cast<const char*>(&s);
    bool ok = groupWithin(base, r.byCondition[static_cast<std::size_t>(SlotCondition::Always)]);
    if (s.model.moe.isMoe())
        ok &= groupWithin(base, r.byCondition[static_cast<std::size_t>(SlotCondition::MoeModel)]);
    if (s.model.mla())
        ok &= groupWithin(base, r.byCondition[static_cast<std::size_t>(SlotCondition::MlaModel)]);
    for (const FieldSpec* spec : r.unslotted) {
        double number = 0.0;
        if (checkedNumber(*spec, s, number))
            ok &= withinRange(*spec, number);
    }
    return ok;
}

} // namespace

double slotNumber(const FieldSlot& slot, const Scenario& s)
{
    const char* base = reinterpret_cast<const char*>(&s);
    double v = std::numeric_limits<double>::quiet_NaN();
    switch (slot.kind) {
    case SlotKind::Int: readSlot<int>(base, slot.offset, slot.scale, v); break;
    case SlotKind::Int64: readSlot<std::int64_t>(base, slot.offset, slot.scale, v); break;
    case SlotKind::Double: readSlot<double>(base, slot.offset, slot.scale, v); break;
    case SlotKind::OptionalInt: readSlot<std::optional<int>>(base, slot.offset, slot.scale, v); break;
    case SlotKind::OptionalInt64: readSlot<std::optional<std::int64_t>>(base, slot.offset, slot.scale, v); break;
    case SlotKind::OptionalDouble: readSlot<std::optional<double>>(base, slot.offset, slot.scale, v); break;
    }
    return v;
}

void checkFieldRanges(const Scenario& s, Diagnostics& out)
{
    // Nearly always every field is within range: the fast path decides that without building
    // anything; otherwise every field is checked in table order and each problem reported.
    if (allWithinRange(s))
        return;
    for (const FieldSpec& spec : scenarioFields()) {
        if (!spec.numeric() || spec.get == nullptr)
            continue;
        double number = 0.0;
        if (!checkedNumber(spec, s, number) || withinRange(spec, number))
            continue;
        if (auto problem = rangeProblem(spec, number))
            out.push_back(std::move(*problem));
    }
}

} // namespace shardscope
