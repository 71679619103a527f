#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/validation/reference_case.h"

namespace shardscope {

// ShardScope's value for one reference case and how it compares.
struct CaseResult {
    double ours = 0;        // in the case's unit
    double difference = 0;  // ours - expected, in the case's unit
    double error = 0;       // difference / |expected|; 0 when expected is 0 (see difference)
    bool pass = false;
    bool outlier = false;   // outside the tolerance, and the case states why the reference is the odd one
    std::string problem;    // set when the case could not be evaluated (bad scenario, bad path)
};

CaseResult evaluateCase(const ReferenceCase& referenceCase);

// Reads `path` from a command's JSON output (reference_case.h describes the syntax): the sum of
// the numbers it reaches. Returns nullopt and sets `error` when the path reaches nothing or a
// non-number.
std::optional<double> readQuantity(const nlohmann::json& document, const std::string& path, std::string& error);

} // namespace shardscope
