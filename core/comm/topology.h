#pragma once
#include <array>

#include "core/comm/collectives.h"

namespace shardscope {

// The sizes of the parallel dimensions and where ranks sit. Ranks are numbered along `order`,
// innermost dimension first, and fill nodes in rank order. The default is Megatron-LM's: tensor
// parallelism innermost, then context, expert (carved out of the data-parallel ranks), data, and
// pipeline parallelism outermost (order "tp-cp-ep-dp-pp", megatron/core/parallel_state.py,
// core_v0.15.0); `--use-tp-pp-dp-mapping` swaps data and pipeline. Expert parallelism always
// lives inside the data-parallel dimension, so `order` lists the four dimensions that multiply
// to the world size: TP, CP, DP and PP.
struct LayoutSizes {
    int tp = 1;
    int cp = 1;
    int ep = 1;
    int dp = 1;
    int pp = 1;
    int gpusPerNode = 8;
    std::array<ParallelDim, 4> order{ParallelDim::TP, ParallelDim::CP, ParallelDim::DP, ParallelDim::PP};
};

// The slowest link a group must cross and its per-step latencies.
struct Link {
    double bandwidth = 0;     // bytes/s per GPU per direction, after the link efficiency
    double latency = 0;       // seconds per ring step between neighbours in a node
    double interLatency = 0;  // seconds per ring step from one node to the next (a group that crosses nodes)
    int nodes = 1;            // nodes the group's rank span covers (at least 2 when it crosses nodes)
    bool crossesNodes = false;
};

struct LinkParameters {
    double intraNodeBandwidth = 0;  // bytes/s, raw
    double interNodeBandwidth = 0;
    double efficiency = 1.0;        // achieved bus bandwidth / link bandwidth
    double intraLatency = 0;        // seconds
    double interLatency = 0;
};

// Ranks between neighbours of one group of `dimension`: the product of the sizes of the
// dimensions numbered inside it (1 for the innermost).
int groupStride(ParallelDim dimension, const LayoutSizes& sizes);

// GPUs spanned by one group of `dimension`: stride x size, the consecutive rank range it covers.
// A group crosses nodes when its span is larger than a node (sizes are whole divisors in the
// layouts ShardScope accepts, so a span of at most a node never straddles two).
int groupSpan(ParallelDim dimension, const LayoutSizes& sizes);

// The link one group of `dimension` communicates over: inside a node when its span fits in one
// (NVLink or the like), otherwise the inter-node network, each GPU through its own NIC.
Link groupLink(ParallelDim dimension, const LayoutSizes& sizes, const LinkParameters& parameters);

// The latency of one collective over `ranks` members of a group on `link`. A ring that spans k
// nodes crosses from one node to the next at k - 1 of its steps (2 (k - 1) for all-reduce) and
// stays inside a node at the others: NCCL's own ring model, (steps - inter steps) x intra-node
// latency + inter steps x inter-node latency (src/graph/tuning.cc, ncclTopoTuneModel: nInterSteps).
// k is the link's node count, at most one node per member: a smaller group on the same span (the
// expert data-parallel group, every ep-th member of the dense one) covers the same nodes.
// Send/recv and all-to-all pay the inter-node latency at every step of a group that crosses nodes.
double collectiveLatency(Collective collective, int ranks, const Link& link);

} // namespace shardscope
