#pragma once
#include <cmath>
#include <cstdint>

namespace shardscope {

// A seeded, reproducible generator: xoshiro256** (Blackman & Vigna 2018, "Scrambled linear
// pseudorandom number generators", arXiv 1805.01407), seeded through SplitMix64 as its authors
// recommend. Written out here, not taken from <random>, so that a seed gives the same sequence
// with every standard library.
class Random {
public:
    explicit Random(std::uint64_t seed)
    {
        for (std::uint64_t& word : state_) {
            seed += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            word = z ^ (z >> 31);
        }
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in (0, 1): 53 random bits, never exactly 0.
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

    // Standard normal by Marsaglia's polar method (Marsaglia & Bray 1964): no trigonometry,
    // one logarithm per pair; the second value is kept for the next call.
    double normal()
    {
        if (hasSpare_) {
            hasSpare_ = false;
            return spare_;
        }
        double x, y, s;
        do {
            x = 2.0 * uniform() - 1.0;
            y = 2.0 * uniform() - 1.0;
            s = x * x + y * y;
        } while (s >= 1.0 || s == 0.0);
        const double factor = std::sqrt(-2.0 * std::log(s) / s);
        spare_ = y * factor;
        hasSpare_ = true;
        return x * factor;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t state_[4];
    double spare_ = 0.0;
    bool hasSpare_ = false;
};

} // namespace shardscope
