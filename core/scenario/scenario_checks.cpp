#include "core/scenario/scenario_checks.h"

#include <string>

#include "core/hardware/gpu_spec.h"

namespace shardscope {
namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

void error(Diagnostics& out, const char* field, std::string message)
{
    out.push_back({Severity::Error, field, std::move(message)});
}

bool positive(Diagnostics& out, const char* field, const char* name, std::int64_t value)
{
    if (value >= 1)
        return true;
    error(out, field, std::string(name) + " must be at least 1 (got " + str(value) + ")");
    return false;
}

void checkTraining(const Scenario& s, Diagnostics& out)
{
    const TrainingSpec& t = s.training;
    positive(out, "training.seq_len", "sequence length", t.seqLen);
    positive(out, "training.micro_batch", "micro-batch", t.microBatch);
    if (t.globalBatch)
        positive(out, "training.global_batch", "global batch", *t.globalBatch);
    if (t.finetune != FineTune::Full)
        positive(out, "training.lora_rank", "LoRA rank", t.loraRank);
    if (t.finetune != FineTune::Full && (t.loraTargets & kProjAll) == 0)
        error(out, "training.lora_targets", "LoRA needs at least one target projection");
    if (t.precision == Precision::Fp32 && t.gradDtype && *t.gradDtype != GradDtype::Fp32)
        out.push_back({Severity::Warning, "training.grad_dtype",
                       "fp32 training keeps fp32 gradients; grad-dtype " + std::string(gradDtypeName(*t.gradDtype))
                           + " ignored"});
}

void checkParallel(const Scenario& s, Diagnostics& out)
{
    const ParallelSpec& p = s.parallel;
    const ModelSpec& m = s.model;
    bool ok = positive(out, "parallel.gpus", "GPU count", p.gpus);
    ok = positive(out, "parallel.tp", "tp", p.tp) && ok;
    ok = positive(out, "parallel.pp", "pp", p.pp) && ok;
    ok = positive(out, "parallel.cp", "cp", p.cp) && ok;
    ok = positive(out, "parallel.ep", "ep", p.ep) && ok;
    ok = positive(out, "parallel.vpp", "vpp", p.vpp) && ok;
    if (p.dp)
        ok = positive(out, "parallel.dp", "dp", *p.dp) && ok;
    if (p.zero < 0 || p.zero > 3) {
        error(out, "parallel.zero", "ZeRO stage must be 0, 1, 2 or 3 (got " + str(p.zero) + ")");
        ok = false;
    }
    if (!ok)
        return;

    const std::int64_t modelParallel = static_cast<std::int64_t>(p.tp) * p.pp * p.cp;
    if (p.dp) {
        if (*p.dp * modelParallel != p.gpus)
            error(out, "parallel.gpus",
                  "dp x tp x pp x cp = " + str(*p.dp) + " x " + str(p.tp) + " x " + str(p.pp) + " x " + str(p.cp)
                      + " = " + str(*p.dp * modelParallel) + ", but gpus is " + str(p.gpus));
    } else if (p.gpus % modelParallel != 0) {
        error(out, "parallel.gpus",
              "gpus (" + str(p.gpus) + ") must be a multiple of tp x pp x cp = " + str(modelParallel));
    }
    if (m.heads > 0 && m.heads % p.tp != 0)
        error(out, "parallel.tp", "tp (" + str(p.tp) + ") must divide the attention heads (" + str(m.heads) + ")");
    if (m.effectiveKvHeads() > 0 && m.effectiveKvHeads() % p.tp != 0)
        error(out, "parallel.tp", "tp (" + str(p.tp) + ") must divide the kv heads (" + str(m.effectiveKvHeads()) + ")");
    if (m.ffnHidden > 0 && m.ffnHidden % p.tp != 0)
        error(out, "parallel.tp", "tp (" + str(p.tp) + ") must divide the FFN hidden size (" + str(m.ffnHidden) + ")");
    if (m.moe.isMoe() && m.expertFfn() % p.tp != 0)
        error(out, "parallel.tp", "tp (" + str(p.tp) + ") must divide the expert FFN size (" + str(m.expertFfn()) + ")");
    if (m.layers > 0 && m.layers % p.pp != 0)
        error(out, "parallel.pp", "pp (" + str(p.pp) + ") must divide the layers (" + str(m.layers) + ")");
    if (p.vpp > 1) {
        if (p.pp < 2)
            error(out, "parallel.vpp", "virtual pipeline stages (vpp " + str(p.vpp) + ") need pp of at least 2");
        else if (m.layers > 0 && m.layers % (static_cast<std::int64_t>(p.pp) * p.vpp) != 0)
            error(out, "parallel.vpp", "pp x vpp = " + str(p.pp * p.vpp) + " must divide the layers (" + str(m.layers) + ")");
    }
    // Megatron splits the sequence into 2 x cp chunks for causal load balance.
    if (p.cp > 1 && s.training.seqLen % (2 * p.cp) != 0)
        error(out, "parallel.cp",
              "2 x cp (" + str(2 * p.cp) + ") must divide the sequence length (" + str(s.training.seqLen) + ")");
    if (p.cp > 1 && !s.training.flashAttention)
        out.push_back({Severity::Warning, "training.flash_attention",
                       "context parallelism in Megatron-LM runs on fused (flash) attention; without it the "
                       "per-GPU score matrix is counted as (s/cp) x s"});
    const int dp = s.dataParallel();
    if (p.ep > 1) {
        if (!m.moe.isMoe())
            error(out, "parallel.ep", "expert parallelism (ep " + str(p.ep) + ") needs a mixture-of-experts model");
        else if (m.moe.experts % p.ep != 0)
            error(out, "parallel.ep", "ep (" + str(p.ep) + ") must divide the experts (" + str(m.moe.experts) + ")");
        if (dp > 0 && (static_cast<std::int64_t>(dp) * p.cp) % p.ep != 0)
            error(out, "parallel.ep", "ep (" + str(p.ep) + ") must divide dp x cp (" + str(dp * p.cp) + ")");
    }
    if (p.sequenceParallel && p.tp == 1)
        out.push_back({Severity::Warning, "parallel.sequence_parallel", "sequence parallelism needs tp > 1; ignored"});
    if (p.offload == Offload::Optimizer && p.zero < 1)
        error(out, "parallel.offload", "optimizer offload (ZeRO-Offload) needs ZeRO stage 1, 2 or 3");
    if (p.offload == Offload::OptimizerAndParams && p.zero != 3)
        error(out, "parallel.offload", "parameter offload (ZeRO-Infinity) needs ZeRO stage 3");
    if (dp > 0 && s.training.globalBatch && s.training.microBatch > 0
        && *s.training.globalBatch % (s.training.microBatch * dp) != 0)
        error(out, "training.global_batch",
              "global batch (" + str(*s.training.globalBatch) + ") must be a multiple of micro-batch x dp = "
                  + str(s.training.microBatch * dp));
    if (p.pp > 1 && p.vpp > 1 && dp > 0 && s.training.globalBatch && s.training.microBatch > 0) {
        const std::int64_t microbatches = *s.training.globalBatch / (s.training.microBatch * dp);
        if (microbatches % p.pp != 0)
            error(out, "parallel.vpp",
                  "the interleaved schedule needs micro-batches per step (" + str(microbatches)
                      + ") to be a multiple of pp (" + str(p.pp) + ")");
    }
}

void checkFraction(Diagnostics& out, const char* field, const char* name, double value, bool allowZero)
{
    if (!(value <= 1.0) || (allowZero ? value < 0.0 : value <= 0.0))
        error(out, field, std::string(name) + (allowZero ? " must be between 0 and 1" : " must be above 0 and at most 1"));
}

void checkPerf(const Scenario& s, Diagnostics& out)
{
    const PerfSpec& f = s.perf;
    checkFraction(out, "perf.gemm_efficiency", "GEMM efficiency", f.gemmEfficiency, false);
    checkFraction(out, "perf.memory_efficiency", "memory efficiency", f.memoryEfficiency, false);
    checkFraction(out, "perf.link_efficiency", "link efficiency", f.linkEfficiency, false);
    checkFraction(out, "perf.dp_overlap", "DP overlap", f.dpOverlap, true);
    checkFraction(out, "perf.tp_overlap", "TP overlap", f.tpOverlap, true);
    checkFraction(out, "perf.cp_overlap", "CP overlap", f.cpOverlap, true);
    checkFraction(out, "perf.ep_overlap", "EP overlap", f.epOverlap, true);
    if (f.intraLatencyUs < 0 || f.interLatencyUs < 0)
        error(out, f.intraLatencyUs < 0 ? "perf.intra_latency_us" : "perf.inter_latency_us", "latency must not be negative");
    if (!(f.trainTokens > 0))
        error(out, "perf.train_tokens", "tokens to train must be positive");
}

void checkCluster(const Scenario& s, Diagnostics& out)
{
    if (standardGpuPresets().find(s.cluster.gpu) == nullptr)
        error(out, "cluster.gpu", "unknown GPU '" + s.cluster.gpu + "'; known: " + standardGpuPresets().idList());
    positive(out, "cluster.gpus_per_node", "GPUs per node", s.cluster.gpusPerNode);
    const std::pair<const char*, const std::optional<double>*> overrides[] = {
        {"cluster.intra_node_gbps", &s.cluster.intraNodeGbps}, {"cluster.inter_node_gbps", &s.cluster.interNodeGbps},
        {"cluster.peak_tflops", &s.cluster.peakTflops}, {"cluster.memory_gbps", &s.cluster.memoryGbps}};
    for (const auto& [field, value] : overrides) {
        if (value->has_value() && !(**value > 0))
            error(out, field, std::string(field + 8) + " must be a positive number");
    }
}

void checkOverhead(const Scenario& s, Diagnostics& out)
{
    const OverheadSpec& o = s.overhead;
    if (o.cudaContextBytes < 0)
        error(out, "overhead.context_mib", "CUDA context memory must not be negative");
    if (o.fragmentation < 0 || o.fragmentation > 1)
        error(out, "overhead.fragmentation", "fragmentation must be a fraction between 0 and 1");
    if (o.ncclBytesPerGroup < 0)
        error(out, "overhead.nccl_mib", "NCCL buffer memory must not be negative");
    if (o.dpBucketBytes < 0)
        error(out, "overhead.bucket_mb", "gradient bucket size must not be negative");
    if (o.zero3PrefetchLayers < 0)
        error(out, "overhead.zero3_prefetch_layers", "ZeRO-3 prefetch layers must not be negative");
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
