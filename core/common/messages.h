#pragma once
#include <span>

#include "core/common/translatable.h"

// The catalog of diagnostic message templates: every message core shows a user is one of these.
// Each is English with %1, %2, ... for values, marked with SHARDSCOPE_TR_NOOP so that lupdate
// extracts it (context "Diagnostic"); the GUI translates it at display time, and
// tests/ui/tst_translations.cpp fails when one has no Simplified Chinese translation. Add new
// messages here (and to catalog() in messages.cpp), never inline.
namespace shardscope::msg {

// Values and types
inline constexpr const char* kAtLeastOne = SHARDSCOPE_TR_NOOP("Diagnostic", "must be at least 1 (got %1)");
inline constexpr const char* kPositiveWhole = SHARDSCOPE_TR_NOOP("Diagnostic", "must be a positive whole number (got %1)");
inline constexpr const char* kNotNegative = SHARDSCOPE_TR_NOOP("Diagnostic", "must not be negative");
inline constexpr const char* kFraction01 = SHARDSCOPE_TR_NOOP("Diagnostic", "must be between 0 and 1");
inline constexpr const char* kFractionAbove0 = SHARDSCOPE_TR_NOOP("Diagnostic", "must be above 0 and at most 1");
inline constexpr const char* kPositiveNumber = SHARDSCOPE_TR_NOOP("Diagnostic", "must be a positive number");
inline constexpr const char* kAtLeast = SHARDSCOPE_TR_NOOP("Diagnostic", "must be at least %1 (got %2)");
inline constexpr const char* kAtMost = SHARDSCOPE_TR_NOOP("Diagnostic", "must be at most %1 (got %2)");
inline constexpr const char* kWrongType = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be %2");
inline constexpr const char* kTypeWholeNumber = SHARDSCOPE_TR_NOOP("Diagnostic", "a whole number");
inline constexpr const char* kTypeNumber = SHARDSCOPE_TR_NOOP("Diagnostic", "a finite number");
inline constexpr const char* kTypeBool = SHARDSCOPE_TR_NOOP("Diagnostic", "true or false");
inline constexpr const char* kTypeString = SHARDSCOPE_TR_NOOP("Diagnostic", "a string");
inline constexpr const char* kTypeObject = SHARDSCOPE_TR_NOOP("Diagnostic", "a JSON object");
inline constexpr const char* kOneOf = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be one of %2 (got '%3')");
inline constexpr const char* kOnOrOff = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be on or off");
inline constexpr const char* kUnknownField = SHARDSCOPE_TR_NOOP("Diagnostic", "unknown field %1 ignored");

// Model shape
inline constexpr const char* kNegativeShape = SHARDSCOPE_TR_NOOP("Diagnostic", "kv heads, head dim, experts, top-k and positions must not be negative");
inline constexpr const char* kKvHeadsDivide = SHARDSCOPE_TR_NOOP("Diagnostic", "kv heads (%1) must divide attention heads (%2) for grouped-query attention");
inline constexpr const char* kHeadsDivideHidden = SHARDSCOPE_TR_NOOP("Diagnostic", "heads (%1) must divide hidden size (%2) unless head_dim is given");
inline constexpr const char* kTopKRange = SHARDSCOPE_TR_NOOP("Diagnostic", "top-k (%1) must be between 1 and the number of experts (%2)");
inline constexpr const char* kTopKNeedsExperts = SHARDSCOPE_TR_NOOP("Diagnostic", "top-k needs experts");
inline constexpr const char* kLearnedPositions = SHARDSCOPE_TR_NOOP("Diagnostic", "learned position embeddings need max_positions");

// Layout and training
inline constexpr const char* kZeroStage = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO stage must be 0, 1, 2 or 3 (got %1)");
inline constexpr const char* kGpuProduct = SHARDSCOPE_TR_NOOP("Diagnostic", "dp x tp x pp x cp = %1 x %2 x %3 x %4 = %5, but gpus is %6");
inline constexpr const char* kGpusMultiple = SHARDSCOPE_TR_NOOP("Diagnostic", "gpus (%1) must be a multiple of tp x pp x cp = %2");
inline constexpr const char* kTpHeads = SHARDSCOPE_TR_NOOP("Diagnostic", "tp (%1) must divide the attention heads (%2)");
inline constexpr const char* kTpKvHeads = SHARDSCOPE_TR_NOOP("Diagnostic", "tp (%1) must divide the kv heads (%2)");
inline constexpr const char* kTpFfn = SHARDSCOPE_TR_NOOP("Diagnostic", "tp (%1) must divide the FFN hidden size (%2)");
inline constexpr const char* kTpExpertFfn = SHARDSCOPE_TR_NOOP("Diagnostic", "tp (%1) must divide the expert FFN size (%2)");
inline constexpr const char* kPpMoreThanLayers = SHARDSCOPE_TR_NOOP("Diagnostic", "pp (%1) is more than the layers (%2): a stage would hold none");
inline constexpr const char* kStageLayersList = SHARDSCOPE_TR_NOOP("Diagnostic", "layers per stage must be whole numbers from 1 separated by commas (got '%1')");
inline constexpr const char* kStageLayersCount = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 stages listed, but pp is %2");
inline constexpr const char* kStageLayersSum = SHARDSCOPE_TR_NOOP("Diagnostic", "the stages hold %1 layers, but the model has %2");
inline constexpr const char* kStageLayersMiddle = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 middle layers remaining but %2 middle pipeline stages available (Megatron-LM)");
inline constexpr const char* kStageLayersDivide = SHARDSCOPE_TR_NOOP("Diagnostic", "with uneven pipelining the left-over layers (%1) must be divisible by the left-over stages (%2) (Megatron-LM)");
inline constexpr const char* kVppStageLayers = SHARDSCOPE_TR_NOOP("Diagnostic", "stage %1 holds %2 layers, not divisible by the virtual pipeline degree %3 (Megatron-LM)");
inline constexpr const char* kZeroWithPipeline = SHARDSCOPE_TR_NOOP("Diagnostic", "DeepSpeed's pipeline engine refuses ZeRO-2 and ZeRO-3 (\"ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism\"); this layout is priced as torchtitan's FSDP runs it");
inline constexpr const char* kZeroPipelineRegather = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 re-gathers each stage's weights for every micro-batch: %1 all-gathers per step; torchtitan keeps them gathered through the step (--fsdp-reshard auto) and Megatron-LM uses ZeRO-1");
inline constexpr const char* kVppNeedsPp = SHARDSCOPE_TR_NOOP("Diagnostic", "virtual pipeline stages (vpp %1) need pp of at least 2");
inline constexpr const char* kVppMicrobatches = SHARDSCOPE_TR_NOOP("Diagnostic", "the interleaved schedule needs micro-batches per step (%1) to be a multiple of pp (%2)");
inline constexpr const char* kCpSequence = SHARDSCOPE_TR_NOOP("Diagnostic", "2 x cp (%1) must divide the sequence length (%2)");
inline constexpr const char* kCpFlash = SHARDSCOPE_TR_NOOP("Diagnostic", "context parallelism in Megatron-LM runs on fused (flash) attention; without it the per-GPU score matrix is counted as (s/cp) x s");
inline constexpr const char* kEpNeedsMoe = SHARDSCOPE_TR_NOOP("Diagnostic", "expert parallelism (ep %1) needs a mixture-of-experts model");
inline constexpr const char* kEpExperts = SHARDSCOPE_TR_NOOP("Diagnostic", "ep (%1) must divide the experts (%2)");
inline constexpr const char* kEpDp = SHARDSCOPE_TR_NOOP("Diagnostic", "ep (%1) must divide dp x cp (%2)");
inline constexpr const char* kSpNeedsTp = SHARDSCOPE_TR_NOOP("Diagnostic", "sequence parallelism needs tp > 1; ignored");
inline constexpr const char* kOffloadZero = SHARDSCOPE_TR_NOOP("Diagnostic", "optimizer offload (ZeRO-Offload) needs ZeRO stage 1, 2 or 3");
inline constexpr const char* kOffloadParams = SHARDSCOPE_TR_NOOP("Diagnostic", "parameter offload (ZeRO-Infinity) needs ZeRO stage 3");
inline constexpr const char* kGlobalBatch = SHARDSCOPE_TR_NOOP("Diagnostic", "global batch (%1) must be a multiple of micro-batch x dp = %2");
inline constexpr const char* kLoraTargets = SHARDSCOPE_TR_NOOP("Diagnostic", "LoRA needs at least one target projection");
inline constexpr const char* kFp32Grads = SHARDSCOPE_TR_NOOP("Diagnostic", "fp32 training keeps fp32 gradients; gradient dtype %1 ignored");
inline constexpr const char* kUnknownGpu = SHARDSCOPE_TR_NOOP("Diagnostic", "unknown GPU '%1'; known: %2");
inline constexpr const char* kExclusiveFields = SHARDSCOPE_TR_NOOP("Diagnostic", "give either %1 or %2, not both");

// Precision experiments (drift, reduce)
inline constexpr const char* kDriftSteps = SHARDSCOPE_TR_NOOP("Diagnostic", "steps must be between 1 and 1,000,000,000");
inline constexpr const char* kFiniteNumber = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be a finite number");
inline constexpr const char* kDriftSpread = SHARDSCOPE_TR_NOOP("Diagnostic", "spread must be a finite number, at least 0");
inline constexpr const char* kDriftSpreadTiny = SHARDSCOPE_TR_NOOP("Diagnostic", "spread is too small against the update to draw from");
inline constexpr const char* kCurvePoints = SHARDSCOPE_TR_NOOP("Diagnostic", "the curve needs at least 2 points");
inline constexpr const char* kBeyondFormat = SHARDSCOPE_TR_NOOP("Diagnostic", "start %1 is beyond the range of %2");
inline constexpr const char* kNotRepresentable = SHARDSCOPE_TR_NOOP("Diagnostic", "start is not representable in %1; the weight starts at its rounding");
inline constexpr const char* kBetween = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be between %2 and %3");
inline constexpr const char* kMeanSpread = SHARDSCOPE_TR_NOOP("Diagnostic", "mean must be finite and spread positive");

// Preset files
inline constexpr const char* kPresetPositive = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 must be a positive number");
inline constexpr const char* kPeakFlops = SHARDSCOPE_TR_NOOP("Diagnostic", "peak_flops must be an object with fp32, tf32, bf16 and fp8");
inline constexpr const char* kPresetNotObject = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: not a JSON object; skipped");
inline constexpr const char* kPresetMissingId = SHARDSCOPE_TR_NOOP("Diagnostic", "missing id");
inline constexpr const char* kPresetSkipped = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: %2; skipped");

// Results
inline constexpr const char* kDoesNotFit = SHARDSCOPE_TR_NOOP("Diagnostic", "does not fit: the most loaded GPU (pipeline stage %1) needs %2, %3 more than the %4 of one %5");
inline constexpr const char* kSingleGpuNeeds = SHARDSCOPE_TR_NOOP("Diagnostic", "on a single GPU the same training needs %1, %2 more than one %3 holds");
inline constexpr const char* kNoFp8 = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 has no fp8 tensor cores; its GEMMs run at the bf16 rate");
inline constexpr const char* kAsyncIntervalBelowWrite = SHARDSCOPE_TR_NOOP("Diagnostic", "asynchronous saves would overlap: an interval of %1 is shorter than one write (%2), so checkpoints are taken every %2");
inline constexpr const char* kLowEttr = SHARDSCOPE_TR_NOOP("Diagnostic", "failures leave only %1% of the time for training: the cluster is interrupted every %2 and each interruption costs %3");
inline constexpr const char* kOffloadNotTimed = SHARDSCOPE_TR_NOOP("Diagnostic", "the CPU optimizer step and its PCIe transfers under offload are not part of the step time");

// Files
inline constexpr const char* kScenarioObject = SHARDSCOPE_TR_NOOP("Diagnostic", "a scenario file must hold a JSON object");
inline constexpr const char* kCannotRead = SHARDSCOPE_TR_NOOP("Diagnostic", "cannot read %1");
inline constexpr const char* kNotJson = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 is not valid JSON (byte %2)");
inline constexpr const char* kUnknownModel = SHARDSCOPE_TR_NOOP("Diagnostic", "unknown model '%1'; known: %2");
inline constexpr const char* kPresetOrConfig = SHARDSCOPE_TR_NOOP("Diagnostic", "give either a model preset or a config.json, not both");
inline constexpr const char* kBadLoraTargets = SHARDSCOPE_TR_NOOP("Diagnostic", "LoRA targets must list projections from q, k, v, o, gate, up, down (or all), got '%1'");
inline constexpr const char* kConfigMissing = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json is missing \"%1\"");
inline constexpr const char* kConfigPositive = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json \"%1\" must be a positive integer");
inline constexpr const char* kConfigObject = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json must be a JSON object");
inline constexpr const char* kConfigNoType = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json has no \"model_type\"; supported: %1");
inline constexpr const char* kConfigUnsupported = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json model_type \"%1\" is not supported; supported: %2");
inline constexpr const char* kConfigShape = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json: %1");

// Every template above, for the translation-completeness test.
std::span<const char* const> catalog();

} // namespace shardscope::msg
