#pragma once
#include <span>

#include "core/presets/embedded_presets.h"

namespace shardscope {

// The reference cases compiled into the binary (resources/CMakeLists.txt lists the folders):
// "reference/<file>" from tests/reference/cases, "measured/<file>" from validation/results.
std::span<const EmbeddedFile> embeddedValidationFiles();

} // namespace shardscope
