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

// Formatting shared with the GUI's validation dialog.
std::string formatCaseValue(double value, const std::string& unit);
std::string formatCaseError(const ReferenceCase& c, const CaseResult& r);
std::string formatTolerance(const ReferenceCase& c);
std::string formatCaseInputs(const ReferenceCase& c);  // "model.params=7000000000 parallel.gpus=64 ..."

} // namespace shardscope
