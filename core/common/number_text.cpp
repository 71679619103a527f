#include "core/common/number_text.h"

#include <charconv>
#include <cmath>

namespace shardscope {
namespace {

double suffixMultiplier(char c)
{
    switch (c) {
    case 'k': case 'K': return 1e3;
    case 'm': case 'M': return 1e6;
    case 'b': case 'B': return 1e9;
    case 't': case 'T': return 1e12;
    default: return 0;
    }
}

} // namespace

std::optional<double> parseDecimal(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    // from_chars reads the C locale's format only: digits, one '.', an exponent. It accepts
    // "inf", "nan" and hexadecimal only when asked, and never a leading '+' or spaces.
    const char c = text.front();
    if (!(c == '-' || c == '.' || (c >= '0' && c <= '9')))
        return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<double> parseDecimalWithSuffix(std::string_view text)
{
    double multiplier = 1;
    if (!text.empty() && suffixMultiplier(text.back()) > 0) {
        multiplier = suffixMultiplier(text.back());
        text.remove_suffix(1);
    }
    const std::optional<double> value = parseDecimal(text);
    if (!value || !std::isfinite(*value * multiplier))
        return std::nullopt;
    return *value * multiplier;
}

std::optional<std::int64_t> parseWhole(std::string_view text, std::int64_t min, std::int64_t max, bool suffixes,
                                       bool* outOfRange)
{
    if (outOfRange != nullptr)
        *outOfRange = false;
    const std::optional<double> value = suffixes ? parseDecimalWithSuffix(text) : parseDecimal(text);
    if (!value || std::floor(*value) != *value)
        return std::nullopt;
    // Compare as doubles before converting: a value past 2^63 must not wrap.
    if (*value < static_cast<double>(min) || *value > static_cast<double>(max) || std::fabs(*value) >= 9.2e18) {
        if (outOfRange != nullptr)
            *outOfRange = true;
        return std::nullopt;
    }
    // Digits alone are read exactly (a double holds integers only up to 2^53).
    std::int64_t exact = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), exact);
    if (error == std::errc() && end == text.data() + text.size())
        return exact >= min && exact <= max ? std::optional<std::int64_t>(exact) : std::nullopt;
    return static_cast<std::int64_t>(*value);
}

} // namespace shardscope
