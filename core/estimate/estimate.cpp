#include "core/estimate/estimate.h"

#include <cmath>
#include <new>
#include <string>
#include <type_traits>

#include "core/common/messages.h"
#include "core/common/round_whole.h"
#include "core/estimate/layout_advice.h"
#include "core/estimate/placement.h"
#include "core/hardware/gpu_spec.h"
#include "core/ops/checkpoint.h"
#include "core/ops/ops_model.h"
#include "core/scenario/scenario_checks.h"

namespace shardscope {
namespace {

// Memory figures are kept as numbers in the diagnostics and written out ("132.5 GB") only when
// shown: these messages are made on every estimate that does not fit on one GPU.
using Gigabytes = DiagnosticArgs::Gigabytes;

// Storage for an aggregate of numbers that a function writes part by part, not zeroed first:
// zeroing the ledger's 185 states cost 124 instructions of every estimate. An aggregate's storage
// holds one from its start (C++20 implicit object creation, [intro.object]); its members are
// indeterminate until written, so only the writer's parts may be read.
template <class T>
class Unzeroed {
    static_assert(std::is_aggregate_v<T> && std::is_trivially_destructible_v<T>);

public:
    T& get() { return *std::launder(reinterpret_cast<T*>(bytes_)); }

private:
    alignas(T) unsigned char bytes_[sizeof(T)];
};

// `need` and `single`: the device totals of the most loaded GPU and of one GPU (the estimate has
// them already: each total is a dozen loads and additions). `gpu` is a preset: its name outlives
// the diagnostics (DiagnosticArgs::Lasting).
void reportFit(const Scenario& s, const Estimate& e, const GpuSpec& gpu, double need, double single, Diagnostics& out)
{
    const double capacity = e.memory.gpuCapacity;
    if (!e.memory.fits)
        addDiagnostic(out, Severity::Warning, "memory", msg::kDoesNotFit, e.memory.perGpu.stage, Gigabytes{need},
                      Gigabytes{need - capacity}, Gigabytes{capacity}, DiagnosticArgs::Lasting{gpu.name});
    if (!e.memory.singleGpuFits && s.parallel.gpus > 1)
        addDiagnostic(out, Severity::Info, "memory", msg::kSingleGpuNeeds, Gigabytes{single}, Gigabytes{single - capacity},
                      DiagnosticArgs::Lasting{gpu.name});
}

// ZeRO-3 can need more memory per GPU than ZeRO-2 (the invariant audit found up to 8 % at small
// dp): it saves (1 - 1/dp) of the weights but keeps the gathered full-size parameters of the layer
// being computed and of the one prefetched (DeepSpeed's stage3_prefetch_bucket_size, FSDP's
// forward prefetch). That is how the engines behave, so the estimate keeps it and says why. ZeRO-3
// that keeps the weights gathered through the step holds unsharded gradients as well, and the
// estimate says that instead. `need` is the most loaded GPU's device total.
void reportZero3(const Scenario& s, const ParameterInventory& inventory, std::int64_t shapeParameters,
                 const LedgerLayout& layout, const Estimate& e, double need, Diagnostics& out)
{
    if (layout.zero != 3 || layout.dp * layout.cp <= 1)
        return;
    const GpuMemory& here = e.memory.perGpu;
    if (layout.shardsWeights()) {
        // A bound that spares the third ledger evaluation on nearly every estimate: ZeRO-2 differs
        // from ZeRO-3 only in the weights (unsharded, and no gathered buffers), so on this stage
        // ZeRO-2 needs here - gathered + (unsharded - sharded weights on the device), and its most
        // loaded stage needs at least that. When the gathered buffers are below what sharding saves
        // on the device, ZeRO-3 cannot need more. Near equality the full comparison decides.
        const double unsharded = layout.offload == Offload::OptimizerAndParams ? 0.0 : here.shard.weights[0] + here.shard.weights[1];
        const double bound = here.overhead.gatheredParameters - (unsharded - here.device.weights);
        if (bound < -1e-9 * need)
            return;
    }
    LedgerLayout zero2 = layout;
    zero2.zero = 2;
    zero2.keepGathered = false;
    const GpuMemory other = mostLoadedGpu(s, inventory, shapeParameters, zero2);
    const double extra = need - other.device.total();
    if (extra <= 0.0)
        return;
    // ZeRO-3 kept gathered through the step (torchtitan under a pipeline, --fsdp-reshard never)
    // gathers no layer at a time: what it holds beyond ZeRO-2 is the unsharded gradients.
    if (!layout.shardsWeights()) {
        addDiagnostic(out, Severity::Info, "parallel.zero", msg::kZero3KeptGathered,
                      {Gigabytes{extra}, layout.dp * layout.cp});
        return;
    }
    const double saved = (other.device.weights + other.host.weights) - (here.device.weights + here.host.weights);
    addDiagnostic(out, Severity::Info, "parallel.zero", msg::kZero3Gather,
                  {Gigabytes{extra}, Gigabytes{here.overhead.gatheredParameters}, Gigabytes{saved}, layout.dp * layout.cp});
}

// "12.3 min", "4.5 h", "2.1 days" for the ops warnings (built only when one is shown).
std::string duration(double seconds)
{
    const char* unit = " s";
    double value = seconds;
    if (seconds >= 2.0 * 86400.0) {
        value = seconds / 86400.0;
        unit = " days";
    } else if (seconds >= 2.0 * 3600.0) {
        value = seconds / 3600.0;
        unit = " h";
    } else if (seconds >= 120.0) {
        value = seconds / 60.0;
        unit = " min";
    }
    const long long tenths = std::llround(value * 10.0);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + unit;
}

void reportOps(const Scenario& s, const OpsEstimate& o, Diagnostics& out)
{
    if (o.intervalRaisedToWrite)
        addDiagnostic(out, Severity::Warning, "ops.interval_minutes", msg::kAsyncIntervalBelowWrite,
                      {duration(s.ops.intervalMinutes.value_or(0.0) * 60.0), duration(o.writeSeconds)});
    // Below one half, the run spends more time failing and recovering than training.
    if (o.ettr < 0.5)
        addDiagnostic(out, Severity::Warning, "ops", msg::kLowEttr,
                      {std::to_string(static_cast<int>(std::floor(100.0 * o.ettr))), duration(o.mtbfSeconds),
                       duration(o.lostSecondsPerFailure)});
}

} // namespace

Estimate estimate(const Scenario& s)
{
    Estimate e;
    const GpuSpec* gpu = nullptr;  // the checks look the preset up (null: unknown, reported)
    if (!checkScenario(s, e.diagnostics, &gpu))
        return e;  // a field outside its range: nothing can be computed safely

    const ParameterInventory inventory(s.model);
    if (!checkShapeSize(inventory, e.diagnostics))
        return e;  // fields each in range that multiply out to more parameters than mean anything
    const ParameterCount& count = inventory.count();  // summed as the inventory was built (countParameters)
    e.model.params = s.model.exactParams.value_or(count.total);  // the inventory just counted
    e.model.activeParams = s.model.exactParams && count.total > 0
                               ? roundWhole(static_cast<double>(count.active) * static_cast<double>(*s.model.exactParams)
                                            / static_cast<double>(count.total))
                               : count.active;

    const LedgerLayout layout = distributedLayout(s);
    // Activations depend on tp, cp and sequence parallelism only (besides model and training):
    // a layout without them keeps what one GPU keeps, so they are computed once.
    const LedgerLayout single = singleGpuLayout(s);
    const LedgerActivations singleActivations = singleGpuActivations(s, inventory);
    // Likewise the unshared states depend on tp and ep only: a layout without them (data
    // parallelism, ZeRO, pipelines) shares the single GPU's sums and only shards them.
    // ledgerTensorsInto writes every part the model has, and only those are read.
    Unzeroed<LedgerTensors> tensorsStorage;
    LedgerTensors& singleTensors = tensorsStorage.get();
    // The recipe's bytes, made once with the activations and shared with the ledger and the step.
    const RecipeBytes& recipe = singleActivations.context.bytes;
    ledgerTensorsInto(s, inventory, count.total, single.tp, single.ep, singleTensors, &recipe);
    singleGpuStageInto(s, single.microbatches, singleTensors, singleActivations, e.memory.singleGpu);
    const bool sameActivations = layout.tp == single.tp && layout.cp == single.cp && layout.sequenceParallel == single.sequenceParallel;
    const bool sameTensors = layout.tp == single.tp && layout.ep == single.ep;
    // Not `same ? single : ledgerActivations(...)`: a conditional with a temporary on one side copies
    // the other side too (about 50 instructions on every estimate).
    if (sameTensors && sameActivations)
        mostLoadedStageInto(s, layout, singleTensors, singleActivations, e.memory.perGpu);
    else if (sameTensors)
        mostLoadedStageInto(s, layout, singleTensors, ledgerActivations(s, inventory, layout, &recipe), e.memory.perGpu);
    else if (sameActivations)
        mostLoadedStageInto(s, layout, ledgerTensors(s, inventory, count.total, layout.tp, layout.ep, &recipe), singleActivations,
                            e.memory.perGpu);
    else
        mostLoadedStageInto(s, layout, ledgerTensors(s, inventory, count.total, layout.tp, layout.ep, &recipe),
                            ledgerActivations(s, inventory, layout, &recipe), e.memory.perGpu);
    e.model.paramsPerGpu = e.memory.perGpu.params;
    e.model.trainableParams = e.memory.singleGpu.trainableParams;
    // Each device total once, for the checks and reports below (before any store into `e`, so
    // that gcc shares the single GPU's model states between its total and the bytes per parameter).
    const MemoryBreakdown& singleDevice = e.memory.singleGpu.device;
    const double singleStates = singleDevice.modelStates();
    const double singleNeed = singleDevice.total();
    const double need = e.memory.perGpu.device.total();
    e.model.stateBytesPerParam = e.model.params > 0 ? singleStates / static_cast<double>(e.model.params) : 0.0;

    if (gpu != nullptr) {
        e.memory.gpuCapacity = gpu->memoryBytes;
        e.memory.fits = need <= gpu->memoryBytes;
        e.memory.singleGpuFits = singleNeed <= gpu->memoryBytes;
        estimateStepInto(s, inventory, count.total, *gpu, layout, e.memory.perGpu, nullptr, e.step, &e.diagnostics, &recipe);
        // Both into the new estimate's own operations figures, in place.
        checkpointSizeInto(s, inventory, layout, e.memory.singleGpu, e.memory.perGpu, e.ops.checkpoint);
        estimateOpsInto(s, OpsTimes{e.step.stepSeconds, e.step.trainSeconds, e.step.tokensPerSecond}, e.ops);
        reportOps(s, e.ops, e.diagnostics);
        if (!hasErrors(e.diagnostics)) {
            reportFit(s, e, *gpu, need, singleNeed, e.diagnostics);
            reportZero3(s, inventory, count.total, layout, e, need, e.diagnostics);
            reportTensorParallelPlacement(s, inventory, count.total, *gpu, layout, e, e.diagnostics);
            adviseLayout(s, layout, e.step, e.diagnostics);
        }
    }
    return e;
}

} // namespace shardscope
