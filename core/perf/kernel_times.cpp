// The kernels of one layer and of the output layer, each priced at its own rate (docs/model.md,
// "Step time").
#include "core/perf/kernel_times.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace shardscope::step {
namespace {

// FlashAttention-2's backward pass runs five GEMM-sized products (QK^T again, dP, dS x K, dS^T x Q,
// P^T x dO) against the forward's two (Dao 2023, arXiv 2307.08691, Algorithm 2): 2.5x the FLOPs.
constexpr double kFlashBackwardFactor = 2.5;
// Without FlashAttention the backward pass has two GEMMs per forward one (dA and dB of each).
constexpr double kGemmBackwardFactor = 2.0;

// Bytes per element that each memory-bound op of a layer moves in the forward pass, fused (one
// kernel: read the inputs once, write the output once) or eager (PyTorch runs each op of the
// module's Python as its own kernel). Eager counts follow torchtitan's Llama (model.py at
// 9dec370): RMSNorm is x.float(), pow(2), mean, x * rsqrt(...), type_as(x), * weight (36 bytes
// per element instead of 4); rotary embedding is .float(), a complex multiply and type_as (20
// instead of 4); SwiGLU is silu(gate) then * up (10 per FFN element instead of 6). LayerNorm
// (F.layer_norm) and GELU are one kernel either way.
struct OpBytes {
    double rmsNorm;
    double layerNorm;
    double rotary;
    double swiglu;
    double gelu;
};
constexpr OpBytes kFusedOps{4, 4, 4, 6, 4};
constexpr OpBytes kEagerOps{36, 4, 20, 10, 4};

// Bytes the memory-bound kernels of one layer move in one forward pass for one micro-batch
// (docs/model.md, "Step time"): the two norms, the two residual additions (two reads, one write,
// plus dropout masks), rotary embedding, softmax and dropout over the s x s scores when
// FlashAttention does not fuse them, and the MLP activation function. `core` gets the score-sized
// part, which selective recomputation repeats. With 16-bit activations and fused kernels this is
// the 38 sbh (+ 27 as^2b without FlashAttention) of GPT with dropout.
// The elements per token rotary embedding rotates: every query and key element, or with MLA only
// the rotary parts (one per query head, one key part shared by all heads).
double rotaryWidth(const ModelSpec& m)
{
    if (m.mla())
        return static_cast<double>(m.heads + 1) * static_cast<double>(m.ropeHeadDim);
    return static_cast<double>(m.queryWidth() + m.kvWidth());
}

double layerForwardBytes(const Context& c, double& core)
{
    const Scenario& s = c.s;
    const ModelSpec& m = s.model;
    const double e = c.recipe.activation / 2.0;  // the byte counts above are for 16-bit activations
    const OpBytes& op = s.training.kernels == KernelFusion::Eager ? kEagerOps : kFusedOps;
    const double tokens = c.tokens;
    const double h = static_cast<double>(m.hidden);
    const double tp = c.layout.tp;
    const double spDiv = c.layout.sequenceParallel ? tp : 1.0;
    const double scores = static_cast<double>(m.heads) * tokens * c.seq / tp;
    double forward = 2.0 * e * (m.norm == NormKind::RmsNorm ? op.rmsNorm : op.layerNorm) * tokens * h / spDiv;
    // Residual additions: two (read 2, write 1 each) or, with a parallel residual, one of three inputs.
    forward += e * (m.parallelResidual ? 8.0 : 12.0) * tokens * h / spDiv;
    if (m.dropout)
        forward += 2.0 * tokens * h / spDiv;                          // their dropout masks
    if (m.position == PositionKind::Rotary)
        forward += e * op.rotary * tokens * rotaryWidth(m) / tp;
    core = 0.0;
    if (!s.training.flashAttention) {
        core = 2.0 * 2.0 * e * scores;                                // scale, mask, softmax
        if (m.dropout)
            core += (2.0 * 2.0 * e + 1.0) * scores;                   // dropout over the scores
    }
    forward += core;
    const double ffn = m.moe.isMoe() ? static_cast<double>(m.expertFfn()) * (m.moe.topK + m.moe.sharedExperts)
                                     : static_cast<double>(m.ffnHidden);
    forward += e * (m.mlp == MlpKind::Gelu ? op.gelu : op.swiglu) * tokens * ffn / tp;
    return forward;
}

// fp8 GEMMs need their operands cast (read 2 bytes, write 1) and, on Hopper, transposed for the
// weight gradient (NVIDIA Transformer Engine, docs/features/low_precision_training/
// performance_considerations: each tensor is needed rowwise and columnwise; Hopper physically
// transposes). Forward: input and weight cast; backward: output gradient cast, input and output
// gradient transposes.
struct CastBytes {
    double forward = 0;
    double backward = 0;
};

CastBytes fp8CastBytes(double m, double n, double k)
{
    return {3.0 * (m * k + n * k), 3.0 * m * n + 2.0 * (m * k + m * n)};
}

struct GemmTriple {
    double forward = 0;
    double backward = 0;
};

// Forward C[M x N] = X[M x K] W^T; backward dX = dC W (M x K, inner N) and, for trained weights,
// dW = dC^T X (N x K, inner M): linearGemmSeconds' three times as forward and backward.
GemmTriple passes(const GemmTimes& g) { return {g.forward, g.dataGradient + g.weightGradient}; }

GemmFormat linearFormat(const Context& c)
{
    const Precision p = c.s.training.precision;
    if (p == Precision::Fp8Mixed && c.gpu.peak.fp8 > 0)
        return GemmFormat::Fp8;
    return p == Precision::Fp32 ? GemmFormat::Fp32 : GemmFormat::Bf16;
}

// FlashAttention's achieved fraction of the 16-bit peak on this GPU: FlashAttention-2's from the
// preset, FlashAttention-3's on Hopper, FlashAttention-1 at half of FlashAttention-2 (Dao 2023,
// arXiv 2307.08691: "about 2x faster than FlashAttention"), and the Triton kernel from the preset,
// or where it was not measured FlashAttention-2's / 1.8 (the same paper, section 4.1: 1.3-2.5x
// faster than FlashAttention in Triton; 1.8 is the geometric middle).
double flashEfficiency(const Context& c)
{
    const KernelEfficiency& k = c.gpu.kernels;
    switch (c.s.training.attentionKernel) {
    case AttentionKernel::Flash1: return 0.5 * k.attentionFa2;
    case AttentionKernel::Flash3: return k.attentionFa3;
    case AttentionKernel::Flash2: return k.attentionFa2;
    case AttentionKernel::Triton: return k.attentionTriton > 0 ? k.attentionTriton : k.attentionFa2 / 1.8;
    }
    return k.attentionFa2;
}

void attentionTimes(const Context& c, const GemmDevice& bf16, LayerKernelTimes& t)
{
    const ModelSpec& m = c.s.model;
    const double heads = static_cast<double>(m.heads) / c.layout.tp;
    const double qkDim = static_cast<double>(m.qkHeadDim());
    const double vDim = static_cast<double>(m.valueHeadDim());
    const double b = static_cast<double>(c.s.training.microBatch);
    const double sLocal = c.seq / c.layout.cp;
    if (c.s.training.flashAttention) {
        // A causal kernel skips the blocks above the diagonal: s(s+1)/2 of the s^2 query-key pairs;
        // load-balanced context parallelism gives each rank 1/cp of them.
        const double pairs = c.seq * (c.seq + 1.0) / 2.0 / c.layout.cp;
        const double forwardFlops = 2.0 * b * heads * (qkDim + vDim) * pairs;
        const double rate = bf16.peak * flashEfficiency(c) * c.gpu.kernels.sustained;
        t.attentionForward = forwardFlops / rate;
        t.attentionBackward = kFlashBackwardFactor * t.attentionForward;
        return;
    }
    // Unfused: QK^T and PV as batched cuBLAS GEMMs over every query-key pair (the mask is applied
    // after), one per head and sequence.
    const double batch = b * heads;
    t.attentionForward = gemmSeconds(bf16, batch * sLocal, c.seq, qkDim) + gemmSeconds(bf16, batch * sLocal, vDim, c.seq);
    t.attentionBackward = kGemmBackwardFactor * t.attentionForward;
}

} // namespace

LayerKernelTimes layerKernelTimes(const Context& c)
{
    const Scenario& s = c.s;
    const ModelSpec& m = s.model;
    const TrainingSpec& tr = s.training;
    const LedgerLayout& l = c.layout;
    const GemmFormat format = linearFormat(c);
    const GemmDevice linear = format == GemmFormat::Fp8 ? gemmDevice(s, c.gpu, format) : c.highPrecision;
    // LoRA adapters and attention run in bf16 under the mixed recipes (fp8 casts only the base
    // linear layers). An fp32 recipe has no 16-bit operands: they run at the fp32 rate, as the
    // optimizer-step GEMMs below do (timing them at the bf16 rate gave MFU above 1 against the
    // fp32 peak; found by tests/core/tst_invariants.cpp).
    const GemmDevice& bf16 = c.highPrecision;  // linearFormat's choice but for fp8
    const bool lora = tr.finetune != FineTune::Full;
    LayerKernelTimes t;
    CastBytes cast;
    // The base layers' GEMM times, in `linear`'s format (adapters are few and small), by layer
    // matrix. The inventory already merges a layer's consecutive linear layers of one shape and
    // split; what still repeats is a weight's transpose (LayerMatrix::transposeOf: the output
    // projection of the query's, down of gate and up). A transposed weight's GEMMs are the same
    // three in other roles: its forward is the data gradient (m, k; n), its data gradient the
    // forward, and its weight gradient (k, n; m) the weight gradient with the output's sides
    // swapped, the same to the last bit (linearGemmSeconds). Only entries before the current one
    // are read, each after it was written. Priced is a GemmTimes without its member initialisers:
    // zeroing sixteen of them cost about 50 instructions of every estimate.
    struct Priced {
        double forward, dataGradient, weightGradient;
    };
    const std::span<const LayerMatrix> matrices = c.inventory.layerMatrices();
    Priced baseTimes[ParameterInventory::kMaxLayerMatrices];
    for (std::size_t i = 0; i < matrices.size(); ++i) {
        const LayerMatrix& g = matrices[i];
        const LocalShape local = localShape(g, l.tp, l.ep);
        const double n = static_cast<double>(local.rows);
        const double k = static_cast<double>(local.cols);
        // A routed expert sees top-k x the tokens of its expert-parallel group, spread over the
        // experts (balanced routing); each GPU runs its local experts.
        const double copies = static_cast<double>(local.copies);
        const double tokens = g.expert ? c.tokens * m.moe.topK / copies : c.tokens;
        const double members = g.members;  // linear layers of this shape
        Priced& times = baseTimes[i];
        if (g.transposeOf >= 0) {
            const Priced& of = baseTimes[static_cast<std::size_t>(g.transposeOf)];
            times = Priced{of.dataGradient, of.forward, of.weightGradient};
        } else {
            const GemmTimes priced = linearGemmSeconds(linear, tokens, WholeSizes{local.rows, local.cols}, !lora);
            times = Priced{priced.forward, priced.dataGradient, priced.weightGradient};
        }
        const GemmTriple base{times.forward, times.dataGradient + times.weightGradient};  // passes()
        t.linearForward += members * copies * base.forward;
        t.linearBackward += members * copies * base.backward;
        if (format == GemmFormat::Fp8) {
            const CastBytes one = fp8CastBytes(tokens, n, k);
            cast.forward += members * copies * one.forward;
            cast.backward += members * copies * one.backward;
        }
        const int adapted = lora ? c.inventory.membersIn(g, tr.loraTargets) : 0;
        if (adapted > 0) {
            const double r = tr.loraRank;
            const GemmTriple a = passes(linearGemmSeconds(bf16, tokens, r, k, true));
            const GemmTriple b = passes(linearGemmSeconds(bf16, tokens, n, r, true));
            t.linearForward += adapted * copies * (a.forward + b.forward);
            t.linearBackward += adapted * copies * (a.backward + b.backward);
        }
        t.opRecomputedLinear += g.opRecomputed * copies * base.forward;
    }
    t.linearForward *= c.scale;
    t.linearBackward *= c.scale;
    t.opRecomputedLinear *= c.scale;
    attentionTimes(c, bf16, t);
    double coreBytes = 0.0;
    const double forwardBytes = layerForwardBytes(c, coreBytes);
    // The backward pass of the elementwise ops moves about twice what their forward does; the fp8
    // casts are counted pass by pass.
    t.memoryForward = (forwardBytes + cast.forward * c.scale) / c.memoryRate;
    t.memoryBackward = (2.0 * forwardBytes + cast.backward * c.scale) / c.memoryRate;
    t.coreMemoryForward = coreBytes / c.memoryRate;
    return t;
}

OutputKernelTimes outputKernelTimes(const Context& c)
{
    const ModelSpec& m = c.s.model;
    const GemmDevice& bf16 = c.highPrecision;
    // The vocabulary split over tp, rounded up (padded), as a whole number: the same value as the
    // ceiling of the quotient in double (both below 2^53), without std::ceil's 20 instructions, and
    // the sides then need no test for being whole (linearGemmSeconds' WholeSizes form).
    const std::int64_t tp = std::max(1, c.layout.tp);
    const std::int64_t localVocab = (m.vocab + tp - 1) / tp;
    const double vocab = static_cast<double>(localVocab);
    const bool trained = c.s.training.finetune == FineTune::Full;
    // The logits in the 16-bit type even in fp8 recipes (torchtitan filters out "output";
    // Transformer Engine's recipes leave the vocabulary projection in bf16).
    const GemmTriple g = passes(linearGemmSeconds(bf16, c.tokens, WholeSizes{localVocab, m.hidden}, trained));
    const double lossBytes = 20.0 * c.tokens * vocab;  // fp32 softmax and loss, read and written
    OutputKernelTimes t;
    t.gemmForward = g.forward;
    t.gemmBackward = g.backward;
    t.memoryForward = lossBytes / 3.0 / c.memoryRate;
    t.memoryBackward = 2.0 * lossBytes / 3.0 / c.memoryRate;
    return t;
}

} // namespace shardscope::step
