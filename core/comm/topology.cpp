#include "core/comm/topology.h"

#include <algorithm>
#include <cstdint>
#include <limits>

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
    // In 64 bits, saturating: an impossible layout (tp = pp = 65536 on 64 GPUs, each size within
    // its range) overflowed an int here (found by the fuzz_scenario target, fuzz/fuzz_scenario.cpp).
    std::int64_t stride = 1;
    for (ParallelDim inner : s.order) {
        if (inner == placed)
            break;
        stride = std::min<std::int64_t>(stride * sizeOf(inner, s), std::numeric_limits<int>::max());
    }
    return static_cast<int>(stride);
}

namespace {

// groupSpan from the group's stride (groupStride) and, for the dp x cp gradient group only, the
// context-parallel stride (else 0), already found: groupLink needs the strides too, and finds each
// once.
int spanOf(ParallelDim dimension, const LayoutSizes& s, int stride, int cpStride)
{
    constexpr std::int64_t kMax = std::numeric_limits<int>::max();
    const std::int64_t own = std::min<std::int64_t>(std::int64_t{stride} * sizeOf(dimension, s), kMax);
    // The gradient group of data parallelism is dp x cp ranks: it spans both dimensions.
    if (cpStride > 0)
        return static_cast<int>(std::max(own, std::min<std::int64_t>(std::int64_t{cpStride} * s.cp, kMax)));
    return static_cast<int>(own);
}

} // namespace

int groupSpan(ParallelDim dimension, const LayoutSizes& s)
{
    const bool gradientGroup = dimension == ParallelDim::DP && s.cp > 1;
    return spanOf(dimension, s, groupStride(dimension, s), gradientGroup ? groupStride(ParallelDim::CP, s) : 0);
}

Link groupLink(ParallelDim dimension, const LayoutSizes& sizes, const LinkParameters& p)
{
    Link link;
    link.latency = p.intraLatency;
    link.interLatency = p.interLatency;
    // The gradient group of data parallelism takes in the context-parallel ranks too.
    const bool gradientGroup = dimension == ParallelDim::DP && sizes.cp > 1;
    const int ownStride = groupStride(dimension, sizes);
    const int cpStride = gradientGroup ? groupStride(ParallelDim::CP, sizes) : 0;
    const int span = spanOf(dimension, sizes, ownStride, cpStride);
    const int perNode = std::max(1, sizes.gpusPerNode);
    link.crossesNodes = span > perNode;
    // The span is a consecutive rank range from a node's start (sizes divide it evenly): it
    // covers ceil(span / node) nodes.
    link.nodes = link.crossesNodes ? static_cast<int>(std::max<std::int64_t>(2, (std::int64_t{span} + perNode - 1) / perNode)) : 1;
    if (!link.crossesNodes) {
        link.bandwidth = p.intraNodeBandwidth * p.efficiency;
        return link;
    }
    // Rail-optimised nodes give every GPU its own NIC (DGX A100/H100: one 200 or 400 Gb/s NIC per
    // GPU). A group with k members in each node runs k rings side by side, one through each
    // member's NIC (NCCL opens one channel per NIC), so its ring bandwidth is k NICs', up to what
    // NVLink carries inside the node.
    const int stride = gradientGroup ? std::min(ownStride, cpStride) : ownStride;
    const int membersPerNode = std::max(1, sizes.gpusPerNode / std::max(1, stride));
    link.bandwidth = std::min(p.interNodeBandwidth * membersPerNode, p.intraNodeBandwidth) * p.efficiency;
    return link;
}

double collectiveLatency(Collective collective, int ranks, const Link& link)
{
    const int steps = ringSteps(collective, ranks);
    if (!link.crossesNodes)
        return steps * link.latency;
    if (collective == Collective::SendRecv || collective == Collective::AllToAll)
        return steps * link.interLatency;
    const std::int64_t nodes = std::min(std::max(1, ranks), std::max(2, link.nodes));
    const std::int64_t interSteps = std::min<std::int64_t>(steps, (collective == Collective::AllReduce ? 2 : 1) * (nodes - 1));
    return static_cast<double>(steps - interSteps) * link.latency + static_cast<double>(interSteps) * link.interLatency;
}

} // namespace shardscope
