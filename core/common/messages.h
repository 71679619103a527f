#pragma once
#include <span>

// The catalog of diagnostic message templates. Each is English with %1, %2, ... for values; the
// GUI looks each up in its translations (context "Diagnostic"), and a test checks that every
// one has a Simplified Chinese translation. Add new messages here, never inline.
namespace shardscope::msg {

// Values and types
inline constexpr const char* kAtLeastOne = "must be at least 1 (got %1)";
inline constexpr const char* kPositiveWhole = "must be a positive whole number (got %1)";
inline constexpr const char* kNotNegative = "must not be negative";
inline constexpr const char* kFraction01 = "must be between 0 and 1";
inline constexpr const char* kFractionAbove0 = "must be above 0 and at most 1";
inline constexpr const char* kPositiveNumber = "must be a positive number";
inline constexpr const char* kWrongType = "%1 must be %2";
inline constexpr const char* kTypeWholeNumber = "a whole number";
inline constexpr const char* kTypeNumber = "a finite number";
inline constexpr const char* kTypeBool = "true or false";
inline constexpr const char* kTypeString = "a string";
inline constexpr const char* kTypeObject = "a JSON object";
inline constexpr const char* kOneOf = "%1 must be one of %2 (got '%3')";
inline constexpr const char* kOnOrOff = "%1 must be on or off";
inline constexpr const char* kUnknownField = "unknown field %1 ignored";

// Model shape
inline constexpr const char* kNegativeShape = "kv heads, head dim, experts, top-k and positions must not be negative";
inline constexpr const char* kKvHeadsDivide = "kv heads (%1) must divide attention heads (%2) for grouped-query attention";
inline constexpr const char* kHeadsDivideHidden = "heads (%1) must divide hidden size (%2) unless head_dim is given";
inline constexpr const char* kTopKRange = "top-k (%1) must be between 1 and the number of experts (%2)";
inline constexpr const char* kTopKNeedsExperts = "top-k needs experts";
inline constexpr const char* kLearnedPositions = "learned position embeddings need max_positions";

// Layout and training
inline constexpr const char* kZeroStage = "ZeRO stage must be 0, 1, 2 or 3 (got %1)";
inline constexpr const char* kGpuProduct = "dp x tp x pp x cp = %1 x %2 x %3 x %4 = %5, but gpus is %6";
inline constexpr const char* kGpusMultiple = "gpus (%1) must be a multiple of tp x pp x cp = %2";
inline constexpr const char* kTpHeads = "tp (%1) must divide the attention heads (%2)";
inline constexpr const char* kTpKvHeads = "tp (%1) must divide the kv heads (%2)";
inline constexpr const char* kTpFfn = "tp (%1) must divide the FFN hidden size (%2)";
inline constexpr const char* kTpExpertFfn = "tp (%1) must divide the expert FFN size (%2)";
inline constexpr const char* kPpLayers = "pp (%1) must divide the layers (%2)";
inline constexpr const char* kVppNeedsPp = "virtual pipeline stages (vpp %1) need pp of at least 2";
inline constexpr const char* kVppLayers = "pp x vpp = %1 must divide the layers (%2)";
inline constexpr const char* kVppMicrobatches = "the interleaved schedule needs micro-batches per step (%1) to be a multiple of pp (%2)";
inline constexpr const char* kCpSequence = "2 x cp (%1) must divide the sequence length (%2)";
inline constexpr const char* kCpFlash = "context parallelism in Megatron-LM runs on fused (flash) attention; without it the per-GPU score matrix is counted as (s/cp) x s";
inline constexpr const char* kEpNeedsMoe = "expert parallelism (ep %1) needs a mixture-of-experts model";
inline constexpr const char* kEpExperts = "ep (%1) must divide the experts (%2)";
inline constexpr const char* kEpDp = "ep (%1) must divide dp x cp (%2)";
inline constexpr const char* kSpNeedsTp = "sequence parallelism needs tp > 1; ignored";
inline constexpr const char* kOffloadZero = "optimizer offload (ZeRO-Offload) needs ZeRO stage 1, 2 or 3";
inline constexpr const char* kOffloadParams = "parameter offload (ZeRO-Infinity) needs ZeRO stage 3";
inline constexpr const char* kGlobalBatch = "global batch (%1) must be a multiple of micro-batch x dp = %2";
inline constexpr const char* kLoraTargets = "LoRA needs at least one target projection";
inline constexpr const char* kFp32Grads = "fp32 training keeps fp32 gradients; gradient dtype %1 ignored";
inline constexpr const char* kUnknownGpu = "unknown GPU '%1'; known: %2";

// Results
inline constexpr const char* kDoesNotFit = "does not fit: the most loaded GPU (pipeline stage %1) needs %2, %3 more than the %4 of one %5";
inline constexpr const char* kSingleGpuNeeds = "on a single GPU the same training needs %1, %2 more than one %3 holds";
inline constexpr const char* kNoFp8 = "%1 has no fp8 tensor cores; its GEMMs run at the bf16 rate";
inline constexpr const char* kOffloadNotTimed = "the CPU optimizer step and its PCIe transfers under offload are not part of the step time";

// Files
inline constexpr const char* kScenarioObject = "a scenario file must hold a JSON object";
inline constexpr const char* kCannotRead = "cannot read %1";
inline constexpr const char* kNotJson = "%1 is not valid JSON (byte %2)";
inline constexpr const char* kUnknownModel = "unknown model '%1'; known: %2";
inline constexpr const char* kPresetOrConfig = "give either a model preset or a config.json, not both";
inline constexpr const char* kBadLoraTargets = "LoRA targets must list projections from q, k, v, o, gate, up, down (or all), got '%1'";
inline constexpr const char* kConfigMissing = "config.json is missing \"%1\"";
inline constexpr const char* kConfigPositive = "config.json \"%1\" must be a positive integer";
inline constexpr const char* kConfigObject = "config.json must be a JSON object";
inline constexpr const char* kConfigNoType = "config.json has no \"model_type\"; supported: %1";
inline constexpr const char* kConfigUnsupported = "config.json model_type \"%1\" is not supported; supported: %2";
inline constexpr const char* kConfigShape = "config.json: %1";

// Every template above, for the translation-completeness test.
std::span<const char* const> catalog();

} // namespace shardscope::msg
