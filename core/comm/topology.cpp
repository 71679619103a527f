#include "core/comm/topology.h"

#include <algorithm>

namespace shardscope {

int groupSpan(ParallelDim dimension, const LayoutSizes& s)
{
    switch (dimension) {
    case ParallelDim::TP: return s.tp;
    case ParallelDim::CP: return s.tp * s.cp;
    case ParallelDim::EP: return s.tp * s.cp * s.ep;
    case ParallelDim::DP: return s.tp * s.cp * s.dp;            // the gradient group spans dp x cp
    case ParallelDim::PP: return s.tp * s.cp * s.dp * s.pp;     // stage neighbours are tp x cp x dp apart
    }
    return 1;
}

// GPUs between two consecutive members of one group: the product of the dimensions inside it.
int groupStride(ParallelDim dimension, const LayoutSizes& s)
{
    switch (dimension) {
    case ParallelDim::TP: return 1;
    case ParallelDim::CP: return s.tp;
    case ParallelDim::EP: return s.tp * s.cp;
    case ParallelDim::DP: return s.tp;  // the gradient group is dp x cp, consecutive above tp
    case ParallelDim::PP: return s.tp * s.cp * s.dp;
    }
    return 1;
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
    const int membersPerNode = std::max(1, sizes.gpusPerNode / std::max(1, groupStride(dimension, sizes)));
    link.bandwidth = std::min(p.interNodeBandwidth * membersPerNode, p.intraNodeBandwidth) * p.efficiency;
    return link;
}

} // namespace shardscope
