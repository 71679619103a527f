#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "core/common/enum_table.h"
#include "core/scenario/field_table.h"
#include "core/scenario/scenario.h"

// How the field table (field_table.cpp) reads and writes a field on a Scenario: accessors
// generated from a member path, At<&Scenario::training, &TrainingSpec::seqLen>, so that each of
// the table's rows names its member once. Only field_table.cpp includes this.
namespace shardscope::field_access {

template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct InnerOf { using type = T; };
template <typename T> struct InnerOf<std::optional<T>> { using type = T; };
template <typename T> using Inner = typename InnerOf<T>::type;

template <typename T>
FieldValue toValue(const T& v)
{
    if constexpr (std::is_enum_v<T>)
        return std::string(enumId(v));
    else if constexpr (std::is_same_v<T, bool>)
        return v;
    else if constexpr (std::is_integral_v<T>)
        return static_cast<std::int64_t>(v);
    else if constexpr (std::is_floating_point_v<T>)
        return static_cast<double>(v);
    else
        return std::string(v);
}

template <typename T>
bool fromValue(const FieldValue& value, T& target)
{
    if constexpr (std::is_enum_v<T>) {
        const auto* id = std::get_if<std::string>(&value);
        const auto parsed = id != nullptr ? parseEnum<T>(*id) : std::nullopt;
        if (parsed)
            target = *parsed;
        return parsed.has_value();
    } else if constexpr (std::is_same_v<T, bool>) {
        const auto* b = std::get_if<bool>(&value);
        if (b != nullptr)
            target = *b;
        return b != nullptr;
    } else if constexpr (std::is_integral_v<T>) {
        const auto* i = std::get_if<std::int64_t>(&value);
        if (i != nullptr)
            target = static_cast<T>(*i);  // within the field's range, which the reader checked
        return i != nullptr;
    } else if constexpr (std::is_floating_point_v<T>) {
        if (const auto* d = std::get_if<double>(&value))
            target = *d;
        else if (const auto* i = std::get_if<std::int64_t>(&value))
            target = static_cast<double>(*i);
        else
            return false;
        return true;
    } else {
        const auto* s = std::get_if<std::string>(&value);
        if (s != nullptr)
            target = *s;
        return s != nullptr;
    }
}

template <auto... Path>
struct At {
    static auto& ref(Scenario& s) { return (s .* ... .* Path); }
    static const auto& ref(const Scenario& s) { return (s .* ... .* Path); }
    using Type = std::remove_cvref_t<decltype(ref(std::declval<const Scenario&>()))>;

    static std::optional<FieldValue> get(const Scenario& s)
    {
        const Type& v = ref(s);
        if constexpr (IsOptional<Type>::value) {
            if (!v)
                return std::nullopt;
            return toValue(*v);
        } else {
            return toValue(v);
        }
    }
    // A whole or real number read as a double (what get() returns as a FieldValue, unboxed);
    // null for enums, booleans and text.
    static constexpr bool kNumeric = std::is_arithmetic_v<Inner<Type>> && !std::is_same_v<Inner<Type>, bool>;
    // Inlined into the range checks every estimate runs (field_table.cpp), as are MoeOnly's and
    // MlaOnly's: called through the table's pointer, gcc left the optional and model-dependent
    // ones out of line (a call and a spill per field).
    [[gnu::always_inline]] static bool readNumber(const Scenario& s, double& out)
    {
        if constexpr (!kNumeric) {
            return false;  // never called: `number` is null for these
        } else {
            const Type& v = ref(s);
            if constexpr (IsOptional<Type>::value) {
                if (!v)
                    return false;
                out = static_cast<double>(*v);
            } else {
                out = static_cast<double>(v);
            }
            return true;
        }
    }
    // The same as an integer, for whole-number members (the range checks compare those as integers).
    static constexpr bool kWhole = kNumeric && std::is_integral_v<Inner<Type>> && std::is_signed_v<Inner<Type>>;
    [[gnu::always_inline]] static bool readWhole(const Scenario& s, std::int64_t& out)
    {
        if constexpr (!kWhole) {
            return false;  // never called: `number.whole` is null for these
        } else {
            const Type& v = ref(s);
            if constexpr (IsOptional<Type>::value) {
                if (!v)
                    return false;
                out = static_cast<std::int64_t>(*v);
            } else {
                out = static_cast<std::int64_t>(v);
            }
            return true;
        }
    }
    static constexpr NumberReader number = kWhole ? NumberReader{&readNumber, &readWhole} : kNumeric ? NumberReader{&readNumber} : NumberReader{};
    static bool set(Scenario& s, const FieldValue& value)
    {
        Type& v = ref(s);
        if constexpr (IsOptional<Type>::value) {
            typename Type::value_type inner{};
            if (!fromValue(value, inner))
                return false;
            v = inner;
            return true;
        } else {
            return fromValue(value, v);
        }
    }
};

// A double stored in other units than the file's: the file's MiB are bytes in the scenario.
// (The scale is a whole number of bytes: clang 14 takes no double template arguments, and the
// fuzz build is clang's.)
template <std::int64_t Scale, auto... Path>
struct Scaled {
    static std::optional<FieldValue> get(const Scenario& s) { return At<Path...>::ref(s) / static_cast<double>(Scale); }
    static bool number(const Scenario& s, double& out)
    {
        out = At<Path...>::ref(s) / static_cast<double>(Scale);
        return true;
    }
    static bool set(Scenario& s, const FieldValue& value)
    {
        double v = 0;
        if (!fromValue(value, v))
            return false;
        At<Path...>::ref(s) = v * static_cast<double>(Scale);
        return true;
    }
};

// Fields a dense model does not have: written only for mixture-of-experts models.
template <auto Member>
struct MoeOnly {
    static std::optional<FieldValue> get(const Scenario& s)
    {
        if (!s.model.moe.isMoe())
            return std::nullopt;
        return At<&Scenario::model, &ModelSpec::moe, Member>::get(s);
    }
    [[gnu::always_inline]] static bool number(const Scenario& s, double& out)
    {
        return s.model.moe.isMoe() && At<&Scenario::model, &ModelSpec::moe, Member>::readNumber(s, out);
    }
};

// Fields only multi-head latent attention has: written only for MLA models.
template <auto Member>
struct MlaOnly {
    static std::optional<FieldValue> get(const Scenario& s)
    {
        if (!s.model.mla())
            return std::nullopt;
        return At<&Scenario::model, Member>::get(s);
    }
    [[gnu::always_inline]] static bool number(const Scenario& s, double& out)
    {
        return s.model.mla() && At<&Scenario::model, Member>::readNumber(s, out);
    }
};

} // namespace shardscope::field_access
