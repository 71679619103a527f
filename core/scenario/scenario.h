#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/common/enum_table.h"
#include "core/model/model_spec.h"
#include "core/model/parameter_inventory.h"

namespace shardscope {

enum class Precision { Bf16Mixed, Fp16Mixed, Fp32, Bf16, Fp8Mixed };
enum class GradDtype { Bf16, Fp16, Fp32 };
enum class Optimizer { AdamW, SgdMomentum, Adafactor, AdamW8bit, Lion, Muon };
// Activation recomputation: none; Korthikanti et al.'s selective (the core attention); full (each
// layer's input only); PyTorch's op-level selective policy as torchtitan sets it (outputs of GEMMs,
// attention and reduce-scatters saved, every second GEMM and all other ops recomputed); or full
// recomputation of every k-th layer (torchtitan's selective_ac_option = k).
enum class Recompute { None, Selective, Full, Op, EveryKth };
enum class FineTune { Full, Lora, Qlora };
enum class Offload { None, Optimizer, OptimizerAndParams };
enum class AttentionKernel { Flash2, Flash1, Flash3, Triton };  // which FlashAttention (with flash_attention on)
enum class KernelFusion { Fused, Eager };   // Megatron's fused kernels or torch.compile; or eager PyTorch ops
enum class Fp8Recipe { TransformerEngine, Torchao };
enum class FsdpReshard { Auto, Always, Never };  // ZeRO-3 / FSDP: free gathered weights after forward?
enum class MfuConvention { Megatron, Causal };  // attention FLOPs over all query-key pairs, or the causal half
// A published cluster whose failure rate a scenario borrows (the rates and their sources are in
// core/ops/failure_model.cpp).
enum class FailurePreset { Llama3, Rsc1, Rsc2, Opt175b };
// How ranks are numbered, innermost dimension first (GPUs fill nodes in rank order): Megatron-LM's
// default "tp-cp-ep-dp-pp", its --use-tp-pp-dp-mapping "tp-cp-ep-pp-dp" (megatron/core/parallel_state.py
// and megatron/training/arguments.py, core_v0.15.0), and data-parallel ranks first, which puts
// tensor parallelism across nodes (the placement the article warns against).
enum class RankOrder { TpCpEpDpPp, TpCpEpPpDp, EpDpCpTpPp };
// The defaults an engine or a paper trained with, set by one field (core/scenario/recipes.cpp, with
// sources); a field the user gives overrides its recipe's value. None: ShardScope's own defaults.
enum class Recipe { None, Megatron2021, MegatronCore, DeepspeedZero3, Fsdp2Torchtitan, HfTrainer };

struct TrainingSpec {
    Recipe recipe = Recipe::None;             // the defaults below as an engine sets them (applied when read)
    std::int64_t seqLen = 4096;
    std::int64_t microBatch = 1;
    std::optional<std::int64_t> globalBatch;  // unset: micro-batch x data-parallel size
    Precision precision = Precision::Bf16Mixed;
    std::optional<GradDtype> gradDtype;       // unset: the recipe's default (bf16 for the article)
    Optimizer optimizer = Optimizer::AdamW;
    Recompute recompute = Recompute::None;
    int recomputeEvery = 2;                   // k of Recompute::EveryKth (torchtitan's default "2")
    bool flashAttention = true;
    AttentionKernel attentionKernel = AttentionKernel::Flash2;  // PyTorch's SDPA flash backend is FlashAttention-2
    FineTune finetune = FineTune::Full;
    int loraRank = 16;
    unsigned loraTargets = kProjAll;          // ProjectionBit mask
    // Implementation choices that change what autograd saves (docs/model.md, "Activations").
    bool fusedSwiglu = true;                  // Megatron's fused bias-SwiGLU saves only its input
    bool normStatistics = true;               // count LayerNorm mean/rstd (RMSNorm rstd) in fp32
    // Megatron's vocab-parallel cross-entropy computes the logits' gradient in place of the saved
    // softmax; PyTorch's log_softmax + nll_loss allocates two fp32 s x b x V gradients in backward.
    bool fusedCrossEntropy = true;
    KernelFusion kernels = KernelFusion::Fused;  // what the memory-bound kernels of a layer move
    Fp8Recipe fp8Recipe = Fp8Recipe::TransformerEngine;
    bool fp8AllGather = false;                // torchao: FSDP all-gathers fp8 weights (1 byte each)
};

struct ParallelSpec {
    int gpus = 64;
    std::optional<int> dp;  // unset: gpus / (tp * pp * cp)
    int tp = 1;
    int pp = 1;
    int cp = 1;
    int ep = 1;
    int zero = 3;
    bool sequenceParallel = false;
    int vpp = 1;            // virtual pipeline stages per GPU (interleaved 1F1B when > 1)
    Offload offload = Offload::None;
    FsdpReshard fsdpReshard = FsdpReshard::Auto;
    // Uneven pipeline stages (docs/model.md, "Pipeline stages"): Megatron-LM's
    // --decoder-first/last-pipeline-num-layers (0: an even split), or an explicit list of layers
    // per stage ("16,16,16,16,16,16,15,15"), which overrides them.
    int ppFirstStageLayers = 0;
    int ppLastStageLayers = 0;
    std::string ppLayers;
    RankOrder rankOrder = RankOrder::TpCpEpDpPp;
};

struct ClusterSpec {
    std::string gpu = "h100-sxm";
    int gpusPerNode = 8;
    // Overrides of the GPU preset, all per GPU and per direction: GB/s (1e9 bytes/s) and TFLOP/s.
    std::optional<double> intraNodeGbps;
    std::optional<double> interNodeGbps;
    std::optional<double> peakTflops;     // dense peak of the format the GEMMs run in
    std::optional<double> memoryGbps;     // HBM bandwidth
};

// How well real kernels and collectives use the hardware, and how much communication hides
// behind compute: explicit, documented, adjustable assumptions (docs/model.md, "Step time").
struct PerfSpec {
    // Unset: each GEMM reaches the GPU's measured MAMF times its shape's wave and depth terms
    // (core/perf/gemm_model.h); set: a flat fraction of peak for every GEMM.
    std::optional<double> gemmEfficiency;
    double memoryEfficiency = 0.80;  // achieved fraction of HBM bandwidth in memory-bound kernels
    double linkEfficiency = 0.75;    // NCCL bus bandwidth as a fraction of link bandwidth
    double intraLatencyUs = 5.0;     // per ring step inside a node
    double interLatencyUs = 10.0;    // per ring step across nodes
    double dpOverlap = 0.80;         // fraction of the overlap window that hides data-parallel traffic
    double tpOverlap = 0.0;          // Megatron-LM's default: tensor-parallel collectives are exposed
    // Share of the interleaved schedule's steady-state send/recv hidden behind the other model
    // chunks' compute: Megatron-LM's default (overlap_p2p_comm, on unless --no-overlap-p2p-
    // communication); warmup and flush, and the non-interleaved schedule, stay exposed.
    double ppOverlap = 1.0;
    double cpOverlap = 1.0;          // ring attention overlaps the exchange with attention compute
    double epOverlap = 0.0;          // MoE all-to-all exposed
    double trainTokens = 1e12;       // tokens to train, for days and GPU-hours
    MfuConvention mfuConvention = MfuConvention::Megatron;
};

// Memory the ledger adds beyond tensors, as explicit adjustable assumptions (docs/model.md, "Overhead").
struct OverheadSpec {
    double cudaContextBytes = 512.0 * 1024 * 1024;     // CUDA context, cuBLAS/cuDNN workspaces, kernels
    double fragmentation = 0.10;                       // caching-allocator slack, fraction of activations
    double ncclBytesPerGroup = 128.0 * 1024 * 1024;    // NCCL buffers per communicator the GPU belongs to
    double dpBucketBytes = 25.0 * 1000 * 1000;         // gradient-reduction bucket (PyTorch DDP bucket_cap_mb=25)
    int zero3PrefetchLayers = 2;                       // layers of gathered parameters live under ZeRO-3
};

// Operations at scale: checkpoints, failures and recovery (docs/model.md, "Operations at scale").
// Unset optionals take the defaults documented there; each pair of alternatives (a measured
// cluster MTBF or a failure rate; a measured write time or a storage bandwidth) is exclusive.
struct OpsSpec {
    FailurePreset failurePreset = FailurePreset::Llama3;
    std::optional<double> clusterMtbfHours;        // this job's measured mean time between interruptions
    std::optional<double> failuresPerGpuDay;       // replaces the preset's rate
    std::optional<double> checkpointWriteMinutes;  // a measured write time, replacing the bandwidth model
    std::optional<double> storageGbps;             // aggregate storage bandwidth, GB/s (unset: 2,000)
    double storageNodeGbps = 50.0;                 // one node's storage link, GB/s
    double hostCopyGbps = 32.0;                    // device-to-host copy per GPU, GB/s (asynchronous saves)
    double detectionMinutes = 5.0;                 // from the failure to the decision to restart
    std::optional<double> restartMinutes;          // a measured restart; unset: 5 min plus the load time
    std::optional<double> intervalMinutes;         // unset: Daly's optimum
    bool asyncCheckpoint = false;                  // training waits only for the device-to-host copy
};

// Everything an estimate depends on. `model` is already resolved (preset, config.json import,
// explicit shape or --params family); `modelId` remembers which preset it came from.
struct Scenario {
    std::string modelId;  // preset id, or empty
    ModelSpec model;
    TrainingSpec training;
    ParallelSpec parallel;
    ClusterSpec cluster;
    OverheadSpec overhead;
    PerfSpec perf;
    OpsSpec ops;

    int dataParallel() const;  // explicit dp, or derived from gpus
};

// The article's example: 7e9 parameters, bf16 mixed precision with AdamW, sequence 4096,
// single GPU beside 64 GPUs with ZeRO-3 (full sharding) on H100 SXM; a global batch of 1024
// sequences (Llama 2's 4M tokens).
Scenario defaultScenario();

// The value tables of the enums above (core/scenario/scenario_enums.cpp): ids, labels, help.
template <> const EnumTable& enumTable<Precision>();
template <> const EnumTable& enumTable<GradDtype>();
template <> const EnumTable& enumTable<Optimizer>();
template <> const EnumTable& enumTable<Recompute>();
template <> const EnumTable& enumTable<FineTune>();
template <> const EnumTable& enumTable<Offload>();
template <> const EnumTable& enumTable<AttentionKernel>();
template <> const EnumTable& enumTable<KernelFusion>();
template <> const EnumTable& enumTable<Fp8Recipe>();
template <> const EnumTable& enumTable<FsdpReshard>();
template <> const EnumTable& enumTable<MfuConvention>();
template <> const EnumTable& enumTable<FailurePreset>();
template <> const EnumTable& enumTable<RankOrder>();
template <> const EnumTable& enumTable<Recipe>();

} // namespace shardscope
