#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace shardscope::bench {

// Time per call of `body`, measured over `samples` batches of `batch` calls each. Batching keeps
// the clock's own cost out of sub-microsecond measurements; the median of batch means resists
// interference from the rest of the machine, and the 99th percentile shows it.
struct Timing {
    std::string name;
    double medianNs = 0;
    double p99Ns = 0;
    std::int64_t calls = 0;
};

// Median and 99th percentile of per-call times (nanoseconds) over `calls` calls.
inline Timing summarise(std::string name, std::vector<double> perCall, std::int64_t calls)
{
    std::sort(perCall.begin(), perCall.end());
    Timing t;
    t.name = std::move(name);
    t.medianNs = perCall[perCall.size() / 2];
    t.p99Ns = perCall[std::min(perCall.size() - 1, perCall.size() * 99 / 100)];
    t.calls = calls;
    return t;
}

// Defeats dead-code elimination of a result the benchmark does not otherwise use.
template <typename T>
inline void keep(const T& value)
{
    asm volatile("" : : "g"(&value) : "memory");
}

template <typename Body>
Timing measure(const std::string& name, int samples, int batch, Body&& body)
{
    using Clock = std::chrono::steady_clock;
    for (int i = 0; i < batch; ++i)  // warm caches and lazy statics
        body();
    std::vector<double> perCall;
    perCall.reserve(static_cast<std::size_t>(samples));
    for (int s = 0; s < samples; ++s) {
        const auto start = Clock::now();
        for (int i = 0; i < batch; ++i)
            body();
        const auto elapsed = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
        perCall.push_back(elapsed / batch);
    }
    return summarise(name, std::move(perCall), static_cast<std::int64_t>(samples) * batch);
}

} // namespace shardscope::bench
