#pragma once
#include <cstdint>
#include <vector>

#include "core/scenario/scenario.h"

namespace shardscope {

// The values a layout control can take given the rest of the scenario, so sliders snap to
// layouts that can run (the rules of scenario_checks.cpp, enumerated). All ascending, all >= 1.
struct LayoutOptions {
    std::vector<int> gpus;  // multiples of tp x pp x cp: 1 to 16 replicas, then powers of two, up to 16384
    std::vector<int> tp;    // divide heads, kv heads and FFN sizes (up to 64), and the GPU count with pp x cp
    std::vector<int> pp;    // divide the layers (up to 128), and the GPU count with tp x cp
    std::vector<int> cp;    // powers of two with 2 cp dividing the sequence, and the GPU count with tp x pp
    std::vector<int> ep;    // divide the experts and dp x cp (1 for dense models)
    std::vector<int> vpp;   // pp x vpp divides the layers (1 when pp is 1)
};

LayoutOptions layoutOptions(const Scenario& scenario);

// What to change to make an impossible layout run: for each of TP, PP, CP and the GPU count
// whose value breaks a rule, the closest value below and above it (the others kept) for which
// checkScenario finds no error. Empty when the layout runs or nothing near it does.
struct LayoutFix {
    const char* field;  // "parallel.tp", "parallel.pp", "parallel.cp", "parallel.gpus"
    int value;
};
std::vector<LayoutFix> nearestValidLayouts(const Scenario& scenario);

// The parameter counts of the --params slider: log-spaced from 1e8 to 2e12, rounded to two
// significant digits so that values read cleanly (7.0B, 13B, 70B, ...).
std::vector<std::int64_t> parameterCountSteps();

// Sequence lengths of the slider: powers of two from 256 to 1,048,576.
std::vector<std::int64_t> sequenceLengthSteps();

} // namespace shardscope
