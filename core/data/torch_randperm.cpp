#include "core/data/torch_randperm.h"

#include <numeric>
#include <random>

namespace shardscope {

std::vector<std::int64_t> torchRandperm(std::int64_t n, std::uint64_t seed)
{
    std::vector<std::int64_t> r(static_cast<std::size_t>(n > 0 ? n : 0));
    std::iota(r.begin(), r.end(), std::int64_t{0});
    // std::mt19937's seeding and tempering are the reference MT19937's, as at::mt19937's are
    // (init_with_uint32: state[0] = seed & 0xffffffff, state[j] = 1812433253 * (state[j-1] ^
    // (state[j-1] >> 30)) + j).
    std::mt19937 engine(static_cast<std::uint32_t>(seed & 0xffffffffu));
    for (std::int64_t i = 0; i + 1 < n; ++i) {
        const auto z = static_cast<std::int64_t>(engine() % static_cast<std::uint64_t>(n - i));
        std::swap(r[static_cast<std::size_t>(i)], r[static_cast<std::size_t>(i + z)]);
    }
    return r;
}

} // namespace shardscope
