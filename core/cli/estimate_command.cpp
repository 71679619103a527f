// shardscope-cli estimate: memory, communication and step time of one scenario.
#include <ostream>

#include "core/cli/cli.h"
#include "core/cli/scenario_args.h"
#include "core/estimate/estimate.h"
#include "core/report/estimate_report.h"
#include "core/scenario/scenario_json.h"

namespace shardscope::cli {

int runEstimate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    ScenarioArgs parsed;
    if (!parseScenarioArgs(args, parsed, err))
        return kExitInvalidInput;
    const std::optional<Scenario> scenario = resolveScenario(parsed, err);
    if (!scenario)
        return kExitInvalidInput;

    const Estimate result = estimate(*scenario);
    if (!result.valid()) {
        for (const Diagnostic& d : result.diagnostics) {
            if (d.severity == Severity::Error)
                printDiagnostic(err, d);
        }
        return kExitInvalidInput;
    }

    if (!parsed.saveFile.empty()) {
        std::string problem;
        if (!saveScenarioFile(*scenario, parsed.saveFile, problem)) {
            invalidOption(err, "--save-scenario", problem);
            return kExitInvalidInput;
        }
    }

    switch (parsed.format) {
    case Format::Json: out << estimateToJson(*scenario, result).dump(2) << "\n"; break;
    case Format::Csv: out << estimateCsv(*scenario, result); break;
    case Format::Table: out << estimateTable(*scenario, result); break;
    }
    return kExitOk;
}

} // namespace shardscope::cli
