// shardscope-bench: wiring only. Prints one line per benchmark: median and 99th percentile
// time per call. `--json` prints the same as JSON for docs/performance.md.
#include <cstdio>
#include <cstring>
#include <vector>

#include "bench/estimate_bench.h"
#include "bench/precision_bench.h"

int main(int argc, char** argv)
{
    const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
    std::vector<shardscope::bench::Timing> all = shardscope::bench::estimateBenchmarks();
    for (auto& t : shardscope::bench::precisionBenchmarks())
        all.push_back(std::move(t));
    if (json)
        std::printf("[\n");
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& t = all[i];
        if (json)
            std::printf("  {\"name\": \"%s\", \"median_ns\": %.1f, \"p99_ns\": %.1f, \"calls\": %lld}%s\n",
                        t.name.c_str(), t.medianNs, t.p99Ns, static_cast<long long>(t.calls),
                        i + 1 < all.size() ? "," : "");
        else
            std::printf("%-48s median %9.1f ns   p99 %9.1f ns   (%lld calls)\n", t.name.c_str(), t.medianNs, t.p99Ns,
                        static_cast<long long>(t.calls));
    }
    if (json)
        std::printf("]\n");
    return 0;
}
