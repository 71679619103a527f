#pragma once
#include <QString>
#include <vector>

#include "bench/bench_harness.h"

namespace shardscope::bench {

// The desktop app, offscreen: one slider step to the finished re-plot of every visible chart,
// and the cold start of the `shardscope` program (at `guiProgram`) to its first painted window.
std::vector<Timing> guiBenchmarks(const QString& guiProgram);

} // namespace shardscope::bench
