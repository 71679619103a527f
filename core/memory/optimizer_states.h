#pragma once
#include "core/model/parameter_inventory.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// Bytes of optimizer state (moments; the fp32 master copy is counted separately) for the
// local part of one tensor group, with moments stored in `momentBytes` per element.
// `hiddenMatrix`: a 2-D weight inside the transformer layers (not an embedding, the output
// head, a norm or a bias), which some optimizers treat differently (Muon).
// Citations beside each case below and in docs/model.md, "Optimizers".
// Inline: it runs for every tensor group of every estimate.
inline double optimizerStateBytes(Optimizer optimizer, double momentBytes, const LocalShape& shape, bool hiddenMatrix)
{
    const double elements = static_cast<double>(shape.elements());
    switch (optimizer) {
    case Optimizer::AdamW:
        // Loshchilov & Hutter 2019 (arXiv 1711.05101), Algorithm 2: first and second moments m, v.
        return 2.0 * momentBytes * elements;
    case Optimizer::SgdMomentum:
        // One momentum buffer (torch.optim.SGD with momentum > 0).
        return momentBytes * elements;
    case Optimizer::Adafactor:
        // Shazeer & Stern 2018 (arXiv 1804.04235) Algorithms 4-5 with beta1 = 0 (their default):
        // a matrix keeps row and column second-moment factors (rows + cols values), a vector its
        // full second moment; no first moment.
        if (shape.cols > 1)
            return momentBytes * static_cast<double>(shape.rows + shape.cols) * static_cast<double>(shape.copies);
        return momentBytes * elements;
    case Optimizer::Lion:
        // Chen et al. 2023 (arXiv 2302.06675), Algorithm 1: Lion keeps only the momentum m. The
        // reference implementation (google/automl, lion/lion_pytorch.py) allocates one
        // state['exp_avg'] = zeros_like(p) per parameter, in the dtype of the (master) weights.
        return momentBytes * elements;
    case Optimizer::Muon:
        // Jordan et al. 2024 (KellerJordan/Muon, muon.py, MuonWithAuxAdam): the layers' 2-D weights
        // keep one state["momentum_buffer"] = zeros_like(p); embeddings, the output head and every
        // gain and bias go to its internal AdamW (state["exp_avg"], state["exp_avg_sq"]), as the
        // repository's README assigns them.
        return (hiddenMatrix ? 1.0 : 2.0) * momentBytes * elements;
    case Optimizer::AdamW8bit: {
        // bitsandbytes 8-bit optimizers (Dettmers et al. 2022, arXiv 2110.02861): tensors with at
        // least min_8bit_size = 4096 elements keep m and v as uint8 with one fp32 absmax per
        // 256-element block for each (bitsandbytes/optim/optimizer.py, Optimizer2State.init_state);
        // smaller tensors keep 32-bit states.
        constexpr std::int64_t min8BitElements = 4096;
        constexpr std::int64_t blockElements = 256;
        const std::int64_t perTensor = shape.rows * shape.cols;
        if (perTensor < min8BitElements)
            return 2.0 * 4.0 * elements;
        const std::int64_t blocks = (perTensor + blockElements - 1) / blockElements;
        return static_cast<double>(shape.copies) * (2.0 * static_cast<double>(perTensor) + 2.0 * 4.0 * static_cast<double>(blocks));
    }
    }
    return 0.0;
}

} // namespace shardscope
