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
double busBandwidthFactor(Collective collective, int ranks);

// Bytes one GPU puts on the wire for one call on a ring of `ranks` GPUs.
double ringWireBytes(Collective collective, double bytes, int ranks);

// Latency-bound steps of the ring algorithm: 2(n-1) for all-reduce (reduce-scatter then
// all-gather), n-1 for all-gather, reduce-scatter and all-to-all, 1 for a send/recv.
int ringSteps(Collective collective, int ranks);

} // namespace shardscope
