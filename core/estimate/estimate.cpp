#include "core/estimate/estimate.h"

#include <cmath>
#include <charconv>

#include "core/common/units.h"
#include "core/hardware/gpu_spec.h"
#include "core/scenario/scenario_checks.h"

namespace shardscope {
namespace {

// "12.3 GB", appended with integer to_chars: these messages are built on every estimate that
// does not fit, so no printf and no temporaries.
void appendGigabytes(std::string& text, double bytes)
{
    const long long tenths = std::llround(bytes / units::kGB * 10.0);
    char digits[32];
    char* end = std::to_chars(digits, digits + 24, tenths / 10).ptr;
    *end++ = '.';
    *end++ = static_cast<char>('0' + std::llabs(tenths % 10));
    text.append(digits, end).append(" GB");
}

void reportFit(const Scenario& s, const Estimate& e, const GpuSpec& gpu, Diagnostics& out)
{
    const double capacity = e.memory.gpuCapacity;
    const double need = e.memory.perGpu.device.total();
    if (!e.memory.fits) {
        std::string text;
        text.reserve(160);
        text.append("does not fit: the most loaded GPU (pipeline stage ").append(std::to_string(e.memory.perGpu.stage));
        text.append(") needs ");
        appendGigabytes(text, need);
        text.append(", ");
        appendGigabytes(text, need - capacity);
        text.append(" more than the ");
        appendGigabytes(text, capacity);
        text.append(" of one ").append(gpu.name);
        out.push_back({Severity::Warning, "memory", std::move(text)});
    }
    const double single = e.memory.singleGpu.device.total();
    if (!e.memory.singleGpuFits && s.parallel.gpus > 1) {
        std::string text;
        text.reserve(160);
        text.append("on a single GPU the same training needs ");
        appendGigabytes(text, single);
        text.append(", ");
        appendGigabytes(text, single - capacity);
        text.append(" more than one ").append(gpu.name).append(" holds");
        out.push_back({Severity::Info, "memory", std::move(text)});
    }
}

} // namespace

Estimate estimate(const Scenario& s)
{
    Estimate e;
    checkScenario(s, e.diagnostics);
    if (hasErrors(e.diagnostics) && (s.model.layers <= 0 || s.model.hidden <= 0 || s.model.heads <= 0
                                     || s.parallel.gpus <= 0 || s.parallel.tp <= 0 || s.parallel.pp <= 0
                                     || s.parallel.cp <= 0 || s.parallel.ep <= 0 || s.parallel.vpp <= 0
                                     || s.training.seqLen <= 0 || s.training.microBatch <= 0)) {
        return e;  // nothing meaningful to compute with a non-positive size
    }

    const ParameterInventory inventory(s.model);
    const ParameterCount count = countParameters(s.model, inventory);
    e.model.params = ledgerParameters(s.model);
    e.model.activeParams = s.model.exactParams && count.total > 0
                               ? static_cast<std::int64_t>(std::llround(static_cast<double>(count.active)
                                                                        * static_cast<double>(*s.model.exactParams)
                                                                        / static_cast<double>(count.total)))
                               : count.active;

    const LedgerLayout layout = distributedLayout(s);
    e.memory.singleGpu = mostLoadedGpu(s, inventory, count.total, singleGpuLayout(s));
    e.memory.perGpu = mostLoadedGpu(s, inventory, count.total, layout);
    e.model.paramsPerGpu = e.memory.perGpu.params;
    e.model.trainableParams = e.memory.singleGpu.trainableParams;

    const GpuSpec* gpu = standardGpuPresets().find(s.cluster.gpu);
    if (gpu != nullptr) {
        e.memory.gpuCapacity = gpu->memoryBytes;
        e.memory.fits = e.memory.perGpu.device.total() <= gpu->memoryBytes;
        e.memory.singleGpuFits = e.memory.singleGpu.device.total() <= gpu->memoryBytes;
        e.step = estimateStep(s, inventory, count.total, *gpu, layout, e.memory.perGpu, e.diagnostics);
        if (!hasErrors(e.diagnostics))
            reportFit(s, e, *gpu, e.diagnostics);
    }
    return e;
}

} // namespace shardscope
