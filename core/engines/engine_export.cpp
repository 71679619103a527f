// The engines ShardScope exports to, the version each writer targets, and the dispatch.
#include "core/engines/engine_export.h"

#include "core/common/translatable.h"
#include "core/engines/writers.h"

namespace shardscope {
namespace {

constexpr EnumChoice kEngines[] = {
    {int(Engine::Megatron), "megatron", SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM"),
     SHARDSCOPE_TR_NOOP("UiText", "a torchrun launch of pretrain_gpt.py with Megatron-LM's arguments (core_v0.15.0)")},
    {int(Engine::DeepSpeed), "deepspeed", SHARDSCOPE_TR_NOOP("UiText", "DeepSpeed"),
     SHARDSCOPE_TR_NOOP("UiText", "a DeepSpeed JSON configuration: batch, precision, ZeRO stage and offload (v0.16.4)")},
    {int(Engine::Torchtitan), "torchtitan", SHARDSCOPE_TR_NOOP("UiText", "torchtitan"),
     SHARDSCOPE_TR_NOOP("UiText", "a torchtitan TOML job configuration (v0.2.2, the last release with TOML files)")},
    {int(Engine::Accelerate), "accelerate", SHARDSCOPE_TR_NOOP("UiText", "Hugging Face Accelerate"),
     SHARDSCOPE_TR_NOOP("UiText", "an accelerate launch YAML configuration (v1.14.0)")},
    {int(Engine::Torchrun), "torchrun", SHARDSCOPE_TR_NOOP("UiText", "torchrun (PyTorch script)"),
     SHARDSCOPE_TR_NOOP("UiText", "a self-contained PyTorch training script for a small Llama-style model and its torchrun line (CPU and gloo, or GPUs and NCCL)")},
};

// Where each writer's key names were read (docs/model.md, "Engine configurations").
constexpr EngineTarget kTargets[] = {
    {"Megatron-LM", "core_v0.15.0", "NVIDIA/Megatron-LM 0d7e02bd, megatron/training/arguments.py"},
    {"DeepSpeed", "v0.16.4", "microsoft/DeepSpeed 38327e07, deepspeed/runtime/config.py and deepspeed/runtime/zero/config.py"},
    {"torchtitan", "v0.2.2", "pytorch/torchtitan 73a0e697, torchtitan/config/job_config.py"},
    {"Accelerate", "v1.14.0", "huggingface/accelerate v1.14.0, src/accelerate/commands/config/config_args.py and cluster.py"},
    {"torchrun", "PyTorch 1.13 or later", "torch/distributed/run.py, torch.nn.parallel.DistributedDataParallel, torch.distributed.optim.ZeroRedundancyOptimizer"},
};

} // namespace

template <> const EnumTable& enumTable<Engine>() { static const EnumTable t{"engine", kEngines}; return t; }

const EngineTarget& engineTarget(Engine engine) { return kTargets[static_cast<int>(engine)]; }

EngineConfig exportConfig(const Scenario& scenario, Engine engine)
{
    EngineConfig config;
    config.engine = engine;
    switch (engine) {
    case Engine::Megatron: engines::writeMegatron(scenario, config); break;
    case Engine::DeepSpeed: engines::writeDeepSpeed(scenario, config); break;
    case Engine::Torchtitan: engines::writeTorchtitan(scenario, config); break;
    case Engine::Accelerate: engines::writeAccelerate(scenario, config); break;
    case Engine::Torchrun: engines::writeTorchrun(scenario, config); break;
    }
    if (!config.ok()) {
        config.text.clear();
        config.launch.clear();
    }
    return config;
}

} // namespace shardscope
