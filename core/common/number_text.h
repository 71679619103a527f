#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

// The one parser of numbers written as text (flags, and any text field that holds a number):
// decimal with an optional exponent, locale-independent, nothing else. No hexadecimal, no
// leading '+', no surrounding spaces, no "inf" or "nan": "0x10", " 5", "+3" and "0,5" are all
// refused, whatever LC_NUMERIC says.
namespace shardscope {

std::optional<double> parseDecimal(std::string_view text);

// A whole number within [min, max]: decimal digits ("4096") or a whole value in exponent form
// ("7e9"); with `suffixes`, also K, M, B or T for 1e3, 1e6, 1e9 and 1e12 ("7B", "1.5T").
// nullopt when the text is not such a number; `outOfRange` is set when it is one outside the range.
std::optional<std::int64_t> parseWhole(std::string_view text, std::int64_t min, std::int64_t max, bool suffixes,
                                       bool* outOfRange = nullptr);

// A decimal number with an optional K/M/B/T suffix (decimal multipliers).
std::optional<double> parseDecimalWithSuffix(std::string_view text);

} // namespace shardscope
