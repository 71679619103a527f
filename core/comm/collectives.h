#pragma once
#include "core/common/enum_table.h"

namespace shardscope {

enum class Collective { AllReduce, AllGather, ReduceScatter, SendRecv, AllToAll };
enum class ParallelDim { DP, TP, PP, CP, EP };

// Ids as the CLI contract spells them ("all-reduce", "dp", ...), labels and help (collectives.cpp).
template <> const EnumTable& enumTable<Collective>();
template <> const EnumTable& enumTable<ParallelDim>();

// nccl-tests' bus-bandwidth factor (nccl-tests doc/PERFORMANCE.md): busbw = algbw x factor, with
// `bytes` the buffer size as nccl-tests counts it (the whole buffer for all-gather and
// reduce-scatter). It is also what one GPU sends under the ring algorithm, per byte of buffer:
// all-reduce 2(n-1)/n, all-gather, reduce-scatter and all-to-all (n-1)/n, send/recv 1.
// (These three are inline: the step model calls them for every collective of every estimate.)
inline double busBandwidthFactor(Collective collective, int ranks)
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

// Bytes one GPU puts on the wire for one call on a ring of `ranks` GPUs.
inline double ringWireBytes(Collective collective, double bytes, int ranks)
{
    return bytes * busBandwidthFactor(collective, ranks);
}

// Latency-bound steps of the ring algorithm: 2(n-1) for all-reduce (reduce-scatter then
// all-gather), n-1 for all-gather, reduce-scatter and all-to-all, 1 for a send/recv.
inline int ringSteps(Collective collective, int ranks)
{
    if (collective == Collective::SendRecv)
        return 1;
    if (ranks <= 1)
        return 0;
    return collective == Collective::AllReduce ? 2 * (ranks - 1) : ranks - 1;
}

} // namespace shardscope
