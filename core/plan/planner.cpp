#include "core/plan/planner.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

#include "core/common/messages.h"
#include "core/hardware/gpu_spec.h"
#include "core/memory/memory_ledger.h"
#include "core/memory/precision_recipe.h"
#include "core/model/model_spec.h"
#include "core/perf/step_model.h"
#include "core/plan/plan_space.h"
#include "core/scenario/pipeline_split.h"

namespace shardscope {
namespace {

// The best `top` plans so far, best first (score, then enumeration order).
class TopK {
public:
    TopK(PlanObjective objective, int k) : objective_(objective), k_(static_cast<std::size_t>(std::max(1, k))) {}

    bool full() const { return plans_.size() >= k_; }
    double worstScore() const { return planScore(objective_, plans_.back()); }
    void offer(const Plan& p)
    {
        const double score = planScore(objective_, p);
        auto better = [&](const Plan& q) {
            const double qs = planScore(objective_, q);
            return qs < score || (qs == score && q.order < p.order);
        };
        const auto at = std::find_if_not(plans_.begin(), plans_.end(), better);
        if (static_cast<std::size_t>(at - plans_.begin()) >= k_)
            return;
        plans_.insert(at, p);
        if (plans_.size() > k_)
            plans_.pop_back();
    }
    std::vector<Plan>& plans() { return plans_; }

private:
    PlanObjective objective_;
    std::size_t k_;
    std::vector<Plan> plans_;
};

// The Pareto front of memory per GPU (lower is better) against tokens/s (higher is better),
// sorted by memory; along it tokens/s rises strictly. Of equal points the first enumerated stays.
class ParetoFront {
public:
    // Would a layout with this memory and at most this throughput be dominated?
    bool dominated(double memory, double tokensPerSecond) const
    {
        const auto it = std::upper_bound(front_.begin(), front_.end(), memory,
                                         [](double m, const Plan& p) { return m < p.memoryPerGpu; });
        return it != front_.begin() && std::prev(it)->tokensPerSecond >= tokensPerSecond;
    }
    void offer(const Plan& p)
    {
        if (dominated(p.memoryPerGpu, p.tokensPerSecond))
            return;
        auto it = std::lower_bound(front_.begin(), front_.end(), p.memoryPerGpu,
                                   [](const Plan& q, double m) { return q.memoryPerGpu < m; });
        auto end = it;
        while (end != front_.end() && end->tokensPerSecond <= p.tokensPerSecond)
            ++end;
        it = front_.erase(it, end);
        front_.insert(it, p);
    }
    std::vector<Plan>& plans() { return front_; }

private:
    std::vector<Plan> front_;
};

// One worker's share of the search: the groups g with g % threads == index, in order, so that
// every plan it keeps was enumerated after the ones it already holds.
struct Worker {
    const PlanSpace& space;
    const PlanRequest& request;
    const GpuSpec& gpu;
    const ParameterInventory& inventory;
    std::int64_t shapeParameters;
    int index, threads;

    PlanResult result;
    TopK top{request.objective, request.top};
    ParetoFront front;
    // The unshared states of the last (tp, ep) summed: they do not depend on cp, sequence
    // parallelism, the micro-batch, pp, ZeRO or offload, so groups that share tp and ep share them.
    std::optional<LedgerTensors> tensors;
    // The precision recipe's bytes: the search varies the layout, the micro-batch and the
    // recomputation, never the recipe, so they are made once instead of for every layout.
    const RecipeBytes recipe = recipeBytes(space.base.training);

    void run();
    void group(Scenario& w, const GroupKey& key, std::uint64_t order);
    const LedgerTensors& tensorsFor(const Scenario& w, int tp, int ep)
    {
        if (!tensors || tensors->tp != tp || tensors->ep != ep)
            tensors = ledgerTensors(w, inventory, shapeParameters, tp, ep, &recipe);
        return *tensors;
    }
};

void Worker::run()
{
    Scenario w = space.base;
    const std::uint64_t groups = space.groupCount();
    for (std::uint64_t g = static_cast<std::uint64_t>(index); g < groups; g += static_cast<std::uint64_t>(threads)) {
        const GroupKey key = space.groupKey(g);
        const PlanRule* rule = space.groupRule(key);
        if (rule != nullptr) {
            result.rejected[static_cast<std::size_t>(*rule)] += space.layoutsPerGroup();
            result.searched += space.layoutsPerGroup();
            continue;
        }
        group(w, key, g * space.layoutsPerGroup());
    }
    result.plans = std::move(top.plans());
    result.pareto = std::move(front.plans());
}

// One (tp, cp, ep, sequence parallel, micro-batch) group: its kernels and activations are shared
// by every pp, ZeRO stage, offload and vpp below it.
void Worker::group(Scenario& w, const GroupKey& key, std::uint64_t order)
{
    ParallelSpec& p = w.parallel;
    p.tp = key.tp;
    p.cp = key.cp;
    p.ep = key.ep;
    p.sequenceParallel = key.sequenceParallel;
    w.training.microBatch = key.microBatch;
    const bool pruning = request.prune && !request.keepPoints;
    const double globalTokens = static_cast<double>(space.globalBatch) * static_cast<double>(w.training.seqLen);

    std::unique_ptr<StepKernels, StepKernelsDeleter> kernels;
    std::vector<LedgerActivations> activations(space.recomputes.size());
    std::vector<bool> haveActivations(space.recomputes.size(), false);
    LedgerLayout layout;
    GpuMemory memory;     // written over for each layout
    StepEstimate step;
    const std::uint64_t perPp = space.layoutsPerPp();

    for (std::size_t pi = 0; pi < space.pps.size(); ++pi, order += perPp) {
        const int pp = space.pps[pi];
        const PlanRule* rule = space.ppRule(key, pi);
        result.searched += perPp;
        if (rule != nullptr) {
            result.rejected[static_cast<std::size_t>(*rule)] += perPp;
            continue;
        }
        p.pp = pp;
        p.dp = space.gpus / (key.tp * key.cp * pp);
        const std::vector<int>& stages = space.stageLayers(pi);
        const bool baseSplit = space.baseSplit[pi];
        p.ppLayers = baseSplit ? space.split.parallel.ppLayers : std::string();
        p.ppFirstStageLayers = baseSplit ? space.split.parallel.ppFirstStageLayers : 0;
        p.ppLastStageLayers = baseSplit ? space.split.parallel.ppLastStageLayers : 0;
        std::uint64_t o = order;
        for (int zero : space.zeros) {
            for (Offload offload : space.offloads) {
                const std::uint64_t inner = space.vpps.size() * space.recomputes.size();
                if (zero > 0 && *p.dp * key.cp == 1) {
                    result.rejected[static_cast<std::size_t>(PlanRule::ZeroWithoutDp)] += inner;
                    o += inner;
                    continue;
                }
                if ((offload == Offload::Optimizer && zero < 1) || (offload == Offload::OptimizerAndParams && zero != 3)) {
                    result.rejected[static_cast<std::size_t>(PlanRule::OffloadZero)] += inner;
                    o += inner;
                    continue;
                }
                p.zero = zero;
                p.offload = offload;
                p.vpp = 1;
                fillDistributedLayout(w, layout);
                layout.stageLayers = stages;
                const LedgerTensors& unshared = tensorsFor(w, key.tp, key.ep);
                for (int vpp : space.vpps) {
                    if (space.vppRule(pi, vpp, layout.microbatches)) {
                        result.rejected[static_cast<std::size_t>(PlanRule::VppSchedule)] += space.recomputes.size();
                        o += space.recomputes.size();
                        continue;
                    }
                    p.vpp = vpp;
                    layout.vpp = vpp;
                    for (std::size_t ri = 0; ri < space.recomputes.size(); ++ri, ++o) {
                        w.training.recompute = space.recomputes[ri];
                        if (!haveActivations[ri]) {
                            activations[ri] = ledgerActivations(w, inventory, layout, &recipe);
                            haveActivations[ri] = true;
                        }
                        ++result.evaluated;
                        mostLoadedStageInto(w, layout, unshared, activations[ri], memory);
                        const double bytes = memory.device.total();
                        if (bytes > gpu.memoryBytes) {
                            ++result.rejected[static_cast<std::size_t>(PlanRule::Memory)];
                            continue;
                        }
                        ++result.feasible;
                        Plan plan;
                        plan.layout = PlanLayout{space.gpus, *p.dp, key.tp, pp, key.cp, key.ep, vpp, zero,
                                                 key.sequenceParallel, space.recomputes[ri], key.microBatch, offload, baseSplit};
                        plan.memoryPerGpu = bytes;
                        plan.order = o;
                        if (request.onFeasible != nullptr)
                            request.onFeasible(plan.layout, request.onFeasibleContext);
                        if (!kernels)
                            kernels = stepKernels(w, inventory, shapeParameters, gpu, layout);
                        if (pruning && top.full()) {
                            // Compute alone bounds the step from below, so tokens/s from above
                            // (step_model.h, stepComputeLowerBound): a layout that could not beat
                            // the K-th plan even then, and that a kept plan with no more memory
                            // already outruns, can be neither shown nor on the front.
                            const double lower = stepComputeLowerBound(w, inventory, shapeParameters, gpu, layout, memory, *kernels, &recipe);
                            Plan bound = plan;
                            bound.tokensPerSecond = lower > 0 ? globalTokens / lower : 1e300;
                            bound.days = w.perf.trainTokens / bound.tokensPerSecond / 86400.0;
                            bound.gpuHours = bound.days * 24.0 * space.gpus;
                            if (planScore(request.objective, bound) > top.worstScore()
                                && front.dominated(bytes, bound.tokensPerSecond))
                                continue;
                        }
                        ++result.stepModelled;
                        clearStep(step);
                        estimateStepInto(w, inventory, shapeParameters, gpu, layout, memory, kernels.get(), step, nullptr, &recipe);
                        plan.stepSeconds = step.stepSeconds;
                        plan.mfu = step.mfu;
                        plan.tokensPerSecond = step.tokensPerSecond;
                        plan.days = step.trainSeconds / 86400.0;
                        plan.gpuHours = step.gpuHours;
                        plan.bubbleFraction = step.bubbleFraction;
                        if (request.keepPoints)
                            result.points.push_back(PlanPoint{static_cast<float>(bytes), static_cast<float>(plan.tokensPerSecond),
                                                              static_cast<std::uint8_t>(planFamily(plan.layout))});
                        top.offer(plan);
                        front.offer(plan);
                    }
                }
            }
        }
    }
}

} // namespace

namespace {
PlanResult planOneCount(const PlanRequest& request);
} // namespace

PlanResult planLayouts(const PlanRequest& request)
{
    const int first = std::max(1, request.base.parallel.gpus);
    if (request.maxGpus <= first)
        return planOneCount(request);
    const auto start = std::chrono::steady_clock::now();
    const int node = std::max(1, request.base.cluster.gpusPerNode);
    PlanResult out;
    TopK top(request.objective, request.top);
    std::vector<Plan> candidates;
    std::uint64_t offset = 0;
    for (int gpus = first; gpus <= request.maxGpus; gpus = (gpus / node + 1) * node) {
        PlanRequest one = request;
        one.base.parallel.gpus = gpus;
        one.maxGpus = 0;
        PlanResult r = planOneCount(one);
        if (r.searched == 0 && hasErrors(r.diagnostics))
            return r;  // bad input whatever the count
        out.searched += r.searched;
        out.feasible += r.feasible;
        out.evaluated += r.evaluated;
        out.stepModelled += r.stepModelled;
        out.threads = r.threads;
        for (std::size_t i = 0; i < kPlanRuleCount; ++i)
            out.rejected[i] += r.rejected[i];
        // Later counts enumerate after earlier ones: ties keep the smaller cluster.
        for (Plan& p : r.plans) {
            p.order += offset;
            top.offer(p);
        }
        for (Plan& p : r.pareto) {
            p.order += offset;
            candidates.push_back(p);
        }
        out.points.insert(out.points.end(), r.points.begin(), r.points.end());
        offset += r.searched;
    }
    std::sort(candidates.begin(), candidates.end(), [](const Plan& a, const Plan& b) { return a.order < b.order; });
    ParetoFront front;
    for (const Plan& p : candidates)
        front.offer(p);
    out.plans = std::move(top.plans());
    out.pareto = std::move(front.plans());
    if (out.feasible == 0) {
        const PlanSpace space(request.base, request.constraints);
        space.diagnose(out);
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

namespace {

PlanResult planOneCount(const PlanRequest& request)
{
    const auto start = std::chrono::steady_clock::now();
    PlanResult out;
    const GpuSpec* gpu = standardGpuPresets().find(request.base.cluster.gpu);
    const PlanSpace space(request.base, request.constraints);
    if (gpu == nullptr) {  // bad input whatever the layout: the command exits 2 naming the field
        out.diagnostics.push_back(makeDiagnostic(Severity::Error, "cluster.gpu", msg::kUnknownGpu,
                                                 {request.base.cluster.gpu, standardGpuPresets().idList()}));
        return out;
    }
    if (!space.check(out.diagnostics))
        return out;

    const ParameterInventory inventory(space.base.model);
    if (!checkShapeSize(inventory, out.diagnostics))
        return out;
    const std::int64_t shapeParameters = countParameters(space.base.model, inventory).total;
    int threads = request.threads > 0 ? request.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (request.onFeasible != nullptr)
        threads = 1;
    threads = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), std::max<std::uint64_t>(1, space.groupCount())));

    std::vector<Worker> workers;
    workers.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t)
        workers.push_back(Worker{space, request, *gpu, inventory, shapeParameters, t, threads, {}, TopK(request.objective, request.top), {}, std::nullopt});
    if (threads == 1) {
        workers[0].run();
    } else {
        std::vector<std::thread> pool;
        for (Worker& w : workers)
            pool.emplace_back([&w] { w.run(); });
        for (std::thread& t : pool)
            t.join();
    }

    // Merge: the union of the workers' top K and fronts holds the global ones.
    TopK top(request.objective, request.top);
    std::vector<Plan> candidates;
    for (Worker& w : workers) {
        const PlanResult& r = w.result;
        out.searched += r.searched;
        out.feasible += r.feasible;
        out.evaluated += r.evaluated;
        out.stepModelled += r.stepModelled;
        for (std::size_t i = 0; i < kPlanRuleCount; ++i)
            out.rejected[i] += r.rejected[i];
        for (const Plan& p : r.plans)
            top.offer(p);
        candidates.insert(candidates.end(), r.pareto.begin(), r.pareto.end());
        out.points.insert(out.points.end(), r.points.begin(), r.points.end());
    }
    std::sort(candidates.begin(), candidates.end(), [](const Plan& a, const Plan& b) { return a.order < b.order; });
    ParetoFront front;
    for (const Plan& p : candidates)
        front.offer(p);
    out.plans = std::move(top.plans());
    out.pareto = std::move(front.plans());
    out.threads = threads;
    space.diagnose(out);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

} // namespace

} // namespace shardscope
