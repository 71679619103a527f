#include "core/memory/activations.h"

#include <algorithm>
#include <cmath>
#include <bit>

#include "core/model/parameter_inventory.h"

namespace shardscope {
namespace {

constexpr double kMaskBytes = 1.0;  // dropout masks are one byte per element (torch.bool / uint8)

struct Dims {
    double sLocal;  // sequence held by this GPU: s / cp
    double sFull;
    double b;
    double tokens;  // sLocal * b
    double h;
    double a;
    double t;
    double spDiv;   // t where sequence parallelism splits the sequence, else 1
};

Dims dims(const ActivationContext& c)
{
    const double cp = c.cp > 0 ? c.cp : 1;
    const double t = c.tp > 0 ? c.tp : 1;
    Dims d{};
    d.sFull = static_cast<double>(c.training->seqLen);
    d.sLocal = d.sFull / cp;
    d.b = static_cast<double>(c.training->microBatch);
    d.tokens = d.sLocal * d.b;
    d.h = static_cast<double>(c.model->hidden);
    d.a = static_cast<double>(c.model->heads);
    d.t = t;
    d.spDiv = c.sequenceParallel ? t : 1.0;
    return d;
}

// fp32 statistics a norm saves per token: LayerNorm keeps mean and rstd, RMSNorm rstd
// (PyTorch native_layer_norm / Apex FusedLayerNorm save mean and invvar).
double normStatisticsPerToken(const ModelSpec& m) { return m.norm == NormKind::RmsNorm ? 4.0 : 8.0; }

// An MLP over `tokens` tokens with FFN width `ffn` split over t: first-GEMM input, the
// activation function's saved inputs and the second-GEMM input.
void addMlp(const ActivationContext& c, const Dims& d, double tokens, double ffn, double inputDiv,
            ActivationTerms& terms)
{
    const double e = c.bytes.activation;
    const double lin = c.bytes.linearInput;
    terms.mlpInput += lin * tokens * d.h / inputDiv;
    const double local = tokens * ffn / d.t;
    if (c.model->mlp == MlpKind::Gelu) {
        terms.mlpActivation += e * local;             // GeLU input
    } else if (c.training->fusedSwiglu) {
        terms.mlpActivation += e * 2.0 * local;       // fused SwiGLU saves gate and up only
    } else {
        terms.mlpActivation += e * 3.0 * local;       // eager: gate, silu(gate) and up
    }
    terms.mlpOutputProjInput += lin * local;          // second GEMM input
}

double loraRankOutputs(const ActivationContext& c, const Dims& d)
{
    if (!c.lora)
        return 0.0;
    const ModelSpec& m = *c.model;
    const unsigned targets = c.training->loraTargets;
    const double attention = std::popcount(targets & (kProjQ | kProjK | kProjV | kProjO));
    double mlpTargets = std::popcount(targets & (kProjUp | kProjDown));
    if (m.mlp == MlpKind::SwiGlu && (targets & kProjGate) != 0)
        mlpTargets += 1;
    const double mlpCopies = m.moe.isMoe() ? m.moe.topK + m.moe.sharedExperts : 1;
    return c.bytes.activation * d.tokens * static_cast<double>(c.training->loraRank)
           * (attention + mlpTargets * mlpCopies);
}

} // namespace

double ActivationTerms::total() const
{
    return normInputs + normStatistics + attentionInput + queryKey + value + quadratic() + flashStatistics
           + outProjInput + attentionDropoutMask + mlpInput + mlpActivation + mlpOutputProjInput + mlpDropoutMask
           + router + lora + latent;
}

ActivationTerms layerActivationTerms(const ActivationContext& c)
{
    const ModelSpec& m = *c.model;
    const Dims d = dims(c);
    const double e = c.bytes.activation;
    const double lin = c.bytes.linearInput;
    const double q = static_cast<double>(m.queryWidth());
    const double kv = static_cast<double>(m.kvWidth());
    const bool dropout = m.dropout;

    ActivationTerms terms;
    // With a parallel residual (GPT-J, GPT-NeoX) both norms read the same layer input: saved once.
    terms.normInputs = (m.parallelResidual ? 1.0 : 2.0) * e * d.tokens * d.h / d.spDiv;
    if (c.training->normStatistics)
        terms.normStatistics = 2.0 * normStatisticsPerToken(m) * d.tokens / d.spDiv;
    terms.attentionInput = lin * d.tokens * d.h / d.spDiv;
    terms.queryKey = e * d.tokens * (q + kv) / d.t;
    terms.value = e * d.tokens * static_cast<double>(m.valueWidth()) / d.t;
    if (m.qkNorm)  // Qwen3's per-head RMSNorm of q and k saves its inputs and a statistic per head
        terms.queryKey += e * d.tokens * (q + kv) / d.t + 4.0 * d.tokens * (d.a + m.effectiveKvHeads()) / d.t;
    if (m.mla()) {
        // DeepSeek-V3's MLA (modeling_deepseek.py): the down projections' outputs feed RMSNorms
        // (inputs and statistics saved) whose outputs feed the up projections (inputs saved);
        // replicated on every tensor-parallel rank.
        const double ql = static_cast<double>(m.qLoraRank);
        const double kvl = static_cast<double>(m.kvLoraRank);
        terms.latent = (e + lin) * d.tokens * (ql + kvl) + 4.0 * d.tokens * ((ql > 0 ? 1.0 : 0.0) + 1.0);
    }
    if (c.training->flashAttention) {
        // FlashAttention (Dao et al. 2022, arXiv 2205.14135) recomputes the s x s scores in backward
        // and saves only the output and a log-sum-exp per head and query.
        terms.flashStatistics = 4.0 * d.a * d.tokens / d.t;
    } else {
        // Each GPU's queries (s/cp of them) attend to all s keys.
        const double scoreElements = d.a * d.sLocal * d.sFull * d.b / d.t;
        terms.scores = e * scoreElements;
        if (dropout) {
            terms.scoreDropoutMask = kMaskBytes * scoreElements;
            terms.scoreDropoutOutput = e * scoreElements;
        }
    }
    terms.outProjInput = lin * d.tokens * static_cast<double>(m.attentionOutputWidth()) / d.t;
    if (dropout)
        terms.attentionDropoutMask = kMaskBytes * d.tokens * d.h / d.spDiv;

    if (m.moe.isMoe()) {
        // Balanced routing: each GPU's experts see top-k x its own token count on average.
        terms.mlpInput += lin * d.tokens * d.h / d.spDiv;  // the router and dispatcher input
        addMlp(c, d, d.tokens * m.moe.topK, static_cast<double>(m.expertFfn()), 1.0, terms);
        if (m.moe.sharedExperts > 0)
            addMlp(c, d, d.tokens, static_cast<double>(m.expertFfn()) * m.moe.sharedExperts, d.spDiv, terms);
        terms.router = 4.0 * d.tokens * m.moe.experts / d.spDiv;
    } else {
        addMlp(c, d, d.tokens, static_cast<double>(m.ffnHidden), d.spDiv, terms);
    }
    if (dropout)
        terms.mlpDropoutMask = kMaskBytes * d.tokens * d.h / d.spDiv;
    terms.lora = loraRankOutputs(c, d);
    return terms;
}

namespace {

double layerInput(const ActivationContext& c)
{
    const Dims d = dims(c);
    return c.bytes.activation * d.tokens * d.h / d.spDiv;
}

// PyTorch's op-level selective checkpointing as torchtitan configures it (torchtitan
// parallelize_llama.py at 9dec370, _save_list: aten.mm, the flash and efficient SDPA kernels and
// reduce-scatters are saved, "except every second mm"; everything else is recomputed): the
// checkpointed block's input, the outputs of its odd-numbered aten.mm calls (the inventory lists a
// layer's linear layers in call order: q, k, v, o, then the MLP's; a linear layer with a bias
// calls aten.addmm, which the policy neither saves nor counts), and FlashAttention's output with
// its log-sum-exp. Measured in PyTorch by validation/engine_checkpoint_policies.py.
double opSelectiveStored(const ActivationContext& c)
{
    const Dims d = dims(c);
    const ModelSpec& m = *c.model;
    const double e = c.bytes.activation;
    double bytes = layerInput(c);
    for (const LayerMatrix& g : c.inventory->layerMatrices()) {
        const int saved = g.members - g.opRecomputed;  // odd-numbered aten.mm calls
        if (saved == 0)
            continue;
        const double tokens = g.expert ? d.tokens * m.moe.topK : d.tokens;
        const double rows = g.split == TpSplit::Column ? static_cast<double>(g.rows) / d.t : static_cast<double>(g.rows);
        bytes += saved * (e * tokens * rows * (g.expert ? 1.0 : static_cast<double>(g.copies)));
    }
    if (c.training->flashAttention)
        bytes += e * d.tokens * static_cast<double>(m.attentionOutputWidth()) / d.t + 4.0 * d.a * d.tokens / d.t;
    return bytes;
}

} // namespace

LayerActivationBytes layerActivationBytes(const ActivationContext& c, const ActivationTerms& terms)
{
    const double total = terms.total();
    switch (c.training->recompute) {
    case Recompute::None: return {total, 0.0};
    case Recompute::Selective:  // core attention is recomputed: stored without it, rebuilt one layer at a time
        return {total - terms.quadratic() - terms.flashStatistics, terms.quadratic() + terms.flashStatistics};
    case Recompute::Full: {
        // The recomputed layer's input is its checkpoint, already counted in the stored
        // activations: the recomputation reads it in place (torch.utils.checkpoint and Megatron-LM's
        // CheckpointFunction.backward re-run the forward on detach_variable(inputs), which shares
        // the saved tensor's storage), so the working set is the layer's activations less its
        // input. Counting the input twice made full recomputation keep more than none with one
        // layer per stage (issue 18).
        const double input = layerInput(c);
        return {input, std::max(0.0, total - input)};
    }
    case Recompute::Op: {
        const double saved = opSelectiveStored(c);
        return {std::min(total, saved), std::max(0.0, total - saved)};
    }
    case Recompute::EveryKth: {
        // torchtitan wraps blocks k, 2k, ... (counted from 1) in a full checkpoint: per layer on
        // average (a long stack), 1/k of the layers keep their input only and the rest everything.
        // The working set is full recomputation's.
        const double input = layerInput(c);
        const double k = std::max(1, c.training->recomputeEvery);
        return {input / k + total * (1.0 - 1.0 / k), std::max(0.0, total - input)};
    }
    }
    return {total, 0.0};
}

double storedActivationsOfLayers(const ActivationContext& c, double allTerms, double oneLayerStored, double layers)
{
    if (c.training->recompute != Recompute::EveryKth)
        return layers * oneLayerStored;
    // Only whole multiples of k are checkpointed: 4 layers at k = 3 checkpoint one, and the fourth
    // keeps everything (torchtitan's counter, measured by validation/engine_checkpoint_stacks.py).
    const double k = std::max(1, c.training->recomputeEvery);
    const double checkpointed = std::floor(layers / k);
    return checkpointed * layerInput(c) + (layers - checkpointed) * allTerms;
}

double embeddingActivations(const ActivationContext& c)
{
    if (!c.model->dropout)
        return 0.0;
    const Dims d = dims(c);
    return kMaskBytes * d.tokens * d.h / d.spDiv;
}

double outputActivations(const ActivationContext& c)
{
    const ModelSpec& m = *c.model;
    const Dims d = dims(c);
    const double e = c.bytes.activation;
    double bytes = e * d.tokens * d.h / d.spDiv;              // final norm input
    if (c.training->normStatistics)
        bytes += normStatisticsPerToken(m) * d.tokens / d.spDiv;
    bytes += e * d.tokens * d.h / d.spDiv;                    // output-layer input
    bytes += 4.0 * d.tokens * static_cast<double>(m.vocab) / d.t;  // fp32 logits for the loss
    return bytes;
}

double lossBackwardWorkingSet(const ActivationContext& c)
{
    const Dims d = dims(c);
    const double perElement = c.training->fusedCrossEntropy ? c.bytes.activation : 8.0;
    return perElement * d.tokens * static_cast<double>(c.model->vocab) / d.t;
}

} // namespace shardscope
