#include "core/precision/float_format.h"

namespace shardscope {

std::optional<FloatFormat> parseFloatFormat(std::string_view name)
{
    for (const FormatSpec& spec : kFormatSpecs) {
        if (name == spec.name)
            return spec.format;
    }
    return std::nullopt;
}

} // namespace shardscope
