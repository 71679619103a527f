#pragma once
#include <optional>
#include <vector>

#include "core/common/diagnostics.h"

namespace shardscope {

// Which pipeline stage holds each transformer layer. Kept on its own so that it can later read an
// explicit per-stage layer map from the scenario; for now it is Megatron-LM's rule
// (megatron/core/transformer/transformer_block.py get_num_layers_to_build, core_v0.15.0): an even
// split, or --decoder-first/last-pipeline-num-layers on the first/last stage and the rest split
// evenly ("With uneven pipelineing the left over layers must be divisible by left over stages");
// with the interleaved schedule (vpp > 1) the layers go round-robin in chunks of
// layers / (pp x vpp): chunk g sits on stage g mod pp.
struct StageMap {
    int pp = 1;
    std::vector<int> stageOfLayer;           // per layer
    std::vector<int> layersOnStage;          // per stage
    int minLayers() const;
    int maxLayers() const;
    bool uneven() const { return minLayers() != maxLayers(); }
};

// nullopt (with an error naming `field`) when Megatron-LM would refuse the split.
std::optional<StageMap> megatronStageMap(int layers, int pp, int vpp, std::optional<int> firstStageLayers,
                                         std::optional<int> lastStageLayers, const char* field, Diagnostics& out);

} // namespace shardscope
