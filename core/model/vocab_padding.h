#pragma once
#include <cstdint>

namespace shardscope {

// Megatron-LM's padded vocabulary: the vocabulary rounded up to a multiple of
// make_vocab_size_divisible_by (128 by default) x tensor-parallel size, so that every
// tensor-parallel rank holds the same number of rows and the row count stays GPU-friendly
// (megatron/training/tokenizer/tokenizer.py, _vocab_size_with_padding, core_v0.15.0:
// `multiple = args.make_vocab_size_divisible_by * args.tensor_model_parallel_size`;
// `after = int(math.ceil(after / multiple) * multiple)`).
inline constexpr std::int64_t kVocabPaddingUnit = 128;

inline std::int64_t paddedVocab(std::int64_t vocab, std::int64_t tp, std::int64_t unit = kVocabPaddingUnit)
{
    const std::int64_t multiple = unit * (tp > 0 ? tp : 1);
    return multiple > 0 ? (vocab + multiple - 1) / multiple * multiple : vocab;
}

} // namespace shardscope
