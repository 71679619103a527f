// The planner (core/plan): exhaustive, its rules agree with the scenario checks, pruning keeps the
// answer, plans reproduce in estimate(), the published layouts are in its space and never beat
// its best, and the article's claims about what fits.
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <random>

#include "core/estimate/estimate.h"
#include "core/common/plan_messages.h"
#include "core/plan/plan_reasons.h"
#include "core/plan/plan_scenes.h"
#include "core/plan/plan_space.h"
#include "core/plan/planner.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario_checks.h"
#include "core/scenario/scenario_json.h"
#include "core/validation/reference_case.h"

using namespace shardscope;

namespace {

Scenario preset(const char* model, int gpus, const char* gpu, std::int64_t globalBatch, std::int64_t seq)
{
    Diagnostics d;
    const nlohmann::json doc = {{"model", {{"model", model}}},
                                {"training", {{"global_batch", globalBatch}, {"seq_len", seq}}},
                                {"parallel", {{"gpus", gpus}}},
                                {"cluster", {{"gpu", gpu}}}};
    const std::optional<Scenario> s = scenarioFromJson(doc, {}, d);
    if (!s)
        qFatal("bad test scenario %s", model);
    return *s;
}

PlanResult run(const Scenario& s, PlanObjective objective = PlanObjective::Throughput, bool prune = true, int threads = 1,
               int top = 10)
{
    PlanRequest r;
    r.base = s;
    r.objective = objective;
    r.prune = prune;
    r.threads = threads;
    r.top = top;
    return planLayouts(r);
}

// Every dimension fixed to the scenario's own layout: is that one layout feasible?
PlanResult runFixed(const Scenario& s)
{
    PlanRequest r;
    r.base = s;
    const PlanLayout l = planLayoutOf(s);
    PlanConstraints& c = r.constraints;
    c.dp = l.dp;
    c.tp = l.tp;
    c.pp = l.pp;
    c.cp = l.cp;
    c.ep = l.ep;
    c.vpp = l.vpp;
    c.zero = l.zero;
    c.sequenceParallel = l.sequenceParallel;
    c.recompute = l.recompute;
    c.microBatch = l.microBatch;
    c.offload = l.offload;
    r.top = 2;
    return planLayouts(r);
}

bool samePlans(const std::vector<Plan>& a, const std::vector<Plan>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i].layout == b[i].layout) || a[i].tokensPerSecond != b[i].tokensPerSecond || a[i].memoryPerGpu != b[i].memoryPerGpu)
            return false;
    return true;
}

std::vector<Scenario> referenceScenarios(const char* file, const char* idPrefix)
{
    std::ifstream in(std::string(SHARDSCOPE_SOURCE_DIR "/tests/reference/cases/") + file);
    ReferenceSource source;
    Diagnostics problems;
    if (!parseReferenceSource(nlohmann::json::parse(in), file, source, problems))
        qFatal("cannot read %s", file);
    std::vector<Scenario> out;
    for (const ReferenceCase& c : source.cases) {
        if (c.id.rfind(idPrefix, 0) != 0)
            continue;
        Diagnostics d;
        if (const std::optional<Scenario> s = scenarioFromJson(c.inputs, SHARDSCOPE_SOURCE_DIR "/tests/reference/cases", d))
            out.push_back(*s);
    }
    return out;
}

} // namespace

class TestPlan : public QObject {
    Q_OBJECT
private slots:
    // Every layout of the space is counted once: rejected under one rule, or feasible.
    void searchIsExhaustive()
    {
        const Scenario s = preset("megatron-530b", 5120, "a100-80g", 1920, 2048);
        const PlanResult r = run(s, PlanObjective::Throughput, true, 0);
        const PlanSpace space(applyPlan(s, planLayoutOf(s)), PlanConstraints{});
        QCOMPARE(r.searched, space.size());
        std::uint64_t sum = r.feasible;
        for (std::uint64_t n : r.rejected)
            sum += n;
        QCOMPARE(sum, r.searched);
        QVERIFY(r.searched > 1000000);  // Calculon's showcase space is about a million
        QVERIFY(!r.plans.empty());
        QVERIFY(!r.pareto.empty());
        QVERIFY(r.rejected[static_cast<std::size_t>(PlanRule::Memory)] > 0);
    }

    // The planner's integer rules accept only layouts the scenario checks accept, and reject the
    // ones the checks refuse (sampled: every layout the rules pass must have no error).
    void feasibleLayoutsPassTheScenarioChecks()
    {
        for (const Scenario& s : {preset("llama3-8b", 16, "h100-sxm", 64, 8192), preset("mixtral-8x7b", 32, "h100-sxm", 128, 4096)}) {
            struct Seen {
                Scenario base;
                int count = 0, failures = 0;
            } seen{s};
            PlanRequest r;
            r.base = s;
            r.onFeasible = [](const PlanLayout& l, void* context) {
                auto* seen = static_cast<Seen*>(context);
                if (seen->count++ % 7 != 0)
                    return;
                Diagnostics d;
                checkScenario(applyPlan(seen->base, l), d);
                if (hasErrors(d)) {
                    ++seen->failures;
                    qWarning("rules passed a layout the checks refuse: %s", d.front().message().c_str());
                }
            };
            r.onFeasibleContext = &seen;
            const PlanResult result = planLayouts(r);
            QVERIFY(seen.count > 10);
            QCOMPARE(seen.failures, 0);
            QCOMPARE(static_cast<std::uint64_t>(seen.count), result.feasible);
        }
    }

    // Pruning only with a provable bound: the same top K and Pareto front with and without, on
    // random cases; and the same with two threads.
    void prunedEqualsUnpruned()
    {
        std::mt19937 random(12);
        const char* models[] = {"llama2-7b", "llama3-8b", "qwen2.5-7b", "megatron-22b", "mixtral-8x7b", "llama2-70b"};
        const char* gpus[] = {"h100-sxm", "a100-80g", "a100-40g", "h200"};
        const int counts[] = {8, 16, 32, 64, 128};
        const PlanObjective objectives[] = {PlanObjective::Throughput, PlanObjective::TimeToTrain, PlanObjective::MemoryHeadroom,
                                            PlanObjective::Cost};
        for (int trial = 0; trial < 12; ++trial) {
            const int n = counts[random() % 5];
            Scenario s = preset(models[random() % 6], n, gpus[random() % 4], n * (1 + random() % 4) * 4, 1024 << (random() % 3));
            const PlanObjective objective = objectives[random() % 4];
            const int top = 1 + static_cast<int>(random() % 8);
            const PlanResult pruned = run(s, objective, true, 1, top);
            const PlanResult full = run(s, objective, false, 1, top);
            const PlanResult parallel = run(s, objective, true, 2, top);
            QVERIFY(samePlans(pruned.plans, full.plans));
            QVERIFY(samePlans(pruned.pareto, full.pareto));
            QVERIFY(samePlans(parallel.plans, full.plans));
            QVERIFY(samePlans(parallel.pareto, full.pareto));
            QCOMPARE(pruned.feasible, full.feasible);
            QCOMPARE(full.stepModelled, full.feasible);
            QVERIFY(pruned.stepModelled <= full.stepModelled);
        }
    }

    // A range of GPU counts is the union of its counts' spaces: the best over the range is the best
    // of the counts, by cost too, and pruning keeps it.
    void gpuRangeMergesCounts()
    {
        const Scenario s = preset("llama3-8b", 8, "h100-sxm", 128, 4096);
        for (PlanObjective objective : {PlanObjective::Throughput, PlanObjective::Cost}) {
            PlanRequest r;
            r.base = s;
            r.objective = objective;
            r.maxGpus = 32;
            const PlanResult range = planLayouts(r);
            r.prune = false;
            QVERIFY(samePlans(range.plans, planLayouts(r).plans));
            std::uint64_t searched = 0;
            double best = 1e300;
            for (int gpus : {8, 16, 24, 32}) {
                Scenario one = s;
                one.parallel.gpus = gpus;
                const PlanResult single = run(one, objective);
                searched += single.searched;
                if (!single.plans.empty())
                    best = std::min(best, planScore(objective, single.plans.front()));
            }
            QCOMPARE(range.searched, searched);
            QCOMPARE(planScore(objective, range.plans.front()), best);
        }
    }

    // A plan is the scenario applyPlan writes: estimate() of it gives the plan's numbers.
    void plansReproduceInEstimate()
    {
        for (const Scenario& s : {preset("llama3-70b", 64, "h100-sxm", 512, 8192), preset("mixtral-8x7b", 32, "a100-80g", 256, 4096),
                                  preset("llama2-7b", 8, "h100-sxm", 64, 4096)}) {
            const PlanResult r = run(s);
            QVERIFY(!r.plans.empty());
            for (const Plan& p : r.plans) {
                const Estimate e = estimate(applyPlan(s, p.layout));
                QVERIFY2(e.valid(), e.diagnostics.empty() ? "" : e.diagnostics.front().message().c_str());
                QCOMPARE(e.step.tokensPerSecond, p.tokensPerSecond);
                QCOMPARE(e.memory.perGpu.device.total(), p.memoryPerGpu);
                QCOMPARE(e.step.stepSeconds, p.stepSeconds);
                QVERIFY(e.memory.fits);
            }
            QVERIFY(!planReasons(s, r.plans.front()).empty());
        }
    }

    // Narayanan et al. 2021 Table 1, torchtitan's, NeMo's and MegaScale's published runs and Llama 3's Table 4 layouts are
    // feasible in their own search, and the planner's best is at least as fast (a superset).
    void publishedLayoutsAreFeasibleAndNotBetter()
    {
        std::vector<Scenario> published = referenceScenarios("narayanan.json", "table1-");
        const std::vector<Scenario> titan = referenceScenarios("torchtitan.json", "t");
        published.insert(published.end(), titan.begin(), titan.end());
        // NeMo 25.11's and 26.02's Megatron-Core layouts on H100 and B200 (interleaved, context parallel).
        const std::vector<Scenario> nemo = referenceScenarios("megatron_bridge.json", "nemo");
        QCOMPARE(nemo.size(), std::size_t{6});
        published.insert(published.end(), nemo.begin(), nemo.end());
        // MegaScale (Jiang et al. 2024) Tables 1 and 2 and Figure 9: 175B at tp 8, pp 8 (6 chunks) on
        // 256 to 12,288 Ampere GPUs (modelled as A100 80GB) and 530B at tp 8, pp 35 (3 chunks) on 2,240 to 11,200.
        const std::vector<Scenario> megascale = referenceScenarios("megascale.json", "megascale-");
        QCOMPARE(megascale.size(), std::size_t{11});
        for (const Scenario& s : megascale) {  // they ran, so the model must fit them: all eleven are checked below
            const Estimate e = estimate(s);
            QVERIFY(e.valid() && e.memory.fits);
        }
        published.insert(published.end(), megascale.begin(), megascale.end());
        // Llama 3 (Dubey et al. 2024) Table 4: 405B on 8,192 H100s, tp 8, cp 1, pp 16, dp 64,
        // sequence 8,192, 16M tokens per batch (global batch 2,048).
        Scenario llama = preset("llama3.1-405b", 8192, "h100-sxm", 2048, 8192);
        llama.parallel.tp = 8;
        llama.parallel.pp = 16;
        llama.parallel.dp = 64;
        llama.parallel.zero = 1;
        llama.parallel.sequenceParallel = true;
        llama.training.recompute = Recompute::None;
        published.push_back(llama);
        QVERIFY(published.size() >= 56);
        int checked = 0;
        for (const Scenario& s : published) {
            const Estimate own = estimate(s);
            if (!own.valid() || !own.memory.fits)
                continue;  // a row the model itself says cannot fit is not a planner question
            const PlanResult fixed = runFixed(s);
            if (fixed.feasible != 1) {
                for (std::size_t i = 0; i < kPlanRuleCount; ++i)
                    if (fixed.rejected[i] > 0)
                        qWarning("%s rejected by %s (%s)", s.model.name.c_str(), enumId(static_cast<PlanRule>(i)),
                                 fixed.diagnostics.empty() ? "" : fixed.diagnostics.front().message().c_str());
            }
            // The layout itself (with its own stage split, beside Megatron-LM's default one).
            QVERIFY(fixed.feasible >= 1 && fixed.feasible <= 2);
            QVERIFY(std::any_of(fixed.plans.begin(), fixed.plans.end(), [&](const Plan& p) { return p.layout == planLayoutOf(s); }));
            const PlanResult best = run(s, PlanObjective::Throughput, true, 0, 1);
            QVERIFY(!best.plans.empty());
            QVERIFY2(best.plans.front().tokensPerSecond >= own.step.tokensPerSecond * (1 - 1e-12),
                     qPrintable(QStringLiteral("%1 < %2").arg(best.plans.front().tokensPerSecond).arg(own.step.tokensPerSecond)));
            ++checked;
        }
        QVERIFY(checked >= 21);
    }

    // The article: a 7B full fine-tune with AdamW does not fit one 80 GB GPU without offload;
    // LoRA does; 70B needs more than one node of eight.
    void articleClaims()
    {
        Scenario full = defaultScenario();
        full.parallel.gpus = 1;
        full.parallel.dp.reset();
        full.training.globalBatch = 16;
        full.cluster.gpu = "h100-sxm";
        const PlanResult none = run(full);
        QCOMPARE(none.feasible, std::uint64_t{0});
        QVERIFY(none.plans.empty());
        QVERIFY(hasErrors(none.diagnostics));
        QCOMPARE(std::string(none.diagnostics.front().templ), std::string(msg::kPlanNothingRuns));
        QVERIFY(none.rejected[static_cast<std::size_t>(PlanRule::Memory)] > 0);

        Scenario lora = full;
        lora.training.finetune = FineTune::Lora;
        QVERIFY(run(lora).feasible > 0);

        const Scenario node = preset("llama2-70b", 8, "h100-sxm", 64, 4096);
        QCOMPARE(run(node).feasible, std::uint64_t{0});
        QVERIFY(run(preset("llama2-70b", 32, "h100-sxm", 64, 4096)).feasible > 0);
    }

    // The article's scenes: each opens the planner with its constraints and says whether the
    // numbers agree with its rule of thumb (LoRA on one card: they must, the article's claim).
    void scenesGiveAdvice()
    {
        for (int i = 0; i < static_cast<int>(PlanScene::Count); ++i) {
            const auto scene = static_cast<PlanScene>(i);
            const PlanResult r = planLayouts(sceneRequest(scene));
            const SceneVerdict v = sceneAdvice(scene, r);
            QVERIFY(!v.advice.message().empty());
            QCOMPARE(v.advice.severity, v.agrees ? Severity::Info : Severity::Warning);
            qInfo("%s: %s", enumId(scene), v.advice.message().c_str());
            if (!r.plans.empty())
                QVERIFY(v.advice.message().find("tp " + std::to_string(r.plans.front().layout.tp)) != std::string::npos);
        }
        QVERIFY(sceneAdvice(PlanScene::LoraOneGpu, planLayouts(sceneRequest(PlanScene::LoraOneGpu))).agrees);
    }
};

QTEST_MAIN(TestPlan)
#include "tst_plan.moc"
