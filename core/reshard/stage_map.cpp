#include "core/reshard/stage_map.h"

#include <algorithm>
#include <string>

#include "core/common/messages.h"

namespace shardscope {

int StageMap::minLayers() const
{
    return layersOnStage.empty() ? 0 : *std::min_element(layersOnStage.begin(), layersOnStage.end());
}

int StageMap::maxLayers() const
{
    return layersOnStage.empty() ? 0 : *std::max_element(layersOnStage.begin(), layersOnStage.end());
}

std::optional<StageMap> megatronStageMap(int layers, int pp, int vpp, std::optional<int> first, std::optional<int> last,
                                         const char* field, Diagnostics& out)
{
    StageMap map;
    map.pp = pp;
    map.layersOnStage.assign(static_cast<std::size_t>(pp), 0);
    const bool unevenRule = first.has_value() || last.has_value();
    if (unevenRule) {
        int toDistribute = layers;
        int stagesLeft = pp;
        if (first) {
            toDistribute -= *first;
            --stagesLeft;
        }
        if (last) {
            toDistribute -= *last;
            --stagesLeft;
        }
        if (vpp > 1 || toDistribute < 0 || (stagesLeft > 0 && toDistribute % stagesLeft != 0) || (stagesLeft == 0 && toDistribute != 0)) {
            out.push_back(makeDiagnostic(Severity::Error, field, msg::kStageLayersDivide, {std::to_string(toDistribute), std::to_string(stagesLeft)}));
            return std::nullopt;
        }
        const int middle = stagesLeft > 0 ? toDistribute / stagesLeft : 0;
        for (int s = 0; s < pp; ++s)
            map.layersOnStage[static_cast<std::size_t>(s)] = middle;
        if (first)
            map.layersOnStage.front() = *first;
        if (last)
            map.layersOnStage.back() = *last;
        for (int s = 0; s < pp; ++s)
            for (int i = 0; i < map.layersOnStage[static_cast<std::size_t>(s)]; ++i)
                map.stageOfLayer.push_back(s);
        return map;
    }
    const long chunks = static_cast<long>(pp) * vpp;
    if (layers % chunks != 0) {
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kMegatronEvenStages, {std::to_string(chunks), std::to_string(layers)}));
        return std::nullopt;
    }
    const int chunk = static_cast<int>(layers / chunks);
    for (int layer = 0; layer < layers; ++layer) {
        const int stage = static_cast<int>((layer / chunk) % pp);
        map.stageOfLayer.push_back(stage);
        ++map.layersOnStage[static_cast<std::size_t>(stage)];
    }
    return map;
}

} // namespace shardscope
