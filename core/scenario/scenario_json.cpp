#include "core/scenario/scenario_json.h"

#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <utility>

#include "core/common/atomic_file.h"
#include "core/common/json_fields.h"
#include "core/common/messages.h"
#include "core/model/hf_config.h"
#include "core/model/model_json.h"
#include "core/model/params_family.h"
#include "core/presets/model_presets.h"

namespace shardscope {

using Json = nlohmann::json;
using json_fields::readBool;
using json_fields::readInt;
using json_fields::readNumber;
using json_fields::readString;

namespace {

// Reads one of `values`, spelled as `nameOf` spells it (the names live in scenario.cpp only).
template <typename Enum>
bool readChoice(const Json& o, const char* key, const std::string& prefix, Enum& target,
                std::initializer_list<Enum> values, const char* (*nameOf)(Enum), Diagnostics& out)
{
    std::string text;
    if (!readString(o, key, prefix, text, out))
        return false;
    std::string names;
    for (Enum value : values) {
        if (text == nameOf(value)) {
            target = value;
            return true;
        }
        names.append(names.empty() ? "" : ", ").append(nameOf(value));
    }
    const std::string field = json_fields::path(prefix, key);
    out.push_back(makeDiagnostic(Severity::Error, field, msg::kOneOf, {field, names, text}));
    return false;
}

// "on"/"off" as the CLI writes it, or a JSON boolean.
void readSwitch(const Json& o, const char* key, const std::string& prefix, bool& target, Diagnostics& out)
{
    const auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return;
    if (it->is_string()) {
        const std::string text = it->get<std::string>();
        if (text == "on" || text == "off") {
            target = text == "on";
            return;
        }
    } else if (it->is_boolean()) {
        target = it->get<bool>();
        return;
    }
    const std::string field = json_fields::path(prefix, key);
    out.push_back(makeDiagnostic(Severity::Error, field, msg::kOnOrOff, {field}));
}

constexpr const char* kTopLevel[] = {"model", "training", "parallel", "cluster", "overhead", "perf", "shardscope", nullptr};
constexpr const char* kTrainingFields[] = {"seq_len", "micro_batch", "global_batch", "precision", "grad_dtype",
                                           "optimizer", "recompute", "flash_attention", "finetune", "lora_rank",
                                           "lora_targets", "fused_swiglu", "norm_statistics", "fused_cross_entropy", nullptr};
constexpr const char* kParallelFields[] = {"gpus", "dp", "tp", "pp", "cp", "ep", "zero", "sequence_parallel", "vpp",
                                           "offload", nullptr};
constexpr const char* kClusterFields[] = {"gpu", "gpus_per_node", "intra_node_gbps", "inter_node_gbps", "peak_tflops",
                                          "memory_gbps", nullptr};
constexpr const char* kPerfFields[] = {"gemm_efficiency", "memory_efficiency", "link_efficiency", "intra_latency_us",
                                       "inter_latency_us", "dp_overlap", "tp_overlap", "cp_overlap", "ep_overlap",
                                       "train_tokens", nullptr};
constexpr const char* kOverheadFields[] = {"context_mib", "fragmentation", "nccl_mib", "bucket_mb",
                                           "zero3_prefetch_layers", nullptr};

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kMB = 1000.0 * 1000.0;

const Json& group(const Json& document, const char* name, Diagnostics& out)
{
    static const Json empty = Json::object();
    const auto it = document.find(name);
    if (it == document.end() || it->is_null())
        return empty;
    if (!it->is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, name, msg::kWrongType, {name, msg::kTypeObject}));
        return empty;
    }
    return *it;
}

bool hasShapeField(const Json& o)
{
    for (const char* const* key = kModelShapeFields; *key != nullptr; ++key) {
        if (o.contains(*key))
            return true;
    }
    return false;
}

void readModel(const Json& o, const std::filesystem::path& base, Scenario& s, Diagnostics& out)
{
    std::string preset, hfConfig;
    const bool hasPreset = readString(o, "model", "model", preset, out);
    const bool hasHf = readString(o, "hf_config", "model", hfConfig, out);
    std::int64_t params = 0;
    const bool hasParams = readInt(o, "params", "model", params, out);
    if (hasParams && params <= 0) {
        out.push_back(makeDiagnostic(Severity::Error, "model.params", msg::kPositiveWhole, {std::to_string(params)}));
        return;
    }
    if (hasPreset && hasHf) {
        out.push_back(makeDiagnostic(Severity::Error, "model.hf_config", msg::kPresetOrConfig));
        return;
    }
    s.modelId.clear();
    if (hasPreset) {
        const ModelPreset* found = standardModelPresets().find(preset);
        if (found == nullptr) {
            out.push_back(makeDiagnostic(Severity::Error, "model.model", msg::kUnknownModel,
                                         {preset, standardModelPresets().idList()}));
            return;
        }
        s.model = found->spec;
        s.modelId = preset;
    } else if (hasHf) {
        std::filesystem::path path(hfConfig);
        if (path.is_relative() && !base.empty())
            path = base / path;
        auto imported = importHfConfigFile(path.string(), out);
        if (!imported)
            return;
        s.model = *imported;
    } else if (hasParams) {
        s.model = shapeForParameterCount(params);
    } else if (hasShapeField(o)) {
        s.model = shapeForParameterCount(7'000'000'000);  // the default shape, counted from its fields
        s.model.exactParams.reset();
        s.model.name = "custom shape";
        s.model.source = "explicit shape";
    }
    applyModelFields(o, "model", s.model, out);
    if (hasShapeField(o) && !hasParams)
        s.model.exactParams.reset();
    if (hasParams)
        s.model.exactParams = params;
    readString(o, "name", "model", s.model.name, out);
}

void readTraining(const Json& o, TrainingSpec& t, Diagnostics& out)
{
    const std::string p = "training";
    readInt(o, "seq_len", p, t.seqLen, out);
    readInt(o, "micro_batch", p, t.microBatch, out);
    std::int64_t global = 0;
    if (readInt(o, "global_batch", p, global, out))
        t.globalBatch = global;
    readChoice(o, "precision", p, t.precision,
               {Precision::Bf16Mixed, Precision::Fp16Mixed, Precision::Fp32, Precision::Bf16, Precision::Fp8Mixed},
               &precisionName, out);
    GradDtype grad = GradDtype::Bf16;
    if (readChoice(o, "grad_dtype", p, grad, {GradDtype::Bf16, GradDtype::Fp16, GradDtype::Fp32}, &gradDtypeName, out))
        t.gradDtype = grad;
    readChoice(o, "optimizer", p, t.optimizer,
               {Optimizer::AdamW, Optimizer::SgdMomentum, Optimizer::Adafactor, Optimizer::AdamW8bit}, &optimizerName,
               out);
    readChoice(o, "recompute", p, t.recompute, {Recompute::None, Recompute::Selective, Recompute::Full},
               &recomputeName, out);
    readSwitch(o, "flash_attention", p, t.flashAttention, out);
    readChoice(o, "finetune", p, t.finetune, {FineTune::Full, FineTune::Lora, FineTune::Qlora}, &finetuneName, out);
    readInt(o, "lora_rank", p, t.loraRank, out);
    std::string targets;
    if (readString(o, "lora_targets", p, targets, out)) {
        t.loraTargets = parseLoraTargets(targets);
        if (t.loraTargets == 0)
            out.push_back(makeDiagnostic(Severity::Error, "training.lora_targets", msg::kBadLoraTargets, {targets}));
    }
    readBool(o, "fused_swiglu", p, t.fusedSwiglu, out);
    readBool(o, "norm_statistics", p, t.normStatistics, out);
    readBool(o, "fused_cross_entropy", p, t.fusedCrossEntropy, out);
}

void readParallel(const Json& o, ParallelSpec& par, Diagnostics& out)
{
    const std::string p = "parallel";
    readInt(o, "gpus", p, par.gpus, out);
    int dp = 0;
    if (readInt(o, "dp", p, dp, out))
        par.dp = dp;
    readInt(o, "tp", p, par.tp, out);
    readInt(o, "pp", p, par.pp, out);
    readInt(o, "cp", p, par.cp, out);
    readInt(o, "ep", p, par.ep, out);
    readInt(o, "zero", p, par.zero, out);
    readBool(o, "sequence_parallel", p, par.sequenceParallel, out);
    readInt(o, "vpp", p, par.vpp, out);
    readChoice(o, "offload", p, par.offload, {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams},
               &offloadName, out);
}

void readCluster(const Json& o, ClusterSpec& c, Diagnostics& out)
{
    const std::string p = "cluster";
    readString(o, "gpu", p, c.gpu, out);
    readInt(o, "gpus_per_node", p, c.gpusPerNode, out);
    double value = 0;
    if (readNumber(o, "intra_node_gbps", p, value, out))
        c.intraNodeGbps = value;
    if (readNumber(o, "inter_node_gbps", p, value, out))
        c.interNodeGbps = value;
    if (readNumber(o, "peak_tflops", p, value, out))
        c.peakTflops = value;
    if (readNumber(o, "memory_gbps", p, value, out))
        c.memoryGbps = value;
}

void readPerf(const Json& o, PerfSpec& f, Diagnostics& out)
{
    const std::string p = "perf";
    readNumber(o, "gemm_efficiency", p, f.gemmEfficiency, out);
    readNumber(o, "memory_efficiency", p, f.memoryEfficiency, out);
    readNumber(o, "link_efficiency", p, f.linkEfficiency, out);
    readNumber(o, "intra_latency_us", p, f.intraLatencyUs, out);
    readNumber(o, "inter_latency_us", p, f.interLatencyUs, out);
    readNumber(o, "dp_overlap", p, f.dpOverlap, out);
    readNumber(o, "tp_overlap", p, f.tpOverlap, out);
    readNumber(o, "cp_overlap", p, f.cpOverlap, out);
    readNumber(o, "ep_overlap", p, f.epOverlap, out);
    readNumber(o, "train_tokens", p, f.trainTokens, out);
}

void readOverhead(const Json& o, OverheadSpec& h, Diagnostics& out)
{
    const std::string p = "overhead";
    double value = 0;
    if (readNumber(o, "context_mib", p, value, out))
        h.cudaContextBytes = value * kMiB;
    readNumber(o, "fragmentation", p, h.fragmentation, out);
    if (readNumber(o, "nccl_mib", p, value, out))
        h.ncclBytesPerGroup = value * kMiB;
    if (readNumber(o, "bucket_mb", p, value, out))
        h.dpBucketBytes = value * kMB;
    readInt(o, "zero3_prefetch_layers", p, h.zero3PrefetchLayers, out);
}

} // namespace

unsigned parseLoraTargets(const std::string& text)
{
    static const std::pair<const char*, unsigned> names[] = {{"q", kProjQ},   {"k", kProjK},       {"v", kProjV},
                                                             {"o", kProjO},   {"gate", kProjGate}, {"up", kProjUp},
                                                             {"down", kProjDown}, {"all", kProjAll}};
    unsigned targets = 0;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        bool known = false;
        for (const auto& [name, bit] : names) {
            if (item == name) {
                targets |= bit;
                known = true;
            }
        }
        if (!known)
            return 0;
    }
    return targets;
}

std::string loraTargetsText(unsigned targets)
{
    static const std::pair<const char*, unsigned> names[] = {{"q", kProjQ},       {"k", kProjK},   {"v", kProjV},
                                                             {"o", kProjO},       {"gate", kProjGate},
                                                             {"up", kProjUp},     {"down", kProjDown}};
    std::string text;
    for (const auto& [name, bit] : names) {
        if ((targets & bit) != 0)
            text.append(text.empty() ? "" : ",").append(name);
    }
    return text;
}

std::optional<Scenario> scenarioFromJson(const Json& document, const std::filesystem::path& base, Diagnostics& out)
{
    if (!document.is_object()) {
        out.push_back(makeDiagnostic(Severity::Error, "scenario", msg::kScenarioObject));
        return std::nullopt;
    }
    const std::size_t before = out.size();
    Scenario s = defaultScenario();
    json_fields::warnUnknown(document, kTopLevel, "", out);
    const Json& model = group(document, "model", out);
    const Json& training = group(document, "training", out);
    const Json& parallel = group(document, "parallel", out);
    const Json& cluster = group(document, "cluster", out);
    const Json& overhead = group(document, "overhead", out);
    const Json& perf = group(document, "perf", out);
    readModel(model, base, s, out);
    readTraining(training, s.training, out);
    readParallel(parallel, s.parallel, out);
    readCluster(cluster, s.cluster, out);
    readOverhead(overhead, s.overhead, out);
    readPerf(perf, s.perf, out);
    json_fields::warnUnknown(training, kTrainingFields, "training", out);
    json_fields::warnUnknown(parallel, kParallelFields, "parallel", out);
    json_fields::warnUnknown(cluster, kClusterFields, "cluster", out);
    json_fields::warnUnknown(overhead, kOverheadFields, "overhead", out);
    json_fields::warnUnknown(perf, kPerfFields, "perf", out);
    for (std::size_t i = before; i < out.size(); ++i) {
        if (out[i].severity == Severity::Error)
            return std::nullopt;
    }
    return s;
}

Json scenarioToJson(const Scenario& s)
{
    Json model = modelShapeToJson(s.model);
    if (!s.modelId.empty())
        model["model"] = s.modelId;
    if (s.model.exactParams)
        model["params"] = *s.model.exactParams;
    model["name"] = s.model.name;

    const TrainingSpec& t = s.training;
    Json training = {{"seq_len", t.seqLen},
                     {"micro_batch", t.microBatch},
                     {"precision", precisionName(t.precision)},
                     {"optimizer", optimizerName(t.optimizer)},
                     {"recompute", recomputeName(t.recompute)},
                     {"flash_attention", t.flashAttention ? "on" : "off"},
                     {"finetune", finetuneName(t.finetune)},
                     {"lora_rank", t.loraRank},
                     {"lora_targets", loraTargetsText(t.loraTargets)},
                     {"fused_swiglu", t.fusedSwiglu},
                     {"norm_statistics", t.normStatistics},
                     {"fused_cross_entropy", t.fusedCrossEntropy}};
    if (t.globalBatch)
        training["global_batch"] = *t.globalBatch;
    if (t.gradDtype)
        training["grad_dtype"] = gradDtypeName(*t.gradDtype);

    const ParallelSpec& p = s.parallel;
    Json parallel = {{"gpus", p.gpus}, {"tp", p.tp},   {"pp", p.pp},
                     {"cp", p.cp},     {"ep", p.ep},   {"zero", p.zero},
                     {"sequence_parallel", p.sequenceParallel}, {"vpp", p.vpp},
                     {"offload", offloadName(p.offload)}};
    if (p.dp)
        parallel["dp"] = *p.dp;

    Json cluster = {{"gpu", s.cluster.gpu}, {"gpus_per_node", s.cluster.gpusPerNode}};
    if (s.cluster.intraNodeGbps)
        cluster["intra_node_gbps"] = *s.cluster.intraNodeGbps;
    if (s.cluster.interNodeGbps)
        cluster["inter_node_gbps"] = *s.cluster.interNodeGbps;
    if (s.cluster.peakTflops)
        cluster["peak_tflops"] = *s.cluster.peakTflops;
    if (s.cluster.memoryGbps)
        cluster["memory_gbps"] = *s.cluster.memoryGbps;

    const OverheadSpec& h = s.overhead;
    Json overhead = {{"context_mib", h.cudaContextBytes / kMiB},
                     {"fragmentation", h.fragmentation},
                     {"nccl_mib", h.ncclBytesPerGroup / kMiB},
                     {"bucket_mb", h.dpBucketBytes / kMB},
                     {"zero3_prefetch_layers", h.zero3PrefetchLayers}};

    const PerfSpec& f = s.perf;
    Json perf = {{"gemm_efficiency", f.gemmEfficiency},   {"memory_efficiency", f.memoryEfficiency},
                 {"link_efficiency", f.linkEfficiency},   {"intra_latency_us", f.intraLatencyUs},
                 {"inter_latency_us", f.interLatencyUs},  {"dp_overlap", f.dpOverlap},
                 {"tp_overlap", f.tpOverlap},             {"cp_overlap", f.cpOverlap},
                 {"ep_overlap", f.epOverlap},             {"train_tokens", f.trainTokens}};

    return Json{{"model", model}, {"training", training}, {"parallel", parallel}, {"cluster", cluster},
                {"overhead", overhead}, {"perf", perf}};
}

std::optional<Scenario> loadScenarioFile(const std::filesystem::path& path, Diagnostics& out)
{
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
        out.push_back(makeDiagnostic(Severity::Error, "scenario", msg::kCannotRead, {path.string()}));
        return std::nullopt;
    }
    std::ostringstream text;
    text << stream.rdbuf();
    Json document;
    try {
        document = Json::parse(text.str());
    } catch (const Json::parse_error& e) {
        out.push_back(makeDiagnostic(Severity::Error, "scenario", msg::kNotJson, {path.string(), std::to_string(e.byte)}));
        return std::nullopt;
    }
    return scenarioFromJson(document, path.parent_path(), out);
}

bool saveScenarioFile(const Scenario& s, const std::filesystem::path& path, std::string& error)
{
    return writeFileAtomically(path, scenarioToJson(s).dump(2) + "\n", error);
}

} // namespace shardscope
