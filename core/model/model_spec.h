#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/common/diagnostics.h"
#include "core/common/enum_table.h"

namespace shardscope {

enum class MlpKind { Gelu, SwiGlu };
enum class NormKind { LayerNorm, RmsNorm, LayerNormNoBias };
enum class PositionKind { Rotary, Learned, Alibi };
// Grouped-query attention (multi-head and multi-query are its ends), or DeepSeek's multi-head
// latent attention: queries and keys/values through low-rank projections (DeepSeek-AI 2024,
// arXiv 2405.04434 §2.1; DeepSeek-V3, arXiv 2412.19437 §2.1.1).
enum class AttentionKind { Gqa, Mla };

// Mixture of experts: every transformer layer's MLP is replaced by `experts` routed experts
// (top-k of them run per token) plus `sharedExperts` that every token uses (DeepSeek-style).
struct MoeSpec {
    int experts = 0;                      // 0: a dense model
    int topK = 0;
    int sharedExperts = 0;
    std::int64_t expertFfnHidden = 0;     // 0: the model's ffnHidden
    int denseLayers = 0;                  // the first k layers keep a dense MLP of ffnHidden (DeepSeek's first_k_dense_replace)
    bool isMoe() const { return experts > 0; }
};

// The shape of a decoder-only transformer, enough to count every parameter exactly.
struct ModelSpec {
    std::string id;        // preset id, or empty for a custom shape
    std::string name;      // human-readable
    std::string source;    // where the shape comes from (paper, model card, config.json)

    int layers = 0;
    std::int64_t hidden = 0;
    int heads = 0;
    int kvHeads = 0;                // 0: same as heads (multi-head attention)
    std::int64_t headDim = 0;       // 0: hidden / heads
    std::int64_t ffnHidden = 0;
    MlpKind mlp = MlpKind::SwiGlu;
    std::int64_t vocab = 0;
    bool tiedEmbeddings = false;
    NormKind norm = NormKind::RmsNorm;
    bool qkvBias = false;           // biases on the query/key/value projections (GPT-2, Qwen2)
    bool outProjBias = false;       // bias on the attention output projection
    bool mlpBias = false;           // biases on the MLP projections
    PositionKind position = PositionKind::Rotary;
    std::int64_t maxPositions = 0;  // rows of a learned position table
    bool dropout = false;           // attention and hidden dropout active in training (Korthikanti's masks)
    bool embeddingNorm = false;     // a LayerNorm after the token embedding (BLOOM's word_embeddings_layernorm)
    bool parallelResidual = false;  // attention and MLP read the same input and add to one residual (GPT-J, GPT-NeoX, PaLM)
    bool qkNorm = false;            // RMSNorm of head_dim on each query and key head (Qwen3's q_norm, k_norm)
    AttentionKind attention = AttentionKind::Gqa;
    // Multi-head latent attention (attention = Mla): headDim is the no-rotary part of a query/key
    // head (qk_nope_head_dim), ropeHeadDim the rotary part, vHeadDim a value head; queries go
    // through a rank-qLoraRank projection (0: directly), keys and values through kvLoraRank.
    std::int64_t qLoraRank = 0;
    std::int64_t kvLoraRank = 0;
    std::int64_t ropeHeadDim = 0;
    std::int64_t vHeadDim = 0;
    MoeSpec moe;

    // --params N: the model-state ledger uses exactly this many parameters; the shape
    // above only apportions them (pipeline stages, tensor splits) and sizes activations.
    std::optional<std::int64_t> exactParams;

    bool mla() const { return attention == AttentionKind::Mla; }
    int effectiveKvHeads() const { return mla() ? heads : (kvHeads > 0 ? kvHeads : heads); }
    std::int64_t effectiveHeadDim() const { return headDim > 0 ? headDim : (heads > 0 ? hidden / heads : 0); }
    // A query (and key) head's width as attention sees it: with MLA the no-rotary and rotary parts.
    std::int64_t qkHeadDim() const { return mla() ? effectiveHeadDim() + ropeHeadDim : effectiveHeadDim(); }
    std::int64_t valueHeadDim() const { return mla() ? vHeadDim : effectiveHeadDim(); }
    std::int64_t queryWidth() const { return heads * qkHeadDim(); }
    std::int64_t kvWidth() const { return effectiveKvHeads() * qkHeadDim(); }      // keys
    std::int64_t valueWidth() const { return effectiveKvHeads() * valueHeadDim(); }
    std::int64_t attentionOutputWidth() const { return heads * valueHeadDim(); }  // the output projection's input
    std::int64_t expertFfn() const { return moe.expertFfnHidden > 0 ? moe.expertFfnHidden : ffnHidden; }
};

// Checks that the shape is self-consistent (positive sizes, heads divisible by kv heads, ...).
// Fields are reported as "model.<name>".
void validateModel(const ModelSpec& model, Diagnostics& out);
// The same without the checks that the field table's ranges already make (layers, hidden, heads,
// ffn_hidden and vocab at least 1, --params at least 1): for a scenario whose fields are known to
// be within their ranges (checkScenario), where those checks ran on every estimate for nothing.
void validateModelRelations(const ModelSpec& model, Diagnostics& out);

// Exact parameter counts of the shape (ignores exactParams).
struct ParameterCount {
    std::int64_t embedding = 0;      // token (and learned position) embeddings
    std::int64_t perLayer = 0;       // one transformer layer, all experts included
    std::int64_t perLayerActive = 0; // one layer as a token sees it (top-k experts + shared)
    std::int64_t finalNorm = 0;
    std::int64_t output = 0;         // untied output projection; 0 when tied
    std::int64_t total = 0;
    std::int64_t active = 0;         // parameters one token's forward pass touches
};
ParameterCount countParameters(const ModelSpec& model);
class ParameterInventory;
// The same from the model's inventory, which sums it as it is built.
ParameterCount countParameters(const ModelSpec& model, const ParameterInventory& inventory);
// False, with an error naming the model, when the inventory's shape has more parameters than any
// estimate can mean (kMaxShapeParameters); each field in range can still multiply out to more
// than a 64-bit count holds (65,536 experts of 2^22 x 2^20 in 16 layers: 1.4e19).
bool checkShapeSize(const ParameterInventory& inventory, Diagnostics& out);

// The parameter count the ledger uses: exactParams when set, else the shape's count.
std::int64_t ledgerParameters(const ModelSpec& model);

// exactParams / the shape's count (`shapeTotal`), 1 without exactParams: a --params model is its
// family's shape with every tensor scaled by this, so memory and FLOPs follow the exact count.
double parameterScale(const ModelSpec& model, std::int64_t shapeTotal);

// The value tables of the shape's enums (core/model/model_enums.cpp).
template <> const EnumTable& enumTable<MlpKind>();
template <> const EnumTable& enumTable<NormKind>();
template <> const EnumTable& enumTable<PositionKind>();
template <> const EnumTable& enumTable<AttentionKind>();

} // namespace shardscope
