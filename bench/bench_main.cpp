// shardscope-bench: wiring only. Prints one line per benchmark: median and 99th percentile
// time per call. `--json` prints the same as JSON for docs/performance.md; `--no-gui` skips
// the desktop-app benchmarks (which run offscreen when there is no display), `--gui-only` the others.
#include <QApplication>
#include <QDir>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench/estimate_bench.h"
#include "bench/gui_bench.h"
#include "bench/precision_bench.h"
#include "ui/platform/headless.h"

int main(int argc, char** argv)
{
    bool json = false, gui = true, core = true;
    for (int i = 1; i < argc; ++i) {
        json = json || std::strcmp(argv[i], "--json") == 0;
        gui = gui && std::strcmp(argv[i], "--no-gui") != 0;
        core = core && std::strcmp(argv[i], "--gui-only") != 0;
    }
    if (shardscope::ui::withoutDisplay())
        shardscope::ui::useOffscreenPlatform();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ShardScope-bench"));

    std::vector<shardscope::bench::Timing> all;
    if (core) {
        all = shardscope::bench::estimateBenchmarks();
        for (auto& t : shardscope::bench::precisionBenchmarks())
            all.push_back(std::move(t));
    }
    if (gui) {
        const QString program = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../app/shardscope"));
        for (auto& t : shardscope::bench::guiBenchmarks(program))
            all.push_back(std::move(t));
    }
    if (json)
        std::printf("[\n");
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& t = all[i];
        if (json)
            std::printf("  {\"name\": \"%s\", \"median_ns\": %.1f, \"p99_ns\": %.1f, \"calls\": %lld}%s\n",
                        t.name.c_str(), t.medianNs, t.p99Ns, static_cast<long long>(t.calls),
                        i + 1 < all.size() ? "," : "");
        else
            std::printf("%-48s median %12.1f ns   p99 %12.1f ns   (%lld calls)\n", t.name.c_str(), t.medianNs, t.p99Ns,
                        static_cast<long long>(t.calls));
    }
    if (json)
        std::printf("]\n");
    return 0;
}
