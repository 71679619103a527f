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
#include "bench/plan_bench.h"
#include "bench/precision_bench.h"
#include "ui/platform/headless.h"

int main(int argc, char** argv)
{
    bool json = false, gui = true, core = true, plan = true, gpt3 = false;
    long count = -1;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0) {
            std::printf("usage: shardscope-bench [--json] [--no-gui | --gui-only] [--no-plan]\n"
                        "       shardscope-bench --count N [--gpt3]\n"
                        "  --json      the timings as JSON (for docs/performance.md)\n"
                        "  --no-gui    skip the desktop-app benchmarks\n"
                        "  --gui-only  only the desktop-app benchmarks\n"
                        "  --no-plan   skip the planner's searches (a few seconds)\n"
                        "  --count N   run N estimates of the article's scenario and nothing else (1 to 10^7),\n"
                        "              for valgrind's instruction count (scripts/count-instructions); only --gpt3 goes with it\n"
                        "  --gpt3      with --count: the GPT-3 175B scenario (tp 8, pp 8, sequence parallel)\n"
                        "Each line: median and 99th percentile time per call; the planner also prints layouts/s on stderr.\n");
            return 0;
        }
        if (std::strcmp(a, "--count") == 0) {
            char* end = nullptr;
            const char* text = i + 1 < argc ? argv[++i] : "";
            count = std::strtol(text, &end, 10);
            if (*text < '0' || *text > '9' || *end != '\0' || count < 1 || count > 10000000) {
                std::fprintf(stderr, "shardscope-bench: error: --count takes a whole number from 1 to 10^7 (got '%s')\n", text);
                return 2;
            }
        } else if (std::strcmp(a, "--gpt3") == 0)
            gpt3 = true;
        else if (std::strcmp(a, "--json") == 0)
            json = true;
        else if (std::strcmp(a, "--no-gui") == 0)
            gui = false;
        else if (std::strcmp(a, "--gui-only") == 0)
            core = false;
        else if (std::strcmp(a, "--no-plan") == 0)
            plan = false;
        else {
            std::fprintf(stderr, "shardscope-bench: error: unknown option %s (see --help)\n", a);
            return 2;
        }
    }
    if (count > 0 && (json || !gui || !core || !plan)) {
        std::fprintf(stderr, "shardscope-bench: error: --count runs estimates only; it takes no other option but --gpt3\n");
        return 2;
    }
    if (count > 0) {  // before any Qt start-up, so that the count is the estimates' alone
        std::printf("%.6g\n", shardscope::bench::runEstimates(gpt3, count));
        return 0;
    }
    if (gpt3) {
        std::fprintf(stderr, "shardscope-bench: error: --gpt3 goes with --count (see --help)\n");
        return 2;
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
        if (plan)
            for (auto& t : shardscope::bench::planBenchmarks())
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
