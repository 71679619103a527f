#include "core/scenario/recipes.h"

#include <algorithm>

#include "core/scenario/field_table.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

// Each recipe sets only what its source states; everything else keeps ShardScope's defaults
// (docs/model.md, "Recipes", has the same table with the quotations).
const Json& table(Recipe recipe)
{
    static const Json none = Json::object();
    // Narayanan et al. 2021 (SC21, "Efficient Large-Scale Language Model Training on GPU Clusters
    // Using Megatron-LM"): no FlashAttention yet (Dao et al. 2022), dropout 0.1 on attention and
    // hidden states (Megatron-LM's --attention-dropout / --hidden-dropout defaults), no ZeRO
    // (the data-parallel all-reduce of section 3), fused bias-GeLU / softmax kernels, full
    // activation recomputation (section 3.5); gradients stay in the fp16 of its runs
    // (--accumulate-allreduce-grads-in-fp32 was off by default for fp16); pipeline send/recv not
    // overlapped (its megatron/p2p_communication.py waits on every batch_isend_irecv request and
    // synchronizes the device, "to protect against race condition").
    static const Json megatron2021 = Json::parse(R"({
        "model": {"dropout": true},
        "training": {"flash_attention": "off", "kernels": "fused", "recompute": "full", "fused_cross_entropy": true},
        "parallel": {"zero": 0},
        "perf": {"pp_overlap": 0}})");
    // Megatron-Core (Megatron-LM core_v0.15.0 as its Llama examples launch it): the distributed
    // optimizer (--use-distributed-optimizer: ZeRO-1), Transformer Engine's fused attention
    // (FlashAttention), selective recomputation (--recompute-activations), fused kernels and
    // fp32 gradient accumulation (megatron/training/arguments.py turns
    // accumulate_allreduce_grads_in_fp32 on for bf16).
    static const Json megatronCore = Json::parse(R"({
        "training": {"flash_attention": "on", "kernels": "fused", "recompute": "selective", "grad_dtype": "fp32",
                     "fused_cross_entropy": true, "fused_swiglu": true},
        "parallel": {"zero": 1}})");
    // DeepSpeed ZeRO-3 on a Hugging Face model (DeepSpeed v0.16.4 "stage": 3 with HF Trainer's
    // gradient checkpointing, as DeepSpeed's own ZeRO-3 tutorials run it): eager PyTorch kernels,
    // the model's own loss (log_softmax + nll_loss) and unfused SwiGLU.
    static const Json deepspeedZero3 = Json::parse(R"({
        "training": {"flash_attention": "on", "kernels": "eager", "recompute": "full", "fused_cross_entropy": false,
                     "fused_swiglu": false},
        "parallel": {"zero": 3}})");
    // torchtitan v0.2.2 defaults (torchtitan/config/job_config.py): FSDP2 (fully_shard, ZeRO-3
    // semantics, reshard_after_forward "default"), eager kernels (compile off), SDPA
    // (FlashAttention-2 backend), activation_checkpoint.mode "selective" with selective_ac_option
    // "op", torch's cross-entropy.
    static const Json fsdp2Torchtitan = Json::parse(R"({
        "training": {"flash_attention": "on", "attention_kernel": "fa2", "kernels": "eager", "recompute": "op",
                     "fused_cross_entropy": false, "fused_swiglu": false},
        "parallel": {"zero": 3, "fsdp_reshard": "auto"}})");
    // Hugging Face Trainer (transformers TrainingArguments) with --bf16: DDP (no ZeRO), eager
    // modules, attn_implementation "sdpa", gradient_checkpointing False, the model's loss.
    static const Json hfTrainer = Json::parse(R"({
        "training": {"precision": "bf16-mixed", "flash_attention": "on", "kernels": "eager", "recompute": "none",
                     "fused_cross_entropy": false, "fused_swiglu": false},
        "parallel": {"zero": 0}})");
    switch (recipe) {
    case Recipe::Megatron2021: return megatron2021;
    case Recipe::MegatronCore: return megatronCore;
    case Recipe::DeepspeedZero3: return deepspeedZero3;
    case Recipe::Fsdp2Torchtitan: return fsdp2Torchtitan;
    case Recipe::HfTrainer: return hfTrainer;
    case Recipe::None: break;
    }
    return none;
}

} // namespace

const Json& recipeDefaults(Recipe recipe) { return table(recipe); }

bool recipeSets(Recipe recipe, std::string_view path)
{
    const Json& t = table(recipe);
    const auto dot = path.find('.');
    if (dot == std::string_view::npos)
        return false;
    const auto group = t.find(std::string(path.substr(0, dot)));
    return group != t.end() && group->contains(std::string(path.substr(dot + 1)));
}

void applyRecipe(Scenario& s, const FieldPaths& given, FieldPaths* applied)
{
    for (const auto& [group, fields] : table(s.training.recipe).items()) {
        for (const auto& [key, value] : fields.items()) {
            const FieldSpec* spec = findField(group, key);
            const std::string path = group + "." + key;
            if (spec == nullptr || spec->set == nullptr || std::find(given.begin(), given.end(), path) != given.end())
                continue;
            Diagnostics ignored;  // the tables above are checked by tst_recipes
            const Json one = Json{{key, value}};
            if (const std::optional<FieldValue> v = readFieldValue(one, *spec, group, ignored); v && spec->set(s, *v)) {
                if (applied != nullptr)
                    applied->push_back(path);
            }
        }
    }
}

} // namespace shardscope
