#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/model/model_spec.h"

namespace shardscope {

// Reads a Hugging Face transformers config.json into a ModelSpec. Supported model_type values:
// llama, mistral, mixtral, qwen2, gpt2, gpt_neox. Defaults for absent keys follow each
// architecture's configuration class in transformers (for example num_key_value_heads defaults
// to num_attention_heads, head_dim to hidden_size / num_attention_heads). Problems are reported
// against the field "model.hf_config".
std::optional<ModelSpec> importHfConfig(const nlohmann::json& config, Diagnostics& out);
std::optional<ModelSpec> importHfConfigFile(const std::string& path, Diagnostics& out);

// The model_type values importHfConfig understands, for messages.
const char* supportedHfModelTypes();

} // namespace shardscope
