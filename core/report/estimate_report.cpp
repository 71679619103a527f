#include "core/report/estimate_report.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/common/units.h"
#include "core/estimate/placement.h"
#include "core/memory/precision_recipe.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

// Byte counts are whole numbers; JSON keeps them exact up to 2^53.
Json bytes(double value) { return static_cast<std::int64_t>(std::llround(value)); }

Json breakdownJson(const MemoryBreakdown& m)
{
    return Json{{"weights", bytes(m.weights)},
                {"gradients", bytes(m.gradients)},
                {"master_weights", bytes(m.masterWeights)},
                {"optimizer_states", bytes(m.optimizerStates)},
                {"activations", bytes(m.activations)},
                {"overhead", bytes(m.overhead)},
                {"total", bytes(m.total())}};
}

Json overheadJson(const OverheadBreakdown& o)
{
    return Json{{"cuda_context", bytes(o.cudaContext)},
                {"nccl_buffers", bytes(o.ncclBuffers)},
                {"gradient_buckets", bytes(o.gradientBuckets)},
                {"gathered_parameters", bytes(o.gatheredParameters)},
                {"fragmentation", bytes(o.fragmentation)}};
}

// What per_gpu.activations is made of: kept between forward and backward, plus the largest
// transient (their sum with the larger working set is the activations figure).
Json activationPartsJson(const ActivationParts& a)
{
    return Json{{"layers", bytes(a.layers)},
                {"embedding", bytes(a.embedding)},
                {"output", bytes(a.output)},
                {"recompute_working_set", bytes(a.recomputeWorkingSet)},
                {"loss_working_set", bytes(a.lossWorkingSet)}};
}

struct Row {
    const char* label;
    double MemoryBreakdown::*field;
};
constexpr Row kRows[] = {{"weights", &MemoryBreakdown::weights},
                         {"gradients", &MemoryBreakdown::gradients},
                         {"master weights (fp32)", &MemoryBreakdown::masterWeights},
                         {"optimizer states", &MemoryBreakdown::optimizerStates},
                         {"activations", &MemoryBreakdown::activations},
                         {"overhead", &MemoryBreakdown::overhead}};

std::string fixed(double value, int decimals)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string layoutText(const Scenario& s)
{
    std::ostringstream text;
    const ParallelSpec& p = s.parallel;
    text << p.gpus << (p.gpus == 1 ? " GPU = dp " : " GPUs = dp ") << s.dataParallel() << " x tp " << p.tp << " x pp " << p.pp << " x cp " << p.cp;
    if (p.ep > 1)
        text << " (ep " << p.ep << ")";
    text << ", ZeRO-" << p.zero;
    if (p.sequenceParallel)
        text << ", sequence parallel";
    if (p.vpp > 1)
        text << ", vpp " << p.vpp;
    if (p.offload != Offload::None)
        text << ", offload " << enumId(p.offload);
    return text.str();
}

std::string trainingText(const Scenario& s)
{
    const TrainingSpec& t = s.training;
    std::ostringstream text;
    text << enumId(t.precision) << " (" << enumId(t.gradDtype.value_or(defaultGradDtype(t.precision)))
         << " gradients), " << enumId(t.optimizer) << ", sequence " << t.seqLen << ", micro-batch "
         << t.microBatch << ", recompute " << enumId(t.recompute) << ", flash attention "
         << (t.flashAttention ? "on" : "off");
    if (t.finetune != FineTune::Full)
        text << ", " << enumId(t.finetune) << " rank " << t.loraRank;
    return text.str();
}

} // namespace

Json communicationJson(const StepEstimate& step)
{
    Json perStep = Json::array();
    for (const CollectiveCall& c : step.collectives)
        perStep.push_back({{"collective", enumId(c.collective)},
                           {"dimension", enumId(c.dimension)},
                           {"purpose", enumId(c.purpose)},
                           {"ranks", c.ranks},
                           {"bytes", bytes(c.bytes)},
                           {"wire_bytes", bytes(c.wireBytes)},
                           {"calls", c.calls},
                           {"seconds", c.seconds},
                           {"exposed_seconds", c.exposedSeconds},
                           {"crosses_nodes", c.crossesNodes}});
    return Json{{"per_step", perStep}, {"seconds", step.commSeconds}, {"exposed_seconds", step.exposedCommSeconds}};
}

// Which groups stay inside a node and what each rank order costs (core/estimate/placement.h).
Json placementJson(const Scenario& s, const Estimate& e)
{
    const TopologyPlacement p = topologyPlacement(s, e);
    Json groups = Json::array();
    for (const GroupPlacement& g : p.groups)
        groups.push_back({{"dimension", enumId(g.dimension)}, {"size", g.size}, {"stride", g.stride}, {"span", g.span},
                          {"nodes", g.nodes}, {"crosses_nodes", g.crossesNodes}, {"seconds", g.seconds},
                          {"exposed_seconds", g.exposedSeconds}});
    Json byOrder = Json::object();
    for (RankOrder order : {RankOrder::TpCpEpDpPp, RankOrder::TpCpEpPpDp, RankOrder::EpDpCpTpPp})
        byOrder[enumId(order)] = p.stepSecondsByOrder[static_cast<std::size_t>(order)];
    return Json{{"rank_order", enumId(p.order)}, {"gpus_per_node", s.cluster.gpusPerNode}, {"groups", groups},
                {"step_seconds_by_order", byOrder}};
}

Json estimateToJson(const Scenario& s, const Estimate& e)
{
    Json diagnostics = Json::array();
    for (const Diagnostic& d : e.diagnostics)
        diagnostics.push_back({{"severity", severityName(d.severity)}, {"field", d.field.str()}, {"message", d.message()}});
    return Json{
        {"model",
         {{"name", s.model.name},
          {"id", s.modelId},
          {"params", e.model.params},
          {"params_per_gpu", bytes(e.model.paramsPerGpu)},
          {"active_params", e.model.activeParams},
          {"trainable_params", bytes(e.model.trainableParams)}}},
        {"memory",
         {{"single_gpu", breakdownJson(e.memory.singleGpu.device)},
          {"per_gpu", breakdownJson(e.memory.perGpu.device)},
          {"per_gpu_stage", e.memory.perGpu.stage},
          {"per_gpu_overhead", overheadJson(e.memory.perGpu.overhead)},
          {"per_gpu_activations", activationPartsJson(e.memory.perGpu.activationParts)},
          {"single_gpu_overhead", overheadJson(e.memory.singleGpu.overhead)},
          {"host_per_gpu", breakdownJson(e.memory.perGpu.host)},
          {"activations_per_layer", bytes(e.memory.perGpu.layerActivations)},
          {"gpu_capacity", bytes(e.memory.gpuCapacity)},
          {"fits", e.memory.fits},
          {"single_gpu_fits", e.memory.singleGpuFits}}},
        {"communication", communicationJson(e.step)},
        {"placement", e.valid() ? placementJson(s, e) : Json::object()},
        {"compute",
         {{"flops_per_step", e.step.modelFlopsPerStep},
          {"hardware_flops_per_step", e.step.hardwareFlopsPerStep},
          {"seconds", e.step.computeSeconds},
          {"gemm_seconds", e.step.gemmSeconds},
          {"attention_seconds", e.step.attentionSeconds},
          {"memory_bound_seconds", e.step.memoryBoundSeconds},
          {"peak_flops", e.step.peakFlops},
          {"peak_format", e.step.peakFormat}}},
        {"step",
         {{"seconds", e.step.stepSeconds},
          {"bubble_fraction", e.step.bubbleFraction},
          {"bubble_seconds", e.step.bubbleSeconds},
          {"optimizer_seconds", e.step.optimizerSeconds},
          {"exposed_communication_seconds", e.step.exposedCommSeconds},
          {"mfu", e.step.mfu},
          {"mfu_convention", enumId(s.perf.mfuConvention)},
          {"hfu", e.step.hfu},
          {"tokens_per_second", e.step.tokensPerSecond},
          {"tokens_per_second_per_gpu", s.parallel.gpus > 0 ? e.step.tokensPerSecond / s.parallel.gpus : 0.0},
          {"microbatches", e.step.microbatches},
          {"train_tokens", s.perf.trainTokens},
          {"train_days", e.step.trainSeconds / 86400.0},
          {"gpu_hours", e.step.gpuHours},
          // Failures included (core/ops): the same run with checkpoints, interruptions and restarts.
          {"ettr", e.ops.ettr},
          {"train_days_with_failures", e.ops.trainSeconds / 86400.0},
          {"gpu_hours_with_failures", e.ops.trainSeconds * s.parallel.gpus / 3600.0}}},
        {"diagnostics", diagnostics}};
}

std::string estimateTable(const Scenario& s, const Estimate& e)
{
    std::ostringstream out;
    const GpuMemory& single = e.memory.singleGpu;
    const GpuMemory& dist = e.memory.perGpu;
    out << "ShardScope estimate: " << s.model.name << "\n";
    out << "  parameters        " << e.model.params << " (most loaded GPU's shard " << fixed(e.model.paramsPerGpu, 0)
        << "; trainable " << fixed(e.model.trainableParams, 0) << ")\n";
    out << "  training          " << trainingText(s) << "\n";
    out << "  layout            " << layoutText(s) << "\n";
    out << "  GPU               " << s.cluster.gpu << ", " << fixed(e.memory.gpuCapacity / units::kGB, 1) << " GB ("
        << fixed(e.memory.gpuCapacity / units::kGiB, 1) << " GiB)\n\n";

    char line[160];
    const std::string distTitle = "most loaded GPU (stage " + std::to_string(dist.stage) + ")";
    std::snprintf(line, sizeof line, "%-24s %22s   %22s\n", "memory", "single GPU", distTitle.c_str());
    out << line;
    std::snprintf(line, sizeof line, "%-24s %10s %11s   %10s %11s\n", "", "GB", "GiB", "GB", "GiB");
    out << line;
    auto row = [&](const char* label, double a, double b) {
        std::snprintf(line, sizeof line, "%-24s %10.2f %11.2f   %10.2f %11.2f\n", label, a / units::kGB,
                      a / units::kGiB, b / units::kGB, b / units::kGiB);
        out << line;
    };
    for (const Row& r : kRows)
        row(r.label, single.device.*(r.field), dist.device.*(r.field));
    row("model states", single.device.modelStates(), dist.device.modelStates());
    row("total", single.device.total(), dist.device.total());
    std::snprintf(line, sizeof line, "%-24s %22s   %22s\n", "fits on one GPU", e.memory.singleGpuFits ? "yes" : "no",
                  e.memory.fits ? "yes" : "no");
    out << line;
    if (dist.host.modelStates() > 0)
        row("host memory (offload)", single.host.modelStates(), dist.host.modelStates());

    const StepEstimate& step = e.step;
    out << "\ncommunication per step (most loaded GPU)\n";
    std::snprintf(line, sizeof line, "%-15s %-4s %6s %10s %11s %9s %10s %10s  %s\n", "collective", "dim", "ranks",
                  "MB/call", "wire MB", "calls", "seconds", "exposed", "for");
    out << line;
    for (const CollectiveCall& c : step.collectives) {
        std::snprintf(line, sizeof line, "%-15s %-4s %6d %10.2f %11.2f %9.0f %10.4f %10.4f  %s%s\n",
                      enumId(c.collective), enumId(c.dimension), c.ranks, c.bytes / 1e6,
                      c.wireBytes / 1e6, c.calls, c.seconds, c.exposedSeconds, enumId(c.purpose),
                      c.crossesNodes ? " (across nodes)" : "");
        out << line;
    }
    if (step.collectives.empty())
        out << "  none: a single GPU does not communicate\n";
    std::snprintf(line, sizeof line, "%-15s %61.4f %10.4f\n", "total", step.commSeconds, step.exposedCommSeconds);
    out << line;

    out << "\nstep time\n";
    auto item = [&](const char* label, double seconds) {
        std::snprintf(line, sizeof line, "  %-34s %10.4f s  %5.1f%%\n", label, seconds,
                      step.stepSeconds > 0 ? 100.0 * seconds / step.stepSeconds : 0.0);
        out << line;
    };
    item("compute: GEMMs", step.gemmSeconds);
    item("compute: attention", step.attentionSeconds);
    item("compute: memory-bound kernels", step.memoryBoundSeconds);
    item("exposed communication", step.exposedCommSeconds);
    item("pipeline bubble", step.bubbleSeconds);
    item("optimizer step", step.optimizerSeconds);
    std::snprintf(line, sizeof line, "  %-34s %10.4f s\n", "step", step.stepSeconds);
    out << line;
    std::snprintf(line, sizeof line,
                  "  MFU %.1f%%, HFU %.1f%% of %.0f TFLOP/s %s per GPU (%s attention FLOPs); %.0f tokens/s (%.0f per GPU); "
                  "%lld micro-batches per step\n",
                  100 * step.mfu, 100 * step.hfu, step.peakFlops / 1e12, step.peakFormat,
                  s.perf.mfuConvention == MfuConvention::Causal ? "causal" : "full", step.tokensPerSecond,
                  s.parallel.gpus > 0 ? step.tokensPerSecond / s.parallel.gpus : 0.0, static_cast<long long>(step.microbatches));
    out << line;
    std::snprintf(line, sizeof line, "  %.3g tokens: %.1f days on %d GPU%s, %.3g GPU-hours\n", s.perf.trainTokens,
                  step.trainSeconds / 86400.0, s.parallel.gpus, s.parallel.gpus == 1 ? "" : "s", step.gpuHours);
    out << line;
    std::snprintf(line, sizeof line,
                  "  with failures: %.1f days, %.3g GPU-hours (ETTR %.1f%%: interrupted every %.1f h, checkpoint every %.1f min)\n",
                  e.ops.trainSeconds / 86400.0, e.ops.trainSeconds * s.parallel.gpus / 3600.0, 100 * e.ops.ettr,
                  e.ops.mtbfSeconds / 3600.0, e.ops.intervalSeconds / 60.0);
    out << line;
    if (!e.diagnostics.empty()) {
        out << "\ndiagnostics\n";
        for (const Diagnostic& d : e.diagnostics)
            out << "  " << severityName(d.severity) << ": " << d.message() << "\n";
    }
    return out.str();
}

std::string estimateCsv(const Scenario& s, const Estimate& e)
{
    std::ostringstream out;
    out << "quantity,unit,single_gpu,per_gpu\n";
    out << "params,count," << e.model.params << "," << fixed(e.model.paramsPerGpu, 0) << "\n";
    static const char* const names[] = {"weights", "gradients", "master_weights", "optimizer_states", "activations",
                                        "overhead"};
    for (std::size_t i = 0; i < std::size(kRows); ++i) {
        out << names[i] << ",bytes," << fixed(e.memory.singleGpu.device.*(kRows[i].field), 0) << ","
            << fixed(e.memory.perGpu.device.*(kRows[i].field), 0) << "\n";
    }
    out << "step_seconds,s,," << e.step.stepSeconds << "\n";
    out << "mfu,fraction,," << e.step.mfu << "\n";
    out << "exposed_communication_seconds,s,," << e.step.exposedCommSeconds << "\n";
    out << "train_days,days,," << e.step.trainSeconds / 86400.0 << "\n";
    out << "train_days_with_failures,days,," << e.ops.trainSeconds / 86400.0 << "\n";
    out << "gpu_hours,GPU-hours,," << e.step.gpuHours << "\n";
    out << "gpu_hours_with_failures,GPU-hours,," << e.ops.trainSeconds * s.parallel.gpus / 3600.0 << "\n";
    out << "ettr,fraction,," << e.ops.ettr << "\n";
    out << "total,bytes," << fixed(e.memory.singleGpu.device.total(), 0) << "," << fixed(e.memory.perGpu.device.total(), 0)
        << "\n";
    out << "gpu_capacity,bytes," << fixed(e.memory.gpuCapacity, 0) << "," << fixed(e.memory.gpuCapacity, 0) << "\n";
    out << "fits,bool," << (e.memory.singleGpuFits ? "true" : "false") << "," << (e.memory.fits ? "true" : "false")
        << "\n";
    return out.str();
}

} // namespace shardscope
