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
inline constexpr const char* kShapeTooLarge = SHARDSCOPE_TR_NOOP("Diagnostic", "this shape has about %1 parameters, more than 10^16 (5,000 times the largest published model): choose smaller layers, hidden size, FFN or experts");

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
inline constexpr const char* kDenseLayers = SHARDSCOPE_TR_NOOP("Diagnostic", "dense layers (%1) must be fewer than the layers (%2): the rest are mixture-of-experts layers");
inline constexpr const char* kMegatronEvenStages = SHARDSCOPE_TR_NOOP("Diagnostic", "Megatron-LM needs pp x vpp (%1) to divide the layers (%2) unless the first and last stages' layers are given");
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
inline constexpr const char* kReductionWork = SHARDSCOPE_TR_NOOP("Diagnostic", "elements x (2 + 4 + ... + max-ranks) is %1 rank values; the limit is %2 (about ten seconds): use fewer elements or ranks");
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
inline constexpr const char* kJsonNumberTooLarge = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: a number is too large (beyond 1.8e308, the largest double): %2");
inline constexpr const char* kNotJson = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 is not valid JSON (byte %2)");
inline constexpr const char* kEmptyPath = SHARDSCOPE_TR_NOOP("Diagnostic", "needs a file path, not an empty string");
inline constexpr const char* kPathNotUtf8 = SHARDSCOPE_TR_NOOP("Diagnostic", "the file path is not valid UTF-8");
inline constexpr const char* kCannotReadBecause = SHARDSCOPE_TR_NOOP("Diagnostic", "cannot read %1: %2");
inline constexpr const char* kReadFolder = SHARDSCOPE_TR_NOOP("Diagnostic", "cannot read %1: it is a folder");
inline constexpr const char* kNotRegularFile = SHARDSCOPE_TR_NOOP("Diagnostic", "refusing to read %1: it is not a regular file (a device, FIFO or socket)");
inline constexpr const char* kFileTooLarge = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 is larger than the %2 MiB limit on input files");
inline constexpr const char* kJsonTooDeep = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 is nested deeper than %2 levels");
inline constexpr const char* kDuplicateKey = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: the key \"%2\" appears twice in one object");
inline constexpr const char* kConfigRange = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json \"%1\" must be between %2 and %3 (got %4)");
inline constexpr const char* kUnknownModel = SHARDSCOPE_TR_NOOP("Diagnostic", "unknown model '%1'; known: %2");
inline constexpr const char* kPresetOrConfig = SHARDSCOPE_TR_NOOP("Diagnostic", "give either a model preset or a config.json, not both");
inline constexpr const char* kBadLoraTargets = SHARDSCOPE_TR_NOOP("Diagnostic", "LoRA targets must list projections from q, k, v, o, gate, up, down (or all), got '%1'");
inline constexpr const char* kConfigMissing = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json is missing \"%1\"");
inline constexpr const char* kConfigPositive = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json \"%1\" must be a positive integer");
inline constexpr const char* kConfigObject = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json must be a JSON object");
inline constexpr const char* kConfigNoType = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json has no \"model_type\"; supported: %1");
inline constexpr const char* kConfigUnsupported = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json model_type \"%1\" is not supported; supported: %2");
inline constexpr const char* kConfigShape = SHARDSCOPE_TR_NOOP("Diagnostic", "config.json: %1");

// Engine configurations (export-config): %1 is the engine and its version; the last argument is
// the engine's file and its own error text, quoted
inline constexpr const char* kEngineDegrees = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: %2 = %3, not the world size %4 (%5)");
inline constexpr const char* kEngineBatch = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: global batch %2 is not micro-batch %3 x gradient accumulation x data-parallel size %4 (%5)");
inline constexpr const char* kEngineDivisible = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: %2 = %3 must be divisible by %4 = %5 (%6)");
inline constexpr const char* kEngineAtLeast = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: %2 = %3 must be at least %4 = %5 (%6)");
inline constexpr const char* kEngineMoeSequenceParallel = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: expert parallelism with tensor parallelism needs sequence parallelism (%2)");
inline constexpr const char* kEnginePipelineZero = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: ZeRO stage %2 cannot run with pipeline parallelism (%3)");
inline constexpr const char* kEngineNoSetting = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 has no setting for %2 %3; it offers %4 (%5)");
inline constexpr const char* kEngineFlavor = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 picks the model by flavor from its registry (%2); this shape (%3) matches none of them");
inline constexpr const char* kEngineShardedDp = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: tensor and context parallelism need sharded data parallelism (ZeRO stage 2 or 3 through FSDP2), not stage %2 (%3)");
inline constexpr const char* kEngineFp32Grads = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 accumulates and reduces gradients in fp32: %2 more bytes per parameter than this scenario's %3 gradients");
inline constexpr const char* kEngineInCode = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 takes %2 from the training code, not from this file");
inline constexpr const char* kEngineVocabPadding = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 pads the vocabulary from %2 to %3 rows (a multiple of %4 x tp); this scenario counts %2");
inline constexpr const char* kEngineZeroPartition = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: ZeroRedundancyOptimizer gives each rank whole parameter tensors, so a rank's optimizer states are close to, not exactly, 1/dp of the total");

// Phrases the engine rules pass as arguments (translated like the templates)
inline constexpr const char* kPhraseNoLora = SHARDSCOPE_TR_NOOP("Diagnostic", "no LoRA adapters");
inline constexpr const char* kPhraseFp32Main = SHARDSCOPE_TR_NOOP("Diagnostic", "--bf16 and --fp16 keep fp32 main parameters in the optimizer");
inline constexpr const char* kPhraseFp16Grads = SHARDSCOPE_TR_NOOP("Diagnostic", "--fp16 keeps fp16 or fp32 main gradients");
inline constexpr const char* kPhraseUlysses = SHARDSCOPE_TR_NOOP("Diagnostic", "DeepSpeed's Ulysses sequence parallelism is all-to-all, not ring attention");
inline constexpr const char* kPhraseLoraAdapters = SHARDSCOPE_TR_NOOP("Diagnostic", "LoRA adapters (PEFT)");
inline constexpr const char* kPhraseMpu = SHARDSCOPE_TR_NOOP("Diagnostic", "tensor parallelism (Megatron-DeepSpeed's mpu)");
inline constexpr const char* kPhrasePipelineModule = SHARDSCOPE_TR_NOOP("Diagnostic", "pipeline parallelism (deepspeed.pipe.PipelineModule num_stages)");
inline constexpr const char* kPhraseMoeEpSize = SHARDSCOPE_TR_NOOP("Diagnostic", "expert parallelism (deepspeed.moe.layer.MoE ep_size)");
inline constexpr const char* kPhraseSelective = SHARDSCOPE_TR_NOOP("Diagnostic", "selective recomputation");
inline constexpr const char* kPhraseCheckpointing = SHARDSCOPE_TR_NOOP("Diagnostic", "activation checkpointing (model.gradient_checkpointing_enable())");
inline constexpr const char* kPhraseOptimizer = SHARDSCOPE_TR_NOOP("Diagnostic", "the optimizer");
inline constexpr const char* kPhraseFsdpOffload = SHARDSCOPE_TR_NOOP("Diagnostic", "FSDP2's CPU offload moves parameters, gradients and optimizer states together");
inline constexpr const char* kPhraseDataParallelOnly = SHARDSCOPE_TR_NOOP("Diagnostic", "the script is data-parallel only: DistributedDataParallel or ZeroRedundancyOptimizer");
inline constexpr const char* kPhraseDenseOnly = SHARDSCOPE_TR_NOOP("Diagnostic", "the script's MLP is dense");
inline constexpr const char* kPhraseExactBytes = SHARDSCOPE_TR_NOOP("Diagnostic", "the script keeps fp32 weights, gradients and states so that its bytes can be checked exactly");
inline constexpr const char* kPhraseTrainsAll = SHARDSCOPE_TR_NOOP("Diagnostic", "the script trains every parameter");
inline constexpr const char* kPhraseOnDevice = SHARDSCOPE_TR_NOOP("Diagnostic", "the script keeps every state on its device");
inline constexpr const char* kPhraseOneProcess = SHARDSCOPE_TR_NOOP("Diagnostic", "one process per data-parallel rank");
inline constexpr const char* kPhraseAccumulation = SHARDSCOPE_TR_NOOP("Diagnostic", "the script runs global_batch / (micro_batch x world) micro-batches per step");
inline constexpr const char* kPhraseRotaryPairs = SHARDSCOPE_TR_NOOP("Diagnostic", "rotary embeddings rotate pairs of channels");

// Checkpoint resharding (reshard): pitfalls of the model and the two layouts
inline constexpr const char* kReshardLayoutText = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: expected key=value pairs of tp, pp, dp, zero, ep, vpp separated by commas (got '%2')");
inline constexpr const char* kReshardLayoutGpus = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: tp x pp x dp = %2 GPUs; at most %3 ranks can be mapped");
inline constexpr const char* kReshardKvHeads = SHARDSCOPE_TR_NOOP("Diagnostic", "kv heads (%1) are not divisible by the target tp (%2): a rank would hold part of a KV group; Megatron-LM core_v0.15.0 refuses it (num_query_groups must be a multiple of tensor_model_parallel_size)");
inline constexpr const char* kReshardUnmapped = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: the resharding map follows Megatron-LM's GPT model tensors and does not map this layer yet; the plan would be wrong, so none is made");
inline constexpr const char* kReshardMqa = SHARDSCOPE_TR_NOOP("Diagnostic", "multi-query attention (one kv head) at tp %1: the K and V heads must be replicated on every tensor-parallel rank, never split");
inline constexpr const char* kReshardTied = SHARDSCOPE_TR_NOOP("Diagnostic", "tied embeddings with pp %1: the last stage keeps its own copy of the embedding as the output layer (their gradients are all-reduced); a checkpoint stores it on the first and the last stage");
inline constexpr const char* kReshardVocabGrows = SHARDSCOPE_TR_NOOP("Diagnostic", "the padded vocabulary grows from %1 to %2 rows: the new rows must be filled (Megatron-LM's converter repeats the last row) and are never predicted");
inline constexpr const char* kReshardVocabShrinks = SHARDSCOPE_TR_NOOP("Diagnostic", "the padded vocabulary shrinks from %1 to %2 rows: padding rows are cut, the %3 rows of the true vocabulary are kept");
inline constexpr const char* kReshardFusedQkv = SHARDSCOPE_TR_NOOP("Diagnostic", "fused QKV with grouped-query attention: split it per KV group ([q of group; k; v] blocks); an even split of [all Q; all K; all V] gives the first ranks only queries");
inline constexpr const char* kReshardSwiglu = SHARDSCOPE_TR_NOOP("Diagnostic", "SwiGLU's fused gate and up projection: chunk gate and up separately over tp and put each rank's pair together; an even split of [gate; up] gives the first half of the ranks only gates");
inline constexpr const char* kReshardUneven = SHARDSCOPE_TR_NOOP("Diagnostic", "pp %1 does not divide the %2 layers: stages hold %3 to %4 layers");
inline constexpr const char* kReshardExperts = SHARDSCOPE_TR_NOOP("Diagnostic", "expert parallelism %1 -> %2: experts move between ranks (%3 per rank after)");
inline constexpr const char* kReshardZero = SHARDSCOPE_TR_NOOP("Diagnostic", "optimizer states sharded by ZeRO over dp %1 are re-cut for dp %2: each target rank reads its flat range from the source ranks that hold it");
inline constexpr const char* kReshardTpDivides = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: tp %2 must divide the attention heads (%3) and the FFN size (%4)");
inline constexpr const char* kReshardEpExperts = SHARDSCOPE_TR_NOOP("Diagnostic", "%1: ep %2 must divide the experts (%3) and dp (%4)");

// Data sharding and seeds (data)
inline constexpr const char* kDataPadded = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 samples on %2 ranks without drop_last: %3 samples are repeated from the start so that every rank gets %4");
inline constexpr const char* kDataDropped = SHARDSCOPE_TR_NOOP("Diagnostic", "drop_last: the last %1 samples are never read; every rank gets %2");
inline constexpr const char* kDataPermutation = SHARDSCOPE_TR_NOOP("Diagnostic", "the shuffled order is torch.randperm's with a generator seeded seed + epoch = %1 (reproduced here, checked against PyTorch 1.13's DistributedSampler)");
inline constexpr const char* kDataMegatronTail = SHARDSCOPE_TR_NOOP("Diagnostic", "Megatron-LM's sampler drops the last %1 samples: they do not fill a micro-batch x dp window of %2");
inline constexpr const char* kDataResume = SHARDSCOPE_TR_NOOP("Diagnostic", "resuming at %1 consumed samples with dp %2 (was %3): Megatron-LM's position is a global sample count, so no sample is skipped or repeated, but each rank now reads different samples than before");
inline constexpr const char* kDataResumeWindow = SHARDSCOPE_TR_NOOP("Diagnostic", "consumed samples %1 is not a multiple of micro-batch x dp = %2: the cyclic sampler asserts it (assert current_epoch_samples mod micro_batch_times_data_parallel_size == 0)");

// Topology placement
inline constexpr const char* kTpCrossesNodes = SHARDSCOPE_TR_NOOP("Diagnostic", "tensor-parallel groups of %1 GPUs span %2 nodes: every layer's activations cross the network; numbered TP first (tp-cp-ep-dp-pp) the step takes %3 s instead of %4 s");
inline constexpr const char* kTpLargerThanNode = SHARDSCOPE_TR_NOOP("Diagnostic", "tp (%1) is larger than a node (%2 GPUs): tensor-parallel collectives cross the network whatever the rank order");

// Said assumptions (issue 17): shapes derived as engines derive them, preset fields kept, layouts
// that are legal but rarely meant (each with the number that shows why and the one-flag fix)
inline constexpr const char* kDerivedFfn = SHARDSCOPE_TR_NOOP("Diagnostic", "--ffn-hidden not given: %1 from hidden %2 by the %3 rule (%4)");
inline constexpr const char* kPresetFieldKept = SHARDSCOPE_TR_NOOP("Diagnostic", "%1 = %2 is kept from the preset %3 although %4 was given; give %1 to change it");
inline constexpr const char* kZero2PipelineReduce = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-2 with pp %1 and %2 micro-batches per step: gradients are reduce-scattered for every micro-batch (x%2 reduce-scatters per step instead of one); DeepSpeed refuses this and Megatron-LM's distributed optimizer is ZeRO-1: --zero 1");
inline constexpr const char* kZero3PipelineKept = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 with pp %1 and %2 micro-batches per step: re-gathering the weights for each would take x%3 all-gathers per step, so each stage's weights are priced as kept gathered through the step (torchtitan's default); engines run this layout with ZeRO-1: --zero 1");
inline constexpr const char* kZero3Accumulation = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 with micro-batch 1 and %1 accumulation steps: the weights are gathered twice and the gradients reduce-scattered for every micro-batch, one layer at a time (x%2 collectives per step); a larger micro-batch needs fewer: --micro-batch %3");
inline constexpr const char* kIdleGpus = SHARDSCOPE_TR_NOOP("Diagnostic", "global batch %1 gives each pipeline %2 micro-batches for pp %3: GPUs sit idle %4% of the step in the pipeline bubble; %5 micro-batches (4 x pp) bring it to %6%: --global-batch %7");
// Memory explanations
inline constexpr const char* kZero3Gather = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 needs %1 more per GPU than ZeRO-2 would: it keeps gathered full-size parameters of %2 (the layer being computed and the one prefetched), more than the %3 that sharding the weights over dp %4 saves");
inline constexpr const char* kZero3KeptGathered = SHARDSCOPE_TR_NOOP("Diagnostic", "ZeRO-3 that keeps the weights gathered through the step needs %1 more per GPU than ZeRO-2 would: like ZeRO-1 it holds its stage's full weights and gradients and shards only the optimizer states over dp %2");

// Every template above, for the translation-completeness test.
std::span<const char* const> catalog();

} // namespace shardscope::msg
