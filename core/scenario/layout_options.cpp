#include "core/scenario/layout_options.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/scenario/scenario_checks.h"

namespace shardscope {
namespace {

std::vector<int> divisorsOf(std::int64_t value, int limit)
{
    std::vector<int> out;
    for (int d = 1; d <= limit; ++d) {
        if (value > 0 && value % d == 0)
            out.push_back(d);
    }
    if (out.empty())
        out.push_back(1);
    return out;
}

} // namespace

LayoutOptions layoutOptions(const Scenario& s)
{
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    // Products in 64 bits: tp = pp = 65536 (each within its range) is 2^32, which wrapped to 0 in
    // an int and divided by zero (issue 18). tp, pp and cp are at most 2^16 each (field_table.cpp),
    // so their product is at most 2^48.
    const std::int64_t gpus = std::max(1, p.gpus);
    const std::int64_t tp = std::max(1, p.tp), pp = std::max(1, p.pp), cp = std::max(1, p.cp);
    // A value is offered when the model allows it and the GPU count still divides by the product
    // of the model-parallel sizes, so moving one slider never breaks the layout.
    const auto fits = [&](std::int64_t t, std::int64_t q, std::int64_t c) { return gpus % (t * q * c) == 0; };
    LayoutOptions o;
    for (int t : divisorsOf(m.heads, 64)) {
        const bool ok = m.effectiveKvHeads() % t == 0 && m.ffnHidden % t == 0 && (!m.moe.isMoe() || m.expertFfn() % t == 0);
        if (ok && fits(t, pp, cp))
            o.tp.push_back(t);
    }
    for (int q : divisorsOf(m.layers, 128)) {
        if (fits(tp, q, cp))
            o.pp.push_back(q);
    }
    for (int c = 1; c <= 64; c *= 2) {
        if ((c == 1 || s.training.seqLen % (2 * c) == 0) && fits(tp, pp, c))
            o.cp.push_back(c);
    }
    const std::int64_t dpTimesCp = gpus / (tp * pp * cp) * cp;
    o.ep.push_back(1);
    for (int e = 2; m.moe.isMoe() && e <= m.moe.experts; ++e) {
        if (m.moe.experts % e == 0 && dpTimesCp % e == 0)
            o.ep.push_back(e);
    }
    o.vpp.push_back(1);
    for (int v = 2; pp > 1 && v <= 16; ++v) {
        if (m.layers % (pp * v) == 0)  // pp * v <= 2^20
            o.vpp.push_back(v);
    }
    const std::int64_t modelParallel = tp * pp * cp;
    for (std::int64_t g = modelParallel; g <= 16384; g += modelParallel) {
        const std::int64_t dp = g / modelParallel;
        if ((dp & (dp - 1)) == 0 || dp <= 16)  // every small replica count, then powers of two
            o.gpus.push_back(static_cast<int>(g));
    }
    if (o.tp.empty())
        o.tp.push_back(1);
    if (o.pp.empty())
        o.pp.push_back(1);
    if (o.cp.empty())
        o.cp.push_back(1);
    return o;
}

std::vector<LayoutFix> nearestValidLayouts(const Scenario& s)
{
    std::vector<LayoutFix> fixes;
    Diagnostics current;
    if (checkScenario(s, current) && !hasErrors(current))
        return fixes;
    const LayoutOptions options = layoutOptions(s);
    struct Dimension {
        const char* field;
        int ParallelSpec::*member;
        const std::vector<int>* values;
    };
    const Dimension dimensions[] = {{"parallel.tp", &ParallelSpec::tp, &options.tp},
                                    {"parallel.pp", &ParallelSpec::pp, &options.pp},
                                    {"parallel.cp", &ParallelSpec::cp, &options.cp},
                                    {"parallel.gpus", &ParallelSpec::gpus, &options.gpus}};
    for (const Dimension& d : dimensions) {
        const int current = s.parallel.*(d.member);
        const auto runs = [&](int value) {
            Scenario candidate = s;
            candidate.parallel.*(d.member) = value;
            candidate.parallel.dp.reset();
            Diagnostics out;
            return checkScenario(candidate, out) && !hasErrors(out);
        };
        // The closest value on each side that runs (the options list is sorted).
        int below = 0, above = 0;
        for (int v : *d.values) {
            if (v < current && runs(v))
                below = v;
            if (v > current && above == 0 && runs(v))
                above = v;
        }
        if (below == 0 && above == 0)
            continue;
        if (below > 0)
            fixes.push_back({d.field, below});
        if (above > 0)
            fixes.push_back({d.field, above});
    }
    return fixes;
}

std::vector<std::int64_t> parameterCountSteps()
{
    std::vector<std::int64_t> steps;
    const int perDecade = 24;
    for (int i = 0;; ++i) {
        const double raw = 1e8 * std::pow(10.0, static_cast<double>(i) / perDecade);
        if (raw > 2.0001e12)
            break;
        const double magnitude = std::pow(10.0, std::floor(std::log10(raw)) - 1);  // two significant digits
        const auto rounded = static_cast<std::int64_t>(std::llround(std::round(raw / magnitude) * magnitude));
        if (steps.empty() || rounded > steps.back())
            steps.push_back(rounded);
    }
    if (steps.back() != 2'000'000'000'000)
        steps.push_back(2'000'000'000'000);
    for (std::int64_t anchor : {7'000'000'000LL, 13'000'000'000LL, 70'000'000'000LL, 175'000'000'000LL}) {
        if (std::find(steps.begin(), steps.end(), anchor) == steps.end())
            steps.insert(std::upper_bound(steps.begin(), steps.end(), anchor), anchor);
    }
    return steps;
}

std::vector<std::int64_t> sequenceLengthSteps()
{
    std::vector<std::int64_t> steps;
    for (std::int64_t s = 256; s <= (1 << 20); s *= 2)
        steps.push_back(s);
    return steps;
}


} // namespace shardscope
