#include "core/comm/topology.h"

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

Link groupLink(ParallelDim dimension, const LayoutSizes& sizes, const LinkParameters& p)
{
    Link link;
    link.crossesNodes = groupSpan(dimension, sizes) > sizes.gpusPerNode;
    link.bandwidth = (link.crossesNodes ? p.interNodeBandwidth : p.intraNodeBandwidth) * p.efficiency;
    link.latency = link.crossesNodes ? p.interLatency : p.intraLatency;
    return link;
}

} // namespace shardscope
