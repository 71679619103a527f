#include "core/estimate/layout_advice.h"

#include <cmath>
#include <cstdint>

#include "core/common/messages.h"
#include "core/common/round_whole.h"

namespace shardscope {
namespace {

// Percent with no decimals: these are orders of magnitude, not measurements.
std::int64_t percent(double fraction) { return roundWhole(100.0 * fraction); }

// Idle share of a 1F1B step: the bubble (p - 1) over v m + p - 1 slots (Narayanan et al. 2021,
// section 2.2: bubble time fraction (p - 1) / (v m) of the ideal time).
double idleShare(int pp, int vpp, double microbatches)
{
    return (pp - 1) / (vpp * microbatches + pp - 1);
}

} // namespace

void adviseLayout(const Scenario& s, const LedgerLayout& layout, const StepEstimate& step, Diagnostics& out)
{
    const std::int64_t m = step.microbatches;
    const ParallelSpec& p = s.parallel;
    // Whole numbers go into the diagnostics as numbers: they are written out only when shown.
    const auto whole = [](auto v) { return static_cast<std::int64_t>(v); };
    // Below 2 micro-batches nothing is repeated; accumulation of 8 or more is where ZeRO-3's
    // per-micro-batch gathers start to dominate the data-parallel traffic.
    if (p.pp > 1 && p.zero == 2 && m >= 2)
        addDiagnostic(out, Severity::Warning, "parallel.zero", msg::kZero2PipelineReduce, {whole(p.pp), whole(m)});
    // Re-gathering would take two passes over the stage's FSDP units (its layers and the root) for
    // every micro-batch (step_traffic.cpp).
    if (p.pp > 1 && p.zero == 3 && layout.keepGathered && m >= 2) {
        const std::int64_t units = (s.model.layers + p.pp - 1) / p.pp + 1;
        addDiagnostic(out, Severity::Info, "parallel.zero", msg::kZero3PipelineKept, {whole(p.pp), whole(m), whole(2 * m * units)});
    }
    // Only with data-parallel peers are the weights gathered at all (one GPU with ZeRO-3 holds them whole).
    if (p.pp == 1 && layout.shardsWeights() && layout.dp * layout.cp > 1 && s.training.microBatch == 1 && m >= 8) {
        std::int64_t factor = 2;  // the smallest micro-batch above 1 that still divides the global batch
        while (m % factor != 0)
            ++factor;
        // The step model's data-parallel calls: one per FSDP unit (each layer, and the root) in
        // each of the three passes over the weights, for the dense and the expert weights.
        double calls = 0;
        for (const CollectiveCall& c : step.collectives)
            calls += c.dimension == ParallelDim::DP ? c.calls : 0.0;
        addDiagnostic(out, Severity::Info, "training.micro_batch", msg::kZero3Accumulation, whole(m),
                      roundWhole(calls), whole(factor));
    }
    if (p.pp > 1 && m < p.pp) {
        const std::int64_t target = 4LL * p.pp;
        const std::int64_t perMicrobatch = s.training.microBatch * static_cast<std::int64_t>(s.dataParallel());
        addDiagnostic(out, Severity::Warning, "training.global_batch", msg::kIdleGpus,
                      {whole(s.training.globalBatch.value_or(perMicrobatch)), whole(m), whole(p.pp),
                       percent(idleShare(p.pp, p.vpp, double(m))), whole(target),
                       percent(idleShare(p.pp, p.vpp, double(target))), whole(target * perMicrobatch)});
    }
}

} // namespace shardscope
