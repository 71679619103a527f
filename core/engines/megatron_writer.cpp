// Megatron-LM core_v0.15.0: a torchrun launch of pretrain_gpt.py. Every flag is a literal
// add_argument of megatron/training/arguments.py at that tag (NVIDIA/Megatron-LM 0d7e02bd); every
// rule is validate_args' or Megatron Core's, quoted in the source argument of its message.
#include <string>
#include <vector>

#include "core/common/messages.h"
#include "core/engines/engine_rules.h"
#include "core/engines/writers.h"
#include "core/model/vocab_padding.h"

namespace shardscope::engines {
namespace {

struct Args {
    std::vector<std::pair<std::string, std::string>> items;  // flag, value ("" for a switch)
    void add(const std::string& flag, const std::string& value = {}) { items.emplace_back(flag, value); }
};

void checkRules(const Scenario& s, const EngineLayout& l, Rules& r)
{
    const ModelSpec& m = s.model;
    checkDegrees(r, "tp x pp x cp x dp", l.tp * l.pp * l.cp * l.dp, l.world,
                 "megatron/training/arguments.py validate_args: \"world size is not divisible by total_model_size\"");
    checkGlobalBatch(r, l,
                     "megatron/core/num_microbatches_calculator.py: \"global batch size is not divisible by micro batch "
                     "size times data parallel size\"");
    r.checked("attention heads and query groups divisible by tp");
    if (m.heads % l.tp != 0)
        r.error("parallel.tp", msg::kEngineDivisible,
                {"num_attention_heads", num(std::int64_t{m.heads}), "tp", num(l.tp),
                 "megatron/core/transformer/transformer_config.py: \"num_attention_heads must be a multiple of "
                 "tensor_model_parallel_size\""});
    else if (m.effectiveKvHeads() % l.tp != 0)
        r.error("parallel.tp", msg::kEngineDivisible,
                {"num_query_groups", num(std::int64_t{m.effectiveKvHeads()}), "tp", num(l.tp),
                 "megatron/core/transformer/transformer_config.py: \"num_query_groups must be a multiple of "
                 "tensor_model_parallel_size\""});
    r.checked("layers divisible by pp (and by pp x vpp with the interleaved schedule)");
    if (m.layers % (l.pp * l.vpp) != 0)
        r.error("parallel.pp", msg::kEngineDivisible,
                {"num_layers", num(std::int64_t{m.layers}), "pp x vpp", num(l.pp * l.vpp),
                 "megatron/training/arguments.py: \"Number of layers should be divisible by the pipeline-model-parallel size\""});
    if (l.cp > 1) {
        r.checked("sequence length divisible by 2 x cp");
        if (s.training.seqLen % (2 * l.cp) != 0)
            r.error("training.seq_len", msg::kEngineDivisible,
                    {"seq_length", num(s.training.seqLen), "2 x cp", num(2 * l.cp),
                     "megatron/training/arguments.py: \"seq-length should be a multiple of 2 * context-parallel-size if "
                     "context-parallel-size > 1.\""});
    }
    if (m.moe.isMoe()) {
        r.checked("MoE with tp > 1 needs sequence parallelism");
        if (l.tp > 1 && !s.parallel.sequenceParallel)
            r.error("parallel.sequence_parallel", msg::kEngineMoeSequenceParallel,
                    {"megatron/core/transformer/moe/README.md: \"When using MoE with expert parallelism and tensor "
                     "parallelism, sequence parallelism must be enabled\"; megatron/training/yaml_arguments.py asserts it"});
        r.checked("experts divisible by ep");
        if (m.moe.experts % l.ep != 0)
            r.error("parallel.ep", msg::kEngineDivisible,
                    {"num_experts", num(std::int64_t{m.moe.experts}), "ep", num(l.ep),
                     "megatron/training/arguments.py: \"Number of experts should be a multiple of expert model parallel_size.\""});
        if (l.ep > 1 && s.training.precision == Precision::Fp16Mixed)
            refuse(r, "training.precision", "fp16-mixed", "bf16-mixed, fp8-mixed, fp32",
                   "megatron/training/arguments.py: \"Expert parallelism is not supported with fp16 training.\"");
    }
    if (m.position == PositionKind::Learned && m.maxPositions < s.training.seqLen)
        r.error("model.max_positions", msg::kEngineAtLeast,
                {"max_position_embeddings", num(m.maxPositions), "seq_length", num(s.training.seqLen),
                 "megatron/training/arguments.py: \"max_position_embeddings must be greater than or equal to seq_length\""});

    // What the arguments cannot say.
    const Optimizer opt = s.training.optimizer;
    if (opt != Optimizer::AdamW && opt != Optimizer::SgdMomentum)
        refuse(r, "training.optimizer", enumId(opt), "adamw (--optimizer adam), sgd-momentum (--optimizer sgd)",
               "megatron/training/arguments.py: --optimizer choices=['adam', 'sgd']");
    if (s.training.finetune != FineTune::Full)
        refuse(r, "training.finetune", enumId(s.training.finetune), "full", msg::kPhraseNoLora);
    if (s.training.precision == Precision::Bf16)
        refuse(r, "training.precision", "bf16", "bf16-mixed, fp16-mixed, fp8-mixed, fp32",
               msg::kPhraseFp32Main);
    const GradDtype grads = gradientDtype(s);
    if (s.training.precision == Precision::Fp16Mixed && grads == GradDtype::Bf16)
        refuse(r, "training.grad_dtype", "bf16", "fp16, fp32", msg::kPhraseFp16Grads);
    if (s.parallel.offload == Offload::OptimizerAndParams)
        refuse(r, "parallel.offload", "optimizer+params", "none, optimizer (--optimizer-cpu-offload)",
               "megatron/training/arguments.py: --optimizer-cpu-offload");
    if (s.parallel.rankOrder == RankOrder::EpDpCpTpPp)
        refuse(r, "parallel.rank_order", enumId(s.parallel.rankOrder),
               "tp-cp-ep-dp-pp (default), tp-cp-ep-pp-dp (--use-tp-pp-dp-mapping)",
               "megatron/training/arguments.py: --use-tp-pp-dp-mapping");
    const bool allBias = m.qkvBias && m.outProjBias && m.mlpBias;
    const bool noBias = !m.qkvBias && !m.outProjBias && !m.mlpBias;
    const bool qkvOnly = m.qkvBias && !m.outProjBias && !m.mlpBias;
    if (!allBias && !noBias && !qkvOnly)
        refuse(r, "model.mlp_bias", std::string("qkv_bias=") + (m.qkvBias ? "true" : "false") + ", out_proj_bias="
                  + (m.outProjBias ? "true" : "false") + ", mlp_bias=" + (m.mlpBias ? "true" : "false"),
               "qkv_bias=out_proj_bias=mlp_bias, or qkv_bias alone",
               "--disable-bias-linear, --add-qkv-bias");
}

Args arguments(const Scenario& s, const EngineLayout& l)
{
    const ModelSpec& m = s.model;
    const TrainingSpec& t = s.training;
    Args a;
    // Parallelism (megatron/training/arguments.py, _add_distributed_args).
    a.add("--tensor-model-parallel-size", num(l.tp));
    a.add("--pipeline-model-parallel-size", num(l.pp));
    if (l.cp > 1)
        a.add("--context-parallel-size", num(l.cp));
    if (l.vpp > 1)
        a.add("--num-layers-per-virtual-pipeline-stage", num(m.layers / (l.pp * l.vpp)));
    // The interleaved schedule overlaps its send/recv by default (overlap_p2p_comm); a scenario
    // that models it waiting on each (pp_overlap 0, the megatron-2021 recipe) asks for that.
    if (l.vpp > 1 && s.perf.ppOverlap <= 0.0)
        a.add("--no-overlap-p2p-communication");
    if (l.tp > 1 && s.parallel.sequenceParallel)
        a.add("--sequence-parallel");
    if (s.parallel.rankOrder == RankOrder::TpCpEpPpDp)
        a.add("--use-tp-pp-dp-mapping");
    if (l.zero == 1)
        a.add("--use-distributed-optimizer");
    if (l.zero >= 2) {
        a.add("--use-megatron-fsdp");
        a.add("--data-parallel-sharding-strategy", l.zero == 2 ? "optim_grads" : "optim_grads_params");
        a.add("--ckpt-format", "fsdp_dtensor");  // "Megatron FSDP only supports fsdp_dtensor checkpoint format"
    }
    if (s.parallel.offload == Offload::Optimizer) {
        a.add("--optimizer-cpu-offload");
        a.add("--use-precision-aware-optimizer");  // "must be used in conjunction with `--use-precision-aware-optimizer`"
    }
    // Model (_add_network_size_args).
    a.add("--num-layers", num(std::int64_t{m.layers}));
    a.add("--hidden-size", num(m.hidden));
    a.add("--ffn-hidden-size", num(m.ffnHidden));
    a.add("--num-attention-heads", num(std::int64_t{m.heads}));
    if (m.effectiveKvHeads() != m.heads) {
        a.add("--group-query-attention");
        a.add("--num-query-groups", num(std::int64_t{m.effectiveKvHeads()}));
    }
    if (m.heads > 0 && m.effectiveHeadDim() != m.hidden / m.heads)
        a.add("--kv-channels", num(m.effectiveHeadDim()));
    if (m.mlp == MlpKind::SwiGlu)
        a.add("--swiglu");
    a.add("--normalization", m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    if (m.position == PositionKind::Rotary) {
        a.add("--position-embedding-type", "rope");
        a.add("--max-position-embeddings", num(t.seqLen));
    } else {
        a.add("--position-embedding-type", "learned_absolute");
        a.add("--max-position-embeddings", num(m.maxPositions));
    }
    if (!m.tiedEmbeddings)
        a.add("--untie-embeddings-and-output-weights");
    if (!m.qkvBias && !m.outProjBias && !m.mlpBias)
        a.add("--disable-bias-linear");
    else if (!m.outProjBias) {  // QKV biases only (Qwen2)
        a.add("--disable-bias-linear");
        a.add("--add-qkv-bias");
    }
    if (!m.dropout) {
        a.add("--attention-dropout", "0.0");
        a.add("--hidden-dropout", "0.0");
    }
    if (m.moe.isMoe()) {
        a.add("--num-experts", num(std::int64_t{m.moe.experts}));
        a.add("--moe-router-topk", num(std::int64_t{m.moe.topK}));
        a.add("--moe-ffn-hidden-size", num(m.expertFfn()));
        if (m.moe.sharedExperts > 0)
            a.add("--moe-shared-expert-intermediate-size", num(m.moe.sharedExperts * m.expertFfn()));
        if (l.ep > 1)
            a.add("--expert-model-parallel-size", num(l.ep));
    }
    // The vocabulary: NullTokenizer's vocab_size is --vocab-size + 1 (the end-of-document token),
    // then padded to a multiple of 128 x tp (megatron/training/tokenizer/tokenizer.py).
    a.add("--tokenizer-type", "NullTokenizer");
    a.add("--vocab-size", num(m.vocab - 1));
    a.add("--make-vocab-size-divisible-by", num(kVocabPaddingUnit));
    // Training (_add_training_args, _add_mixed_precision_args).
    a.add("--seq-length", num(t.seqLen));
    a.add("--micro-batch-size", num(l.micro));
    a.add("--global-batch-size", num(l.globalBatch));
    a.add("--train-samples", num(static_cast<std::int64_t>(s.perf.trainTokens / static_cast<double>(t.seqLen))));
    a.add("--optimizer", t.optimizer == Optimizer::SgdMomentum ? "sgd" : "adam");
    if (t.optimizer == Optimizer::SgdMomentum)
        a.add("--sgd-momentum", "0.9");
    a.add("--lr", "3.0e-4");
    a.add("--min-lr", "3.0e-5");
    a.add("--lr-decay-style", "cosine");
    a.add("--weight-decay", "0.1");
    a.add("--clip-grad", "1.0");
    switch (t.precision) {
    case Precision::Bf16Mixed: a.add("--bf16"); break;
    case Precision::Fp16Mixed: a.add("--fp16"); break;
    case Precision::Fp8Mixed:
        a.add("--bf16");
        a.add("--fp8-format", "hybrid");
        a.add("--transformer-impl", "transformer_engine");
        break;
    case Precision::Fp32:
    case Precision::Bf16: break;
    }
    const GradDtype grads = gradientDtype(s);
    if ((t.precision == Precision::Bf16Mixed || t.precision == Precision::Fp8Mixed) && grads != GradDtype::Fp32)
        a.add("--grad-reduce-in-bf16");
    if (t.precision == Precision::Fp16Mixed && grads == GradDtype::Fp32)
        a.add("--accumulate-allreduce-grads-in-fp32");
    if (t.recompute == Recompute::Full) {
        a.add("--recompute-granularity", "full");
        a.add("--recompute-method", "uniform");
        a.add("--recompute-num-layers", "1");
    } else if (t.recompute == Recompute::Selective) {
        a.add("--recompute-granularity", "selective");
    }
    a.add("--attention-backend", t.flashAttention ? "flash" : "unfused");
    a.add("--seed", "1234");
    a.add("--mock-data");  // replace with --data-path PREFIX for a real dataset
    a.add("--log-interval", "10");
    return a;
}

} // namespace

void writeMegatron(const Scenario& s, EngineConfig& config)
{
    config.fileName = "train_megatron.sh";
    config.format = "bash";
    Rules rules(Engine::Megatron, config.diagnostics);
    const EngineLayout l = engineLayout(s);
    checkRules(s, l, rules);
    const std::int64_t padded = paddedVocab(s.model.vocab, l.tp);
    if (padded != s.model.vocab)
        rules.warning("model.vocab", msg::kEngineVocabPadding,
                      {num(s.model.vocab), num(padded), num(kVocabPaddingUnit)});
    if (rules.failed())
        return;

    const std::int64_t perNode = std::min<std::int64_t>(l.world, l.gpusPerNode);
    std::string text = "#!/bin/bash\n" + fileHeader(s, Engine::Megatron, rules, "#");
    text += "# Run from a Megatron-LM checkout on every node, with NODE_RANK and MASTER_ADDR set.\n"
            "set -euo pipefail\n";
    if ((l.tp > 1 || l.cp > 1) && l.zero < 2)
        text += "export CUDA_DEVICE_MAX_CONNECTIONS=1  # validate_args asserts it for tp or cp > 1 before Blackwell\n";
    text += "GPUS_PER_NODE=" + num(perNode) + "\nNNODES=" + num(l.nodes) + "\n\n";
    text += "torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES --node_rank ${NODE_RANK:-0} \\\n"
            "  --master_addr ${MASTER_ADDR:-localhost} --master_port ${MASTER_PORT:-6000} \\\n"
            "  pretrain_gpt.py";
    for (const auto& [flag, value] : arguments(s, l).items) {
        text += " \\\n  " + flag;
        if (!value.empty())
            text += " " + value;
    }
    text += "\n";
    config.text = std::move(text);
    config.launch = "NODE_RANK=<0.." + num(l.nodes - 1) + "> MASTER_ADDR=<first node> bash " + config.fileName;
}

} // namespace shardscope::engines
