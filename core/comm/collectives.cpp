#include "core/comm/collectives.h"

namespace shardscope {

const char* collectiveName(Collective collective)
{
    switch (collective) {
    case Collective::AllReduce: return "all-reduce";
    case Collective::AllGather: return "all-gather";
    case Collective::ReduceScatter: return "reduce-scatter";
    case Collective::SendRecv: return "send-recv";
    case Collective::AllToAll: return "all-to-all";
    }
    return "all-reduce";
}

const char* dimensionName(ParallelDim dimension)
{
    switch (dimension) {
    case ParallelDim::DP: return "dp";
    case ParallelDim::TP: return "tp";
    case ParallelDim::PP: return "pp";
    case ParallelDim::CP: return "cp";
    case ParallelDim::EP: return "ep";
    }
    return "dp";
}

double busBandwidthFactor(Collective collective, int ranks)
{
    if (ranks <= 1)
        return collective == Collective::SendRecv ? 1.0 : 0.0;
    const double n = ranks;
    switch (collective) {
    case Collective::AllReduce: return 2.0 * (n - 1.0) / n;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll: return (n - 1.0) / n;
    case Collective::SendRecv: return 1.0;
    }
    return 0.0;
}

double ringWireBytes(Collective collective, double bytes, int ranks)
{
    return bytes * busBandwidthFactor(collective, ranks);
}

int ringSteps(Collective collective, int ranks)
{
    if (collective == Collective::SendRecv)
        return 1;
    if (ranks <= 1)
        return 0;
    return collective == Collective::AllReduce ? 2 * (ranks - 1) : ranks - 1;
}

double collectiveSeconds(Collective collective, double bytes, int ranks, double bandwidth, double latency)
{
    const double wire = ringWireBytes(collective, bytes, ranks);
    return ringSteps(collective, ranks) * latency + (bandwidth > 0 ? wire / bandwidth : 0.0);
}

} // namespace shardscope
