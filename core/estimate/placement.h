#pragma once
#include <array>
#include <vector>

#include "core/comm/collectives.h"
#include "core/common/diagnostics.h"
#include "core/estimate/estimate.h"

// Topology placement made visible (docs/model.md, "Topology placement"): for the layout's rank
// order, which parallel groups stay inside a node and which cross the network, and what the step
// costs under each rank order. The article's rule: tensor parallelism inside the node first.
namespace shardscope {

struct GroupPlacement {
    ParallelDim dimension = ParallelDim::TP;
    int size = 1;          // ranks in one group
    int stride = 1;        // ranks between neighbours of a group
    int span = 1;          // consecutive ranks one group covers
    int nodes = 1;         // nodes one group touches
    bool crossesNodes = false;
    double seconds = 0;    // this dimension's collectives, per step
    double exposedSeconds = 0;
};

struct TopologyPlacement {
    std::vector<GroupPlacement> groups;     // dimensions larger than 1, TP first
    RankOrder order = RankOrder::TpCpEpDpPp;
    std::array<double, 3> stepSecondsByOrder{};  // indexed by RankOrder; 0 where the layout is invalid
};

// For a valid estimate of `scenario`.
TopologyPlacement topologyPlacement(const Scenario& scenario, const Estimate& estimate);

// The warning estimate() adds when tensor-parallel groups cross nodes (with the step time the
// TP-first order would give), or when tp alone is larger than a node.
void reportTensorParallelPlacement(const Scenario& scenario, const ParameterInventory& inventory, std::int64_t shapeParameters,
                                   const GpuSpec& gpu, const LedgerLayout& layout, const Estimate& estimate, Diagnostics& out);

} // namespace shardscope
