#pragma once
#include <string>

namespace shardscope {

// A LoRA target list such as "q,k,v,o" or "all" as ProjectionBit flags
// (core/model/parameter_inventory.h); 0 when a name is unknown.
unsigned parseLoraTargets(const std::string& text);

// The flags as the list a scenario file writes ("q,k,v,o,gate,up,down").
std::string loraTargetsText(unsigned targets);

} // namespace shardscope
