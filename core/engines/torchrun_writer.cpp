// The torchrun target: a self-contained PyTorch script (torchrun_script.cpp) and its launch line
// (torch/distributed/run.py: --standalone, --nnodes, --nproc_per_node; the underscore spellings are
// the ones PyTorch 1.13 accepts, and later versions still do). The script is data-parallel only,
// in fp32, so that what it holds and sends can be compared byte for byte with ShardScope's
// prediction on a CPU with gloo (validation/engine_torchrun.py).
#include <string>

#include "core/common/messages.h"
#include "core/engines/engine_rules.h"
#include "core/engines/writers.h"

namespace shardscope::engines {
namespace {


void checkRules(const Scenario& s, const EngineLayout& l, Rules& r)
{
    checkDegrees(r, "dp", l.dp, l.world, msg::kPhraseOneProcess);
    checkGlobalBatch(r, l, msg::kPhraseAccumulation);
    if (l.tp > 1)
        refuse(r, "parallel.tp", num(l.tp), "1", msg::kPhraseDataParallelOnly);
    if (l.pp > 1)
        refuse(r, "parallel.pp", num(l.pp), "1", msg::kPhraseDataParallelOnly);
    if (l.cp > 1)
        refuse(r, "parallel.cp", num(l.cp), "1", msg::kPhraseDataParallelOnly);
    if (l.ep > 1 || s.model.moe.isMoe())
        refuse(r, "model.experts", num(std::int64_t{s.model.moe.experts}), "0", msg::kPhraseDenseOnly);
    if (l.zero > 1)
        refuse(r, "parallel.zero", num(std::int64_t{l.zero}), "0 (DistributedDataParallel), 1 (ZeroRedundancyOptimizer)",
               "torch.distributed.optim.ZeroRedundancyOptimizer shards optimizer states only");
    if (s.training.precision != Precision::Fp32 || gradientDtype(s) != GradDtype::Fp32)
        refuse(r, "training.precision", enumId(s.training.precision), "fp32", msg::kPhraseExactBytes);
    const Optimizer opt = s.training.optimizer;
    if (opt != Optimizer::AdamW && opt != Optimizer::SgdMomentum)
        refuse(r, "training.optimizer", enumId(opt), "adamw (torch.optim.AdamW), sgd-momentum (torch.optim.SGD)", "torch.optim");
    if (s.training.finetune != FineTune::Full)
        refuse(r, "training.finetune", enumId(s.training.finetune), "full", msg::kPhraseTrainsAll);
    if (s.parallel.offload != Offload::None)
        refuse(r, "parallel.offload", enumId(s.parallel.offload), "none", msg::kPhraseOnDevice);
    if (s.model.position == PositionKind::Learned && s.model.maxPositions < s.training.seqLen)
        r.error("model.max_positions", msg::kEngineAtLeast,
                {"max_positions", num(s.model.maxPositions), "seq_len", num(s.training.seqLen), "nn.Embedding of positions"});
    if (s.model.effectiveHeadDim() % 2 != 0 && s.model.position == PositionKind::Rotary)
        r.error("model.head_dim", msg::kEngineDivisible,
                {"head_dim", num(s.model.effectiveHeadDim()), "2", "2", msg::kPhraseRotaryPairs});
    if (l.zero == 1)
        r.warning("parallel.zero", msg::kEngineZeroPartition, {});
}

std::string pyBool(bool value) { return value ? "True" : "False"; }

std::string configLiteral(const Scenario& s, const EngineLayout& l)
{
    const ModelSpec& m = s.model;
    const TrainingSpec& t = s.training;
    std::string c = "{\n";
    auto item = [&c](const char* key, const std::string& value) { c += std::string("    \"") + key + "\": " + value + ",\n"; };
    auto text = [](const char* value) { return std::string("\"") + value + "\""; };
    item("layers", num(std::int64_t{m.layers}));
    item("hidden", num(m.hidden));
    item("heads", num(std::int64_t{m.heads}));
    item("kv_heads", num(std::int64_t{m.effectiveKvHeads()}));
    item("head_dim", num(m.effectiveHeadDim()));
    item("ffn_hidden", num(m.ffnHidden));
    item("vocab", num(m.vocab));
    item("mlp", text(enumId(m.mlp)));
    item("norm", text(enumId(m.norm)));
    item("position", text(enumId(m.position)));
    item("max_positions", num(std::max<std::int64_t>(m.maxPositions, 1)));
    item("tied_embeddings", pyBool(m.tiedEmbeddings));
    item("qkv_bias", pyBool(m.qkvBias));
    item("out_proj_bias", pyBool(m.outProjBias));
    item("mlp_bias", pyBool(m.mlpBias));
    item("dropout", m.dropout ? "0.1" : "0.0");
    item("seq_len", num(t.seqLen));
    item("micro_batch", num(l.micro));
    item("global_batch", num(l.globalBatch));
    item("optimizer", text(enumId(t.optimizer)));
    item("recompute", text(enumId(t.recompute)));
    item("dp", num(l.dp));
    item("zero", num(std::int64_t{l.zero}));
    c += "}";
    return c;
}

void replaceAll(std::string& text, const std::string& field, const std::string& value)
{
    for (std::size_t at = text.find(field); at != std::string::npos; at = text.find(field, at + value.size()))
        text.replace(at, field.size(), value);
}

} // namespace

void writeTorchrun(const Scenario& s, EngineConfig& out)
{
    out.fileName = "shardscope_train.py";
    out.format = "python";
    Rules rules(Engine::Torchrun, out.diagnostics);
    const EngineLayout l = engineLayout(s);
    checkRules(s, l, rules);
    if (rules.failed())
        return;
    const std::int64_t perNode = std::min<std::int64_t>(l.world, l.gpusPerNode);
    out.launch = l.nodes == 1
                     ? "torchrun --standalone --nnodes 1 --nproc_per_node " + num(perNode) + " " + out.fileName
                     : "torchrun --nnodes " + num(l.nodes) + " --nproc_per_node " + num(perNode)
                           + " --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29400 --rdzv_id shardscope " + out.fileName;
    std::string text = torchrunScriptTemplate();
    replaceAll(text, "{{HEADER}}", fileHeader(s, Engine::Torchrun, rules, "#"));
    replaceAll(text, "{{LAUNCH}}", out.launch);
    replaceAll(text, "{{CONFIG}}", configLiteral(s, l));
    out.text = std::move(text);
}

} // namespace shardscope::engines
