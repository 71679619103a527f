#include "core/estimate/estimate.h"

#include <cmath>
#include <charconv>
#include <cstring>

#include "core/common/messages.h"
#include "core/common/units.h"
#include "core/estimate/placement.h"
#include "core/hardware/gpu_spec.h"
#include "core/scenario/scenario_checks.h"

namespace shardscope {
namespace {

// "12.3 GB" with integer to_chars: these messages are built on every estimate that does not fit.
std::string gigabytes(double bytes)
{
    const long long tenths = std::llround(bytes / units::kGB * 10.0);
    char digits[32];
    char* end = std::to_chars(digits, digits + 24, tenths / 10).ptr;
    *end++ = '.';
    *end++ = static_cast<char>('0' + std::llabs(tenths % 10));
    std::memcpy(end, " GB", 3);
    return std::string(digits, end + 3);
}

void reportFit(const Scenario& s, const Estimate& e, const GpuSpec& gpu, Diagnostics& out)
{
    const double capacity = e.memory.gpuCapacity;
    const double need = e.memory.perGpu.device.total();
    if (!e.memory.fits)
        out.push_back(makeDiagnostic(Severity::Warning, "memory", msg::kDoesNotFit,
                                     {std::to_string(e.memory.perGpu.stage), gigabytes(need), gigabytes(need - capacity),
                                      gigabytes(capacity), gpu.name}));
    const double single = e.memory.singleGpu.device.total();
    if (!e.memory.singleGpuFits && s.parallel.gpus > 1)
        out.push_back(makeDiagnostic(Severity::Info, "memory", msg::kSingleGpuNeeds,
                                     {gigabytes(single), gigabytes(single - capacity), gpu.name}));
}

} // namespace

Estimate estimate(const Scenario& s)
{
    Estimate e;
    if (!checkScenario(s, e.diagnostics))
        return e;  // a field outside its range: nothing can be computed safely

    const ParameterInventory inventory(s.model);
    const ParameterCount count = countParameters(s.model, inventory);
    e.model.params = s.model.exactParams.value_or(count.total);  // the inventory just counted
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
    e.model.stateBytesPerParam = e.model.params > 0 ? e.memory.singleGpu.device.modelStates() / static_cast<double>(e.model.params) : 0.0;

    const GpuSpec* gpu = standardGpuPresets().find(s.cluster.gpu);
    if (gpu != nullptr) {
        e.memory.gpuCapacity = gpu->memoryBytes;
        e.memory.fits = e.memory.perGpu.device.total() <= gpu->memoryBytes;
        e.memory.singleGpuFits = e.memory.singleGpu.device.total() <= gpu->memoryBytes;
        e.step = estimateStep(s, inventory, count.total, *gpu, layout, e.memory.perGpu, e.diagnostics);
        if (!hasErrors(e.diagnostics)) {
            reportFit(s, e, *gpu, e.diagnostics);
            reportTensorParallelPlacement(s, inventory, count.total, *gpu, layout, e, e.diagnostics);
        }
    }
    return e;
}

} // namespace shardscope
