#include "core/report/drift_report.h"

#include "core/precision/swamping.h"

namespace shardscope {

nlohmann::json driftToJson(const DriftSpec& spec, const DriftResult& r)
{
    nlohmann::json curve = nlohmann::json::array();
    for (const DriftPoint& p : r.curve)
        curve.push_back({p.step, p.value, p.exact});
    return {{"dtype", enumId(spec.format)},
            {"strategy", enumId(spec.strategy)},
            {"start", spec.start},
            {"update", spec.update},
            {"spread", spec.spread},
            {"steps", spec.steps},
            {"seed", spec.seed},
            {"final", r.final},
            {"master", r.master},
            {"exact", r.exact},
            {"exact_text", r.exactText},
            {"abs_error", r.absError},
            {"rel_error", r.relError},
            {"lost_updates", r.lostUpdates},
            {"swamping_threshold", swampingThreshold(spec.start, spec.format)},
            {"curve", curve}};
}

} // namespace shardscope
