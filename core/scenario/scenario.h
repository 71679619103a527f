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
enum class Recompute { None, Selective, Full };
enum class FineTune { Full, Lora, Qlora };
enum class Offload { None, Optimizer, OptimizerAndParams };
// How ranks are numbered, innermost dimension first (GPUs fill nodes in rank order): Megatron-LM's
// default "tp-cp-ep-dp-pp", its --use-tp-pp-dp-mapping "tp-cp-ep-pp-dp" (megatron/core/parallel_state.py
// and megatron/training/arguments.py, core_v0.15.0), and data-parallel ranks first, which puts
// tensor parallelism across nodes (the placement the article warns against).
enum class RankOrder { TpCpEpDpPp, TpCpEpPpDp, EpDpCpTpPp };

struct TrainingSpec {
    std::int64_t seqLen = 4096;
    std::int64_t microBatch = 1;
    std::optional<std::int64_t> globalBatch;  // unset: micro-batch x data-parallel size
    Precision precision = Precision::Bf16Mixed;
    std::optional<GradDtype> gradDtype;       // unset: the recipe's default (bf16 for the article)
    Optimizer optimizer = Optimizer::AdamW;
    Recompute recompute = Recompute::None;
    bool flashAttention = true;
    FineTune finetune = FineTune::Full;
    int loraRank = 16;
    unsigned loraTargets = kProjAll;          // ProjectionBit mask
    // Implementation choices that change what autograd saves (docs/model.md, "Activations").
    bool fusedSwiglu = true;                  // Megatron's fused bias-SwiGLU saves only its input
    bool normStatistics = true;               // count LayerNorm mean/rstd (RMSNorm rstd) in fp32
    // Megatron's vocab-parallel cross-entropy computes the logits' gradient in place of the saved
    // softmax; PyTorch's log_softmax + nll_loss allocates two fp32 s x b x V gradients in backward.
    bool fusedCrossEntropy = true;
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
    double gemmEfficiency = 0.75;    // achieved fraction of dense tensor-core peak in transformer GEMMs
    double memoryEfficiency = 0.80;  // achieved fraction of HBM bandwidth in memory-bound kernels
    double linkEfficiency = 0.75;    // NCCL bus bandwidth as a fraction of link bandwidth
    double intraLatencyUs = 5.0;     // per ring step inside a node
    double interLatencyUs = 10.0;    // per ring step across nodes
    double dpOverlap = 0.80;         // fraction of the overlap window that hides data-parallel traffic
    double tpOverlap = 0.0;          // Megatron-LM's default: tensor-parallel collectives are exposed
    double cpOverlap = 1.0;          // ring attention overlaps the exchange with attention compute
    double epOverlap = 0.0;          // MoE all-to-all exposed
    double trainTokens = 1e12;       // tokens to train, for days and GPU-hours
};

// Memory the ledger adds beyond tensors, as explicit adjustable assumptions (docs/model.md, "Overhead").
struct OverheadSpec {
    double cudaContextBytes = 512.0 * 1024 * 1024;     // CUDA context, cuBLAS/cuDNN workspaces, kernels
    double fragmentation = 0.10;                       // caching-allocator slack, fraction of activations
    double ncclBytesPerGroup = 128.0 * 1024 * 1024;    // NCCL buffers per communicator the GPU belongs to
    double dpBucketBytes = 25.0 * 1000 * 1000;         // gradient-reduction bucket (PyTorch DDP bucket_cap_mb=25)
    int zero3PrefetchLayers = 2;                       // layers of gathered parameters live under ZeRO-3
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
template <> const EnumTable& enumTable<RankOrder>();

} // namespace shardscope
