#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/enum_table.h"
#include "core/model/model_spec.h"

// Every tensor of a Megatron-LM (Megatron Core) GPT checkpoint and how tensor and expert
// parallelism cut it (docs/model.md, "Checkpoint resharding"). Built from the model shape that
// the parameter inventory counts (core/model/parameter_inventory.cpp), with Megatron's fused
// layouts: linear_qkv is one column-parallel tensor whose rows are grouped per KV group, and
// SwiGLU's linear_fc1 holds gate and up, each chunked over tp on its own.
namespace shardscope {

enum class TensorKind { Column, Row, Replicated, Vocab, Expert };
template <> const EnumTable& enumTable<TensorKind>();

// Which stages hold a tensor.
enum class TensorHome { FirstStage, EveryLayer, LastStage, TiedCopy };

// How a tensor's rows along its split dimension are laid out, which decides what a rank holds.
enum class RowLayout {
    Even,        // rank r holds rows [r n/tp, (r+1) n/tp)
    QkvGroups,   // [q of group 0; k0; v0; q of group 1; ...]: an even split gives whole groups
    GatedPair,   // [gate; up]: rank r holds gate rows r and up rows r (Megatron's W and V halves)
    Whole,       // replicated: every rank holds every row
};

struct Interval {
    std::int64_t begin = 0;
    std::int64_t end = 0;  // exclusive
    std::int64_t size() const { return end > begin ? end - begin : 0; }
};

struct ReshardTensor {
    std::string name;                    // Megatron Core's state-dict name ("*" for the layer index)
    std::vector<std::int64_t> shape;     // global shape (experts first for expert tensors)
    TensorKind kind = TensorKind::Replicated;
    TensorKind innerKind = TensorKind::Replicated;  // expert tensors: how tp cuts each expert
    int splitDim = -1;                   // the dimension tp cuts (-1: none)
    TensorHome home = TensorHome::EveryLayer;
    RowLayout layout = RowLayout::Whole;
    std::int64_t rows = 1;               // size along the split dimension (of one expert)
    std::int64_t unit = 1;               // elements per row along the split dimension
    std::int64_t realRows = 0;           // vocabulary tensors: rows of the true vocabulary
    int experts = 0;                     // expert tensors: the experts a layer has
    bool hiddenMatrix = false;           // a 2-D weight inside the layers (Muon's rule)
    std::string notes;
    std::int64_t elements() const;
};

// The tensors of `model` with its vocabulary padded to `paddedVocab` rows, in state-dict order.
std::vector<ReshardTensor> reshardTensors(const ModelSpec& model, std::int64_t paddedVocab);

// The rows of `t` (global coordinates along its split dimension; expert e's rows start at
// e x rows) that the rank with tensor-parallel rank `tpRank` of `tp` and expert-parallel rank
// `epRank` of `ep` holds.
std::vector<Interval> holdings(const ReshardTensor& t, int tpRank, int tp, int epRank, int ep);

// Rows two holdings have in common, counting only rows below `limit` (the vocabulary rows both
// sides hold; everything for other tensors).
std::int64_t overlap(const std::vector<Interval>& a, const std::vector<Interval>& b, std::int64_t limit);

} // namespace shardscope
