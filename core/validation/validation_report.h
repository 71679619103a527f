#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/validation/validation_suite.h"

namespace shardscope {

// The results of `shardscope-cli validate` for people (an aligned table per source), for
// programs (JSON) and for docs/validation.md (Markdown tables with each source's citation and
// each disagreement's explanation).
std::string validationTable(const ValidationRun& run);
nlohmann::json validationJson(const ValidationRun& run);
std::string validationMarkdown(const ValidationRun& run);

// Replaces what lies between the generated-section markers of `document` with `section`.
// Returns false (and leaves `document` alone) when the markers are missing or out of order.
inline constexpr const char* kValidationBegin = "<!-- BEGIN shardscope-cli validate --format markdown -->";
inline constexpr const char* kValidationEnd = "<!-- END shardscope-cli validate -->";
bool replaceGeneratedSection(std::string& document, const std::string& section);

// The words around the numbers of errors and tolerances: English by default (the CLI and the
// document); the GUI passes its translations. %1 and %2 are the numbers.
struct ReportWords {
    std::string exact = "exact";
    std::string rounding = "rounding";
    std::string points = "%1 points";     // percentage points
    std::string known = "%1 known, %2";   // a stated known difference, then the tolerance
};

// How far the model is from one source: the median and largest |relative error| over its
// evaluated cases with a non-zero reference, and how many are stated outliers.
struct ErrorSummary {
    int cases = 0;
    double medianAbs = 0;
    double largestAbs = 0;
    int outliers = 0;
};
ErrorSummary summarizeErrors(const SourceResults& s);

// Formatting shared with the GUI's validation dialog.
std::string formatCaseValue(double value, const std::string& unit);
std::string formatCaseError(const ReferenceCase& c, const CaseResult& r, const ReportWords& words = {});
std::string formatTolerance(const ReferenceCase& c, const ReportWords& words = {});
std::string formatCaseInputs(const ReferenceCase& c);  // "model.params=7000000000 parallel.gpus=64 ..."

} // namespace shardscope
