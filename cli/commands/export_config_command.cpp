// shardscope-cli export-config: the scenario as a training engine's own configuration
// (core/engines): Megatron-LM launch arguments, a DeepSpeed JSON, a torchtitan TOML, an
// Accelerate YAML, or a self-contained torchrun script. The scenario is checked first (exit 2
// naming the field); then the engine's rules (exit 2 naming the rule and the field at fault).
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/scenario/assumptions.h"
#include "core/common/atomic_file.h"
#include "core/engines/engine_export.h"

namespace shardscope::cli {

int runExportConfig(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::string* engineId = inv.text("engine");
    if (engineId == nullptr)
        return invalidOption(err, "--engine", "is required (" + enumTable<Engine>().idList() + ")"), kExitInvalidInput;
    const std::optional<Engine> engine = parseEnum<Engine>(*engineId);
    if (!engine)  // the parser checked the choice already
        return kExitInvalidInput;
    const std::optional<Resolved> resolved = resolveAndEstimate(inv, err);
    if (!resolved || !saveScenarioIfAsked(inv, resolved->scenario, err))
        return kExitInvalidInput;

    const EngineConfig config = exportConfig(resolved->scenario, *engine);
    for (const Diagnostic& d : config.diagnostics)
        printDiagnostic(err, d);
    if (!config.ok())
        return kExitInvalidInput;

    const EngineTarget& target = engineTarget(*engine);
    if (inv.choice("format", "text") == "json") {
        nlohmann::json diagnostics = nlohmann::json::array();
        for (const Diagnostic& d : config.diagnostics)
            diagnostics.push_back({{"severity", severityName(d.severity)}, {"field", d.field.str()}, {"message", d.message()}});
        nlohmann::json document = {
            {"engine", enumId(*engine)}, {"target", std::string(target.name) + " " + target.version},
            {"source", target.source}, {"file_name", config.fileName}, {"format", config.format},
            {"launch", config.launch}, {"text", config.text}, {"diagnostics", diagnostics}};
        addResolvedInputs(document, resolved->scenario, resolved->given);
        out << document.dump(2) << "\n";
    } else if (const std::string* file = inv.text("out"); file == nullptr) {
        out << config.text;
    }
    if (const std::string* file = inv.text("out"); file != nullptr) {
        std::string problem;
        if (!writeFileAtomically(*file, config.text, problem))
            return invalidOption(err, "--out", problem), kExitInvalidInput;
        if (inv.choice("format", "text") != "json")
            out << "wrote " << *file << "\nlaunch: " << config.launch << "\n";
    }
    return kExitOk;
}

} // namespace shardscope::cli
