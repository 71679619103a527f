#pragma once
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Bytes of optimizer state (moments; the fp32 master copy is counted separately) for the
// local part of one tensor group, with moments stored in `momentBytes` per element.
// Citations in optimizer_states.cpp and docs/model.md, "Optimizer states".
double optimizerStateBytes(Optimizer optimizer, double momentBytes, const LocalShape& shape);

} // namespace shardscope
