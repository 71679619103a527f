#include "core/plan/plan_scenes.h"

#include <string>

#include "core/common/translatable.h"
#include "core/common/plan_messages.h"
#include "core/scenario/model_presets.h"

namespace shardscope {
namespace {

Scenario withModel(const char* id)
{
    Scenario s = defaultScenario();
    if (const auto* preset = standardModelPresets().find(id)) {
        s.model = preset->spec;
        s.modelId = id;
    }
    s.parallel = ParallelSpec{};
    s.cluster.gpu = "h100-sxm";
    return s;
}

std::string layoutWords(const PlanLayout& l)
{
    return "dp " + std::to_string(l.dp) + ", tp " + std::to_string(l.tp) + ", pp " + std::to_string(l.pp) + ", cp "
           + std::to_string(l.cp) + ", ZeRO-" + std::to_string(l.zero);
}

const char* ruleOfThumb(PlanScene scene)
{
    switch (scene) {
    case PlanScene::LoraOneGpu: return msg::kSceneRuleLora;
    case PlanScene::PrototypeOneNode: return msg::kSceneRulePrototype;
    case PlanScene::PretrainCluster: return msg::kSceneRulePretrain;
    case PlanScene::LongContext: return msg::kSceneRuleLongContext;
    case PlanScene::Count: break;
    }
    return "";
}

} // namespace

PlanRequest sceneRequest(PlanScene scene)
{
    PlanRequest r;
    switch (scene) {
    case PlanScene::LoraOneGpu:  // 7B, LoRA, one 80 GB GPU
        r.base = defaultScenario();
        r.base.training.finetune = FineTune::Lora;
        r.base.parallel = ParallelSpec{};
        r.base.parallel.gpus = 1;
        r.base.training.globalBatch = 16;
        break;
    case PlanScene::PrototypeOneNode:  // under 10B, full training on one node of 8
        r.base = withModel("llama3-8b");
        r.base.parallel.gpus = 8;
        r.base.training.seqLen = 8192;
        r.base.training.globalBatch = 64;
        break;
    case PlanScene::PretrainCluster:  // 70B pretraining on 64 nodes
        r.base = withModel("llama3-70b");
        r.base.parallel.gpus = 512;
        r.base.training.seqLen = 8192;
        r.base.training.globalBatch = 512;
        break;
    case PlanScene::LongContext:  // 128K tokens of context
        r.base = withModel("llama3-8b");
        r.base.parallel.gpus = 64;
        r.base.training.seqLen = 131072;
        r.base.training.globalBatch = 16;
        break;
    case PlanScene::Count: break;
    }
    return r;
}

SceneVerdict sceneAdvice(PlanScene scene, const PlanResult& result)
{
    SceneVerdict v;
    const char* rule = ruleOfThumb(scene);
    if (result.plans.empty()) {
        v.advice = makeDiagnostic(Severity::Warning, "plan", msg::kSceneNothingRuns, {rule});
        return v;
    }
    const PlanLayout& best = result.plans.front().layout;
    switch (scene) {
    case PlanScene::LoraOneGpu: v.agrees = best.gpus == 1; break;
    case PlanScene::PrototypeOneNode: v.agrees = best.tp == 1 && best.pp == 1 && best.cp == 1; break;
    case PlanScene::PretrainCluster: v.agrees = best.tp > 1 && best.tp <= 8 && (best.pp > 1 || best.zero > 0); break;
    case PlanScene::LongContext: v.agrees = best.cp > 1; break;
    case PlanScene::Count: break;
    }
    v.advice = makeDiagnostic(v.agrees ? Severity::Info : Severity::Warning, "plan",
                              v.agrees ? msg::kSceneAgrees : msg::kSceneDisagrees, {rule, layoutWords(best)});
    return v;
}

namespace {
constexpr EnumChoice kScenes[] = {
    {int(PlanScene::LoraOneGpu), "lora-one-gpu", SHARDSCOPE_TR_NOOP("UiText", "7B LoRA fine-tune on one GPU"),
     SHARDSCOPE_TR_NOOP("UiText", "the article: under 10B, fine-tune with LoRA on one card")},
    {int(PlanScene::PrototypeOneNode), "prototype-one-node", SHARDSCOPE_TR_NOOP("UiText", "prototype on one node"),
     SHARDSCOPE_TR_NOOP("UiText", "the article: under 10B, one machine with data parallelism")},
    {int(PlanScene::PretrainCluster), "pretrain-cluster", SHARDSCOPE_TR_NOOP("UiText", "70B pretraining on a cluster"),
     SHARDSCOPE_TR_NOOP("UiText", "the article: TP inside a node, PP and DP across nodes, with ZeRO")},
    {int(PlanScene::LongContext), "long-context", SHARDSCOPE_TR_NOOP("UiText", "128K context"),
     SHARDSCOPE_TR_NOOP("UiText", "the article: long context needs context parallelism")},
};
} // namespace

template <> const EnumTable& enumTable<PlanScene>() { static const EnumTable t{"scene", kScenes}; return t; }

} // namespace shardscope
