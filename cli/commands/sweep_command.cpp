// shardscope-cli sweep: the series behind the scaling and sequence-length charts.
#include <algorithm>
#include <cstdio>
#include <ostream>

#include <nlohmann/json.hpp>

#include "core/scenario/assumptions.h"

#include "cli/command.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/comm/collectives.h"
#include "core/estimate/sweeps.h"

namespace shardscope::cli {
namespace {

constexpr ParallelDim kDims[] = {ParallelDim::DP, ParallelDim::TP, ParallelDim::PP, ParallelDim::CP, ParallelDim::EP};

// The resolved inputs the sweep varies from (issue 17): "inputs", "defaults_used" and "assumed"
// beside the points in JSON, the compact block above a table.
struct Inputs {
    const Scenario& scenario;
    const FieldPaths& given;
};

nlohmann::json withInputs(nlohmann::json document, const Inputs& in)
{
    addResolvedInputs(document, in.scenario, in.given);
    return document;
}

void printScaling(const std::vector<ScalingPoint>& points, const std::string& format, const Inputs& in, std::ostream& out)
{
    if (format == "table")
        out << resolvedInputsText(in.scenario, in.given);
    if (format == "json") {
        nlohmann::json rows = nlohmann::json::array();
        for (const ScalingPoint& p : points) {
            nlohmann::json exposed;
            for (ParallelDim d : kDims)
                exposed[enumId(d)] = p.exposedCommSeconds[static_cast<std::size_t>(d)];
            rows.push_back({{"gpus", p.gpus}, {"valid", p.valid}, {"step_seconds", p.stepSeconds},
                            {"compute_seconds", p.computeSeconds}, {"exposed_communication_seconds", exposed},
                            {"bubble_seconds", p.bubbleSeconds}, {"optimizer_seconds", p.optimizerSeconds},
                            {"mfu", p.mfu}, {"communication_share", p.commShare},
                            {"tokens_per_second", p.tokensPerSecond}, {"memory_per_gpu", p.memoryPerGpu},
                            {"fits", p.fits}, {"ettr", p.ettr}, {"effective_tokens_per_second", p.effectiveTokensPerSecond},
                            {"cluster_mtbf_hours", p.clusterMtbfHours}, {"failure_free_days", p.failureFreeDays},
                            {"days", p.days}});
        }
        out << withInputs(nlohmann::json{{"points", rows}}, in).dump(1) << "\n";
        return;
    }
    const char* header = "gpus,valid,step_seconds,compute_seconds,exposed_dp,exposed_tp,exposed_pp,exposed_cp,exposed_ep,"
                         "bubble_seconds,mfu,communication_share,tokens_per_second\n";
    if (format == "csv")
        out << header;
    else
        out << "  gpus    step s  compute s   exposed comm s   bubble s    MFU   comm share   tokens/s\n";
    char line[200];
    for (const ScalingPoint& p : points) {
        double comm = 0;
        for (double x : p.exposedCommSeconds)
            comm += x;
        if (format == "csv")
            std::snprintf(line, sizeof line, "%d,%s,%g,%g,%g,%g,%g,%g,%g,%g,%g,%g,%g\n", p.gpus, p.valid ? "true" : "false",
                          p.stepSeconds, p.computeSeconds, p.exposedCommSeconds[0], p.exposedCommSeconds[1],
                          p.exposedCommSeconds[2], p.exposedCommSeconds[3], p.exposedCommSeconds[4], p.bubbleSeconds,
                          p.mfu, p.commShare, p.tokensPerSecond);
        else if (!p.valid)
            std::snprintf(line, sizeof line, "%6d    (impossible layout at this size)\n", p.gpus);
        else
            std::snprintf(line, sizeof line, "%6d %9.3f %10.3f %16.3f %10.3f %5.1f%% %11.1f%% %10.0f\n", p.gpus,
                          p.stepSeconds, p.computeSeconds, comm, p.bubbleSeconds, 100 * p.mfu, 100 * p.commShare,
                          p.tokensPerSecond);
        out << line;
    }
}

void printSequence(const std::vector<SequencePoint>& points, const std::string& format, const Inputs& in, std::ostream& out)
{
    if (format == "table")
        out << resolvedInputsText(in.scenario, in.given);
    if (format == "json") {
        nlohmann::json rows = nlohmann::json::array();
        for (const SequencePoint& p : points)
            rows.push_back({{"seq_len", p.seqLen}, {"valid", p.valid}, {"single_gpu", p.singleGpu}, {"per_gpu", p.perGpu},
                            {"activations_single_gpu", p.activationsSingle}, {"activations_per_gpu", p.activationsPerGpu},
                            {"single_gpu_fits", p.singleFits}, {"fits", p.fits}});
        out << withInputs(nlohmann::json{{"points", rows},
                                         {"single_gpu_out_of_memory_at", firstOutOfMemory(points, true)},
                                         {"per_gpu_out_of_memory_at", firstOutOfMemory(points, false)}},
                          in)
                   .dump(1)
            << "\n";
        return;
    }
    char line[200];
    if (format == "csv")
        out << "seq_len,valid,single_gpu_bytes,per_gpu_bytes,single_gpu_fits,fits\n";
    else
        out << "   sequence   single GPU GB   per GPU GB   fits (single / per GPU)\n";
    for (const SequencePoint& p : points) {
        if (format == "csv")
            std::snprintf(line, sizeof line, "%lld,%s,%.0f,%.0f,%s,%s\n", static_cast<long long>(p.seqLen),
                          p.valid ? "true" : "false", p.singleGpu, p.perGpu, p.singleFits ? "true" : "false",
                          p.fits ? "true" : "false");
        else
            std::snprintf(line, sizeof line, "%11lld %15.1f %12.1f   %s / %s%s\n", static_cast<long long>(p.seqLen),
                          p.singleGpu / 1e9, p.perGpu / 1e9, p.singleFits ? "yes" : "no", p.fits ? "yes" : "no",
                          p.valid ? "" : "  (impossible layout)");
        out << line;
    }
}

} // namespace

int runSweep(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    // The base scenario is checked like estimate's (an unknown GPU, tp 3 on 8 GPUs): a sweep of
    // a scenario that is wrong everywhere would print only "(impossible layout)" with exit 0.
    const std::optional<Resolved> resolved = resolveAndEstimate(inv, err);
    if (!resolved)
        return kExitInvalidInput;
    const Scenario& scenario = resolved->scenario;
    const Inputs in{scenario, resolved->given};
    const std::string format = inv.choice("format", "table");
    if (inv.choice("kind", "scaling") == "scaling") {
        const ScalingMode mode = inv.choice("mode", "fixed-global-batch") == "fixed-global-batch" ? ScalingMode::FixedGlobalBatch
                                                                                                  : ScalingMode::FixedPerGpuWork;
        const std::vector<ScalingPoint> points = scalingSweep(scenario, mode);
        if (std::none_of(points.begin(), points.end(), [](const ScalingPoint& p) { return p.valid; })) {
            invalidOption(err, "--gpus", "no GPU count of the sweep gives a valid layout for tp x pp x cp x ep; "
                                         "the base scenario's own is the only one (try shardscope-cli estimate)");
            return kExitInvalidInput;
        }
        printScaling(points, format, in, out);
    } else {
        printSequence(sequenceSweep(scenario), format, in, out);
    }
    return kExitOk;
}

} // namespace shardscope::cli
