#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/precision/float_format.h"

namespace shardscope {

// Does sharding the fp32 master weights (ZeRO stage 1-3 / FSDP) change the trained weights?
// A small AdamW training run is replayed exactly, once on one GPU and then under several
// data-parallel set-ups, and the final fp32 master weights are compared bit for bit.
// Sharding itself is elementwise (each rank updates its slice with the same arithmetic), so
// it is bit-identical; what can break identity is how gradients are reduced across ranks and
// any quantity computed across shards (the global gradient norm for clipping).
struct ShardedMasterSpec {
    int ranks = 8;               // data-parallel ranks (one micro-batch each)
    int parameters = 4096;       // elements of the weight vector
    int steps = 10;              // optimizer steps
    double learningRate = 1e-3;
    // Each rank's gradient before the reduction: fp32 (Megatron's fp32 main_grad accumulation;
    // sums of fp32 values depend on their order) or bf16 (few enough bits that small sums are exact).
    FloatFormat gradients = FloatFormat::Fp32;
    double clipNorm = 0.1;       // global-norm clipping threshold; below the gradients' norm, so clipping acts
    std::uint64_t seed = 1;
};

struct ShardedMasterCase {
    std::string name;            // what this run does
    std::string explanation;     // why it matches or not
    std::string comparedWith;    // the run it is compared with (the single GPU, unless said)
    std::int64_t differing = 0;  // elements whose fp32 master differs from that run
    double maxUlps = 0;          // the largest difference, in fp32 units in the last place
    double maxAbs = 0;           // the largest absolute difference
    bool identical() const { return differing == 0; }
};

// keepGoing(fraction done) is asked after each training run; once it answers false the
// experiment stops and returns the cases finished so far (the CLI's Ctrl-C, cli/progress.h).
std::vector<ShardedMasterCase> shardedMasterExperiment(const ShardedMasterSpec& spec,
                                                       const std::function<bool(double)>& keepGoing = {});

} // namespace shardscope
