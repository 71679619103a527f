#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "core/model/model_spec.h"

namespace shardscope {

// Where a tensor lives along the pipeline: embeddings on the first stage, final norm and
// output layer on the last (Megatron-LM, megatron/core/models/gpt/gpt_model.py). Layer tensors are
// in every transformer layer; DenseLayer tensors (the dense MLP of a mixture-of-experts model's
// first k layers, DeepSeek's first_k_dense_replace) replace the MoE block in those k layers only.
enum class Placement : std::uint8_t { Embedding, Layer, DenseLayer, FinalNorm, Output };

// How Megatron-style tensor parallelism splits a tensor (Shoeybi et al. 2019, arXiv 1909.08053, §3):
// column-parallel layers split their output rows, row-parallel layers their input columns,
// the vocabulary-parallel embedding and output layer split vocabulary rows; norms, row-parallel
// biases and the MoE router are replicated on every tensor-parallel rank.
enum class TpSplit : std::uint8_t { Column, Row, Vocab, Replicated };

// Projection bits, used to choose LoRA targets.
enum ProjectionBit : unsigned {
    kProjQ = 1u << 0,
    kProjK = 1u << 1,
    kProjV = 1u << 2,
    kProjO = 1u << 3,
    kProjGate = 1u << 4,
    kProjUp = 1u << 5,
    kProjDown = 1u << 6,
    kProjAll = 0x7fu,
};

// A group of identical tensors: `copies` of a rows x cols tensor (cols == 1 for vectors).
// Trivially constructible on purpose (no member initialisers): the inventory's fixed array is
// then free to create, and every member is set when a group is added.
struct TensorGroup {
    // The small members last: 32 bytes, where the declaration order of the fields' meaning padded it
    // to 56 (the inventory copies every group it builds, on every estimate). No name: nothing read
    // it, and storing one cost two instructions a group (the constructor's calls still name each
    // tensor, for the reader).
    std::int64_t rows;
    std::int64_t cols;
    std::int64_t copies;          // experts per layer for expert tensors, else 1
    Placement placement;
    TpSplit split;
    bool expert;                  // split across expert-parallel ranks
    bool moeBlock;                // the router, routed and shared experts: absent from the first-k dense layers
    unsigned projection;          // ProjectionBit of a transformer linear layer, else 0
    bool isMatrix() const { return cols > 1; }
    bool isLinear() const { return projection != 0; }  // a GEMM weight inside a layer
    std::int64_t elements() const { return rows * cols * copies; }
};

// A layer's GEMM weights (its Placement::Layer matrices, router included) with consecutive groups
// of one shape, split and placement merged: k with q and v with k where the widths agree (as many
// KV heads as heads), up with gate. The kernel times, FLOPs and op-level activations walk these on
// every estimate: 4 entries for Llama instead of its 12 groups, each merged shape priced once.
struct LayerMatrix {
    std::int64_t rows;
    std::int64_t cols;
    std::int64_t copies;
    TpSplit split;
    bool expert;
    std::uint8_t members;     // groups merged: groups()[firstGroup] and the ones after it
    // Of those, the ones PyTorch's op-level checkpointing policy recomputes: a linear layer with a
    // bias (nn.Linear dispatches aten.addmm, which the policy neither saves nor counts) and every
    // second aten.mm of the layer (torchtitan's _save_list saves the odd-numbered ones).
    std::uint8_t opRecomputed;
    std::uint8_t firstGroup;
    // The earlier entry whose weight this one's is the transpose of, or -1: the attention output
    // projection of the query projection (when the attention output is as wide as the queries), an
    // MLP's down projection of its gate and up. Column- and row-parallel split the same side, and
    // expert copies split alike, so the local shapes stay transposes under every layout: the
    // kernel times price such a weight's GEMMs as its partner's in other roles.
    std::int8_t transposeOf;
};

// The parts of a model the memory ledger sums states over: the embedding (first stage), one layer,
// the MoE block of a layer (absent from the first k dense layers), the dense MLP that replaces it
// there, the final norm and output layer (last stage), and the last stage's copy of a tied
// embedding under pipeline parallelism.
enum class InventoryPart : std::uint8_t { Embedding, Layer, MoeBlock, DenseMlp, Final, TiedOutput };
inline constexpr std::size_t kInventoryParts = 6;

// Whole (unsplit) element counts of one part: [expert][linear weight]. Whole numbers, summed
// exactly: the memory ledger scales them to --params itself, so they are the same numbers whether
// it takes them from here or sums the groups.
struct PartElements {
    std::int64_t count[2][2] = {{0, 0}, {0, 0}};
};

// Every parameter tensor of a model, grouped. Built without heap allocation because the
// estimator builds one per estimate and must stay within microseconds. The sums that every
// estimate needs (the parameter count, each part's elements, the tensor count of the optimizer's
// step counters) are made as the groups are added, instead of in a loop over the groups by each
// caller.
class ParameterInventory {
public:
    explicit ParameterInventory(const ModelSpec& model);
    std::span<const TensorGroup> groups() const { return {groups_.data(), size_}; }
    // At most this many entries, so a caller may keep one value per entry inline.
    static constexpr std::size_t kMaxLayerMatrices = 16;
    std::span<const LayerMatrix> layerMatrices() const { return {layerMatrices_.data(), matrices_}; }
    // The members of `matrix` (one of layerMatrices()) whose projection is among `targets` (LoRA's).
    int membersIn(const LayerMatrix& matrix, unsigned targets) const
    {
        int n = 0;
        for (int i = 0; i < matrix.members; ++i)
            n += (groups_[matrix.firstGroup + static_cast<std::size_t>(i)].projection & targets) != 0 ? 1 : 0;
        return n;
    }

    // The largest shape an estimate accepts: 10^16 parameters, 5,000 times the largest published
    // model (the --params field stops at 10^15; a family shape for it can come out a little above).
    static constexpr double kMaxShapeParameters = 1e16;
    const ParameterCount& count() const { return count_; }
    // Whether the shape has more than kMaxShapeParameters; its counts are then capped there
    // (checkShapeSize reports it; nothing should be estimated from it).
    bool oversized() const { return shapeParameters_ > kMaxShapeParameters; }
    double shapeParameters() const { return shapeParameters_; }  // the uncapped total, in double
    const PartElements& elements(InventoryPart part) const { return parts_[static_cast<std::size_t>(part)]; }
    // Parameter tensors on a GPU holding `layers` layers, the embedding when `first`, the final norm
    // and output layer when `last`, with the experts split over `ep` ranks (uneven splits round up);
    // the dense MLP of a MoE model's first k layers counts as the block it replaces.
    std::int64_t tensorsOn(int layers, bool first, bool last, int ep) const;
    // The same in the whole model.
    std::int64_t tensors() const { return tensorsOn(layers_, true, true, 1); }

private:
    // Inlined into the constructor, where the placement and kind of each group are constants, so
    // the sums cost a few additions per group. `name` ("layer.attention.q") says which tensor the
    // call adds, for the reader; it is not kept.
    [[gnu::always_inline]] inline void add(const char* name, Placement placement, std::int64_t rows, std::int64_t cols,
                                           std::int64_t copies, TpSplit split, bool expert, unsigned projection,
                                           bool moeBlock = false, bool sameShapeAsPrevious = false,
                                           int transposeOf = -1);
    [[gnu::always_inline]] inline void sum(const TensorGroup& g);
    template <typename F>
    [[gnu::always_inline]] inline void forEachPart(const TensorGroup& g, F&& f) const;
    // Appends a layer matrix to the merged view, as a new entry or (sameShapeAsPrevious: the
    // previous layer matrix has its shape, split and placement) as a member of the last one;
    // `transposeOf` as LayerMatrix has it (the caller knows it from the model's widths).
    [[gnu::always_inline]] inline void addLayerMatrix(const TensorGroup& g, bool sameShapeAsPrevious, int transposeOf);
    // The index of the last layer matrix entry, -1 before the first (for a later entry's transposeOf).
    int lastMatrix() const { return static_cast<int>(matrices_) - 1; }
    void finishCount(const ModelSpec& m);
    std::array<TensorGroup, 32> groups_;  // the first size_ are set
    std::size_t size_ = 0;
    std::array<LayerMatrix, kMaxLayerMatrices> layerMatrices_;  // the first matrices_ are set
    std::size_t matrices_ = 0;
    unsigned biasedProjections_ = 0;  // projections whose linear layers have a bias (aten.addmm, not aten.mm)
    int mmCalls_ = 0;                 // the layer's aten.mm calls so far, while the groups are added
    bool tiedEmbeddings_ = false;
    int layers_ = 0;
    std::array<PartElements, kInventoryParts> parts_{};
    ParameterCount count_;
    double shapeParameters_ = 0;
    std::int64_t expertPerLayer_ = 0;      // elements of the routed experts in one layer
    std::int64_t oneExpertPerLayer_ = 0;   // of one routed expert
    std::int64_t embeddingTensors_ = 0;    // tensors (copies) by placement; the layer's experts apart
    std::int64_t layerTensors_ = 0;
    std::int64_t finalTensors_ = 0;
    std::int64_t expertGroups_ = 0;        // groups of routed experts in a layer
    std::int64_t expertCopies_ = 0;        // the experts each of them holds
};

// The part of `group` one GPU holds under tensor parallelism `tp` and expert parallelism `ep`:
// `copies` tensors of rows x cols. Uneven splits round up, as padded vocabularies do in practice.
struct LocalShape {
    std::int64_t rows = 0;
    std::int64_t cols = 1;
    std::int64_t copies = 1;
    std::int64_t elements() const { return rows * cols * copies; }
};
// Without tensor or expert parallelism it is the group's own shape, with no division: this runs for
// every group in the ledger, the kernel times and the FLOPs of every estimate.
template <typename Shape>  // a TensorGroup or a LayerMatrix
LocalShape localShape(const Shape& g, int tp, int ep)
{
    auto ceilDiv = [](std::int64_t a, std::int64_t b) { return b > 0 ? (a + b - 1) / b : a; };
    LocalShape local{g.rows, g.cols, g.expert && ep > 1 ? ceilDiv(g.copies, ep) : g.copies};
    if (tp == 1)
        return local;
    if (g.split == TpSplit::Row)
        local.cols = ceilDiv(g.cols, tp);
    else if (g.split != TpSplit::Replicated)  // column-parallel and vocabulary-parallel split the rows
        local.rows = ceilDiv(g.rows, tp);
    return local;
}

} // namespace shardscope
