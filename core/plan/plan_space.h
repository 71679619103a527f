#pragma once
#include <cstdint>
#include <vector>

#include "core/plan/plan_types.h"

// The planner's search space for one GPU count (docs/model.md, "The planner"): the values each
// dimension takes and the engines' rules, as integer tests the search runs in its loops. The
// loops nest tp, cp, ep, sequence parallelism, micro-batch (a "group": what the step kernels and
// activations depend on), then pp, ZeRO stage, offload, vpp and recomputation; a rule broken at
// one level rejects every layout below it at once, counted under that rule.
namespace shardscope {

struct GroupKey {
    int tp = 1, cp = 1, ep = 1;
    bool sequenceParallel = false;
    std::int64_t microBatch = 1;
};

class PlanSpace {
public:
    PlanSpace(const Scenario& base, const PlanConstraints& constraints);

    // False (with the reasons) when the scenario itself is bad input, whatever the layout.
    bool check(Diagnostics& out) const;
    // The error diagnostic when nothing can run, naming the rules and their counts.
    void diagnose(PlanResult& result) const;

    std::uint64_t groupCount() const { return tps.size() * cps.size() * eps.size() * sps.size() * mbs.size(); }
    GroupKey groupKey(std::uint64_t index) const;
    const PlanRule* groupRule(const GroupKey& key) const;  // null: the group's rules hold
    std::uint64_t layoutsPerPp() const { return zeros.size() * offloads.size() * vpps.size() * recomputes.size(); }
    std::uint64_t layoutsPerGroup() const { return pps.size() * layoutsPerPp(); }
    std::uint64_t size() const { return groupCount() * layoutsPerGroup(); }
    // pp candidates by index: pps[i] stages, split as Megatron-LM's default does, or (baseSplit[i])
    // as the scenario's own stage list or first/last sizes, a second candidate for its own pp.
    const PlanRule* ppRule(const GroupKey& key, std::size_t ppIndex) const;
    bool vppRule(std::size_t ppIndex, int vpp, std::int64_t microbatches) const;  // true: broken
    const std::vector<int>& stageLayers(std::size_t ppIndex) const { return stageCache_[ppIndex]; }  // empty: cannot split

    Scenario base;  // the request's scenario with the global batch fixed and no explicit stage list
    int gpus = 1;
    std::int64_t globalBatch = 1;
    std::vector<int> tps, cps, eps, pps, zeros, vpps;
    std::vector<bool> baseSplit;  // by pp index
    Scenario split;               // the request's own stage settings (for baseSplit candidates)
    std::vector<bool> sps;
    std::vector<std::int64_t> mbs;
    std::vector<Recompute> recomputes;
    std::vector<Offload> offloads;
    std::optional<int> fixedDp;

private:
    std::vector<std::vector<int>> stageCache_;  // by index in pps
};

} // namespace shardscope
