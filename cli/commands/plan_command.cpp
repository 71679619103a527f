// shardscope-cli plan: every layout of a training run on N GPUs, decided by the engines' rules,
// the memory fit and the step model, ranked for an objective (core/plan).
#include <ostream>

#include "cli/command.h"
#include "cli/scenario_args.h"
#include "core/plan/plan_scenes.h"
#include "core/plan/planner.h"
#include "core/report/plan_report.h"

namespace shardscope::cli {
namespace {

// A scenario flag given on the command line fixes that dimension of the search (the contract:
// "constraints such as --tp 8, --zero 1, --recompute full, which fix or bound that dimension").
PlanConstraints constraintsOf(const Invocation& inv, const Scenario& s)
{
    PlanConstraints c;
    const nlohmann::json& patch = inv.patch;
    auto given = [&patch](const char* group, const char* field) {
        return patch.contains(group) && patch[group].is_object() && patch[group].contains(field);
    };
    const ParallelSpec& p = s.parallel;
    if (given("parallel", "dp"))
        c.dp = s.dataParallel();
    if (given("parallel", "tp"))
        c.tp = p.tp;
    if (given("parallel", "pp"))
        c.pp = p.pp;
    if (given("parallel", "cp"))
        c.cp = p.cp;
    if (given("parallel", "ep"))
        c.ep = p.ep;
    if (given("parallel", "vpp"))
        c.vpp = p.vpp;
    if (given("parallel", "zero"))
        c.zero = p.zero;
    if (given("parallel", "sequence_parallel"))
        c.sequenceParallel = p.sequenceParallel;
    if (given("parallel", "offload"))
        c.offload = p.offload;
    if (given("training", "recompute"))
        c.recompute = s.training.recompute;
    if (given("training", "micro_batch"))
        c.microBatch = s.training.microBatch;
    c.maxTp = static_cast<int>(inv.integer("max-tp", 0));
    c.maxPp = static_cast<int>(inv.integer("max-pp", 0));
    c.maxCp = static_cast<int>(inv.integer("max-cp", 0));
    c.maxEp = static_cast<int>(inv.integer("max-ep", 0));
    c.allowOffload = inv.has("allow-offload");
    return c;
}

} // namespace

int runPlan(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::optional<Scenario> scenario = resolveScenario(inv, err);
    if (!scenario)
        return kExitInvalidInput;
    if (inv.has("allow-offload") && inv.has("no-offload")) {
        err << "shardscope-cli: error: --allow-offload and --no-offload contradict each other\n";
        return kExitInvalidInput;
    }
    PlanRequest request;
    request.base = *scenario;
    request.constraints = constraintsOf(inv, *scenario);
    // One of the article's scenes replaces the scenario and its constraints (core/plan/plan_scenes.h).
    const std::optional<PlanScene> scene = parseEnum<PlanScene>(inv.choice("scene", ""));
    if (scene)
        request = sceneRequest(*scene);
    request.objective = parseEnum<PlanObjective>(inv.choice("objective", "throughput")).value_or(PlanObjective::Throughput);
    request.top = static_cast<int>(inv.integer("top", 10));
    request.maxGpus = static_cast<int>(inv.integer("max-gpus", 0));
    request.threads = static_cast<int>(inv.integer("threads", 0));
    request.prune = !inv.has("no-prune");
    PlanResult result = planLayouts(request);
    const Scenario& base = request.base;
    if (scene)
        result.diagnostics.push_back(sceneAdvice(*scene, result).advice);
    // Bad input whatever the layout (a model the checks refuse, an unknown GPU): exit 2.
    if (result.searched == 0 && hasErrors(result.diagnostics)) {
        printErrors(err, result.diagnostics);
        return kExitInvalidInput;
    }
    // --save-scenario writes the best plan, so that `estimate --scenario FILE` reproduces it.
    if (!result.plans.empty() && !saveScenarioIfAsked(inv, applyPlan(base, result.plans.front().layout), err))
        return kExitInvalidInput;
    const std::string format = inv.choice("format", "table");
    if (format == "json")
        out << planToJson(base, result).dump(2) << "\n";
    else if (format == "csv")
        out << planCsv(result);
    else
        out << planTable(base, result);
    return kExitOk;
}

} // namespace shardscope::cli
