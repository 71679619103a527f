#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/model/model_spec.h"

// How a shape given in part is completed (docs/model.md, "Partial shapes"): as the engines that
// train such models derive the missing fields, never silently from an unrelated default shape.
namespace shardscope {

// The FFN hidden size an engine derives from the hidden size for the MLP:
//  - GELU: 4 x hidden, Megatron-LM's default (megatron/training/arguments.py:
//    "args.ffn_hidden_size = 4 * args.hidden_size"), as in GPT-3 and Narayanan et al. 2021;
//  - SwiGLU: Llama's rule (facebookresearch/llama, model.py FeedForward.__init__):
//    hidden_dim = int(2 * 4h / 3), rounded up to a multiple of 256 (multiple_of), which gives
//    11008 for h = 4096.
std::int64_t derivedFfnHidden(MlpKind mlp, std::int64_t hidden);

// A shape written without a preset (`object` is the scenario's model group): the FFN follows the
// MLP's rule when hidden or mlp was given without ffn_hidden, with an info diagnostic saying so.
// (Heads without kv_heads stay multi-head and head_dim follows hidden / heads: applyModelFields.)
void deriveShapeFields(const nlohmann::json& object, ModelSpec& model, Diagnostics& out);

// A preset (or config.json) whose shape the user changed in part: each of its fields that keeps
// the preset's value although a field it depends on was given is stated in a warning.
void warnKeptPresetFields(const nlohmann::json& object, const ModelSpec& base, const ModelSpec& model,
                          const std::string& source, Diagnostics& out);

} // namespace shardscope
