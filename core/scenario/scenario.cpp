#include "core/scenario/scenario.h"

#include "core/model/params_family.h"

namespace shardscope {

int Scenario::dataParallel() const
{
    if (parallel.dp)
        return *parallel.dp;
    const int modelParallel = parallel.tp * parallel.pp * parallel.cp;
    return modelParallel > 0 && parallel.gpus % modelParallel == 0 ? parallel.gpus / modelParallel : 0;
}

Scenario defaultScenario()
{
    Scenario s;
    s.model = shapeForParameterCount(7'000'000'000);
    // Llama 2's batch: 4M tokens per step (Touvron et al. 2023, §2.2), 1024 sequences of 4096.
    s.training.globalBatch = 1024;
    return s;
}

const char* precisionName(Precision p)
{
    switch (p) {
    case Precision::Bf16Mixed: return "bf16-mixed";
    case Precision::Fp16Mixed: return "fp16-mixed";
    case Precision::Fp32: return "fp32";
    case Precision::Bf16: return "bf16";
    case Precision::Fp8Mixed: return "fp8-mixed";
    }
    return "bf16-mixed";
}

const char* gradDtypeName(GradDtype g)
{
    switch (g) {
    case GradDtype::Bf16: return "bf16";
    case GradDtype::Fp16: return "fp16";
    case GradDtype::Fp32: return "fp32";
    }
    return "bf16";
}

const char* optimizerName(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW: return "adamw";
    case Optimizer::SgdMomentum: return "sgd-momentum";
    case Optimizer::Adafactor: return "adafactor";
    case Optimizer::AdamW8bit: return "adamw-8bit";
    }
    return "adamw";
}

const char* recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "none";
}

const char* finetuneName(FineTune f)
{
    switch (f) {
    case FineTune::Full: return "full";
    case FineTune::Lora: return "lora";
    case FineTune::Qlora: return "qlora";
    }
    return "full";
}

const char* offloadName(Offload o)
{
    switch (o) {
    case Offload::None: return "none";
    case Offload::Optimizer: return "optimizer";
    case Offload::OptimizerAndParams: return "optimizer+params";
    }
    return "none";
}

} // namespace shardscope
