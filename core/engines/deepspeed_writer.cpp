// DeepSpeed v0.16.4: the JSON configuration passed to deepspeed.initialize (microsoft/DeepSpeed
// 38327e07). Key names are the constants of deepspeed/runtime/constants.py and the pydantic
// aliases of deepspeed/runtime/zero/config.py ("stage3_prefetch_bucket_size", not
// "prefetch_bucket_size"); every rule is DeepSpeed's own assertion, quoted.
#include <nlohmann/json.hpp>

#include "core/common/messages.h"
#include "core/engines/engine_rules.h"
#include "core/engines/writers.h"

namespace shardscope::engines {
namespace {

using Json = nlohmann::ordered_json;

const char* dtypeName(GradDtype grads)
{
    switch (grads) {
    case GradDtype::Bf16: return "bf16";
    case GradDtype::Fp16: return "fp16";
    case GradDtype::Fp32: return "fp32";
    }
    return "fp32";
}

void checkRules(const Scenario& s, const EngineLayout& l, Rules& r)
{
    // With Megatron's mpu (tp or pp > 1) DeepSpeed's world_size is the data-parallel size
    // (deepspeed/runtime/config.py: `self.world_size = mpu.get_data_parallel_world_size()`).
    checkGlobalBatch(r, l,
                     "deepspeed/runtime/config.py _batch_assertion: \"train_batch_size is not equal to "
                     "micro_batch_per_gpu * gradient_acc_step * world_size\"");
    r.checked("ZeRO stage 2 or 3 only without pipeline parallelism");
    if (l.pp > 1 && l.zero >= 2)
        r.error("parallel.zero", msg::kEnginePipelineZero,
                {num(std::int64_t{l.zero}),
                 "deepspeed/runtime/pipe/engine.py: \"ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism\""});
    r.checked("offload_param only with ZeRO stage 3; offload_optimizer with stage 1, 2 or 3");
    if (l.cp > 1)
        refuse(r, "parallel.cp", num(l.cp), "1", msg::kPhraseUlysses);
    const Precision p = s.training.precision;
    if (p == Precision::Bf16 || p == Precision::Fp8Mixed)
        refuse(r, "training.precision", enumId(p), "bf16-mixed, fp16-mixed, fp32",
               "deepspeed/runtime/constants.py: \"bf16\" and \"fp16\" sections");
    const Optimizer opt = s.training.optimizer;
    if (opt != Optimizer::AdamW && opt != Optimizer::SgdMomentum && opt != Optimizer::Lion)
        refuse(r, "training.optimizer", enumId(opt), "adamw (AdamW), sgd-momentum (torch SGD), lion (Lion)",
               "deepspeed/runtime/config.py DEEPSPEED_OPTIMIZERS, others imported from torch.optim");
    const GradDtype grads = gradientDtype(s);
    const bool bf16 = p == Precision::Bf16Mixed;
    const bool fp16 = p == Precision::Fp16Mixed;
    r.checked("gradient accumulation dtype allowed for the model dtype");
    if (l.zero == 0 && bf16 && grads == GradDtype::Bf16 && l.pp == 1)
        refuse(r, "training.grad_dtype", "bf16", "fp32",
               "deepspeed/runtime/engine.py: \"Bfloat16 wrapper must use a gradient accumulation type of fp32, "
               "enable ZeRO to use Bfloat16 gradient accumulation\"");
    else if (l.zero == 0 && ((fp16 && grads != GradDtype::Fp16) || (p == Precision::Fp32 && grads != GradDtype::Fp32)))
        refuse(r, "training.grad_dtype", enumId(grads), fp16 ? "fp16" : "fp32",
               "deepspeed/runtime/engine.py: \"unsupported mix of model dtype and gradient accumulation type\"");
    if (s.training.finetune != FineTune::Full)
        r.warning("training.finetune", msg::kEngineInCode, {msg::kPhraseLoraAdapters});
    if (l.tp > 1)
        r.warning("parallel.tp", msg::kEngineInCode, {msg::kPhraseMpu});
    if (l.pp > 1)
        r.warning("parallel.pp", msg::kEngineInCode, {msg::kPhrasePipelineModule});
    if (l.ep > 1)
        r.warning("parallel.ep", msg::kEngineInCode, {msg::kPhraseMoeEpSize});
    if (s.training.recompute == Recompute::Selective)
        r.warning("training.recompute", msg::kEngineInCode, {msg::kPhraseSelective});
}

Json config(const Scenario& s, const EngineLayout& l)
{
    const TrainingSpec& t = s.training;
    Json c;
    c["train_batch_size"] = l.globalBatch;
    c["train_micro_batch_size_per_gpu"] = l.micro;
    c["gradient_accumulation_steps"] = l.accumulation;
    c["gradient_clipping"] = 1.0;
    if (t.precision == Precision::Bf16Mixed)
        c["bf16"] = {{"enabled", true}};
    if (t.precision == Precision::Fp16Mixed)
        c["fp16"] = {{"enabled", true}, {"loss_scale", 0}, {"initial_scale_power", 16}, {"loss_scale_window", 1000},
                     {"hysteresis", 2}, {"min_loss_scale", 1}};
    c["data_types"] = {{"grad_accum_dtype", dtypeName(gradientDtype(s))}};
    switch (t.optimizer) {
    case Optimizer::SgdMomentum:
        c["optimizer"] = {{"type", "SGD"}, {"params", {{"lr", 0.01}, {"momentum", 0.9}}}};
        break;
    case Optimizer::Lion:
        c["optimizer"] = {{"type", "Lion"}, {"params", {{"lr", 3e-5}, {"betas", {0.9, 0.99}}, {"weight_decay", 0.1}}}};
        break;
    default:
        c["optimizer"] = {{"type", "AdamW"}, {"params", {{"lr", 3e-4}, {"betas", {0.9, 0.95}}, {"eps", 1e-8}, {"weight_decay", 0.1}}}};
        break;
    }
    Json zero = {{"stage", l.zero}};
    if (l.zero >= 1) {
        zero["contiguous_gradients"] = true;
        zero["overlap_comm"] = true;
        zero["reduce_scatter"] = true;
        zero["reduce_bucket_size"] = 500000000;
        zero["allgather_bucket_size"] = 500000000;
    }
    if (s.parallel.offload != Offload::None)
        zero["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (s.parallel.offload == Offload::OptimizerAndParams)
        zero["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (l.zero == 3) {
        zero["stage3_prefetch_bucket_size"] = 50000000;
        zero["stage3_param_persistence_threshold"] = 100000;
        zero["stage3_max_live_parameters"] = 1000000000;
    }
    c["zero_optimization"] = zero;
    if (t.recompute == Recompute::Full)
        c["activation_checkpointing"] = {{"partition_activations", l.tp > 1}, {"contiguous_memory_optimization", false},
                                         {"cpu_checkpointing", false}, {"number_checkpoints", s.model.layers},
                                         {"synchronize_checkpoint_boundary", false}, {"profile", false}};
    c["steps_per_print"] = 10;
    c["wall_clock_breakdown"] = false;
    return c;
}

} // namespace

void writeDeepSpeed(const Scenario& s, EngineConfig& out)
{
    out.fileName = "ds_config.json";
    out.format = "json";
    Rules rules(Engine::DeepSpeed, out.diagnostics);
    const EngineLayout l = engineLayout(s);
    checkRules(s, l, rules);
    if (rules.failed())
        return;
    Json c = config(s, l);
    // JSON has no comments: the header goes in a key DeepSpeed does not read (DeepSpeedConfig reads
    // the keys it knows with get_* helpers and ignores the others at the top level).
    const std::string header = fileHeader(s, Engine::DeepSpeed, rules, "");
    Json lines = Json::array();
    std::size_t start = 0;
    while (start < header.size()) {
        const std::size_t end = header.find('\n', start);
        std::string line = header.substr(start, end - start);
        if (!line.empty() && line.front() == ' ')
            line.erase(0, 1);
        lines.push_back(line);
        start = end == std::string::npos ? header.size() : end + 1;
    }
    c["shardscope"] = {{"target", std::string("DeepSpeed ") + engineTarget(Engine::DeepSpeed).version}, {"notes", lines}};
    out.text = c.dump(2) + "\n";
    out.launch = "deepspeed --num_nodes " + num(l.nodes) + " --num_gpus " + num(std::min<std::int64_t>(l.world, l.gpusPerNode))
                 + " --hostfile hostfile train.py --deepspeed --deepspeed_config " + out.fileName;
}

} // namespace shardscope::engines
