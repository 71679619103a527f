// Hugging Face Accelerate v1.14.0: the YAML file `accelerate launch --config_file FILE train.py`
// reads. Top-level keys are the dataclasses of src/accelerate/commands/config/config_args.py;
// deepspeed_config, fsdp_config and parallelism_config keys are the ones `accelerate config`
// writes (src/accelerate/commands/config/cluster.py). Plain DDP for ZeRO stage 0, DeepSpeed for
// stages 1 to 3, FSDP2 with a parallelism_config when tensor or context parallelism is used.
#include <string>

#include "core/common/messages.h"
#include "core/engines/engine_rules.h"
#include "core/engines/writers.h"

namespace shardscope::engines {
namespace {

bool useFsdp(const EngineLayout& l) { return l.tp > 1 || l.cp > 1; }

void checkRules(const Scenario& s, const EngineLayout& l, Rules& r)
{
    checkGlobalBatch(r, l, "src/accelerate/accelerator.py: Accelerator(gradient_accumulation_steps=...)");
    if (useFsdp(l)) {
        checkDegrees(r, "dp_replicate_size x dp_shard_size x tp_size x cp_size", l.dp * l.tp * l.cp * l.pp, l.world,
                     "src/accelerate/parallelism_config.py: \"ParallelismConfig total_size does not match num_processes\"");
        r.checked("tensor or context parallelism only with sharded data parallelism");
        if (l.zero < 2)
            r.error("parallel.zero", msg::kEngineShardedDp,
                    {num(std::int64_t{l.zero}),
                     "src/accelerate/parallelism_config.py: \"Tensor/Context parallelism (tp/cp_size > 1) cannot be used "
                     "with pure data parallelism\""});
    }
    if (l.pp > 1)
        refuse(r, "parallel.pp", num(l.pp), "1", "src/accelerate/parallelism_config.py: dp_replicate, dp_shard, tp, cp, sp");
    if (l.ep > 1)
        refuse(r, "parallel.ep", num(l.ep), "1", "src/accelerate/parallelism_config.py: dp_replicate, dp_shard, tp, cp, sp");
    const Precision p = s.training.precision;
    if (p == Precision::Bf16)
        refuse(r, "training.precision", "bf16", "bf16-mixed, fp16-mixed, fp8-mixed, fp32 (mixed_precision: bf16|fp16|fp8|no)",
               "src/accelerate/commands/config/cluster.py: mixed_precision choices");
    if (!useFsdp(l) && l.zero == 1 && s.parallel.offload != Offload::None)
        refuse(r, "parallel.offload", enumId(s.parallel.offload), "none",
               "src/accelerate/commands/config/cluster.py asks offload_optimizer_device only `if deepspeed_config[\"zero_stage\"] >= 2`");
    if (useFsdp(l) && s.parallel.offload == Offload::Optimizer)
        refuse(r, "parallel.offload", "optimizer", "none, optimizer+params (fsdp_offload_params)",
               msg::kPhraseFsdpOffload);
    if (s.parallel.rankOrder != RankOrder::TpCpEpDpPp)
        refuse(r, "parallel.rank_order", enumId(s.parallel.rankOrder), "tp-cp-ep-dp-pp",
               "src/accelerate/parallelism_config.py builds its mesh with tp innermost");
    if (s.training.finetune != FineTune::Full)
        r.warning("training.finetune", msg::kEngineInCode, {msg::kPhraseLoraAdapters});
    r.warning("training.optimizer", msg::kEngineInCode, {msg::kPhraseOptimizer});
    if (s.training.recompute != Recompute::None && !useFsdp(l))
        r.warning("training.recompute", msg::kEngineInCode, {msg::kPhraseCheckpointing});
}

const char* mixedPrecision(Precision p)
{
    switch (p) {
    case Precision::Bf16Mixed: return "bf16";
    case Precision::Fp16Mixed: return "fp16";
    case Precision::Fp8Mixed: return "fp8";
    case Precision::Fp32:
    case Precision::Bf16: break;
    }
    return "no";
}

} // namespace

void writeAccelerate(const Scenario& s, EngineConfig& out)
{
    out.fileName = "accelerate_config.yaml";
    out.format = "yaml";
    Rules rules(Engine::Accelerate, out.diagnostics);
    const EngineLayout l = engineLayout(s);
    checkRules(s, l, rules);
    if (rules.failed())
        return;
    const bool offloadParams = s.parallel.offload == Offload::OptimizerAndParams;
    std::string y = fileHeader(s, Engine::Accelerate, rules, "#");
    y += "compute_environment: LOCAL_MACHINE\n";
    if (useFsdp(l)) {
        y += "distributed_type: FSDP\nfsdp_config:\n  fsdp_version: 2\n";
        y += std::string("  fsdp_reshard_after_forward: ") + (l.zero == 3 ? "true" : "false") + "\n";
        y += std::string("  fsdp_offload_params: ") + (offloadParams ? "true" : "false") + "\n";
        y += "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP\n  fsdp_state_dict_type: SHARDED_STATE_DICT\n";
        y += std::string("  fsdp_activation_checkpointing: ") + (s.training.recompute != Recompute::None ? "true" : "false") + "\n";
        y += "parallelism_config:\n  parallelism_config_dp_replicate_size: 1\n  parallelism_config_dp_shard_size: " + num(l.dp)
             + "\n  parallelism_config_tp_size: " + num(l.tp) + "\n  parallelism_config_cp_size: " + num(l.cp) + "\n";
    } else if (l.zero >= 1) {
        y += "distributed_type: DEEPSPEED\ndeepspeed_config:\n  zero_stage: " + num(std::int64_t{l.zero}) + "\n";
        y += "  gradient_accumulation_steps: " + num(l.accumulation) + "\n  gradient_clipping: 1.0\n";
        if (l.zero >= 2) {
            y += std::string("  offload_optimizer_device: ") + (s.parallel.offload != Offload::None ? "cpu" : "none") + "\n";
            y += std::string("  offload_param_device: ") + (offloadParams ? "cpu" : "none") + "\n";
        }
        if (l.zero == 3)
            y += "  zero3_init_flag: true\n  zero3_save_16bit_model: true\n";
    } else {
        y += l.world > 1 ? "distributed_type: MULTI_GPU\n" : "distributed_type: 'NO'\n";
    }
    y += "machine_rank: 0\nmain_process_ip: null\nmain_process_port: null\nmain_training_function: main\n";
    y += std::string("mixed_precision: ") + mixedPrecision(s.training.precision) + "\n";
    y += "num_machines: " + num(l.nodes) + "\n";
    y += "num_processes: " + num(l.world) + "  # the total over all machines\n";
    y += "rdzv_backend: static\nsame_network: true\nuse_cpu: false\n";
    if (l.zero < 1 || useFsdp(l))
        y += "# gradient accumulation: Accelerator(gradient_accumulation_steps=" + num(l.accumulation)
             + "), micro-batch " + num(l.micro) + " per process\n";
    out.text = std::move(y);
    out.launch = "accelerate launch --config_file " + out.fileName + " --machine_rank <0.." + num(l.nodes - 1) + "> train.py";
}

} // namespace shardscope::engines
