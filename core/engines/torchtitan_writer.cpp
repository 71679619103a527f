// torchtitan v0.2.2: a TOML job file for `torchrun -m torchtitan.train --job.config_file FILE`
// (pytorch/torchtitan 73a0e697). v0.2.2 is the last release that reads TOML: the next commit
// replaced it with a Python config registry (9810191b, "Config System Refactor"). Sections and keys
// are the dataclasses of torchtitan/config/job_config.py; the rules are torchtitan's assertions.
#include <string>

#include "core/common/messages.h"
#include "core/engines/engine_rules.h"
#include "core/engines/writers.h"

namespace shardscope::engines {
namespace {

// torchtitan builds a model from a registered flavor, not from a shape
// (torchtitan/models/llama3/__init__.py, llama3_args at v0.2.2); these are the Llama 3 flavors,
// with the FFN width their ffn_dim_multiplier and multiple_of give and Llama 3's tokenizer.
struct Flavor {
    const char* name;
    int layers;
    std::int64_t hidden;
    int heads;
    int kvHeads;
    std::int64_t ffn;
    const char* assets;
};
constexpr Flavor kFlavors[] = {
    {"8B", 32, 4096, 32, 8, 14336, "./assets/hf/Llama-3.1-8B"},
    {"70B", 80, 8192, 64, 8, 28672, "./assets/hf/Llama-3.1-70B"},
    {"405B", 126, 16384, 128, 8, 53248, "./assets/hf/Llama-3.1-405B"},
};

const Flavor* findFlavor(const ModelSpec& m)
{
    if (m.mlp != MlpKind::SwiGlu || m.norm != NormKind::RmsNorm || m.position != PositionKind::Rotary || m.moe.isMoe()
        || m.tiedEmbeddings || m.vocab != 128256 || m.qkvBias || m.outProjBias || m.mlpBias)
        return nullptr;
    for (const Flavor& f : kFlavors) {
        if (f.layers == m.layers && f.hidden == m.hidden && f.heads == m.heads && f.kvHeads == m.effectiveKvHeads()
            && f.ffn == m.ffnHidden && m.effectiveHeadDim() == m.hidden / m.heads)
            return &f;
    }
    return nullptr;
}

std::string shapeText(const ModelSpec& m)
{
    return num(std::int64_t{m.layers}) + " layers, hidden " + num(m.hidden) + ", " + num(std::int64_t{m.heads}) + "/"
           + num(std::int64_t{m.effectiveKvHeads()}) + " heads, FFN " + num(m.ffnHidden) + ", vocabulary " + num(m.vocab);
}

void checkRules(const Scenario& s, const EngineLayout& l, Rules& r)
{
    const std::int64_t replicate = l.zero == 0 ? l.dp : 1;
    const std::int64_t shard = l.zero == 0 ? 1 : l.dp;
    checkDegrees(r, "dp_replicate x dp_shard x cp x tp x pp", replicate * shard * l.cp * l.tp * l.pp, l.world,
                 "torchtitan/distributed/parallel_dims.py: \"Invalid parallel dims: dp_replicate * dp_shard * cp * tp * pp "
                 "!= WORLD_SIZE\"");
    r.checked("sequence length divisible by tp x 2 x cp (seq_len_divisor)");
    if (s.training.seqLen % (2 * l.cp * l.tp) != 0)
        r.error("training.seq_len", msg::kEngineDivisible,
                {"seq_len", num(s.training.seqLen), "tp x 2 x cp", num(2 * l.cp * l.tp),
                 "torchtitan/models/llama3/infra/parallelize.py: \"Sequence length must be divisible by the product of TP "
                 "degree and 2 * CP degree\""});
    checkGlobalBatch(r, l,
                     "torchtitan/train.py: \"global batch size must be multiple of local batch size times data-parallel "
                     "degree\"");
    if (findFlavor(s.model) == nullptr)
        r.error("model.model", msg::kEngineFlavor,
                {"torchtitan/models/llama3/__init__.py: debugmodel, 8B, 70B, 405B", shapeText(s.model)});
    if (l.zero == 1)
        refuse(r, "parallel.zero", "1", "0, 2, 3",
               "torchtitan/config/job_config.py: data_parallel_replicate_degree (DDP), data_parallel_shard_degree (FSDP2)");
    r.checked("DDP (ZeRO stage 0) only as the one parallel dimension");
    if (l.zero == 0 && l.dp != l.world)
        refuse(r, "parallel.zero", "0", "2, 3",
               "torchtitan/models/llama3/infra/parallelize.py: \"DDP has not supported > 1D parallelism\"");
    const Precision p = s.training.precision;
    if (p == Precision::Fp16Mixed || p == Precision::Bf16)
        refuse(r, "training.precision", enumId(p), "bf16-mixed, fp8-mixed, fp32",
               "torchtitan/config/job_config.py: mixed_precision_param: Literal[\"bfloat16\", \"float32\"]");
    const Optimizer opt = s.training.optimizer;
    if (opt != Optimizer::AdamW)
        refuse(r, "training.optimizer", enumId(opt), "adamw (AdamW)",
               "torchtitan/components/optimizer.py: optimizer_classes = {\"Adam\", \"AdamW\"}");
    if (s.training.finetune != FineTune::Full)
        refuse(r, "training.finetune", enumId(s.training.finetune), "full", msg::kPhraseNoLora);
    if (s.parallel.offload == Offload::Optimizer)
        refuse(r, "parallel.offload", "optimizer", "none, optimizer+params (training.enable_cpu_offload)",
               msg::kPhraseFsdpOffload);
    if (s.parallel.rankOrder != RankOrder::TpCpEpDpPp)
        refuse(r, "parallel.rank_order", enumId(s.parallel.rankOrder), "tp-cp-ep-dp-pp",
               "torchtitan/distributed/parallel_dims.py: mesh (\"pp\", \"batch\", \"cp\", \"tp\")");
    if (p != Precision::Fp32)
        warnFp32Gradients(r, s);
}

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

} // namespace

void writeTorchtitan(const Scenario& s, EngineConfig& out)
{
    out.fileName = "torchtitan_job.toml";
    out.format = "toml";
    Rules rules(Engine::Torchtitan, out.diagnostics);
    const EngineLayout l = engineLayout(s);
    checkRules(s, l, rules);
    if (rules.failed())
        return;
    const Flavor& flavor = *findFlavor(s.model);
    const TrainingSpec& t = s.training;
    // With pipeline parallelism torchtitan cuts each rank's local batch into pipeline micro-batches;
    // without it, the local batch is one micro-batch and global_batch_size sets the accumulation.
    const std::int64_t local = l.pp > 1 ? l.micro * l.accumulation : l.micro;
    const std::int64_t steps = static_cast<std::int64_t>(s.perf.trainTokens / static_cast<double>(l.globalBatch * t.seqLen));

    std::string x = fileHeader(s, Engine::Torchtitan, rules, "#");
    x += "\n[job]\ndump_folder = \"./outputs\"\ndescription = " + quoted("ShardScope export: " + modelName(s)) + "\n";
    x += "\n[model]\nname = \"llama3\"\nflavor = " + quoted(flavor.name) + "\nhf_assets_path = " + quoted(flavor.assets) + "\n";
    if (t.precision == Precision::Fp8Mixed)
        x += "converters = [\"quantize.linear.float8\"]\n";
    x += "\n[optimizer]\nname = \"AdamW\"\nlr = 3e-4\neps = 1e-8\nweight_decay = 0.1\n";
    x += "\n[lr_scheduler]\nwarmup_steps = 200\n";
    x += "\n[training]\nlocal_batch_size = " + num(local) + "\nglobal_batch_size = " + num(l.globalBatch)
         + "\nseq_len = " + num(t.seqLen) + "\nmax_norm = 1.0\nsteps = " + num(std::max<std::int64_t>(1, steps))
         + "\ndataset = \"c4\"\nmixed_precision_param = " + (t.precision == Precision::Fp32 ? "\"float32\"" : "\"bfloat16\"")
         + "\nmixed_precision_reduce = \"float32\"\n";
    if (s.parallel.offload == Offload::OptimizerAndParams)
        x += "enable_cpu_offload = true\n";
    x += "\n[parallelism]\ndata_parallel_replicate_degree = " + num(l.zero == 0 ? l.dp : 1)
         + "\ndata_parallel_shard_degree = " + num(l.zero == 0 ? 1 : l.dp);
    if (l.zero >= 2)
        x += std::string("\nfsdp_reshard_after_forward = ") + (l.zero == 3 ? "\"always\"" : "\"never\"");
    x += "\ntensor_parallel_degree = " + num(l.tp) + "\npipeline_parallel_degree = " + num(l.pp);
    if (l.pp > 1) {
        x += "\npipeline_parallel_microbatch_size = " + num(l.micro);
        x += std::string("\npipeline_parallel_schedule = ") + (l.vpp > 1 ? "\"Interleaved1F1B\"" : "\"1F1B\"");
        if (l.vpp > 1)
            x += "\npipeline_parallel_layers_per_stage = " + num(s.model.layers / (l.pp * l.vpp));
    }
    x += "\ncontext_parallel_degree = " + num(l.cp) + "\n";
    x += "\n[activation_checkpoint]\nmode = " + quoted(enumId(t.recompute)) + "\n";
    if (t.recompute == Recompute::Selective)
        x += "selective_ac_option = \"op\"\n";
    x += "\n[compile]\nenable = false\n";
    out.text = std::move(x);
    out.launch = "torchrun --nnodes " + num(l.nodes) + " --nproc_per_node " + num(std::min<std::int64_t>(l.world, l.gpusPerNode))
                 + " --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29500 -m torchtitan.train --job.config_file " + out.fileName;
}

} // namespace shardscope::engines
