#include "core/scenario/pipeline_split.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/common/messages.h"
#include "core/common/number_text.h"

namespace shardscope {
namespace {

void report(Diagnostics* out, const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args)
{
    if (out != nullptr)
        out->push_back(makeDiagnostic(Severity::Error, field, templ, args));
}

// The split Megatron's first/last flags would give when pp does not divide the layers: the largest
// even middle share m such that the first and last stages take between 1 and m layers together
// with it (they also hold the embedding and the loss).
std::vector<int> automaticSplit(int layers, int pp)
{
    std::vector<int> split(static_cast<std::size_t>(pp), layers / pp);
    if (layers % pp == 0 || pp == 1)
        return split;
    if (pp == 2) {
        split[0] = layers / 2;
        split[1] = layers - split[0];
        return split;
    }
    for (int m = (layers + pp - 1) / pp; m >= 1; --m) {
        const int rest = layers - m * (pp - 2);
        if (rest >= 2 && rest <= 2 * m) {
            std::fill(split.begin(), split.end(), m);
            split.front() = rest / 2;
            split.back() = rest - rest / 2;
            return split;
        }
    }
    return {};
}

} // namespace

std::vector<int> parseStageLayers(const std::string& text)
{
    std::vector<int> layers;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto value = parseWhole(item, 1, 16384, false);
        if (!value)
            return {};
        layers.push_back(static_cast<int>(*value));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return layers;
}

std::vector<int> pipelineStageLayers(const Scenario& s, Diagnostics* out)
{
    const int layers = s.model.layers;
    const int pp = std::max(1, s.parallel.pp);
    const auto str = [](long long v) { return std::to_string(v); };
    if (!s.parallel.ppLayers.empty()) {
        std::vector<int> split = parseStageLayers(s.parallel.ppLayers);
        if (split.empty()) {
            report(out, "parallel.pp_layers", msg::kStageLayersList, {s.parallel.ppLayers});
            return {};
        }
        // pp x vpp entries list the virtual stages, in the order torchtitan and Megatron loop them over
        // the ranks (virtual stage i on rank i mod pp): each rank holds the sum of its chunks.
        const int vpp = std::max(1, s.parallel.vpp);
        if (vpp > 1 && static_cast<std::int64_t>(split.size()) == static_cast<std::int64_t>(pp) * vpp) {
            std::vector<int> perRank(static_cast<std::size_t>(pp), 0);
            for (std::size_t i = 0; i < split.size(); ++i)
                perRank[i % static_cast<std::size_t>(pp)] += split[i];
            split = std::move(perRank);
        } else if (static_cast<int>(split.size()) != pp) {
            report(out, "parallel.pp_layers", msg::kStageLayersCount, {str(static_cast<long long>(split.size())), str(pp)});
            return {};
        }
        const long long sum = std::accumulate(split.begin(), split.end(), 0LL);
        if (sum != layers) {
            report(out, "parallel.pp_layers", msg::kStageLayersSum, {str(sum), str(layers)});
            return {};
        }
        return split;
    }
    const int first = s.parallel.ppFirstStageLayers;
    const int last = s.parallel.ppLastStageLayers;
    if (first == 0 && last == 0) {
        std::vector<int> split = automaticSplit(layers, pp);
        if (split.empty() || pp > layers)
            report(out, "parallel.pp", msg::kPpMoreThanLayers, {str(pp), str(layers)});
        if (pp > layers)
            return {};
        return split;  // returned by name, not copied through a conditional
    }
    // Megatron-LM's uneven pipeline: the given stages, and the left-over layers evenly on the rest.
    const int given = (first > 0 ? 1 : 0) + (last > 0 ? 1 : 0);
    const int middleStages = pp - given;
    const int middleLayers = layers - first - last;
    if (given > pp || middleLayers < 0 || (middleStages == 0) != (middleLayers == 0)) {
        report(out, first > 0 ? "parallel.pp_first_stage_layers" : "parallel.pp_last_stage_layers", msg::kStageLayersMiddle,
               {str(middleLayers), str(middleStages)});
        return {};
    }
    if (middleStages > 0 && middleLayers % middleStages != 0) {
        report(out, first > 0 ? "parallel.pp_first_stage_layers" : "parallel.pp_last_stage_layers", msg::kStageLayersDivide,
               {str(middleLayers), str(middleStages)});
        return {};
    }
    std::vector<int> split(static_cast<std::size_t>(pp), middleStages > 0 ? middleLayers / middleStages : 0);
    if (first > 0)
        split.front() = first;
    if (last > 0)
        split.back() = last;
    return split;
}

} // namespace shardscope
