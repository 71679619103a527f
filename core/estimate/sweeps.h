#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

namespace shardscope {

// How the work grows with the GPU count in a scaling sweep (data parallelism grows; tp, pp and
// cp stay as configured):
//  FixedGlobalBatch  strong scaling: the same global batch spread over more GPUs, so each GPU gets
//                    fewer micro-batches while its gradient traffic stays the same;
//  FixedPerGpuWork   weak scaling: each data-parallel replica keeps its micro-batches per step.
enum class ScalingMode { FixedGlobalBatch, FixedPerGpuWork };

struct ScalingPoint {
    int gpus = 0;
    bool valid = false;                   // false: the layout is impossible at this size
    double stepSeconds = 0;
    double computeSeconds = 0;            // GEMMs + memory-bound kernels
    std::array<double, 5> exposedCommSeconds{};  // by ParallelDim
    double bubbleSeconds = 0;
    double optimizerSeconds = 0;
    double mfu = 0;
    double commShare = 0;                 // exposed communication / step time
    double tokensPerSecond = 0;
    double memoryPerGpu = 0;              // bytes, most loaded GPU
    bool fits = false;
    // Operations at this size (core/ops): failures grow with the GPU count.
    double ettr = 0;
    double effectiveTokensPerSecond = 0;
    double clusterMtbfHours = 0;
    double intervalMinutes = 0;
    double failureFreeDays = 0;
    double days = 0;                      // failures included
    double expectedInterruptions = 0;
    double checkpointBytesPerRank = 0;
};

// GPU counts 8, 16, ..., 16384 that the configured tp x pp x cp divides.
std::vector<ScalingPoint> scalingSweep(const Scenario& base, ScalingMode mode, int minGpus = 8, int maxGpus = 16384);

// The same training on one GPU: no parallelism, no ZeRO, no offload, the same global batch. A
// measured cluster MTBF becomes the per-GPU rate it implies, so that it scales with the GPU count.
Scenario singleGpuScenario(const Scenario& base);

// ETTR and goodput from 8 to 16,384 GPUs (weak scaling: each replica keeps its work, so every
// size can run), beside the single-GPU point: the Operations view's chart.
struct OpsSweep {
    std::vector<ScalingPoint> points;
    ScalingPoint singleGpu;
};
OpsSweep opsSweep(const Scenario& base, int minGpus = 8, int maxGpus = 16384);

// The single-card side of the article's comparison: the same training on one GPU, and LoRA
// fine-tuning of the same model on one GPU (what one card is typically used for).
struct SingleGpuComparison {
    Estimate single;
    Estimate singleLora;
};
SingleGpuComparison compareWithOneGpu(const Scenario& base);

struct SequencePoint {
    std::int64_t seqLen = 0;
    bool valid = false;
    double singleGpu = 0;       // bytes, the same training on one GPU
    double perGpu = 0;          // bytes, the layout's most loaded GPU
    double activationsSingle = 0;
    double activationsPerGpu = 0;
    bool singleFits = false;
    bool fits = false;
};

// Sequence lengths 256, 512, ..., 1,048,576 (capped at maxSeq).
std::vector<SequencePoint> sequenceSweep(const Scenario& base, std::int64_t minSeq = 256, std::int64_t maxSeq = 1 << 20);

// The first sequence length at which memory no longer fits (single GPU or per GPU), or 0.
std::int64_t firstOutOfMemory(const std::vector<SequencePoint>& points, bool singleGpu);

} // namespace shardscope
