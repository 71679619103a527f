// shardscope-cli estimate: memory, communication and step time of one scenario.
#include <ostream>

#include "cli/command.h"
#include "cli/scenario_args.h"
#include "core/report/estimate_report.h"
#include "core/scenario/assumptions.h"

namespace shardscope::cli {

int runEstimate(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::optional<Resolved> resolved = resolveAndEstimate(inv, err);
    if (!resolved || !saveScenarioIfAsked(inv, resolved->scenario, err))
        return kExitInvalidInput;
    const std::string format = inv.choice("format", "table");
    if (format == "json") {
        nlohmann::json document = estimateToJson(resolved->scenario, resolved->estimate);
        addResolvedInputs(document, resolved->scenario, resolved->given);
        out << document.dump(2) << "\n";
    }
    else if (format == "csv")
        out << estimateCsv(resolved->scenario, resolved->estimate);
    else
        out << resolvedInputsText(resolved->scenario, resolved->given)
            << estimateTable(resolved->scenario, resolved->estimate);
    return kExitOk;
}

} // namespace shardscope::cli
