#pragma once
#include <cstdint>
#include <vector>

namespace shardscope {

// torch.randperm(n, generator=g) after g.manual_seed(seed), on the CPU, exactly: PyTorch's CPU
// generator is a 32-bit Mersenne Twister (at::mt19937, seeded with the low 32 bits of the seed),
// and randperm_cpu is a Fisher-Yates shuffle that swaps r[i] with r[i + random() % (n - i)] for
// i = 0 .. n-2 (aten/src/ATen/native/TensorFactories.cpp, randperm_cpu, PyTorch 1.13).
// validation/engine_sampler.py checks it against torch.randperm and DistributedSampler.
std::vector<std::int64_t> torchRandperm(std::int64_t n, std::uint64_t seed);

} // namespace shardscope
