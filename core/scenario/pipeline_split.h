#pragma once
#include <string>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/scenario/scenario.h"

// How the transformer layers fall on pipeline stages (docs/model.md, "Pipeline stages"), as
// Megatron-LM splits them (megatron/core/transformer/transformer_block.py, get_num_layers_to_build,
// and transformer_config.py's uneven-pipeline checks):
//  - an explicit list (--pp-layers 16,16,...,15): one count per stage, summing to the layers;
//  - --pp-first-stage-layers / --pp-last-stage-layers (Megatron's --decoder-first/last-pipeline-
//    num-layers): the other stages share the rest evenly ("With uneven pipelineing the left over
//    layers must be divisible by left over stages");
//  - neither: an even split when pp divides the layers; otherwise the first and last stages (which
//    also hold the embedding and the loss) take fewer layers so that the middle stages split the
//    rest evenly, the split Megatron's flags would express (126 layers on 16 stages: 7, 8 x 14, 7).
namespace shardscope {

// Layers per stage (pp entries), or empty with the reason in `out` (field "parallel.pp", ...).
std::vector<int> pipelineStageLayers(const Scenario& scenario, Diagnostics* out = nullptr);

// Parses "16,16,15": positive whole numbers separated by commas; empty on error.
std::vector<int> parseStageLayers(const std::string& text);

} // namespace shardscope
