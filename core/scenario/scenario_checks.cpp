#include "core/scenario/scenario_checks.h"

#include <string>

#include "core/common/messages.h"
#include "core/hardware/gpu_spec.h"

namespace shardscope {
namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

void error(Diagnostics& out, const char* field, const char* templ, std::initializer_list<std::string> args = {})
{
    out.push_back(makeDiagnostic(Severity::Error, field, templ, args));
}

void warning(Diagnostics& out, const char* field, const char* templ, std::initializer_list<std::string> args = {})
{
    out.push_back(makeDiagnostic(Severity::Warning, field, templ, args));
}

bool positive(Diagnostics& out, const char* field, std::int64_t value)
{
    if (value >= 1)
        return true;
    error(out, field, msg::kAtLeastOne, {str(value)});
    return false;
}

void checkTraining(const Scenario& s, Diagnostics& out)
{
    const TrainingSpec& t = s.training;
    positive(out, "training.seq_len", t.seqLen);
    positive(out, "training.micro_batch", t.microBatch);
    if (t.globalBatch)
        positive(out, "training.global_batch", *t.globalBatch);
    if (t.finetune != FineTune::Full)
        positive(out, "training.lora_rank", t.loraRank);
    if (t.finetune != FineTune::Full && (t.loraTargets & kProjAll) == 0)
        error(out, "training.lora_targets", msg::kLoraTargets);
    if (t.precision == Precision::Fp32 && t.gradDtype && *t.gradDtype != GradDtype::Fp32)
        warning(out, "training.grad_dtype", msg::kFp32Grads, {gradDtypeName(*t.gradDtype)});
}

void checkParallel(const Scenario& s, Diagnostics& out)
{
    const ParallelSpec& p = s.parallel;
    const ModelSpec& m = s.model;
    bool ok = positive(out, "parallel.gpus", p.gpus);
    ok = positive(out, "parallel.tp", p.tp) && ok;
    ok = positive(out, "parallel.pp", p.pp) && ok;
    ok = positive(out, "parallel.cp", p.cp) && ok;
    ok = positive(out, "parallel.ep", p.ep) && ok;
    ok = positive(out, "parallel.vpp", p.vpp) && ok;
    if (p.dp)
        ok = positive(out, "parallel.dp", *p.dp) && ok;
    if (p.zero < 0 || p.zero > 3) {
        error(out, "parallel.zero", msg::kZeroStage, {str(p.zero)});
        ok = false;
    }
    if (!ok)
        return;

    const std::int64_t modelParallel = static_cast<std::int64_t>(p.tp) * p.pp * p.cp;
    if (p.dp) {
        if (*p.dp * modelParallel != p.gpus)
            error(out, "parallel.gpus", msg::kGpuProduct,
                  {str(*p.dp), str(p.tp), str(p.pp), str(p.cp), str(*p.dp * modelParallel), str(p.gpus)});
    } else if (p.gpus % modelParallel != 0) {
        error(out, "parallel.gpus", msg::kGpusMultiple, {str(p.gpus), str(modelParallel)});
    }
    if (m.heads > 0 && m.heads % p.tp != 0)
        error(out, "parallel.tp", msg::kTpHeads, {str(p.tp), str(m.heads)});
    if (m.effectiveKvHeads() > 0 && m.effectiveKvHeads() % p.tp != 0)
        error(out, "parallel.tp", msg::kTpKvHeads, {str(p.tp), str(m.effectiveKvHeads())});
    if (m.ffnHidden > 0 && m.ffnHidden % p.tp != 0)
        error(out, "parallel.tp", msg::kTpFfn, {str(p.tp), str(m.ffnHidden)});
    if (m.moe.isMoe() && m.expertFfn() % p.tp != 0)
        error(out, "parallel.tp", msg::kTpExpertFfn, {str(p.tp), str(m.expertFfn())});
    if (m.layers > 0 && m.layers % p.pp != 0)
        error(out, "parallel.pp", msg::kPpLayers, {str(p.pp), str(m.layers)});
    if (p.vpp > 1) {
        if (p.pp < 2)
            error(out, "parallel.vpp", msg::kVppNeedsPp, {str(p.vpp)});
        else if (m.layers > 0 && m.layers % (static_cast<std::int64_t>(p.pp) * p.vpp) != 0)
            error(out, "parallel.vpp", msg::kVppLayers, {str(p.pp * p.vpp), str(m.layers)});
    }
    // Megatron splits the sequence into 2 x cp chunks for causal load balance.
    if (p.cp > 1 && s.training.seqLen % (2 * p.cp) != 0)
        error(out, "parallel.cp", msg::kCpSequence, {str(2 * p.cp), str(s.training.seqLen)});
    if (p.cp > 1 && !s.training.flashAttention)
        warning(out, "training.flash_attention", msg::kCpFlash);
    const int dp = s.dataParallel();
    if (p.ep > 1) {
        if (!m.moe.isMoe())
            error(out, "parallel.ep", msg::kEpNeedsMoe, {str(p.ep)});
        else if (m.moe.experts % p.ep != 0)
            error(out, "parallel.ep", msg::kEpExperts, {str(p.ep), str(m.moe.experts)});
        if (dp > 0 && (static_cast<std::int64_t>(dp) * p.cp) % p.ep != 0)
            error(out, "parallel.ep", msg::kEpDp, {str(p.ep), str(dp * p.cp)});
    }
    if (p.sequenceParallel && p.tp == 1)
        warning(out, "parallel.sequence_parallel", msg::kSpNeedsTp);
    if (p.offload == Offload::Optimizer && p.zero < 1)
        error(out, "parallel.offload", msg::kOffloadZero);
    if (p.offload == Offload::OptimizerAndParams && p.zero != 3)
        error(out, "parallel.offload", msg::kOffloadParams);
    if (dp > 0 && s.training.globalBatch && s.training.microBatch > 0
        && *s.training.globalBatch % (s.training.microBatch * dp) != 0)
        error(out, "training.global_batch", msg::kGlobalBatch,
              {str(*s.training.globalBatch), str(s.training.microBatch * dp)});
    if (p.pp > 1 && p.vpp > 1 && dp > 0 && s.training.globalBatch && s.training.microBatch > 0) {
        const std::int64_t microbatches = *s.training.globalBatch / (s.training.microBatch * dp);
        if (microbatches % p.pp != 0)
            error(out, "parallel.vpp", msg::kVppMicrobatches, {str(microbatches), str(p.pp)});
    }
}

void checkFraction(Diagnostics& out, const char* field, double value, bool allowZero)
{
    if (!(value <= 1.0) || (allowZero ? value < 0.0 : value <= 0.0))
        error(out, field, allowZero ? msg::kFraction01 : msg::kFractionAbove0);
}

void checkPerf(const Scenario& s, Diagnostics& out)
{
    const PerfSpec& f = s.perf;
    checkFraction(out, "perf.gemm_efficiency", f.gemmEfficiency, false);
    checkFraction(out, "perf.memory_efficiency", f.memoryEfficiency, false);
    checkFraction(out, "perf.link_efficiency", f.linkEfficiency, false);
    checkFraction(out, "perf.dp_overlap", f.dpOverlap, true);
    checkFraction(out, "perf.tp_overlap", f.tpOverlap, true);
    checkFraction(out, "perf.cp_overlap", f.cpOverlap, true);
    checkFraction(out, "perf.ep_overlap", f.epOverlap, true);
    if (f.intraLatencyUs < 0 || f.interLatencyUs < 0)
        error(out, f.intraLatencyUs < 0 ? "perf.intra_latency_us" : "perf.inter_latency_us", msg::kNotNegative);
    if (!(f.trainTokens > 0))
        error(out, "perf.train_tokens", msg::kPositiveNumber);
}

void checkCluster(const Scenario& s, Diagnostics& out)
{
    if (standardGpuPresets().find(s.cluster.gpu) == nullptr)
        error(out, "cluster.gpu", msg::kUnknownGpu, {s.cluster.gpu, standardGpuPresets().idList()});
    positive(out, "cluster.gpus_per_node", s.cluster.gpusPerNode);
    const std::pair<const char*, const std::optional<double>*> overrides[] = {
        {"cluster.intra_node_gbps", &s.cluster.intraNodeGbps}, {"cluster.inter_node_gbps", &s.cluster.interNodeGbps},
        {"cluster.peak_tflops", &s.cluster.peakTflops}, {"cluster.memory_gbps", &s.cluster.memoryGbps}};
    for (const auto& [field, value] : overrides) {
        if (value->has_value() && !(**value > 0))
            error(out, field, msg::kPositiveNumber);
    }
}

void checkOverhead(const Scenario& s, Diagnostics& out)
{
    const OverheadSpec& o = s.overhead;
    if (o.cudaContextBytes < 0)
        error(out, "overhead.context_mib", msg::kNotNegative);
    if (o.fragmentation < 0 || o.fragmentation > 1)
        error(out, "overhead.fragmentation", msg::kFraction01);
    if (o.ncclBytesPerGroup < 0)
        error(out, "overhead.nccl_mib", msg::kNotNegative);
    if (o.dpBucketBytes < 0)
        error(out, "overhead.bucket_mb", msg::kNotNegative);
    if (o.zero3PrefetchLayers < 0)
        error(out, "overhead.zero3_prefetch_layers", msg::kNotNegative);
}

} // namespace

void checkScenario(const Scenario& s, Diagnostics& out)
{
    validateModel(s.model, out);
    checkTraining(s, out);
    checkParallel(s, out);
    checkCluster(s, out);
    checkOverhead(s, out);
    checkPerf(s, out);
}

} // namespace shardscope
