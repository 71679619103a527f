#include <cmath>
#include <optional>

#include "core/common/messages.h"
#include "core/scenario/field_table.h"

// The range checks of the field table's numeric fields (declared in field_table.h): every
// estimate runs them, so nearly always they only confirm that every field is within range, and
// that is made cheap; the messages are built only for a field that is not.
namespace shardscope {

std::optional<Diagnostic> rangeProblem(const FieldSpec& spec, double value)
{
    if (spec.admits(value))
        return std::nullopt;
    // Outside the range, so below it unless above (NaN, which compares false, reads as below).
    const bool below = !(value > spec.max);
    const std::string field = spec.path();
    if (spec.rangeMessage != nullptr)
        return makeDiagnostic(Severity::Error, field, spec.rangeMessage, {boundText(value)});
    const bool whole = spec.type != FieldType::Number;
    const bool fraction = spec.min == 0 && spec.max == 1;
    if (fraction)
        return makeDiagnostic(Severity::Error, field, spec.minExclusive ? msg::kFractionAbove0 : msg::kFraction01);
    if (below) {
        if (whole && spec.min == 1)
            return makeDiagnostic(Severity::Error, field, msg::kAtLeastOne, {boundText(value)});
        if (spec.min == 0)
            return makeDiagnostic(Severity::Error, field, spec.minExclusive ? msg::kPositiveNumber : msg::kNotNegative);
        return makeDiagnostic(Severity::Error, field, msg::kAtLeast, {boundText(spec.min), boundText(value)});
    }
    return makeDiagnostic(Severity::Error, field, msg::kAtMost, {boundText(spec.max), boundText(value)});
}

void checkFieldRanges(const Scenario& s, Diagnostics& out)
{
    // Nearly always every field is within range: the generated checks decide that without
    // building anything; otherwise every field is checked in table order and each problem reported.
    if (numericFieldsWithinRange(s))
        return;
    for (const FieldSpec& spec : scenarioFields()) {
        if (!spec.numeric())
            continue;
        double number = 0.0;
        if (!spec.number(s, number) || spec.admits(number))  // every numeric field has `number`
            continue;
        if (auto problem = rangeProblem(spec, number))
            out.push_back(std::move(*problem));
    }
}

} // namespace shardscope
