#include "core/perf/step_model.h"

#include <algorithm>
#include <cmath>

#include "core/comm/topology.h"
#include "core/common/messages.h"
#include "core/memory/precision_recipe.h"
#include "core/perf/flops.h"

namespace shardscope {
namespace {

constexpr double kGiga = 1e9;

// Bytes that a layer's memory-bound kernels read and write for one micro-batch on one GPU
// (docs/model.md, "Step time"): per forward pass, the two norms (read + write), the two residual
// additions (two reads, one write, plus dropout masks), rotary embedding, softmax and dropout over
// the s x s scores when FlashAttention does not fuse them, and the MLP activation function. The
// backward pass moves about twice what the forward does; recomputation repeats forward kernels.
// For GPT with dropout this is 3 x 38 sbh + 27 as^2b (+ 9 as^2b with selective recomputation).
double layerMemoryBytes(const Scenario& s, const RecipeBytes& r, double tokens, double keys, int tp, bool sp)
{
    const ModelSpec& m = s.model;
    const double e = r.activation;
    const double h = static_cast<double>(m.hidden);
    const double spDiv = sp ? tp : 1.0;
    const double scores = static_cast<double>(m.heads) * tokens * keys / tp;
    double forward = 2.0 * 2.0 * e * tokens * h / spDiv;              // norms
    forward += 2.0 * 3.0 * e * tokens * h / spDiv;                    // residual additions
    if (m.dropout)
        forward += 2.0 * tokens * h / spDiv;                          // their dropout masks
    if (m.position == PositionKind::Rotary)
        forward += 2.0 * e * tokens * static_cast<double>(m.queryWidth() + m.kvWidth()) / tp;
    double core = 0.0;
    if (!s.training.flashAttention) {
        core = 2.0 * e * scores;                                      // scale, mask, softmax
        if (m.dropout)
            core += (2.0 * e + 1.0) * scores;                         // dropout over the scores
    }
    forward += core;
    const double ffn = m.moe.isMoe() ? static_cast<double>(m.expertFfn()) * (m.moe.topK + m.moe.sharedExperts)
                                     : static_cast<double>(m.ffnHidden);
    forward += (m.mlp == MlpKind::Gelu ? 2.0 : 3.0) * e * tokens * ffn / tp;  // GeLU, or SwiGLU's two inputs
    double bytes = 3.0 * forward;
    if (s.training.recompute == Recompute::Full)
        bytes += forward;
    else if (s.training.recompute == Recompute::Selective)
        bytes += core;
    return bytes;
}

// Overlap windows: communication that can run during a span of compute is hidden up to
// `overlap` x that span; what exceeds it is exposed.
struct Window {
    double compute = 0;     // seconds of compute available, per occurrence
    double occurrences = 0;
    double comm = 0;        // seconds of communication per occurrence
    std::vector<std::size_t> members;
};

} // namespace

double gemmPeak(const Scenario& s, const GpuSpec& gpu, const char** format)
{
    const char* name = "bf16";
    double peak = gpu.peak.bf16;
    if (s.training.precision == Precision::Fp32 && gpu.peak.fp32 > 0) {
        name = "fp32";
        peak = gpu.peak.fp32;
    } else if (s.training.precision == Precision::Fp8Mixed && gpu.peak.fp8 > 0) {
        name = "fp8";
        peak = gpu.peak.fp8;
    }
    if (s.cluster.peakTflops)
        peak = *s.cluster.peakTflops * 1e12;
    if (format != nullptr)
        *format = name;
    return peak;
}

StepEstimate estimateStep(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                          const GpuSpec& gpu, const LedgerLayout& l, const GpuMemory& mostLoaded, Diagnostics& out)
{
    StepEstimate r;
    r.collectives.reserve(12);
    const TrainingSpec& t = s.training;
    const PerfSpec& perf = s.perf;
    const ModelSpec& m = s.model;
    const RecipeBytes recipe = recipeBytes(t.precision, t.gradDtype.value_or(defaultGradDtype(t.precision)));
    r.microbatches = l.microbatches;
    const double mb = static_cast<double>(l.microbatches);
    const double seq = static_cast<double>(t.seqLen);
    const double tokens = static_cast<double>(t.microBatch) * seq / l.cp;  // this GPU's tokens per micro-batch
    const double layers = std::ceil(static_cast<double>(m.layers) / l.pp);

    r.peakFlops = gemmPeak(s, gpu, &r.peakFormat);
    if (t.precision == Precision::Fp8Mixed && gpu.peak.fp8 <= 0)
        out.push_back(makeDiagnostic(Severity::Info, "cluster.gpu", msg::kNoFp8, {gpu.name}));
    const double memoryBandwidth = (s.cluster.memoryGbps ? *s.cluster.memoryGbps * kGiga : gpu.memoryBandwidth);

    // Compute per micro-batch on one GPU: a middle stage (layers only) and the last (plus logits).
    const double scale = parameterScale(m, shapeParameters);
    const LayerForwardFlops forward = layerForwardFlops(s, inventory, tokens, seq, l.tp, scale);
    const double layerHw = layerHardwareFlops(forward, t);
    const double layerModel = layerModelFlops(forward);
    const double outputFwd = outputForwardFlops(m, tokens, l.tp);
    const double outputFactor = t.finetune == FineTune::Full ? 3.0 : 2.0;
    const double gemmRate = r.peakFlops * perf.gemmEfficiency;
    const double memoryRate = memoryBandwidth * perf.memoryEfficiency;
    const double layerGemm = layerHw / gemmRate;
    const double layerMemory = layerMemoryBytes(s, recipe, tokens, seq, l.tp, l.sequenceParallel) / memoryRate;
    const double outputGemm = outputFactor * outputFwd / gemmRate;
    const double outputMemory = 20.0 * tokens * static_cast<double>(m.vocab) / l.tp / memoryRate;  // fp32 softmax + loss
    const double stageGemm = layers * layerGemm + outputGemm;  // the last stage, the slowest
    const double stageMemory = layers * layerMemory + outputMemory;
    const double computeMb = stageGemm + stageMemory;
    const double forwardMb = computeMb / 3.0;   // backward costs about twice the forward
    const double backwardMb = computeMb - forwardMb;
    const double attentionMb = layers * forward.attention / gemmRate;

    // Communication.
    const LayoutSizes sizes{l.tp, l.cp, l.ep, l.dp, l.pp, std::max(1, s.cluster.gpusPerNode)};
    LinkParameters links;
    links.intraNodeBandwidth = s.cluster.intraNodeGbps ? *s.cluster.intraNodeGbps * kGiga : gpu.intraNodeBandwidth;
    links.interNodeBandwidth = s.cluster.interNodeGbps ? *s.cluster.interNodeGbps * kGiga : gpu.interNodeBandwidth;
    links.efficiency = perf.linkEfficiency;
    links.intraLatency = perf.intraLatencyUs * 1e-6;
    links.interLatency = perf.interLatencyUs * 1e-6;

    auto add = [&](Collective c, ParallelDim d, const char* purpose, int ranks, double bytes, double calls) {
        const Link link = groupLink(d, sizes, links);
        CollectiveCall call;
        call.collective = c;
        call.dimension = d;
        call.purpose = purpose;
        call.ranks = ranks;
        call.bytes = bytes;
        call.wireBytes = ringWireBytes(c, bytes, ranks);
        call.calls = calls;
        call.seconds = calls * collectiveSeconds(c, bytes, ranks, link.bandwidth, link.latency);
        call.crossesNodes = link.crossesNodes;
        r.collectives.push_back(call);
        return r.collectives.size() - 1;
    };

    // Activations cross the wire in the 16-bit compute type (fp32 when training in fp32).
    const double actBytes = t.precision == Precision::Fp32 ? 4.0 : 2.0;
    const double hidden = static_cast<double>(m.hidden);
    const double refwd = t.recompute == Recompute::Full ? 1.0 : 0.0;  // full recomputation repeats forward comm
    double exposedPerMb = 0.0;
    if (l.tp > 1) {
        // Megatron-LM: two all-reduces per layer in the forward pass and two in the backward
        // (Narayanan et al. 2021 §3.2: 8bsh(t-1)/t elements per layer per micro-batch); sequence
        // parallelism turns each into an all-gather and a reduce-scatter (Korthikanti §4.2.2).
        const double size = actBytes * tokens * hidden;
        const double perLayer = (4.0 + 2.0 * refwd) * layers * mb;
        std::vector<std::size_t> calls;
        if (l.sequenceParallel) {
            calls.push_back(add(Collective::AllGather, ParallelDim::TP, "activations (sequence parallel)", l.tp, size, perLayer));
            calls.push_back(add(Collective::ReduceScatter, ParallelDim::TP, "activations (sequence parallel)", l.tp, size, perLayer));
        } else {
            calls.push_back(add(Collective::AllReduce, ParallelDim::TP, "activations", l.tp, size, perLayer));
        }
        for (std::size_t i : calls) {
            r.collectives[i].exposedSeconds = r.collectives[i].seconds * (1.0 - perf.tpOverlap);
            exposedPerMb += r.collectives[i].exposedSeconds / mb;
        }
    }
    if (l.ep > 1 && m.moe.isMoe()) {
        // Dispatch and combine, forward and backward (Lepikhin et al. 2020, GShard): 4 all-to-alls
        // per MoE layer per micro-batch, each moving the GPU's routed tokens.
        const double size = actBytes * tokens * m.moe.topK * hidden;
        const std::size_t i = add(Collective::AllToAll, ParallelDim::EP, "routed tokens", l.ep, size,
                                  (4.0 + 2.0 * refwd) * layers * mb);
        r.collectives[i].exposedSeconds = r.collectives[i].seconds * (1.0 - perf.epOverlap);
        exposedPerMb += r.collectives[i].exposedSeconds / mb;
    }
    if (l.cp > 1) {
        // Ring attention (Liu et al. 2023; Megatron-LM context parallelism): the local K and V
        // chunk travels cp - 1 hops in the forward pass; the backward pass sends K, V and their
        // gradients: 3 (cp - 1) send/recvs per layer per micro-batch, hidden behind attention.
        const double size = 2.0 * actBytes * tokens * static_cast<double>(m.kvWidth()) / l.tp;
        const std::size_t i = add(Collective::SendRecv, ParallelDim::CP, "keys and values (ring attention)", 2, size,
                                  (3.0 + refwd) * (l.cp - 1) * layers * mb);
        const double perMb = r.collectives[i].seconds / mb;
        const double hiddenBehindAttention = perf.cpOverlap * 3.0 * attentionMb;  // forward + backward attention
        r.collectives[i].exposedSeconds = std::max(0.0, perMb - hiddenBehindAttention) * mb;
        exposedPerMb += r.collectives[i].exposedSeconds / mb;
    }
    if (l.pp > 1) {
        // One activation forward and one gradient backward per micro-batch and model chunk;
        // Megatron sends 1/t of it from each tensor-parallel rank (scatter-gather optimisation).
        const double size = actBytes * tokens * hidden / l.tp;
        const std::size_t i = add(Collective::SendRecv, ParallelDim::PP, "activations between stages", 2, size,
                                  2.0 * l.vpp * mb);
        r.collectives[i].exposedSeconds = r.collectives[i].seconds;
        exposedPerMb += r.collectives[i].exposedSeconds / mb;
    }

    // Data parallelism (Rajbhandari et al. 2020 §7): plain DP all-reduces the gradients once per
    // step; ZeRO-1 (Megatron's distributed optimizer) reduce-scatters them and all-gathers the
    // updated parameters; ZeRO-2 reduce-scatters every micro-batch's gradients; ZeRO-3 / FSDP also
    // all-gathers the parameters before each micro-batch's forward and backward.
    Window lastBackward{backwardMb, 1.0, 0, {}};
    Window firstForward{forwardMb, 1.0, 0, {}};
    Window everyForward{forwardMb, mb, 0, {}};
    Window everyBackward{backwardMb, mb, 0, {}};
    auto place = [&](std::size_t i, Window& w) {
        w.comm += r.collectives[i].seconds / w.occurrences;
        w.members.push_back(i);
    };
    for (int kind = 0; kind < 2; ++kind) {
        const int ranks = dataParallelRanks(l, kind == 1);
        const double grads = mostLoaded.shard.gradients[kind];
        if (ranks <= 1 || grads <= 0)
            continue;
        const char* gradPurpose = kind == 0 ? "gradients" : "expert gradients";
        const char* paramPurpose = kind == 0 ? "parameters" : "expert parameters";
        const double weights = mostLoaded.shard.weights[kind];
        const double updated = mostLoaded.shard.trainableWeights[kind];
        switch (l.zero) {
        case 0: place(add(Collective::AllReduce, ParallelDim::DP, gradPurpose, ranks, grads, 1.0), lastBackward); break;
        case 1:
            place(add(Collective::ReduceScatter, ParallelDim::DP, gradPurpose, ranks, grads, 1.0), lastBackward);
            place(add(Collective::AllGather, ParallelDim::DP, paramPurpose, ranks, updated, 1.0), firstForward);
            break;
        case 2:
            place(add(Collective::ReduceScatter, ParallelDim::DP, gradPurpose, ranks, grads, mb), everyBackward);
            place(add(Collective::AllGather, ParallelDim::DP, paramPurpose, ranks, updated, 1.0), firstForward);
            break;
        default:
            place(add(Collective::AllGather, ParallelDim::DP, kind == 0 ? "parameters (forward)" : "expert parameters (forward)",
                      ranks, weights, mb), everyForward);
            place(add(Collective::AllGather, ParallelDim::DP, kind == 0 ? "parameters (backward)" : "expert parameters (backward)",
                      ranks, weights, mb), everyBackward);
            place(add(Collective::ReduceScatter, ParallelDim::DP, gradPurpose, ranks, grads, mb), everyBackward);
            break;
        }
    }
    double exposedDp = 0.0;
    for (Window* w : {&lastBackward, &firstForward, &everyForward, &everyBackward}) {
        if (w->members.empty())
            continue;
        const double exposedEach = std::max(0.0, w->comm - perf.dpOverlap * w->compute);
        exposedDp += exposedEach * w->occurrences;
        for (std::size_t i : w->members)  // shared in proportion to each call's time
            r.collectives[i].exposedSeconds = w->comm > 0 ? exposedEach * r.collectives[i].seconds / w->comm : 0.0;
    }

    // The optimizer step touches each updated element's master weight and moments twice (read,
    // write), its gradient once and writes the new weight.
    const double updatedElements = mostLoaded.updatedParams;
    if (l.offload == Offload::None) {
        const double bytes = 2.0 * (mostLoaded.device.masterWeights + mostLoaded.device.optimizerStates)
                             + updatedElements * (recipe.gradient + recipe.weight);
        r.optimizerSeconds = bytes / memoryRate;
    } else {
        out.push_back(makeDiagnostic(Severity::Info, "parallel.offload", msg::kOffloadNotTimed));
    }

    // The step: every micro-batch through the slowest stage, the pipeline bubble of (p - 1) / v
    // micro-batch times (Narayanan et al. 2021 §2.2), exposed data-parallel traffic, the optimizer.
    const double perMb = computeMb + exposedPerMb;
    r.gemmSeconds = stageGemm * mb;
    r.memoryBoundSeconds = stageMemory * mb;
    r.computeSeconds = computeMb * mb;
    r.bubbleSeconds = (l.pp - 1.0) / l.vpp * perMb;
    r.bubbleFraction = (l.pp - 1.0) / (l.vpp * mb);
    r.stepSeconds = mb * perMb + r.bubbleSeconds + exposedDp + r.optimizerSeconds;
    for (const CollectiveCall& c : r.collectives) {
        r.commSeconds += c.seconds;
        r.exposedCommSeconds += c.exposedSeconds;
        r.exposedByDimension[static_cast<std::size_t>(c.dimension)] += c.exposedSeconds;
    }

    // FLOPs of the whole job: every tensor- and context-parallel rank of every data-parallel
    // replica runs m micro-batches through all layers; the output layer runs once per replica.
    const double ranksPerStage = static_cast<double>(l.tp) * l.cp * l.dp;
    r.modelFlopsPerStep = ranksPerStage * mb * (m.layers * layerModel + outputFactor * outputFwd);
    r.hardwareFlopsPerStep = ranksPerStage * mb * (m.layers * layerHw + outputFactor * outputFwd);
    const double gpus = ranksPerStage * l.pp;
    if (r.stepSeconds > 0 && r.peakFlops > 0) {
        r.mfu = r.modelFlopsPerStep / (gpus * r.peakFlops * r.stepSeconds);
        r.hfu = r.hardwareFlopsPerStep / (gpus * r.peakFlops * r.stepSeconds);
        const double globalBatch = static_cast<double>(t.microBatch) * l.dp * mb;
        r.tokensPerSecond = globalBatch * seq / r.stepSeconds;
        r.trainSeconds = perf.trainTokens / r.tokensPerSecond;
        r.gpuHours = r.trainSeconds * gpus / 3600.0;
    }
    return r;
}

} // namespace shardscope
