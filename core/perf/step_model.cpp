// The step-time model, as named steps: context, compute, model-parallel traffic, data-parallel
// traffic with its overlap windows, the optimizer step, and the totals (docs/model.md, "Step time").
#include "core/perf/step_model.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/common/messages.h"
#include "core/perf/gemm_model.h"
#include "core/perf/kernel_times.h"
#include "core/perf/step_context.h"

namespace shardscope {
namespace {

constexpr double kGiga = 1e9;

// Muon's orthogonalisation (KellerJordan/Muon, muon.py, zeropower_via_newtonschulz5): five
// iterations of A = X X^T (2 m^2 n FLOPs), B = bA + cAA (2 m^3) and X = aX + BX (2 m^2 n) on each
// m x n (m <= n) hidden matrix's whole update, in bf16. The distributed implementation gives each
// data-parallel rank whole matrices in turn, so under ZeRO-1+ a rank orthogonalises 1/dp of them
// (without ZeRO every rank does all); tensor-parallel ranks share a layer's matrices the same way.
double muonFlops(const step::Context& c)
{
    const TrainingSpec& t = c.s.training;
    if (t.optimizer != Optimizer::Muon)
        return 0.0;
    const auto newtonSchulz = [](double rows, double cols) {
        const double m = std::min(rows, cols);
        const double n = std::max(rows, cols);
        return 5.0 * (4.0 * m * m * n + 2.0 * m * m * m);
    };
    const LedgerLayout& l = c.layout;
    double flops = 0.0;
    for (const LayerMatrix& g : c.inventory.layerMatrices()) {
        const double copies = static_cast<double>(g.expert ? (g.copies + l.ep - 1) / l.ep : g.copies);
        const double rows = static_cast<double>(g.rows);
        const double cols = static_cast<double>(g.cols);
        // Of all the members of this shape: the matrices, or the adapters A (r x in) and B (out x r).
        const double perCopy = t.finetune == FineTune::Full
                                   ? g.members * newtonSchulz(rows, cols)
                                   : c.inventory.membersIn(g, t.loraTargets) * (newtonSchulz(t.loraRank, cols) + newtonSchulz(rows, t.loraRank));
        const double sharing = l.tp * (l.zero >= 1 ? dataParallelRanks(l, g.expert) : 1);
        flops += copies * perCopy / sharing;
    }
    return flops * c.layers;
}

// The optimizer step touches each updated element's master weight and moments twice (read,
// write), its gradient once and writes the new weight; Muon also orthogonalises its updates.
void optimizerStep(const step::Context& c, StepEstimate& r, Diagnostics* out)
{
    if (c.layout.offload != Offload::None) {
        if (out != nullptr)
            out->push_back(makeDiagnostic(Severity::Info, "parallel.offload", msg::kOffloadNotTimed));
        return;
    }
    const GpuMemory& g = c.mostLoaded;
    const double bytes = 2.0 * (g.device.masterWeights + g.device.optimizerStates)
                         + g.updatedParams * (c.recipe.gradient + c.recipe.weight);
    const double flops = muonFlops(c);  // 0 but for Muon: then the 16-bit device is not needed
    double muonSeconds = 0.0;
    if (flops > 0) {
        const GemmDevice bf16 = gemmDevice(c.s, c.gpu, GemmFormat::Bf16);
        muonSeconds = flops / (bf16.peak * bf16.efficiency);
    }
    r.optimizerSeconds = bytes / c.memoryRate + muonSeconds;
}

// The step: every micro-batch through the slowest stage, the pipeline bubble of (p - 1) / v
// micro-batch times (Narayanan et al. 2021 §2.2), exposed data-parallel traffic, the optimizer.
// FLOPs of the whole job: every tensor- and context-parallel rank of every data-parallel replica
// runs m micro-batches through all layers; the output layer runs once per replica.
void totals(const step::Context& c, const step::ComputeTimes& compute, double exposedPerMb, double exposedDp,
            const LayerForwardFlops& forward, double outputFactor, StepEstimate& r)
{
    const LedgerLayout& l = c.layout;
    const ModelSpec& m = c.s.model;
    const double mb = c.microbatches;
    const double perMb = compute.total() + exposedPerMb;
    r.gemmSeconds = compute.stageGemm * mb;
    r.attentionSeconds = compute.stageAttention * mb;
    r.memoryBoundSeconds = compute.stageMemory * mb;
    r.computeSeconds = compute.total() * mb;
    r.bubbleSeconds = (l.pp - 1.0) / l.vpp * perMb;
    r.bubbleFraction = (l.pp - 1.0) / (l.vpp * mb);
    r.stepSeconds = mb * perMb + r.bubbleSeconds + exposedDp + r.optimizerSeconds;
    for (const CollectiveCall& call : r.collectives) {
        r.commSeconds += call.seconds;
        r.exposedCommSeconds += call.exposedSeconds;
        r.exposedByDimension[static_cast<std::size_t>(call.dimension)] += call.exposedSeconds;
    }

    const double outputFwd = outputForwardFlops(m, c.tokens, l.tp);
    const double ranksPerStage = static_cast<double>(l.tp) * l.cp * l.dp;
    // The MFU convention: attention over every query-key pair (Megatron-LM, PaLM), or only the causal
    // half that the kernels compute (NeMo and Megatron-Core's recent reports): the latter drops half
    // of the forward and backward attention FLOPs.
    const double causalDiscount = c.s.perf.mfuConvention == MfuConvention::Causal ? 1.5 * forward.attention : 0.0;
    r.modelFlopsPerStep = ranksPerStage * mb * (m.layers * (layerModelFlops(forward) - causalDiscount) + outputFactor * outputFwd);
    r.hardwareFlopsPerStep = ranksPerStage * mb
                             * (m.layers * (layerHardwareFlops(forward, c.s.training) - causalDiscount) + outputFactor * outputFwd);
    const double gpus = ranksPerStage * l.pp;
    if (r.stepSeconds > 0 && r.peakFlops > 0) {
        r.mfu = r.modelFlopsPerStep / (gpus * r.peakFlops * r.stepSeconds);
        r.hfu = r.hardwareFlopsPerStep / (gpus * r.peakFlops * r.stepSeconds);
        const double globalBatch = static_cast<double>(c.s.training.microBatch) * l.dp * mb;
        r.tokensPerSecond = globalBatch * c.seq / r.stepSeconds;
        r.trainSeconds = c.s.perf.trainTokens / r.tokensPerSecond;
        r.gpuHours = r.trainSeconds * gpus / 3600.0;
    }
}

} // namespace

namespace step {

Context makeContext(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                    const GpuSpec& gpu, const LedgerLayout& l, const GpuMemory& mostLoaded, const RecipeBytes* recipe)
{
    const TrainingSpec& t = s.training;
    const double seq = static_cast<double>(t.seqLen);
    // The slowest stage is the one with the most layers, or the last one (which also runs the output
    // layer and the loss) when it holds as many: computePerMicrobatch refines the choice.
    double most = 0.0;
    for (int stage = 0; stage < l.pp; ++stage)
        most = std::max(most, static_cast<double>(l.layersOn(stage, s.model.layers)));
    const double memoryBandwidth = s.cluster.memoryGbps ? *s.cluster.memoryGbps * kGiga : gpu.memoryBandwidth;
    // Built whole, member by member in order, rather than default-initialised and then assigned
    // (the layout sizes and links were written twice: about 30 instructions of every estimate).
    return Context{
        s, inventory, gpu, l, mostLoaded, recipeBytes(t, recipe),
        static_cast<double>(l.microbatches),
        seq,
        static_cast<double>(t.microBatch) * seq / l.cp,  // this GPU's tokens per micro-batch
        most,
        static_cast<double>(l.layersOn(l.pp - 1, s.model.layers)),
        parameterScale(s.model, shapeParameters),
        memoryBandwidth * s.perf.memoryEfficiency,
        // Activations cross the wire in the 16-bit compute type (fp32 when training in fp32).
        t.precision == Precision::Fp32 ? 4.0 : 2.0,
        // Recomputing a layer's forward repeats its tensor- and expert-parallel collectives.
        t.recompute == Recompute::Full ? 1.0 : t.recompute == Recompute::EveryKth ? 1.0 / std::max(1, t.recomputeEvery) : 0.0,
        layoutSizes(s, l),
        LinkParameters{s.cluster.intraNodeGbps ? *s.cluster.intraNodeGbps * kGiga : gpu.intraNodeBandwidth,
                       s.cluster.interNodeGbps ? *s.cluster.interNodeGbps * kGiga : gpu.interNodeBandwidth,
                       s.perf.linkEfficiency, s.perf.intraLatencyUs * 1e-6, s.perf.interLatencyUs * 1e-6},
        gemmDevice(s, gpu, t.precision == Precision::Fp32 ? GemmFormat::Fp32 : GemmFormat::Bf16),
    };
}

} // namespace step

std::array<ParallelDim, 4> rankOrderDimensions(RankOrder order)
{
    using D = ParallelDim;
    switch (order) {
    case RankOrder::TpCpEpPpDp: return {D::TP, D::CP, D::PP, D::DP};
    case RankOrder::EpDpCpTpPp: return {D::DP, D::CP, D::TP, D::PP};
    case RankOrder::TpCpEpDpPp: break;
    }
    return {D::TP, D::CP, D::DP, D::PP};
}

LayoutSizes layoutSizes(const Scenario& s, const LedgerLayout& l)
{
    LayoutSizes sizes{l.tp, l.cp, l.ep, l.dp, l.pp, std::max(1, s.cluster.gpusPerNode)};
    sizes.order = rankOrderDimensions(s.parallel.rankOrder);
    return sizes;
}

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

struct StepKernels {
    step::LayerKernelTimes layer;
    step::OutputKernelTimes output;
    LayerForwardFlops forward;
};

void StepKernelsDeleter::operator()(StepKernels* k) const { delete k; }

namespace {

// What a context's kernels cost: computed here, or taken from the search's cache.
StepKernels kernelsOf(const step::Context& c)
{
    return {step::layerKernelTimes(c), step::outputKernelTimes(c),
            layerForwardFlops(c.s, c.inventory, c.tokens, c.seq, c.layout.tp, c.scale)};
}

} // namespace

std::unique_ptr<StepKernels, StepKernelsDeleter> stepKernels(const Scenario& s, const ParameterInventory& inventory,
                                                             std::int64_t shapeParameters, const GpuSpec& gpu,
                                                             const LedgerLayout& l)
{
    const GpuMemory none;
    const step::Context c = step::makeContext(s, inventory, shapeParameters, gpu, l, none);
    return std::unique_ptr<StepKernels, StepKernelsDeleter>(new StepKernels(kernelsOf(c)));
}

void clearStep(StepEstimate& r)
{
    static_cast<StepTotals&>(r) = StepTotals{};  // the figures alone: 30 stores, where a whole new StepEstimate cost 145 instructions
    r.collectives.clear();
}

void estimateStepInto(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                      const GpuSpec& gpu, const LedgerLayout& l, const GpuMemory& mostLoaded, const StepKernels* kernels,
                      StepEstimate& r, Diagnostics* out, const RecipeBytes* recipe)
{
    // `r` holds no figures yet (a new estimate's, value-initialised; or cleared by clearStep): zeroing
    // them here again cost about 30 instructions of every estimate.
    assert(r.collectives.empty() && r.stepSeconds == 0.0 && r.commSeconds == 0.0);
    r.microbatches = l.microbatches;
    r.peakFlops = gemmPeak(s, gpu, &r.peakFormat);
    if (out != nullptr && s.training.precision == Precision::Fp8Mixed && gpu.peak.fp8 <= 0)
        out->push_back(makeDiagnostic(Severity::Info, "cluster.gpu", msg::kNoFp8, {gpu.name}));
    const step::Context c = step::makeContext(s, inventory, shapeParameters, gpu, l, mostLoaded, recipe);

    const auto withKernels = [&](const StepKernels& k) {
        const double outputFactor = s.training.finetune == FineTune::Full ? 3.0 : 2.0;
        const step::ComputeTimes compute = step::computePerMicrobatch(c, k.layer, k.output);
        const double exposedPerMb = step::modelParallelTraffic(c, compute, r);
        const double exposedDp = step::dataParallelTraffic(c, compute, r);
        optimizerStep(c, r, out);
        totals(c, compute, exposedPerMb, exposedDp, k.forward, outputFactor, r);
    };
    // Not `kernels ? *kernels : kernelsOf(c)` into one reference: a conditional with a temporary on
    // one side builds and copies a whole StepKernels (about 120 instructions of every estimate).
    if (kernels != nullptr) {
        withKernels(*kernels);
    } else {
        const StepKernels own = kernelsOf(c);
        withKernels(own);
    }
}

StepEstimate estimateStep(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                          const GpuSpec& gpu, const LedgerLayout& l, const GpuMemory& mostLoaded, Diagnostics& out)
{
    StepEstimate r;
    estimateStepInto(s, inventory, shapeParameters, gpu, l, mostLoaded, nullptr, r, &out);
    return r;
}

double stepComputeLowerBound(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                             const GpuSpec& gpu, const LedgerLayout& l, const GpuMemory& mostLoaded, const StepKernels& k, const RecipeBytes* recipe)
{
    const step::Context c = step::makeContext(s, inventory, shapeParameters, gpu, l, mostLoaded, recipe);
    const double compute = step::computePerMicrobatch(c, k.layer, k.output).total();
    // totals(): step = m (compute + exposed) + (p - 1) / v (compute + exposed) + exposed dp + optimizer.
    return c.microbatches * compute + (l.pp - 1.0) / l.vpp * compute;
}

} // namespace shardscope
