#pragma once
#include "core/comm/collectives.h"

namespace shardscope {

// The sizes of the parallel dimensions and where ranks sit. Ranks are numbered with tensor
// parallelism innermost, then context, expert (carved out of the data-parallel ranks, as in
// Megatron-LM), data, and pipeline parallelism outermost (Megatron-LM's default order,
// megatron/core/parallel_state.py), and filled node by node.
struct LayoutSizes {
    int tp = 1;
    int cp = 1;
    int ep = 1;
    int dp = 1;
    int pp = 1;
    int gpusPerNode = 8;
};

// The slowest link a group must cross and its per-step latency.
struct Link {
    double bandwidth = 0;   // bytes/s per GPU per direction, after the link efficiency
    double latency = 0;     // seconds per ring step
    bool crossesNodes = false;
};

struct LinkParameters {
    double intraNodeBandwidth = 0;  // bytes/s, raw
    double interNodeBandwidth = 0;
    double efficiency = 1.0;        // achieved bus bandwidth / link bandwidth
    double intraLatency = 0;        // seconds
    double interLatency = 0;
};

// GPUs spanned by one group of `dimension` (consecutive rank range it covers).
int groupSpan(ParallelDim dimension, const LayoutSizes& sizes);

// The link one group of `dimension` communicates over: inside a node when its span fits in one
// (NVLink or the like), otherwise the inter-node network, each GPU through its own NIC.
Link groupLink(ParallelDim dimension, const LayoutSizes& sizes, const LinkParameters& parameters);

} // namespace shardscope
