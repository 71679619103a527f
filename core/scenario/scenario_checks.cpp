#include "core/scenario/scenario_checks.h"

#include <algorithm>
#include <cassert>
#include <string>

#include "core/common/messages.h"
#include "core/hardware/gpu_spec.h"
#include "core/scenario/field_table.h"
#include "core/scenario/pipeline_split.h"

namespace shardscope {
namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

void error(Diagnostics& out, const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args = {})
{
    addDiagnostic(out, Severity::Error, field, templ, args);
}

void warning(Diagnostics& out, const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args = {})
{
    addDiagnostic(out, Severity::Warning, field, templ, args);
}

void checkTraining(const Scenario& s, Diagnostics& out)
{
    const TrainingSpec& t = s.training;
    if (t.finetune != FineTune::Full && (t.loraTargets & kProjAll) == 0)
        error(out, "training.lora_targets", msg::kLoraTargets);
    if (t.precision == Precision::Fp32 && t.gradDtype && *t.gradDtype != GradDtype::Fp32)
        warning(out, "training.grad_dtype", msg::kFp32Grads, {enumId(*t.gradDtype)});
}

void checkParallel(const Scenario& s, Diagnostics& out)
{
    const ParallelSpec& p = s.parallel;
    const ModelSpec& m = s.model;

    const std::int64_t modelParallel = static_cast<std::int64_t>(p.tp) * p.pp * p.cp;
    int dp = 0;  // s.dataParallel(), from the division this check makes anyway
    if (p.dp) {
        // Both factors are within their ranges (at most 2^24 and 2^48), so the product cannot overflow.
        if (modelParallel > p.gpus || *p.dp * modelParallel != p.gpus)
            error(out, "parallel.gpus", msg::kGpuProduct,
                  {str(*p.dp), str(p.tp), str(p.pp), str(p.cp), str(*p.dp * modelParallel), str(p.gpus)});
        dp = *p.dp;
    } else if (p.gpus % modelParallel != 0) {
        error(out, "parallel.gpus", msg::kGpusMultiple, {str(p.gpus), str(modelParallel)});
    } else {
        dp = static_cast<int>(p.gpus / modelParallel);
    }
    assert(dp == s.dataParallel());
    if (p.tp > 1) {  // everything divides by 1: four remainders spared where there is no tp
        if (m.heads > 0 && m.heads % p.tp != 0)
            error(out, "parallel.tp", msg::kTpHeads, {str(p.tp), str(m.heads)});
        if (m.effectiveKvHeads() > 0 && m.effectiveKvHeads() % p.tp != 0)
            error(out, "parallel.tp", msg::kTpKvHeads, {str(p.tp), str(m.effectiveKvHeads())});
        if (m.ffnHidden > 0 && m.ffnHidden % p.tp != 0)
            error(out, "parallel.tp", msg::kTpFfn, {str(p.tp), str(m.ffnHidden)});
        if (m.moe.isMoe() && m.expertFfn() % p.tp != 0)
            error(out, "parallel.tp", msg::kTpExpertFfn, {str(p.tp), str(m.expertFfn())});
    }
    // One stage without an explicit split cannot be wrong (pp 1 holds every layer; the split's
    // vector would be built and thrown away on every estimate), so only a pipeline is split here.
    const bool split = p.pp > 1 || p.vpp > 1 || !p.ppLayers.empty() || p.ppFirstStageLayers != 0 || p.ppLastStageLayers != 0;
    if (split) {
        const std::vector<int> stages = pipelineStageLayers(s, &out);
        if (p.vpp > 1) {
            if (p.pp < 2)
                error(out, "parallel.vpp", msg::kVppNeedsPp, {str(p.vpp)});
            // "number of layers on each ... pipeline rank must be divisible by virtual pipeline parallel degree"
            // (Megatron-LM transformer_config.py, uneven pipeline checks; transformer_block.py otherwise).
            // An explicit list of virtual stages (pp x vpp entries) sets every chunk itself.
            const bool chunksListed = !p.ppLayers.empty() && std::count(p.ppLayers.begin(), p.ppLayers.end(), ',') + 1 == static_cast<std::int64_t>(p.pp) * p.vpp;
            for (std::size_t i = 0; i < stages.size() && !chunksListed; ++i) {
                if (stages[i] % p.vpp != 0) {
                    error(out, "parallel.vpp", msg::kVppStageLayers,
                          {str(static_cast<std::int64_t>(i)), str(stages[i]), str(p.vpp)});
                    break;
                }
            }
        }
    }
    // Megatron splits the sequence into 2 x cp chunks for causal load balance.
    if (p.cp > 1 && s.training.seqLen % (2 * p.cp) != 0)
        error(out, "parallel.cp", msg::kCpSequence, {str(2 * p.cp), str(s.training.seqLen)});
    if (p.cp > 1 && !s.training.flashAttention)
        warning(out, "training.flash_attention", msg::kCpFlash);
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
    if (p.pp > 1 && p.zero >= 2)
        addDiagnostic(out, Severity::Info, "parallel.zero", msg::kZeroWithPipeline);
    if (p.pp > 1 && p.zero == 3 && p.fsdpReshard == FsdpReshard::Always && dp > 0 && s.training.microBatch > 0) {
        const std::int64_t perStep = s.training.globalBatch.value_or(s.training.microBatch * dp) / (s.training.microBatch * dp);
        warning(out, "parallel.fsdp_reshard", msg::kZeroPipelineRegather, {str(2 * perStep)});
    }
    if (p.pp > 1 && p.vpp > 1 && dp > 0 && s.training.globalBatch && s.training.microBatch > 0) {
        const std::int64_t microbatches = *s.training.globalBatch / (s.training.microBatch * dp);
        if (microbatches % p.pp != 0)
            error(out, "parallel.vpp", msg::kVppMicrobatches, {str(microbatches), str(p.pp)});
    }
}

const GpuSpec* checkCluster(const Scenario& s, Diagnostics& out)
{
    const GpuSpec* gpu = standardGpuPresets().find(s.cluster.gpu);
    if (gpu == nullptr)
        error(out, "cluster.gpu", msg::kUnknownGpu, {s.cluster.gpu, standardGpuPresets().idList()});
    return gpu;
}

// Alternatives of the ops group: a measured value replaces a model of it, so giving both is a
// contradiction, named by both flags (docs/architecture.md, "The command-line contract").
void checkOps(const Scenario& s, Diagnostics& out)
{
    const OpsSpec& o = s.ops;
    if (o.clusterMtbfHours && o.failuresPerGpuDay)
        error(out, "ops.failures_per_gpu_day", msg::kExclusiveFields, {"--cluster-mtbf-hours", "--failures-per-gpu-day"});
    if (o.checkpointWriteMinutes && o.storageGbps)
        error(out, "ops.storage_gbps", msg::kExclusiveFields, {"--checkpoint-write-minutes", "--storage-gbps"});
}

} // namespace

bool checkScenario(const Scenario& s, Diagnostics& out, const GpuSpec** gpu)
{
    // Each field within its range first (the field table); the rules that relate fields assume it.
    const std::size_t before = out.size();
    checkFieldRanges(s, out);
    const bool inRange = out.size() == before;
    if (inRange) {
        validateModelRelations(s.model, out);  // the ranges covered the rest of validateModel
        checkParallel(s, out);
    }
    checkTraining(s, out);
    const GpuSpec* found = checkCluster(s, out);
    if (gpu != nullptr)
        *gpu = found;
    checkOps(s, out);
    return inRange;
}

} // namespace shardscope
