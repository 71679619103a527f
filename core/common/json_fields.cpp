#include "core/common/json_fields.h"

#include "core/common/messages.h"

#include <cmath>
#include <limits>

namespace shardscope::json_fields {
namespace {

void wrongType(const std::string& field, const char* expected, Diagnostics& out)
{
    out.push_back(makeDiagnostic(Severity::Error, field, msg::kWrongType, {field, expected}));
}

} // namespace

std::string path(const std::string& prefix, const char* key)
{
    return prefix.empty() ? std::string(key) : prefix + "." + key;
}

bool readInt(const Json& object, const char* key, const std::string& prefix, std::int64_t& target, Diagnostics& out)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return false;
    if (it->is_number_integer()) {
        target = it->get<std::int64_t>();
        return true;
    }
    // Accept whole numbers written as floats (7e9), as people write parameter counts that way.
    if (it->is_number_float()) {
        const double value = it->get<double>();
        if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.0e18) {
            target = static_cast<std::int64_t>(value);
            return true;
        }
    }
    wrongType(path(prefix, key), msg::kTypeWholeNumber, out);
    return false;
}

bool readInt(const Json& object, const char* key, const std::string& prefix, int& target, Diagnostics& out)
{
    std::int64_t wide = target;
    if (!readInt(object, key, prefix, wide, out))
        return false;
    if (wide < std::numeric_limits<int>::min() || wide > std::numeric_limits<int>::max()) {
        wrongType(path(prefix, key), msg::kTypeWholeNumber, out);
        return false;
    }
    target = static_cast<int>(wide);
    return true;
}

bool readNumber(const Json& object, const char* key, const std::string& prefix, double& target, Diagnostics& out)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return false;
    if (!it->is_number() || !std::isfinite(it->get<double>())) {
        wrongType(path(prefix, key), msg::kTypeNumber, out);
        return false;
    }
    target = it->get<double>();
    return true;
}

bool readString(const Json& object, const char* key, const std::string& prefix, std::string& target, Diagnostics& out)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return false;
    if (!it->is_string()) {
        wrongType(path(prefix, key), msg::kTypeString, out);
        return false;
    }
    target = it->get<std::string>();
    return true;
}

} // namespace shardscope::json_fields
