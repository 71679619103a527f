#include "core/plan/plan_space.h"

#include <algorithm>
#include <string>

#include "core/common/plan_messages.h"
#include "core/plan/planner.h"
#include "core/scenario/pipeline_split.h"
#include "core/scenario/scenario_checks.h"

namespace shardscope {
namespace {

std::vector<int> divisors(std::int64_t n, int bound)
{
    std::vector<int> out;
    for (std::int64_t d = 1; d <= n && (bound <= 0 || d <= bound); ++d)
        if (n % d == 0)
            out.push_back(static_cast<int>(d));
    return out;
}

template <typename T>
void addUnique(std::vector<T>& values, T value)
{
    if (std::find(values.begin(), values.end(), value) == values.end())
        values.push_back(value);
}

constexpr PlanRule kTpDivides = PlanRule::TpDivides, kCpSequence = PlanRule::CpSequence, kEpExperts = PlanRule::EpExperts,
                   kSpTp = PlanRule::SequenceParallelTp, kGpuProduct = PlanRule::GpuProduct, kPpLayers = PlanRule::PpLayers,
                   kEpDp = PlanRule::EpDataParallel, kGlobalBatch = PlanRule::GlobalBatch;

} // namespace

PlanSpace::PlanSpace(const Scenario& request, const PlanConstraints& c) : base(request), split(request)
{
    ParallelSpec& p = base.parallel;
    gpus = std::max(1, p.gpus);
    const int dp = std::max(1, request.dataParallel());
    globalBatch = request.training.globalBatch.value_or(request.training.microBatch * dp);
    base.training.globalBatch = globalBatch;
    // A stage list or first/last stage sizes are written for one pp; the search uses Megatron-LM's
    // default split for each pp (core/scenario/pipeline_split.h), uneven where the layers require.
    p.ppLayers.clear();
    p.ppFirstStageLayers = 0;
    p.ppLastStageLayers = 0;
    p.dp.reset();
    fixedDp = c.dp;

    const ModelSpec& m = base.model;
    tps = c.tp ? std::vector<int>{*c.tp} : divisors(gpus, c.maxTp);
    cps = c.cp ? std::vector<int>{*c.cp} : divisors(gpus, c.maxCp);
    pps = c.pp ? std::vector<int>{*c.pp} : divisors(gpus, c.maxPp);
    if (c.ep)
        eps = {*c.ep};
    else if (m.moe.isMoe())
        eps = divisors(m.moe.experts, c.maxEp > 0 ? std::min(c.maxEp, gpus) : gpus);
    else
        eps = {1};
    sps = c.sequenceParallel ? std::vector<bool>{*c.sequenceParallel} : std::vector<bool>{false, true};
    if (c.microBatch) {
        mbs = {*c.microBatch};
    } else {
        for (std::int64_t b : {1, 2, 4, 8, 16, 32})
            if (b <= globalBatch)
                mbs.push_back(b);
        addUnique(mbs, request.training.microBatch);
    }
    zeros = c.zero ? std::vector<int>{*c.zero} : std::vector<int>{0, 1, 2, 3};
    if (c.offload)
        offloads = {*c.offload};
    else if (c.allowOffload)
        offloads = {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams};
    else
        offloads = {Offload::None};
    if (c.vpp) {
        vpps = {*c.vpp};
    } else {
        vpps = {1, 2, 3, 4, 6, 8};
        addUnique(vpps, std::max(1, request.parallel.vpp));
    }
    if (c.recompute) {
        recomputes = {*c.recompute};
    } else {
        recomputes = {Recompute::None, Recompute::Selective, Recompute::Full};
        addUnique(recomputes, request.training.recompute);
    }

    baseSplit.assign(pps.size(), false);
    const ParallelSpec& own = request.parallel;
    if ((!own.ppLayers.empty() || own.ppFirstStageLayers > 0 || own.ppLastStageLayers > 0)
        && std::find(pps.begin(), pps.end(), own.pp) != pps.end()) {
        pps.push_back(own.pp);
        baseSplit.push_back(true);
    }
    stageCache_.reserve(pps.size());
    for (std::size_t i = 0; i < pps.size(); ++i) {
        Scenario t = baseSplit[i] ? split : base;
        t.parallel.pp = pps[i];
        stageCache_.push_back(pps[i] <= m.layers ? pipelineStageLayers(t) : std::vector<int>{});
    }
}

bool PlanSpace::check(Diagnostics& out) const
{
    // Checked on the trivial layout: what is wrong whatever the layout is bad input; the layout's
    // own rules are the search's business.
    Scenario t = base;
    t.parallel = ParallelSpec{};
    t.parallel.gpus = gpus;
    t.parallel.zero = 0;
    t.training.globalBatch.reset();
    Diagnostics all;
    checkScenario(t, all);
    bool ok = true;
    for (Diagnostic& d : all) {
        if (d.severity == Severity::Error && d.field.view().rfind("parallel.", 0) != 0 && d.field != "training.global_batch") {
            out.push_back(std::move(d));
            ok = false;
        }
    }
    return ok;
}

GroupKey PlanSpace::groupKey(std::uint64_t index) const
{
    GroupKey k;
    k.microBatch = mbs[index % mbs.size()];
    index /= mbs.size();
    k.sequenceParallel = sps[index % sps.size()];
    index /= sps.size();
    k.ep = eps[index % eps.size()];
    index /= eps.size();
    k.cp = cps[index % cps.size()];
    index /= cps.size();
    k.tp = tps[index];
    return k;
}

const PlanRule* PlanSpace::groupRule(const GroupKey& k) const
{
    const ModelSpec& m = base.model;
    // Megatron-LM's argument checks (scenario_checks.cpp, checkParallel) as integer tests.
    if ((m.heads > 0 && m.heads % k.tp != 0) || (m.effectiveKvHeads() > 0 && m.effectiveKvHeads() % k.tp != 0)
        || (m.ffnHidden > 0 && m.ffnHidden % k.tp != 0) || (m.moe.isMoe() && m.expertFfn() % k.tp != 0))
        return &kTpDivides;
    if (k.cp > 1 && base.training.seqLen % (2 * k.cp) != 0)
        return &kCpSequence;
    if (k.ep > 1 && (!m.moe.isMoe() || m.moe.experts % k.ep != 0))
        return &kEpExperts;
    if (k.sequenceParallel && k.tp == 1)
        return &kSpTp;
    return nullptr;
}

const PlanRule* PlanSpace::ppRule(const GroupKey& k, std::size_t ppIndex) const
{
    const int pp = pps[ppIndex];
    const std::int64_t modelParallel = static_cast<std::int64_t>(k.tp) * k.cp * pp;
    if (gpus % modelParallel != 0)
        return &kGpuProduct;
    const std::int64_t dp = gpus / modelParallel;
    if (fixedDp && *fixedDp != dp)
        return &kGpuProduct;
    if (stageLayers(ppIndex).empty())
        return &kPpLayers;
    if (k.ep > 1 && (dp * k.cp) % k.ep != 0)
        return &kEpDp;
    if (globalBatch % (k.microBatch * dp) != 0)
        return &kGlobalBatch;
    return nullptr;
}

bool PlanSpace::vppRule(std::size_t ppIndex, int vpp, std::int64_t microbatches) const
{
    const int pp = pps[ppIndex];
    const std::vector<int>& stages = stageCache_[ppIndex];
    bool chunksListed = false;
    if (baseSplit[ppIndex]) {
        // The scenario's own list is written for its vpp (scenario_checks.cpp: a list of pp x vpp
        // virtual stages sets every chunk itself).
        if (vpp != std::max(1, split.parallel.vpp))
            return true;
        const std::string& list = split.parallel.ppLayers;
        chunksListed = !list.empty() && std::count(list.begin(), list.end(), ',') + 1 == static_cast<std::int64_t>(pp) * vpp;
    }
    if (vpp <= 1)
        return false;
    if (pp < 2 || microbatches % pp != 0)
        return true;
    return !chunksListed && std::any_of(stages.begin(), stages.end(), [vpp](int layers) { return layers % vpp != 0; });
}

void PlanSpace::diagnose(PlanResult& result) const
{
    if (result.feasible > 0)
        return;
    std::string counts;
    for (std::size_t i = 0; i < kPlanRuleCount; ++i) {
        if (result.rejected[i] == 0)
            continue;
        if (!counts.empty())
            counts += ", ";
        counts += std::string(enumId(static_cast<PlanRule>(i))) + " " + std::to_string(result.rejected[i]);
    }
    result.diagnostics.push_back(makeDiagnostic(Severity::Error, "parallel.gpus", msg::kPlanNothingRuns,
                                                {std::to_string(result.searched), std::to_string(gpus), counts}));
}

} // namespace shardscope
