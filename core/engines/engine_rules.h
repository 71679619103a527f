#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/engines/engine_export.h"

// What the engine writers share: the layout as engines count it, the rule checks every engine
// has in some form, and the file header. Not for use outside core/engines.
namespace shardscope::engines {

// The layout in the terms engines use.
struct EngineLayout {
    std::int64_t world = 1;         // processes (GPUs)
    std::int64_t dp = 1;            // data-parallel size (without cp)
    std::int64_t tp = 1, pp = 1, cp = 1, ep = 1, vpp = 1;
    int zero = 0;
    std::int64_t micro = 1;         // micro-batch per GPU
    std::int64_t globalBatch = 1;   // sequences per optimizer step
    std::int64_t accumulation = 1;  // globalBatch / (micro x dp), rounded down
    int gpusPerNode = 8;
    std::int64_t nodes = 1;         // ceil(world / gpusPerNode)
};
EngineLayout engineLayout(const Scenario& scenario);

// Collects one engine's findings. Every message's %1 is the engine and its version; the rule names
// it checked go in the file's header.
class Rules {
public:
    Rules(Engine engine, Diagnostics& out);
    const std::string& engineName() const { return name_; }
    void error(const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args);
    void warning(const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args);
    void checked(std::string rule) { checked_.push_back(std::move(rule)); }
    const std::vector<std::string>& checkedRules() const { return checked_; }
    bool failed() const { return failed_; }
    const Diagnostics& all() const { return out_; }

private:
    void add(Severity severity, const char* field, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args);
    std::string name_;
    Diagnostics& out_;
    std::vector<std::string> checked_;
    bool failed_ = false;
};

// The parallel degrees the engine multiplies (`factors`, e.g. "tp x pp x cp x dp") must give the
// world size.
void checkDegrees(Rules& rules, const std::string& factors, std::int64_t product, std::int64_t world, const char* source);
// global batch = micro-batch x gradient accumulation x data-parallel size, exactly.
void checkGlobalBatch(Rules& rules, const EngineLayout& layout, const char* source);
// The scenario's `field` has a value the engine has no setting for; `accepted` lists what it has.
void refuse(Rules& rules, const char* field, const std::string& value, const char* accepted, const char* source);
// The scenario's gradient dtype (the recipe's default when unset).
GradDtype gradientDtype(const Scenario& scenario);
// The engine accumulates and reduces gradients in fp32 whatever the scenario says.
void warnFp32Gradients(Rules& rules, const Scenario& scenario);

// Text: the header every file starts with (comment lines with `prefix`), and numbers.
std::string fileHeader(const Scenario& scenario, Engine engine, const Rules& rules, const char* prefix);
std::string num(std::int64_t value);
std::string num(double value);  // shortest text that reads back the same ("3e-04" style avoided: 0.0003)
// Whether the model is a gated (SwiGLU) Llama-style shape, and the name shown in headers.
std::string modelName(const Scenario& scenario);

} // namespace shardscope::engines
