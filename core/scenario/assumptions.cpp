#include "core/scenario/assumptions.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/scenario/recipes.h"
#include "core/scenario/scenario_json.h"

namespace shardscope {
namespace {

bool contains(const FieldPaths& paths, const std::string& path)
{
    return std::find(paths.begin(), paths.end(), path) != paths.end();
}

// Fields a partial shape derives (core/scenario/shape_rules.h and applyModelFields): derived
// when a field they follow was given and they were not.
bool derivedFromGiven(const Scenario& s, const FieldPaths& given, const std::string& key)
{
    const auto has = [&](const char* k) { return contains(given, std::string("model.") + k); };
    if (key == "ffn_hidden")  // a preset's or a config's FFN is kept (and said), not derived
        return (has("hidden") || has("mlp")) && !has("ffn_hidden") && s.modelId.empty() && !has("hf_config");
    if (key == "kv_heads")
        return has("heads") && s.model.kvHeads == 0;
    if (key == "head_dim")
        return (has("hidden") || has("heads")) && s.model.headDim == 0;
    return false;
}

std::string valueText(const FieldSpec& spec, const std::optional<FieldValue>& value)
{
    if (!value)
        return "auto";
    if (const auto* i = std::get_if<std::int64_t>(&*value))
        return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&*value)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", *d);
        return text;
    }
    if (const auto* b = std::get_if<bool>(&*value))
        return *b ? "on" : "off";
    (void)spec;
    return std::get<std::string>(*value);
}

const char* mark(FieldOrigin origin)
{
    switch (origin) {
    case FieldOrigin::Given: return "";
    case FieldOrigin::Recipe: return "+";
    case FieldOrigin::Preset: return "^";
    case FieldOrigin::Derived: return "~";
    case FieldOrigin::Default: return "*";
    }
    return "";
}

struct Line {
    const char* title;
    const char* group;
    const char* keys[12];
};

// The compact head of a table: the fields a reader needs to judge the numbers below it.
constexpr Line kLines[] = {
    {"model", "model", {"layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden", "vocab", "experts", "mlp", "dropout"}},
    {"training", "training", {"recipe", "seq_len", "micro_batch", "global_batch", "precision", "grad_dtype", "optimizer",
                              "recompute", "flash_attention", "kernels", "finetune"}},
    {"layout", "parallel", {"gpus", "dp", "tp", "pp", "cp", "ep", "zero", "sequence_parallel", "vpp", "offload", "rank_order"}},
    {"cluster", "cluster", {"gpu", "gpus_per_node", "intra_node_gbps", "inter_node_gbps", "peak_tflops", "memory_gbps"}},
    {"efficiency", "perf", {"gemm_efficiency", "memory_efficiency", "link_efficiency", "dp_overlap", "tp_overlap",
                            "mfu_convention", "train_tokens"}},
};

} // namespace

const char* originId(FieldOrigin origin)
{
    switch (origin) {
    case FieldOrigin::Given: return "given";
    case FieldOrigin::Recipe: return "recipe";
    case FieldOrigin::Preset: return "preset";
    case FieldOrigin::Derived: return "derived";
    case FieldOrigin::Default: return "default";
    }
    return "default";
}

FieldOrigin fieldOrigin(const Scenario& s, const FieldPaths& given, const FieldSpec& spec)
{
    const std::string path = spec.path();
    if (contains(given, path))
        return FieldOrigin::Given;
    if (recipeSets(s.training.recipe, path))
        return FieldOrigin::Recipe;
    const bool model = std::string_view(spec.group) == "model";
    if (model && derivedFromGiven(s, given, spec.key))
        return FieldOrigin::Derived;
    if (model && (contains(given, "model.model") || contains(given, "model.hf_config") || contains(given, "model.params")))
        return FieldOrigin::Preset;
    if (std::string_view(spec.group) == "parallel" && std::string_view(spec.key) == "dp")
        return FieldOrigin::Derived;  // gpus / (tp x pp x cp) unless given
    return FieldOrigin::Default;
}

FieldPaths defaultsUsed(const Scenario& s, const FieldPaths& given)
{
    FieldPaths paths;
    for (const FieldSpec& spec : scenarioFields()) {
        if (spec.get != nullptr && spec.get(s) && !contains(given, spec.path()))
            paths.push_back(spec.path());
    }
    return paths;
}

void addResolvedInputs(nlohmann::json& document, const Scenario& s, const FieldPaths& given)
{
    document["inputs"] = scenarioToJson(s);
    document["defaults_used"] = defaultsUsed(s, given);
    nlohmann::json assumed = nlohmann::json::object();
    for (const FieldSpec& spec : scenarioFields()) {
        if (spec.get != nullptr && spec.get(s) && !contains(given, spec.path()))
            assumed[spec.path()] = originId(fieldOrigin(s, given, spec));
    }
    document["assumed"] = std::move(assumed);
}

std::string chartCaption(const Scenario& s)
{
    const ParallelSpec& p = s.parallel;
    std::string text = (s.modelId.empty() ? s.model.name : s.model.name + " (" + s.modelId + ")") + ", "
                       + std::to_string(p.gpus) + " x " + s.cluster.gpu + ": dp " + std::to_string(s.dataParallel())
                       + ", tp " + std::to_string(p.tp) + ", pp " + std::to_string(p.pp);
    if (p.cp > 1)
        text += ", cp " + std::to_string(p.cp);
    if (p.ep > 1)
        text += ", ep " + std::to_string(p.ep);
    text += ", ZeRO-" + std::to_string(p.zero) + ", micro-batch " + std::to_string(s.training.microBatch) + ", seq "
            + std::to_string(s.training.seqLen) + ", " + enumId(s.training.precision) + ", recompute "
            + enumId(s.training.recompute) + "; recipe " + enumId(s.training.recipe);
    return text;
}

std::string resolvedInputsText(const Scenario& s, const FieldPaths& given)
{
    std::string text = "Resolved inputs (assumed, not given: * default, ^ preset, + recipe, ~ derived)\n";
    for (const Line& line : kLines) {
        std::string row = std::string("  ") + line.title;
        row.resize(14, ' ');
        if (std::string_view(line.group) == "model")
            row += (s.modelId.empty() ? s.model.name : s.modelId) + ": ";
        bool first = true;
        for (const char* key : line.keys) {
            if (key == nullptr)
                break;
            const FieldSpec* spec = findField(line.group, key);
            if (spec == nullptr || spec->get == nullptr)
                continue;
            const std::optional<FieldValue> value = spec->get(s);
            std::string entry = std::string(spec->flag != nullptr ? spec->flag : key) + " " + valueText(*spec, value);
            if (std::string_view(key) == "experts" && !value)
                entry = "experts 0";  // a dense model
            if (std::string_view(key) == "dp" && !value)
                entry = "dp " + std::to_string(s.dataParallel());
            if (std::string_view(key) == "global_batch" && !value)
                entry = "global-batch " + std::to_string(s.training.microBatch * s.dataParallel());
            entry += mark(fieldOrigin(s, given, *spec));
            row += (first ? "" : ", ") + entry;
            first = false;
        }
        text += row + "\n";
    }
    return text + "\n";
}

} // namespace shardscope
