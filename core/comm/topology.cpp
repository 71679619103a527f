#include "core/comm/topology.h"

#include <algorithm>

namespace shardscope {

namespace {

int sizeOf(ParallelDim dimension, const LayoutSizes& s)
{
    switch (dimension) {
    case ParallelDim::TP: return s.tp;
    case ParallelDim::CP: return s.cp;
    case ParallelDim::EP: return s.ep;
    case ParallelDim::DP: return s.dp;
    case ParallelDim::PP: return s.pp;
    }
    return 1;
}

} // namespace

int groupStride(ParallelDim dimension, const LayoutSizes& s)
{
    // Expert-parallel groups are consecutive data-parallel ranks (Megatron-LM carves them out of dp).
    const ParallelDim placed = dimension == ParallelDim::EP ? ParallelDim::DP : dimension;
    int stride = 1;
    for (ParallelDim inner : s.order) {
        if (inner == placed)
            break;
        stride *= sizeOf(inner, s);
    }
    return stride;
}

int groupSpan(ParallelDim dimension, const LayoutSizes& s)
{
    const int own = groupStride(dimension, s) * sizeOf(dimension, s);
    // The gradient group of data parallelism is dp x cp ranks: it spans both dimensions.
    if (dimension == ParallelDim::DP && s.cp > 1)
        return std::max(own, groupStride(ParallelDim::CP, s) * s.cp);
    return own;
}

Link groupLink(ParallelDim dimension, const LayoutSizes& sizes, const LinkParameters& p)
{
    Link link;
    link.crossesNodes = groupSpan(dimension, sizes) > sizes.gpusPerNode;
    link.bandwidth = (link.crossesNodes ? p.interNodeBandwidth : p.intraNodeBandwidth) * p.efficiency;
    link.latency = link.crossesNodes ? p.interLatency : p.intraLatency;
    return link;
}

} // namespace shardscope
