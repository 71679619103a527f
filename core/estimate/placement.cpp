#include "core/estimate/placement.h"

#include <cstdio>

#include "core/comm/topology.h"
#include "core/common/messages.h"

namespace shardscope {
namespace {

int nodesTouched(int stride, int size, int gpusPerNode)
{
    // Members sit at r, r + stride, ...: a stride of a node or more puts each on its own node.
    if (stride >= gpusPerNode)
        return size;
    return (stride * size + gpusPerNode - 1) / gpusPerNode;
}

std::string seconds(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

} // namespace

TopologyPlacement topologyPlacement(const Scenario& s, const Estimate& e)
{
    TopologyPlacement p;
    p.order = s.parallel.rankOrder;
    const LayoutSizes sizes = layoutSizes(s, distributedLayout(s));
    const int sizeOf[] = {sizes.dp, sizes.tp, sizes.pp, sizes.cp, sizes.ep};  // indexed by ParallelDim
    for (ParallelDim d : {ParallelDim::TP, ParallelDim::CP, ParallelDim::EP, ParallelDim::DP, ParallelDim::PP}) {
        const int size = sizeOf[static_cast<int>(d)];
        if (size <= 1)
            continue;
        GroupPlacement g;
        g.dimension = d;
        g.size = size;
        g.stride = groupStride(d, sizes);
        g.span = groupSpan(d, sizes);
        g.nodes = nodesTouched(g.stride, size, sizes.gpusPerNode);
        g.crossesNodes = g.span > sizes.gpusPerNode;
        for (const CollectiveCall& call : e.step.collectives)
            if (call.dimension == d) {
                g.seconds += call.seconds;
                g.exposedSeconds += call.exposedSeconds;
            }
        p.groups.push_back(g);
    }
    for (RankOrder order : {RankOrder::TpCpEpDpPp, RankOrder::TpCpEpPpDp, RankOrder::EpDpCpTpPp}) {
        Scenario other = s;
        other.parallel.rankOrder = order;
        const Estimate alt = order == s.parallel.rankOrder ? e : estimate(other);
        p.stepSecondsByOrder[static_cast<std::size_t>(order)] = alt.valid() ? alt.step.stepSeconds : 0.0;
    }
    return p;
}

void reportTensorParallelPlacement(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                                   const GpuSpec& gpu, const LedgerLayout& layout, const Estimate& e, Diagnostics& out)
{
    if (layout.tp <= 1)  // before the sizes are made: most estimates stop here
        return;
    const LayoutSizes sizes = layoutSizes(s, layout);
    if (groupSpan(ParallelDim::TP, sizes) <= sizes.gpusPerNode)
        return;
    if (layout.tp > sizes.gpusPerNode) {
        addDiagnostic(out, Severity::Warning, "parallel.tp", msg::kTpLargerThanNode,
                      {std::to_string(layout.tp), std::to_string(sizes.gpusPerNode)});
        return;
    }
    // The same layout numbered TP first: the node-local order the article recommends.
    Scenario local = s;
    local.parallel.rankOrder = RankOrder::TpCpEpDpPp;
    Diagnostics ignored;
    const StepEstimate best = estimateStep(local, inventory, shapeParameters, gpu, layout, e.memory.perGpu, ignored);
    const int nodes = nodesTouched(groupStride(ParallelDim::TP, sizes), layout.tp, sizes.gpusPerNode);
    addDiagnostic(out, Severity::Warning, "parallel.rank_order", msg::kTpCrossesNodes,
                  {std::to_string(layout.tp), std::to_string(nodes), seconds(best.stepSeconds),
                   seconds(e.step.stepSeconds)});
}

} // namespace shardscope
