#include "core/report/plan_report.h"

#include <cmath>
#include <cstdio>

#include "core/common/enum_table.h"
#include "core/plan/plan_reasons.h"
#include "core/plan/planner.h"

namespace shardscope {
namespace {

nlohmann::json layoutJson(const PlanLayout& l)
{
    return {{"gpus", l.gpus}, {"dp", l.dp}, {"tp", l.tp}, {"pp", l.pp}, {"cp", l.cp}, {"ep", l.ep}, {"vpp", l.vpp},
            {"zero", l.zero}, {"sequence_parallel", l.sequenceParallel}, {"recompute", enumId(l.recompute)},
            {"micro_batch", l.microBatch}, {"offload", enumId(l.offload)}};
}

nlohmann::json planJson(const Scenario& base, const Plan& p, int rank)
{
    nlohmann::json reasons = nlohmann::json::array();
    for (const Diagnostic& d : planReasons(base, p))
        reasons.push_back(d.message());
    nlohmann::json j = {{"rank", rank}, {"layout", layoutJson(p.layout)}, {"memory_per_gpu", static_cast<std::int64_t>(std::llround(p.memoryPerGpu))},
                        {"fits", p.fits}, {"step_seconds", p.stepSeconds}, {"mfu", p.mfu},
                        {"tokens_per_second", p.tokensPerSecond}, {"days", p.days}, {"gpu_hours", p.gpuHours},
                        {"reasons", reasons}};
    if (p.layout.baseSplit)
        j["layout"]["pp_layers"] = "scenario";
    return j;
}

std::string layoutText(const PlanLayout& l)
{
    char text[160];
    std::snprintf(text, sizeof text, "dp %d tp %d pp %d cp %d ep %d vpp %d ZeRO-%d%s rc %s mb %lld%s%s", l.dp, l.tp, l.pp,
                  l.cp, l.ep, l.vpp, l.zero, l.sequenceParallel ? " sp" : "", enumId(l.recompute),
                  static_cast<long long>(l.microBatch), l.offload != Offload::None ? " offload " : "",
                  l.offload != Offload::None ? enumId(l.offload) : "");
    return text;
}

} // namespace

nlohmann::json planToJson(const Scenario& base, const PlanResult& r)
{
    nlohmann::json rejected = nlohmann::json::object();
    for (std::size_t i = 0; i < kPlanRuleCount; ++i)
        rejected[enumId(static_cast<PlanRule>(i))] = r.rejected[i];
    nlohmann::json plans = nlohmann::json::array(), pareto = nlohmann::json::array(), diagnostics = nlohmann::json::array();
    int rank = 1;
    for (const Plan& p : r.plans)
        plans.push_back(planJson(base, p, rank++));
    for (const Plan& p : r.pareto)
        pareto.push_back(planJson(base, p, 0));
    for (const Diagnostic& d : r.diagnostics)
        diagnostics.push_back({{"severity", severityName(d.severity)}, {"field", d.field.str()}, {"message", d.message()}});
    return {{"searched", r.searched}, {"feasible", r.feasible}, {"evaluated", r.evaluated},
            {"step_modelled", r.stepModelled}, {"threads", r.threads}, {"seconds", r.seconds},
            {"rejected", rejected}, {"plans", plans}, {"pareto", pareto}, {"diagnostics", diagnostics}};
}

std::string planTable(const Scenario& base, const PlanResult& r)
{
    std::string out;
    char line[320];
    std::snprintf(line, sizeof line, "searched %llu layouts in %.3f s (%d threads): %llu feasible, %llu step-modelled\n",
                  static_cast<unsigned long long>(r.searched), r.seconds, r.threads, static_cast<unsigned long long>(r.feasible),
                  static_cast<unsigned long long>(r.stepModelled));
    out += line;
    out += "rejected:";
    for (std::size_t i = 0; i < kPlanRuleCount; ++i)
        if (r.rejected[i] > 0)
            out += std::string(" ") + enumId(static_cast<PlanRule>(i)) + " " + std::to_string(r.rejected[i]);
    out += "\n\nrank  layout                                                 GB/GPU   step s    MFU   tokens/s     days\n";
    int rank = 1;
    for (const Plan& p : r.plans) {
        std::snprintf(line, sizeof line, "%4d  %-54s %7.1f %8.3f %5.1f%% %10.0f %8.1f\n", rank++, layoutText(p.layout).c_str(),
                      p.memoryPerGpu / 1e9, p.stepSeconds, 100 * p.mfu, p.tokensPerSecond, p.days);
        out += line;
        for (const Diagnostic& d : planReasons(base, p))
            out += "        - " + d.message() + "\n";
    }
    out += "\nPareto front (memory per GPU against tokens/s):\n";
    for (const Plan& p : r.pareto) {
        std::snprintf(line, sizeof line, "      %-54s %7.1f GB %10.0f tokens/s\n", layoutText(p.layout).c_str(),
                      p.memoryPerGpu / 1e9, p.tokensPerSecond);
        out += line;
    }
    for (const Diagnostic& d : r.diagnostics)
        out += std::string(severityName(d.severity)) + ": " + d.message() + "\n";
    return out;
}

std::string planCsv(const PlanResult& r)
{
    std::string out = "rank,gpus,dp,tp,pp,cp,ep,vpp,zero,sequence_parallel,recompute,micro_batch,offload,memory_per_gpu,"
                      "step_seconds,mfu,tokens_per_second,days\n";
    char line[400];
    int rank = 1;
    for (const Plan& p : r.plans) {
        const PlanLayout& l = p.layout;
        std::snprintf(line, sizeof line, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%s,%s,%lld,%s,%.0f,%g,%g,%g,%g\n", rank++, l.gpus, l.dp,
                      l.tp, l.pp, l.cp, l.ep, l.vpp, l.zero, l.sequenceParallel ? "true" : "false", enumId(l.recompute),
                      static_cast<long long>(l.microBatch), enumId(l.offload), p.memoryPerGpu, p.stepSeconds, p.mfu,
                      p.tokensPerSecond, p.days);
        out += line;
    }
    return out;
}

} // namespace shardscope
