// shardscope-cli ops: checkpoints, failures, the checkpoint interval and goodput of one scenario,
// beside the same training on one GPU.
#include <ostream>

#include "cli/command.h"
#include "cli/scenario_args.h"
#include "core/estimate/sweeps.h"
#include "core/report/ops_report.h"
#include "core/scenario/assumptions.h"

namespace shardscope::cli {

int runOps(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    // The scenario is checked first: an invalid field or layout exits 2 naming it.
    const std::optional<Resolved> resolved = resolveAndEstimate(inv, err);
    if (!resolved || !saveScenarioIfAsked(inv, resolved->scenario, err))
        return kExitInvalidInput;
    const Estimate single = estimate(singleGpuScenario(resolved->scenario));
    const std::string format = inv.choice("format", "table");
    if (format == "json") {
        nlohmann::json document = opsToJson(resolved->scenario, resolved->estimate, &single);
        addResolvedInputs(document, resolved->scenario, resolved->given);
        out << document.dump(2) << "\n";
    }
    else if (format == "csv")
        out << opsCsv(resolved->scenario, resolved->estimate, &single);
    else
        out << resolvedInputsText(resolved->scenario, resolved->given)
            << opsTable(resolved->scenario, resolved->estimate, &single);
    return kExitOk;
}

} // namespace shardscope::cli
