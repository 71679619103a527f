#include "core/reshard/transfer_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/common/messages.h"
#include "core/memory/optimizer_states.h"
#include "core/memory/precision_recipe.h"
#include "core/model/vocab_padding.h"

namespace shardscope {
namespace {

std::string str(std::int64_t v) { return std::to_string(v); }

// The model must split the way Megatron-LM splits it (transformer_config.py, core_v0.15.0, and
// the relaxed GQA rule of core_v0.16.0: kv heads a multiple or a divisor of tp).
bool checkLayout(const ModelSpec& m, const ReshardLayout& l, const char* flag, Diagnostics& out)
{
    bool ok = true;
    const std::int64_t ffn = m.moe.isMoe() ? m.expertFfn() : m.ffnHidden;
    if (m.heads % l.tp != 0 || ffn % l.tp != 0) {
        out.push_back(makeDiagnostic(Severity::Error, flag, msg::kReshardTpDivides,
                                     {flag, str(l.tp), str(m.heads), str(ffn)}));
        ok = false;
    }
    const int kv = m.effectiveKvHeads();
    if (kv % l.tp != 0) {
        // tp a multiple of the kv heads: the KV groups are replicated (Megatron-LM >= core_v0.16.0);
        // anything else cannot be split at all.
        out.push_back(makeDiagnostic(l.tp % kv == 0 ? Severity::Warning : Severity::Error, flag, msg::kReshardKvHeads,
                                     {str(kv), str(l.tp)}));
        ok = ok && l.tp % kv == 0;
        if (kv == 1)
            out.push_back(makeDiagnostic(Severity::Warning, flag, msg::kReshardMqa, {str(l.tp)}));
    }
    if (l.ep > 1 && (!m.moe.isMoe() || m.moe.experts % l.ep != 0 || l.dp % l.ep != 0)) {
        out.push_back(makeDiagnostic(Severity::Error, flag, msg::kReshardEpExperts,
                                     {flag, str(l.ep), str(m.moe.experts), str(l.dp)}));
        ok = false;
    }
    return ok;
}

// The share of a tensor piece one target rank needs from one source rank along data parallelism:
// a ZeRO-sharded side holds 1/G of every piece (G the data-parallel group, index i); a replicated
// source is read from one replica, i_target mod G_source.
double dpShare(bool sourceSharded, int sourceGroup, int sourceIndex, bool targetSharded, int targetGroup, int targetIndex)
{
    const double lo = targetSharded ? static_cast<double>(targetIndex) / targetGroup : 0.0;
    const double hi = targetSharded ? static_cast<double>(targetIndex + 1) / targetGroup : 1.0;
    if (!sourceSharded)
        return sourceIndex == targetIndex % sourceGroup ? hi - lo : 0.0;
    const double sLo = static_cast<double>(sourceIndex) / sourceGroup;
    const double sHi = static_cast<double>(sourceIndex + 1) / sourceGroup;
    return std::max(0.0, std::min(hi, sHi) - std::max(lo, sLo));
}

// Layers of tensor `t` that source stage `s` and target stage `d` both hold.
int sharedLayers(const ReshardTensor& t, const ReshardPlan& p, const std::vector<std::vector<int>>& layerPairs, int s, int d)
{
    switch (t.home) {
    case TensorHome::EveryLayer: return layerPairs[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)];
    case TensorHome::FirstStage: return s == 0 && d == 0 ? 1 : 0;
    case TensorHome::LastStage: return s == p.from.pp - 1 && d == p.to.pp - 1 ? 1 : 0;
    case TensorHome::TiedCopy:
        // The target's last stage needs the copy when pp > 1; a source keeps it on its last stage
        // (pp > 1) or only as the embedding on stage 0.
        return p.to.pp > 1 && d == p.to.pp - 1 && s == (p.from.pp > 1 ? p.from.pp - 1 : 0) ? 1 : 0;
    }
    return 0;
}

void addPitfalls(const Scenario& s, ReshardPlan& p)
{
    const ModelSpec& m = s.model;
    auto add = [&p](Severity severity, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args) {
        p.pitfalls.push_back(makeDiagnostic(severity, "", templ, args));
    };
    if (p.from.tp != p.to.tp) {
        if (m.effectiveKvHeads() < m.heads && m.effectiveKvHeads() > 1)
            add(Severity::Warning, msg::kReshardFusedQkv, {});
        if (m.mlp == MlpKind::SwiGlu)
            add(Severity::Warning, msg::kReshardSwiglu, {});
    }
    if (p.paddedVocabTo > p.paddedVocabFrom)
        add(Severity::Warning, msg::kReshardVocabGrows, {str(p.paddedVocabFrom), str(p.paddedVocabTo)});
    else if (p.paddedVocabTo < p.paddedVocabFrom)
        add(Severity::Warning, msg::kReshardVocabShrinks, {str(p.paddedVocabFrom), str(p.paddedVocabTo), str(m.vocab)});
    if (m.tiedEmbeddings && (p.from.pp > 1 || p.to.pp > 1))
        add(Severity::Warning, msg::kReshardTied, {str(std::max(p.from.pp, p.to.pp))});
    for (const StageMap* map : {&p.stagesFrom, &p.stagesTo})
        if (map->uneven())
            add(Severity::Info, msg::kReshardUneven, {str(map->pp), str(m.layers), str(map->minLayers()), str(map->maxLayers())});
    if (m.moe.isMoe() && p.from.ep != p.to.ep)
        add(Severity::Info, msg::kReshardExperts, {str(p.from.ep), str(p.to.ep), str(m.moe.experts / p.to.ep)});
    if ((p.from.zero >= 1 || p.to.zero >= 1) && p.from.dp != p.to.dp)
        add(Severity::Info, msg::kReshardZero, {str(p.from.dp), str(p.to.dp)});
}

} // namespace

ReshardPlan planReshard(const Scenario& s, const ReshardLayout& from, const ReshardLayout& to)
{
    ReshardPlan p;
    p.from = from;
    p.to = to;
    const ModelSpec& m = s.model;
    // Bound the work and the list of transfers (a GUI recomputes the plan on every edit).
    for (const auto& [layout, flag] : {std::pair{&from, "--from"}, {&to, "--to"}})
        if (layout->world() > kReshardMaxRanks) {
            p.pitfalls.push_back(makeDiagnostic(Severity::Error, flag, msg::kReshardLayoutGpus,
                                                {flag, str(layout->world()), str(kReshardMaxRanks)}));
            return p;
        }
    // Layers whose tensors Megatron-LM names differently (multi-latent attention's down/up
    // projections, DeepSeek's dense first layers, BLOOM's embedding norm): refused, not guessed.
    const char* unmapped = m.mla() ? "multi-head latent attention"
                           : m.moe.denseLayers > 0 ? "dense first layers in a mixture-of-experts model"
                           : m.embeddingNorm ? "a LayerNorm after the embedding"
                                             : nullptr;
    if (unmapped != nullptr) {
        p.pitfalls.push_back(makeDiagnostic(Severity::Error, "model", msg::kReshardUnmapped, {unmapped}));
        return p;
    }
    const bool fromOk = checkLayout(m, from, "--from", p.pitfalls);
    const bool toOk = checkLayout(m, to, "--to", p.pitfalls);
    const auto stagesFrom = megatronStageMap(m.layers, from.pp, from.vpp, from.firstStageLayers, from.lastStageLayers, "--from", p.pitfalls);
    const auto stagesTo = megatronStageMap(m.layers, to.pp, to.vpp, to.firstStageLayers, to.lastStageLayers, "--to", p.pitfalls);
    if (!fromOk || !toOk || !stagesFrom || !stagesTo)
        return p;
    p.stagesFrom = *stagesFrom;
    p.stagesTo = *stagesTo;
    p.paddedVocabFrom = paddedVocab(m.vocab, from.tp);
    p.paddedVocabTo = paddedVocab(m.vocab, to.tp);
    p.tensors = reshardTensors(m, p.paddedVocabTo);
    const std::vector<ReshardTensor> sourceTensors = reshardTensors(m, p.paddedVocabFrom);
    addPitfalls(s, p);

    // Bytes per element: weights in the recipe's weight dtype; optimizer states as the fp32
    // master copy plus the optimizer's moments, averaged over each whole tensor.
    const RecipeBytes recipe = recipeBytes(s.training.precision, s.training.gradDtype.value_or(defaultGradDtype(s.training.precision)));
    p.weightBytesPerElement = recipe.weight;
    std::vector<double> stateBytes;
    double stateSum = 0, elementSum = 0;
    for (const ReshardTensor& t : p.tensors) {
        const std::int64_t copies = t.kind == TensorKind::Expert ? t.experts : 1;
        const LocalShape shape{t.shape.size() > 1 ? t.shape[t.shape.size() - 2] : t.shape[0], t.shape.size() > 1 ? t.shape.back() : 1, copies};
        const double elements = static_cast<double>(t.elements());
        const double moments = elements > 0 ? optimizerStateBytes(s.training.optimizer, recipe.moment, shape, t.hiddenMatrix) / elements : 0;
        stateBytes.push_back(recipe.master + moments);
        stateSum += (recipe.master + moments) * elements;
        elementSum += elements;
    }
    p.stateBytesPerElement = elementSum > 0 ? stateSum / elementSum : 0;

    // Layers both a source stage and a target stage hold.
    std::vector<std::vector<int>> layerPairs(static_cast<std::size_t>(from.pp), std::vector<int>(static_cast<std::size_t>(to.pp), 0));
    for (int layer = 0; layer < m.layers; ++layer)
        ++layerPairs[static_cast<std::size_t>(p.stagesFrom.stageOfLayer[static_cast<std::size_t>(layer)])]
                    [static_cast<std::size_t>(p.stagesTo.stageOfLayer[static_cast<std::size_t>(layer)])];

    const std::int64_t vocabRows = std::min(p.paddedVocabFrom, p.paddedVocabTo);
    const std::size_t tensorCount = p.tensors.size();
    // overlapRows[k][(ttp, tep)][(stp, sep)]: rows of tensor k a target and a source rank share.
    const int targetCells = to.tp * to.ep, sourceCells = from.tp * from.ep;
    std::vector<std::vector<std::int64_t>> overlapRows(tensorCount, std::vector<std::int64_t>(static_cast<std::size_t>(targetCells * sourceCells)));
    for (std::size_t k = 0; k < tensorCount; ++k) {
        const std::int64_t limit = p.tensors[k].kind == TensorKind::Vocab ? vocabRows : std::numeric_limits<std::int64_t>::max();
        for (int tc = 0; tc < targetCells; ++tc)
            for (int sc = 0; sc < sourceCells; ++sc)
                overlapRows[k][static_cast<std::size_t>(tc * sourceCells + sc)] =
                    overlap(holdings(p.tensors[k], tc % to.tp, to.tp, tc / to.tp, to.ep),
                            holdings(sourceTensors[k], sc % from.tp, from.tp, sc / from.tp, from.ep), limit);
    }

    // Only the source stages and data-parallel ranks a target can read from are visited, so the
    // work grows with the ranks of one side, not with the product of both.
    std::vector<std::vector<int>> stageSources(static_cast<std::size_t>(to.pp));
    for (int tpp = 0; tpp < to.pp; ++tpp)
        for (int spp = 0; spp < from.pp; ++spp)
            if (std::any_of(p.tensors.begin(), p.tensors.end(),
                            [&](const ReshardTensor& t) { return sharedLayers(t, p, layerPairs, spp, tpp) > 0; }))
                stageSources[static_cast<std::size_t>(tpp)].push_back(spp);
    std::vector<std::vector<int>> dpSources(static_cast<std::size_t>(to.dp));
    for (int tdp = 0; tdp < to.dp; ++tdp)
        for (int sdp = 0; sdp < from.dp; ++sdp) {
            double share = 0;
            for (bool expert : {false, true}) {
                const int sg = expert ? from.dp / from.ep : from.dp, si = expert ? sdp / from.ep : sdp;
                const int tg = expert ? to.dp / to.ep : to.dp, ti = expert ? tdp / to.ep : tdp;
                share += dpShare(from.zero == 3, sg, si, to.zero == 3, tg, ti) + dpShare(from.zero >= 1, sg, si, to.zero >= 1, tg, ti);
            }
            if (share > 0)
                dpSources[static_cast<std::size_t>(tdp)].push_back(sdp);
        }

    for (int tpp = 0; tpp < to.pp; ++tpp)
        for (int tdp = 0; tdp < to.dp; ++tdp)
            for (int ttp = 0; ttp < to.tp; ++ttp) {
                const int target = to.rank(ttp, tdp, tpp);
                const int tep = tdp % to.ep;
                RankPlace place{target, ttp, tdp, tpp, tep, 0};
                for (int spp : stageSources[static_cast<std::size_t>(tpp)])
                    for (int sdp : dpSources[static_cast<std::size_t>(tdp)])
                        for (int stp = 0; stp < from.tp; ++stp) {
                            const int sep = sdp % from.ep;
                            Transfer x{target, from.rank(stp, sdp, spp), 0, 0};
                            for (std::size_t k = 0; k < tensorCount; ++k) {
                                const ReshardTensor& t = p.tensors[k];
                                const int layers = sharedLayers(t, p, layerPairs, spp, tpp);
                                const std::int64_t rows = overlapRows[k][static_cast<std::size_t>((ttp + to.tp * tep) * sourceCells + stp + from.tp * sep)];
                                if (layers == 0 || rows == 0)
                                    continue;
                                // A tensor every tensor-parallel rank holds whole is read from one of
                                // them: source tp rank (target tp rank mod source tp).
                                if (t.layout == RowLayout::Whole && stp != ttp % from.tp)
                                    continue;
                                const bool expert = t.kind == TensorKind::Expert;
                                const int sg = expert ? from.dp / from.ep : from.dp, si = expert ? sdp / from.ep : sdp;
                                const int tg = expert ? to.dp / to.ep : to.dp, ti = expert ? tdp / to.ep : tdp;
                                const double elements = static_cast<double>(rows) * static_cast<double>(t.unit) * layers;
                                x.weightBytes += elements * p.weightBytesPerElement * dpShare(from.zero == 3, sg, si, to.zero == 3, tg, ti);
                                x.optimizerBytes += elements * stateBytes[k] * dpShare(from.zero >= 1, sg, si, to.zero >= 1, tg, ti);
                            }
                            x.weightBytes = std::round(x.weightBytes);
                            x.optimizerBytes = std::round(x.optimizerBytes);
                            if (x.bytes() <= 0)
                                continue;
                            p.transfers.push_back(x);
                            place.bytes += x.bytes();
                            p.bytesMoved += x.bytes();
                            if (x.toRank == x.fromRank)
                                p.bytesSameRank += x.bytes();
                        }
                p.targets.push_back(place);
            }
    std::sort(p.targets.begin(), p.targets.end(), [](const RankPlace& a, const RankPlace& b) { return a.rank < b.rank; });
    std::sort(p.transfers.begin(), p.transfers.end(), [](const Transfer& a, const Transfer& b) {
        return a.toRank != b.toRank ? a.toRank < b.toRank : a.fromRank < b.fromRank;
    });
    p.sources.resize(static_cast<std::size_t>(from.world()));
    for (int spp = 0; spp < from.pp; ++spp)
        for (int sdp = 0; sdp < from.dp; ++sdp)
            for (int stp = 0; stp < from.tp; ++stp)
                p.sources[static_cast<std::size_t>(from.rank(stp, sdp, spp))] = RankPlace{from.rank(stp, sdp, spp), stp, sdp, spp, sdp % from.ep, 0};
    for (const Transfer& x : p.transfers)
        p.sources[static_cast<std::size_t>(x.fromRank)].bytes += x.bytes();
    return p;
}

ReshardLayout layoutOf(const Scenario& s)
{
    ReshardLayout l;
    l.tp = s.parallel.tp;
    l.pp = s.parallel.pp;
    l.dp = std::max(1, s.dataParallel()) * s.parallel.cp;  // a checkpoint has no context-parallel split
    l.zero = s.parallel.zero;
    l.ep = s.parallel.ep;
    l.vpp = s.parallel.vpp;
    return l;
}

ReshardLayout suggestedTarget(const Scenario& s)
{
    const ReshardLayout from = layoutOf(s);
    std::vector<ReshardLayout> candidates;
    auto withTp = [&](int tp) {
        ReshardLayout to = from;
        const std::int64_t modelParallel = static_cast<std::int64_t>(from.tp) * from.dp;
        if (tp < 1 || modelParallel % tp != 0)
            return;
        to.tp = tp;
        to.dp = static_cast<int>(modelParallel / tp);
        candidates.push_back(to);
    };
    if (from.tp > 1)
        withTp(from.tp / 2);
    withTp(from.tp * 2);
    if (from.pp > 1) {
        ReshardLayout to = from;
        to.pp = from.pp / 2;
        to.dp = from.dp * 2;
        to.vpp = 1;
        candidates.push_back(to);
    }
    for (const ReshardLayout& to : candidates) {
        if (to.ep > 1 && to.dp % to.ep != 0)
            continue;
        if (planReshard(s, from, to).valid())
            return to;
    }
    return from;
}

} // namespace shardscope
