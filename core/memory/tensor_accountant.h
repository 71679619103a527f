#pragma once
// The memory ledger's per-rank sums of a model's tensors (core/memory/memory_ledger.cpp's own
// helper, in a header of its own to keep that file to one job: placing states on GPUs).
#include <array>
#include <cassert>
#include <cstdint>

#include "core/memory/memory_ledger.h"
#include "core/memory/optimizer_states.h"
#include "core/memory/precision_recipe.h"
#include "core/model/parameter_inventory.h"

namespace shardscope::ledger {

// Sums tensor groups into unshared states on one tensor- and expert-parallel rank; the layout's
// ZeRO shares and offload follow in StateSharer. (ZeRO: Rajbhandari et al. 2020, arXiv 1910.02054,
// §5.1-5.3 and Figure 1: stage 1 shards optimizer states, stage 2 also gradients, stage 3 also
// parameters, each over the data-parallel group.)
//
// Every state but some optimizers' moments is a number of bytes per element that depends only on
// the kind of tensor (dense or expert) and on whether it is a linear layer's weight (fp8 copies,
// NF4 bases and fp8 gathers apply to those only). So a part's groups add up their local element
// counts per kind and linearity (`add`), and the bytes are applied once per part (`finish`): the
// per-group work is a shape and an addition, which matters because this runs for every group of
// every estimate and of every layout a search evaluates. Optimizers whose state depends on a
// tensor's shape (Adafactor's factored moments, 8-bit blocks, Muon's matrices) and LoRA adapters
// (shaped by their base layer) are still summed group by group.
class TensorAccountant {
public:
    // Elements of one part (a layer, the embedding, ...) on one rank: [kind][linear]. Whole
    // numbers, summed exactly and scaled to --params once per count (`finish`). Linear weights get
    // their own count only when their bytes differ.
    struct Elements {
        std::int64_t count[2][2] = {{0, 0}, {0, 0}};
    };

    // `recipe` is recipeBytes(s.training).
    TensorAccountant(const Scenario& s, int tp, int ep, std::int64_t shapeTotal, const RecipeBytes& recipe)
        : s_(s), tp_(tp), ep_(ep),
          recipe_(recipe),
          frozenBase_(s.training.finetune != FineTune::Full)
    {
        // --params: each count is scaled by target / shape, as that ratio of whole numbers
        // (parameterScale's value, computed per count instead of rounded once).
        if (s.model.exactParams && shapeTotal > 0) {
            scaleTarget_ = static_cast<double>(*s.model.exactParams);
            scaleShape_ = static_cast<double>(shapeTotal);
        }
        const bool qlora = s.training.finetune == FineTune::Qlora;
        const bool fp8Gather = s.training.precision == Precision::Fp8Mixed && s.training.fp8AllGather;
        weightBytes_[0] = recipe_.weight;
        weightBytes_[1] = qlora ? nf4BytesPerElement() : recipe_.weight + recipe_.fp8WeightCopy;
        // ZeRO-3 gathers the weights as stored (4-bit QLoRA bases included), not the fp8 copies kept
        // for compute; torchao's fp8 all-gather sends linear weights as fp8.
        gatherBytes_[0] = recipe_.weight;
        gatherBytes_[1] = qlora ? weightBytes_[1] : fp8Gather ? 1.0 : recipe_.weight;
        linearIndex_ = weightBytes_[1] != weightBytes_[0] || gatherBytes_[1] != gatherBytes_[0] ? 1 : 0;
        const Optimizer o = s.training.optimizer;
        perElementOptimizer_ = o == Optimizer::AdamW || o == Optimizer::SgdMomentum || o == Optimizer::Lion;
        optimizerBytes_ = optimizerStateBytes(o, recipe_.moment, LocalShape{1, 1, 1}, false);
    }

    // Counts the elements of `g` on one rank into `counts`; what cannot be counted per element
    // (shape-dependent optimizer states, LoRA adapters) goes straight into `out`.
    [[gnu::always_inline]] void add(const TensorGroup& g, Elements& counts, TensorTotals& out) const
    {
        const LocalShape local = localShape(g, tp_, ep_);
        const int kind = g.expert ? 1 : 0;
        counts.count[kind][g.isLinear() ? linearIndex_ : 0] += local.elements();
        if (!frozenBase_) {
            if (!perElementOptimizer_) {
                const bool hiddenMatrix = (g.placement == Placement::Layer || g.placement == Placement::DenseLayer) && g.isMatrix();
                out.optimizerStates[kind] += scaled(optimizerStateBytes(s_.training.optimizer, recipe_.moment, local, hiddenMatrix));
            }
        } else if ((g.projection & s_.training.loraTargets) != 0) {
            addAdapter(local, kind, out);
        }
    }

    // Without tensor or expert parallelism, with every state a number of bytes per element and no
    // adapters, a part's counts are the inventory's sums, made once when it was built: no loop over
    // the groups (finishFromSums). Both are exact whole numbers, so they are the same either way.
    bool summable() const { return tp_ == 1 && ep_ == 1 && !frozenBase_ && perElementOptimizer_; }

    // Applies the bytes per element to a part's counts.
    void finish(const Elements& counts, TensorTotals& out) const
    {
        for (int kind = 0; kind < 2; ++kind) {
            for (int linear = 0; linear < 2; ++linear) {
                if (counts.count[kind][linear] == 0)
                    continue;
                const double elements = scaled(static_cast<double>(counts.count[kind][linear]));
                const ElementBytes bytes = bytesOf(elements, linear);
                out.params += elements;
                out.unshardedWeightBytes += bytes.weights;
                out.shard.weights[kind] += bytes.weights;
                out.shard.gathered[kind] += bytes.gathered;
                if (frozenBase_)
                    continue;
                out.shard.trainableWeights[kind] += bytes.weights;
                out.shard.gradients[kind] += bytes.gradients;
                out.masterWeights[kind] += bytes.master;
                out.trainable[kind] += elements;
                if (perElementOptimizer_)
                    out.optimizerStates[kind] += bytes.optimizer;
            }
        }
    }

    // A part's states from the inventory's sums (summable() layouts), written over whatever `out`
    // held. A dense model whose linear weights take no bytes of their own has one count per part,
    // and each figure is then a single product, stored once: no zeroing and no sums of zeros (the
    // same numbers, since 0 + x is x). Otherwise the part is zeroed and finished from its counts.
    void finishFromSums(const PartElements& sums, TensorTotals& out, bool experts) const
    {
        assert(summable());  // every state trained and a number of bytes per element
        if (experts || linearIndex_ != 0) {
            Elements counts;
            for (int kind = 0; kind < 2; ++kind) {
                counts.count[kind][0] = linearIndex_ == 1 ? sums.count[kind][0] : sums.count[kind][0] + sums.count[kind][1];
                counts.count[kind][1] = linearIndex_ == 1 ? sums.count[kind][1] : 0;
            }
            out = TensorTotals{};
            finish(counts, out);
            return;
        }
        const double elements = scaled(static_cast<double>(sums.count[0][0] + sums.count[0][1]));
        const ElementBytes bytes = bytesOf(elements, 0);
        out.params = elements;
        out.unshardedWeightBytes = bytes.weights;
        out.shard = ShardBytes{{bytes.weights, 0.0}, {bytes.weights, 0.0}, {bytes.gradients, 0.0}, {bytes.gathered, 0.0}};
        out.masterWeights[0] = bytes.master;
        out.masterWeights[1] = 0.0;
        out.optimizerStates[0] = bytes.optimizer;
        out.optimizerStates[1] = 0.0;
        out.trainable[0] = elements;
        out.trainable[1] = 0.0;
    }

private:
    // The bytes of `elements` elements of one kind, a linear layer's weights or not: the one place
    // that says which state takes how many bytes per element (finish adds them up, finishFromSums
    // stores them).
    struct ElementBytes {
        double weights, gathered, gradients, master, optimizer;
    };
    ElementBytes bytesOf(double elements, int linear) const
    {
        return {elements * weightBytes_[linear], elements * gatherBytes_[linear], elements * recipe_.gradient,
                elements * recipe_.master, elements * optimizerBytes_};
    }

    // `value` x target / shape, two roundings from the exact ratio: for the article's --params 7e9
    // the parts add up to 7e9 exactly (times the rounded scale they came to 6,999,999,999.999999
    // and the 0.875 GB shard showed as 0.87). Other targets can still come out a unit or so in the
    // last place away.
    double scaled(double value) const { return value * scaleTarget_ / scaleShape_; }

    // LoRA (Hu et al. 2021, arXiv 2106.09685): W + B A with A (r x in) and B (out x r), trainable
    // in the recipe's precision. Under tensor parallelism each adapter follows its base layer's
    // split as PEFT's Megatron wrapper does (peft src/peft/tuners/lora/tp_layer.py,
    // LoraParallelLinear: a row-parallel base splits A along its input and keeps B whole; a
    // column-parallel base splits B along its output and keeps A whole), so A is r x local input
    // and B local output x r. (It kept both whole on every TP rank before issue 18: under ZeRO-3,
    // where a TP-replicated tensor is sharded over dp only, more TP at the same GPU count then
    // raised QLoRA weights per GPU by up to 49 %.)
    // ZeRO-Offload (Ren et al. 2021, arXiv 2101.06840, §4.1) keeps gradients, fp32 master weights
    // and optimizer states in host memory (StateSharer places them).
    void addAdapter(const LocalShape& local, int kind, TensorTotals& out) const
    {
        const std::int64_t r = s_.training.loraRank;
        const LocalShape a{r, local.cols, local.copies};
        const LocalShape b{local.rows, r, local.copies};
        const double elements = static_cast<double>(a.elements() + b.elements());
        const double optimizer = optimizerStateBytes(s_.training.optimizer, recipe_.moment, a, true)
                                 + optimizerStateBytes(s_.training.optimizer, recipe_.moment, b, true);
        out.params += elements;
        out.unshardedWeightBytes += elements * recipe_.weight;
        out.shard.weights[kind] += elements * recipe_.weight;
        out.shard.gathered[kind] += elements * recipe_.weight;
        out.shard.trainableWeights[kind] += elements * recipe_.weight;
        out.shard.gradients[kind] += elements * recipe_.gradient;
        out.masterWeights[kind] += elements * recipe_.master;
        out.optimizerStates[kind] += optimizer;
        out.trainable[kind] += elements;
    }

    const Scenario& s_;
    int tp_;
    int ep_;
    RecipeBytes recipe_;
    bool frozenBase_;
    double scaleTarget_ = 1.0;        // the --params scale as a ratio: --params over the shape's own
    double scaleShape_ = 1.0;         // count (1 / 1 without --params)
    double weightBytes_[2] = {0, 0};  // [linear]: as stored for compute
    double gatherBytes_[2] = {0, 0};  // [linear]: as ZeRO-3 all-gathers them
    int linearIndex_ = 0;             // where linear weights count: 1 when their bytes differ
    bool perElementOptimizer_ = true; // the moments are a fixed number of bytes per element
    double optimizerBytes_ = 0;       // those bytes
};

} // namespace shardscope::ledger
