#include "core/engines/engine_rules.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/common/messages.h"
#include "core/memory/precision_recipe.h"

namespace shardscope::engines {

EngineLayout engineLayout(const Scenario& s)
{
    EngineLayout l;
    const ParallelSpec& p = s.parallel;
    l.world = p.gpus;
    l.dp = s.dataParallel();
    l.tp = p.tp;
    l.pp = p.pp;
    l.cp = p.cp;
    l.ep = p.ep;
    l.vpp = p.vpp;
    l.zero = p.zero;
    l.micro = s.training.microBatch;
    l.globalBatch = s.training.globalBatch.value_or(l.micro * l.dp);
    l.accumulation = l.micro * l.dp > 0 ? l.globalBatch / (l.micro * l.dp) : 0;
    l.gpusPerNode = std::max(1, s.cluster.gpusPerNode);
    l.nodes = (l.world + l.gpusPerNode - 1) / l.gpusPerNode;
    return l;
}

Rules::Rules(Engine engine, Diagnostics& out) : out_(out)
{
    const EngineTarget& target = engineTarget(engine);
    name_ = std::string(target.name) + " " + target.version;
}

void Rules::add(Severity severity, const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args)
{
    DiagnosticArgs all;
    all.push_back(name_);
    for (const DiagnosticArgs::Arg& arg : args)
        all.push_back(arg);
    Diagnostic d{severity, field, std::string(), templ, std::move(all)};
    out_.push_back(std::move(d));
    if (severity == Severity::Error)
        failed_ = true;
}

void Rules::error(const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args)
{
    add(Severity::Error, field, templ, args);
}

void Rules::warning(const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args)
{
    add(Severity::Warning, field, templ, args);
}

void checkDegrees(Rules& rules, const std::string& factors, std::int64_t product, std::int64_t world, const char* source)
{
    rules.checked(factors + " = world size");
    if (product != world)
        rules.error("parallel.gpus", msg::kEngineDegrees, {factors, num(product), num(world), source});
}

void checkGlobalBatch(Rules& rules, const EngineLayout& l, const char* source)
{
    rules.checked("global batch = micro-batch x gradient accumulation x data-parallel size");
    if (l.micro * l.dp <= 0 || l.globalBatch % (l.micro * l.dp) != 0 || l.accumulation < 1)
        rules.error("training.global_batch", msg::kEngineBatch, {num(l.globalBatch), num(l.micro), num(l.dp), source});
}

void refuse(Rules& rules, const char* field, const std::string& value, const char* accepted, const char* source)
{
    rules.error(field, msg::kEngineNoSetting, {field, value, accepted, source});
}

GradDtype gradientDtype(const Scenario& s) { return s.training.gradDtype.value_or(defaultGradDtype(s.training.precision)); }

void warnFp32Gradients(Rules& rules, const Scenario& s)
{
    const Precision precision = s.training.precision;
    if (precision == Precision::Fp32)
        return;
    const GradDtype grads = gradientDtype(s);
    if (grads == GradDtype::Fp32)
        return;
    rules.warning("training.grad_dtype", msg::kEngineFp32Grads, {"2", enumId(grads)});
}

std::string num(std::int64_t value) { return std::to_string(value); }

std::string num(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

std::string modelName(const Scenario& s)
{
    if (!s.model.name.empty())
        return s.model.name;
    return s.modelId.empty() ? std::string("custom model") : s.modelId;
}

std::string fileHeader(const Scenario& s, Engine engine, const Rules& rules, const char* prefix)
{
    const EngineTarget& target = engineTarget(engine);
    const EngineLayout l = engineLayout(s);
    const std::string p = prefix;
    std::string h;
    h += p + " Written by ShardScope (shardscope-cli export-config --engine " + enumId(engine) + ") for " + modelName(s) + ":\n";
    h += p + " " + num(l.world) + (l.world == 1 ? " GPU (" : " GPUs (") + num(l.nodes) + " node" + (l.nodes == 1 ? "" : "s") + " of " + num(std::int64_t{l.gpusPerNode})
         + "), dp " + num(l.dp) + " x tp " + num(l.tp) + " x pp " + num(l.pp) + " x cp " + num(l.cp) + ", ep " + num(l.ep)
         + ", ZeRO stage " + num(std::int64_t{l.zero}) + "; global batch " + num(l.globalBatch) + " = micro-batch "
         + num(l.micro) + " x accumulation " + num(l.accumulation) + " x dp " + num(l.dp) + "; sequence "
         + num(s.training.seqLen) + ".\n";
    h += p + " Target: " + target.name + " " + target.version + " (" + target.source + ").\n";
    if (!rules.checkedRules().empty()) {
        h += p + " Checked before writing:\n";
        for (const std::string& rule : rules.checkedRules())
            h += p + "   - " + rule + "\n";
    }
    for (const Diagnostic& d : rules.all()) {
        if (d.severity != Severity::Error)
            h += p + " " + severityName(d.severity) + ": " + d.message() + "\n";
    }
    return h;
}

} // namespace shardscope::engines
