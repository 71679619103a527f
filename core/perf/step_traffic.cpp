// The step model's communication: each collective from an alpha-beta model on the real topology
// (core/comm), and how much of it compute hides (docs/model.md, "Step time").
#include <algorithm>
#include <array>
#include <cassert>
#include <vector>

#include "core/memory/pipeline_schedule.h"
#include "core/perf/step_context.h"

namespace shardscope::step {
namespace {

// Marks a share of a collective exposed and returns its exposed seconds per micro-batch.
double expose(const Context& c, StepEstimate& r, std::size_t i, double exposedSeconds)
{
    r.collectives[i].exposedSeconds = exposedSeconds;
    return exposedSeconds / c.microbatches;
}

// A collective of the same ranks, link, bytes and calls as collective `of`, priced by copying it:
// ZeRO-3's backward re-gather repeats its forward gather, and a reduce-scatter of as many bytes as
// an all-gather costs the same (both n - 1 ring steps carrying (n - 1)/n of the buffer: the same
// latency and wire bytes, so the same seconds to the bit). Pricing each again cost about 60
// instructions of every ZeRO-3 estimate.
std::size_t addTwin(StepEstimate& r, std::size_t of, Collective collective, CommPurpose purpose)
{
    CollectiveCall call = r.collectives[of];  // a copy: push_back may move the list
    call.collective = collective;
    call.purpose = purpose;
    r.collectives.push_back(call);
    return r.collectives.size() - 1;
}

// Overlap windows: communication that can run during a span of compute is hidden up to
// `overlap` x that span; what exceeds it is exposed.
struct Window {
    // A constructor, not aggregate initialisation, which would zero `members`.
    Window(double computeEach, double times) : compute(computeEach), occurrences(times) {}
    double compute;         // seconds of compute available, per occurrence
    double occurrences;
    double comm = 0;        // seconds of communication per occurrence
    // The collectives placed in it: at most two per kind of tensor (dense, expert), so a fixed
    // array (the step model allocates nothing but its list of collectives). Only the first
    // `count` are set and read: not zeroed (four windows on every estimate).
    std::array<std::size_t, 4> members;
    std::size_t count = 0;
    void add(std::size_t i)
    {
        assert(count < members.size());  // two kinds of tensor, at most two collectives each
        members[count++] = i;
    }
};

// The exposed part of a step's stage-to-stage traffic. Megatron-LM's interleaved schedule
// (megatron/core/pipeline_parallel/schedules.py, forward_backward_pipelining_with_interleaving)
// posts each chunk's send/recv asynchronously and waits only before the data is used
// (overlap_p2p_comm), so in the steady state it runs behind other chunks' compute; the warmup's
// forward passes and the flush's backward passes wait on theirs (unless
// overlap_p2p_comm_warmup_flush); the first stage has the longest warmup. The non-interleaved
// 1F1B schedule waits on every send/recv.
double exposedPipelineSeconds(const Context& c, const ComputeTimes& compute, double stepSeconds)
{
    const LedgerLayout& l = c.layout;
    const double overlap = c.s.perf.ppOverlap;
    if (l.vpp <= 1 || overlap <= 0.0)
        return stepSeconds;
    const double chunkPasses = static_cast<double>(l.vpp) * c.microbatches;  // each: one send forward, one backward
    const double warmup = static_cast<double>(interleavedWarmupChunkPasses(l.pp, l.vpp, 0, l.microbatches));
    const double perPass = stepSeconds / chunkPasses;
    // A steady-state pass hides at most the compute of one chunk's forward and backward.
    const double hidden = std::min(overlap * perPass, (compute.forward + compute.backward) / l.vpp);
    return stepSeconds - (chunkPasses - warmup) * hidden;
}

} // namespace

std::size_t addCollective(const Context& c, StepEstimate& r, Collective collective, ParallelDim dimension,
                          CommPurpose purpose, int ranks, double bytes, double calls, const Link* found)
{
    const Link link = found != nullptr ? *found : groupLink(dimension, c.sizes, c.links);
    CollectiveCall call;
    call.collective = collective;
    call.dimension = dimension;
    call.purpose = purpose;
    call.ranks = ranks;
    call.bytes = bytes;
    call.wireBytes = ringWireBytes(collective, bytes, ranks);
    call.calls = calls;
    // The alpha-beta model (Thakur et al. 2005): latency plus the wire bytes over the bandwidth.
    call.seconds = calls * (collectiveLatency(collective, ranks, link) + (link.bandwidth > 0 ? call.wireBytes / link.bandwidth : 0.0));
    call.crossesNodes = link.crossesNodes;
    r.collectives.push_back(call);
    return r.collectives.size() - 1;
}

double modelParallelTraffic(const Context& c, const ComputeTimes& compute, StepEstimate& r)
{
    const LedgerLayout& l = c.layout;
    const ModelSpec& m = c.s.model;
    const PerfSpec& perf = c.s.perf;
    const double mb = c.microbatches;
    const double hidden = static_cast<double>(m.hidden);
    double exposedPerMb = 0.0;
    // A mixture-of-experts layer under sequence parallelism, as Megatron-Core runs it (it requires
    // sequence parallelism with tensor parallelism in MoE models): the router reads the rank's own
    // sequence shard, and the alltoall token dispatcher (megatron/core/transformer/moe/
    // token_dispatcher.py, MoEAlltoAllTokenDispatcher: "permute -> A2A(EP) -> AG(TP)" and
    // "RS(TP) -> A2A(EP) -> unpermute", num_local_tokens = S/TP*B) sends each shard's routed
    // tokens over the expert-parallel group, then all-gathers them inside the tensor-parallel group
    // (the experts' tensor-parallel group, the same ranks unless expert tensor parallelism is
    // folded, which ShardScope does not model). So the MLP half of the layer gathers and scatters
    // top-k copies of the tokens instead of the hidden states once, and the all-to-all carries 1/tp
    // of them; shared experts gather their input as a dense MLP does.
    const bool moeDispatch = l.tp > 1 && l.sequenceParallel && m.moe.isMoe();
    if (l.tp > 1) {
        // Megatron-LM: two all-reduces per layer in the forward pass and two in the backward
        // (Narayanan et al. 2021 §3.2: 8bsh(t-1)/t elements per layer per micro-batch); sequence
        // parallelism turns each into an all-gather and a reduce-scatter (Korthikanti §4.2.2).
        const double size = c.actBytes * c.tokens * hidden;
        // The sets of gathers and scatters of the hidden states per layer, each 2 + refwd calls of
        // each kind: attention's and the MLP's; one where a parallel residual sums the attention
        // and MLP outputs before one reduction, and their input gradients before one in the
        // backward (GPT-NeoX's gpt_j_residual); in an MoE layer under the dispatcher (above),
        // attention's and the shared experts' (one set under a parallel residual), or attention's
        // alone without shared experts.
        const double sets = moeDispatch && m.moe.sharedExperts <= 0 ? 1.0 : m.parallelResidual ? 1.0 : 2.0;
        const double calls = (2.0 + c.refwd) * sets * c.layers * mb;
        // At most three collectives (fp8 gathers forward and backward, the reduce-scatter): a fixed
        // array, as the step model allocates nothing but its list of collectives.
        std::array<std::size_t, 3> added{};
        std::size_t addedCount = 0;
        const auto push = [&](std::size_t i) { added.at(addedCount++) = i; };
        if (l.sequenceParallel) {
            // fp8 recipes cast a column-parallel layer's input before gathering it (Transformer
            // Engine's fp8 all-gather with sequence parallelism; torchao's Float8ColwiseParallel):
            // the forward all-gathers move 1 byte per element, the backward's gather gradients in
            // the 16-bit type.
            const bool fp8Inputs = c.s.training.precision == Precision::Fp8Mixed && c.gpu.peak.fp8 > 0;
            const double forwardGathers = (1.0 + c.refwd) * sets * c.layers * mb;
            const double backwardGathers = calls - forwardGathers;
            if (fp8Inputs) {
                push(addCollective(c, r, Collective::AllGather, ParallelDim::TP, CommPurpose::ActivationsSequenceParallel,
                                              l.tp, size / c.actBytes, forwardGathers));
                push(addCollective(c, r, Collective::AllGather, ParallelDim::TP, CommPurpose::ActivationsSequenceParallel,
                                              l.tp, size, backwardGathers));
            } else {
                push(addCollective(c, r, Collective::AllGather, ParallelDim::TP, CommPurpose::ActivationsSequenceParallel, l.tp, size, calls));
            }
            push(addCollective(c, r, Collective::ReduceScatter, ParallelDim::TP, CommPurpose::ActivationsSequenceParallel, l.tp, size, calls));
        } else {
            push(addCollective(c, r, Collective::AllReduce, ParallelDim::TP, CommPurpose::Activations, l.tp, size, calls));
        }
        for (std::size_t n = 0; n < addedCount; ++n)
            exposedPerMb += expose(c, r, added[n], r.collectives[added[n]].seconds * (1.0 - perf.tpOverlap));
        if (moeDispatch) {
            // The dispatcher's gather after the all-to-all and its scatter before the combine, and
            // their mirrors in the backward pass, in the 16-bit type (the dispatchers do not send
            // fp8); they belong to the dispatch, which --ep-overlap hides, not to the linear
            // layers that tensor-parallel overlap hides.
            const double routed = size * m.moe.topK;
            const double routedCalls = (2.0 + c.refwd) * c.layers * mb;
            for (const Collective k : {Collective::AllGather, Collective::ReduceScatter}) {
                const std::size_t i = addCollective(c, r, k, ParallelDim::TP, CommPurpose::RoutedTokens, l.tp, routed, routedCalls);
                exposedPerMb += expose(c, r, i, r.collectives[i].seconds * (1.0 - perf.epOverlap));
            }
        }
    }
    if (l.ep > 1 && m.moe.isMoe()) {
        // Dispatch and combine, forward and backward (Lepikhin et al. 2020, GShard): 4 all-to-alls
        // per MoE layer per micro-batch, each moving the GPU's routed tokens (of its sequence
        // shard under Megatron-Core's dispatcher, above).
        const double size = c.actBytes * c.tokens * m.moe.topK * hidden / (moeDispatch ? l.tp : 1);
        const std::size_t i = addCollective(c, r, Collective::AllToAll, ParallelDim::EP, CommPurpose::RoutedTokens, l.ep, size,
                                            (4.0 + 2.0 * c.refwd) * c.layers * mb);
        exposedPerMb += expose(c, r, i, r.collectives[i].seconds * (1.0 - perf.epOverlap));
    }
    if (l.cp > 1) {
        // Ring attention (Liu et al. 2023; Megatron-LM context parallelism): the local K and V
        // chunk travels cp - 1 hops in the forward pass; the backward pass sends K, V and their
        // gradients: 3 (cp - 1) send/recvs per layer per micro-batch, hidden behind attention.
        const double size = c.actBytes * c.tokens * static_cast<double>(m.kvWidth() + m.valueWidth()) / l.tp;
        const std::size_t i = addCollective(c, r, Collective::SendRecv, ParallelDim::CP, CommPurpose::KeysAndValues, 2, size,
                                            (3.0 + c.refwd) * (l.cp - 1) * c.layers * mb);
        const double perMb = r.collectives[i].seconds / mb;
        const double hiddenBehindAttention = perf.cpOverlap * 3.0 * compute.attentionForward;  // forward + backward attention
        exposedPerMb += expose(c, r, i, std::max(0.0, perMb - hiddenBehindAttention) * mb);
    }
    if (l.pp > 1) {
        // One activation forward and one gradient backward per micro-batch and model chunk;
        // Megatron sends 1/t of it from each tensor-parallel rank (scatter-gather optimisation).
        const double size = c.actBytes * c.tokens * hidden / l.tp;
        const std::size_t i = addCollective(c, r, Collective::SendRecv, ParallelDim::PP, CommPurpose::StageActivations, 2,
                                            size, 2.0 * l.vpp * mb);
        exposedPerMb += expose(c, r, i, exposedPipelineSeconds(c, compute, r.collectives[i].seconds));
    }
    return exposedPerMb;
}

double dataParallelTraffic(const Context& c, const ComputeTimes& compute, StepEstimate& r)
{
    // Data parallelism (Rajbhandari et al. 2020 §7): plain DP all-reduces the gradients once per
    // step; ZeRO-1 (Megatron's distributed optimizer) reduce-scatters them and all-gathers the
    // updated parameters; ZeRO-2 reduce-scatters every micro-batch's gradients; ZeRO-3 / FSDP also
    // all-gathers the parameters before each micro-batch's forward and backward.
    const double mb = c.microbatches;
    Window lastBackward(compute.backward, 1.0);
    Window firstForward(compute.forward, 1.0);
    Window everyForward(compute.forward, mb);
    Window everyBackward(compute.backward, mb);
    auto place = [&](std::size_t i, Window& w) {
        w.comm += r.collectives[i].seconds / w.occurrences;
        w.add(i);
    };
    Link link;  // the same for every call below: found at the first
    bool haveLink = false;
    for (int kind = 0; kind < 2; ++kind) {
        const ShardBytes& shard = c.mostLoaded.shard;
        const double grads = shard.gradients[kind];
        if (grads <= 0)  // no tensors of this kind (a dense model's experts) or none trained
            continue;
        const int ranks = dataParallelRanks(c.layout, kind == 1);
        if (ranks <= 1)
            continue;
        const bool expert = kind == 1;
        const CommPurpose gradients = expert ? CommPurpose::ExpertGradients : CommPurpose::Gradients;
        const CommPurpose parameters = expert ? CommPurpose::ExpertParameters : CommPurpose::Parameters;
        if (!haveLink) {
            link = groupLink(ParallelDim::DP, c.sizes, c.links);
            haveLink = true;
        }
        const auto add = [&](Collective collective, CommPurpose purpose, double bytes, double calls) {
            return addCollective(c, r, collective, ParallelDim::DP, purpose, ranks, bytes, calls, &link);
        };
        // ZeRO-3 / FSDP gathers and reduces one unit at a time, not the stage's weights in one
        // call: FSDP wraps each transformer block as a unit and the rest of the model (the
        // embedding, final norm and output layer) in the root (Zhao et al. 2023, PyTorch FSDP,
        // arXiv 2304.11277, section 3.2; torchtitan's apply_fsdp), and DeepSpeed ZeRO-3 fetches
        // submodule by submodule. The bytes are the same; every call pays the ring's latency,
        // n - 1 steps, which is what grows with the GPU count at a fixed global batch. The experts
        // are in the blocks: no root unit of their own.
        const double units = c.layout.zero == 3 ? c.layers + (expert ? 0.0 : 1.0) : 1.0;
        // ZeRO-3 that keeps a stage's weights gathered through the step communicates as ZeRO-1: one
        // all-gather of the (fp8 or 16-bit) weights and one reduce-scatter of the gradients per
        // step, unit by unit.
        const int stage = c.layout.keepGathered ? 1 : c.layout.zero;
        const double gatheredWeights = c.layout.zero == 3 ? shard.gathered[kind] : shard.trainableWeights[kind];
        switch (stage) {
        case 0: place(add(Collective::AllReduce, gradients, grads, 1.0), lastBackward); break;
        case 1:
            place(add(Collective::ReduceScatter, gradients, grads / units, units), lastBackward);
            place(add(Collective::AllGather, parameters, gatheredWeights / units, units), firstForward);
            break;
        case 2:
            place(add(Collective::ReduceScatter, gradients, grads, mb), everyBackward);
            place(add(Collective::AllGather, parameters, shard.trainableWeights[kind], 1.0), firstForward);
            break;
        default: {
            const std::size_t gather = add(Collective::AllGather,
                                           expert ? CommPurpose::ExpertParametersForward : CommPurpose::ParametersForward,
                                           shard.gathered[kind] / units, mb * units);
            place(gather, everyForward);
            place(addTwin(r, gather, Collective::AllGather,
                          expert ? CommPurpose::ExpertParametersBackward : CommPurpose::ParametersBackward),
                  everyBackward);
            // 16-bit gradients of 16-bit weights: as many bytes as the gather.
            place(grads == shard.gathered[kind] ? addTwin(r, gather, Collective::ReduceScatter, gradients)
                                                : add(Collective::ReduceScatter, gradients, grads / units, mb * units),
                  everyBackward);
            break;
        }
        }
    }
    double exposed = 0.0;
    for (Window* w : {&lastBackward, &firstForward, &everyForward, &everyBackward}) {
        if (w->count == 0)
            continue;
        const double exposedEach = std::max(0.0, w->comm - c.s.perf.dpOverlap * w->compute);
        exposed += exposedEach * w->occurrences;
        for (std::size_t n = 0; n < w->count; ++n) {  // shared in proportion to each call's time
            const std::size_t i = w->members[n];
            r.collectives[i].exposedSeconds = w->comm > 0 ? exposedEach * r.collectives[i].seconds / w->comm : 0.0;
        }
    }
    return exposed;
}

} // namespace shardscope::step
