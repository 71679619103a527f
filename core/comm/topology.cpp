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
    link.latency = link.crossesNodes ? p.interLatency : p.intraLatency;
    if (!link.crossesNodes) {
        link.bandwidth = p.intraNodeBandwidth * p.efficiency;
        return link;
    }
    // Rail-optimised nodes give every GPU its own NIC (DGX A100/H100: one 200 or 400 Gb/s NIC per
    // GPU). A group with k members in each node runs k rings side by side, one through each
    // member's NIC (NCCL opens one channel per NIC), so its ring bandwidth is k NICs', up to what
    // NVLink carries inside the node.
    // The gradient group of data parallelism takes in the context-parallel ranks too.
    int stride = groupStride(dimension, sizes);
    if (dimension == ParallelDim::DP && sizes.cp > 1)
        stride = std::min(stride, groupStride(ParallelDim::CP, sizes));
    const int membersPerNode = std::max(1, sizes.gpusPerNode / std::max(1, stride));
    link.bandwidth = std::min(p.interNodeBandwidth * membersPerNode, p.intraNodeBandwidth) * p.efficiency;
    return link;
}

} // namespace shardscope
