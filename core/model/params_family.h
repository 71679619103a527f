#pragma once
#include <cstdint>

#include "core/model/model_spec.h"

namespace shardscope {

// The family of shapes behind --params N (docs/model.md, "Parameter-count family"):
// Llama-2 proportions (Touvron et al. 2023, arXiv 2307.09288): head dim 128, hidden = 128 x layers,
// as many heads as layers, SwiGLU FFN of 256 * ceil((8h/3) / 256), RMSNorm, 32000-token untied
// vocabulary, no biases. The layer count is the nearest whole root of
// 12 (128 L)^2 L + 2 * 32000 * 128 L = N, so 7e9 gives Llama-2-7B's 32 x 4096 shape.
// The returned spec carries exactParams = N: the ledger uses N exactly, the shape only
// apportions it and sizes activations. L (and with it h) never decreases as N grows.
ModelSpec shapeForParameterCount(std::int64_t parameters);

} // namespace shardscope
