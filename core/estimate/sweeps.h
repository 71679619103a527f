#pragma once
#include <array>
#include <cstdint>
#include <vector>

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
};

// GPU counts 8, 16, ..., 16384 that the configured tp x pp x cp divides.
std::vector<ScalingPoint> scalingSweep(const Scenario& base, ScalingMode mode, int minGpus = 8, int maxGpus = 16384);

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
