#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"

namespace shardscope {

// Where a reference value comes from, which decides how much it can be trusted and how it is
// read: a figure printed in a paper, the output of another engine's code for the same inputs, or
// a measurement of a real engine (PyTorch) recorded by a script in validation/.
enum class ReferenceKind { Published, EngineCode, Measured };
std::string_view referenceKindName(ReferenceKind kind);

// Another source's value for the same quantity, kept beside the reference one when they disagree.
struct OtherValue {
    std::string source;
    double value = 0;
    std::string note;
};

// One reference value and how ShardScope's value for it is computed.
//
// `command` is "estimate" or "ops" (the scenario, in the scenario-file format, is estimated and
// `quantity` names fields of that command's JSON output, summed), "drift" (`inputs` are the
// drift command's flags, `quantity` fields of its JSON output), "data" (`inputs` are the data
// command's flags: samples, ranks, drop_last, shuffle, seed, epoch, sampler, micro_batch,
// consumed) or "reshard" (`inputs` are {"scenario": {...}, "from": "tp=..", "to": "tp=.."}). Paths are dotted; an array is
// filtered with [field=value,...] and the rest of the path summed over the matching elements;
// a last segment "a*b" multiplies two fields of one element (bytes*calls).
struct ReferenceCase {
    std::string id;
    std::string what;                   // one line a user understands
    std::string command = "estimate";
    nlohmann::json inputs;              // scenario document or drift flags
    std::vector<std::string> quantity;
    double multiplier = 1;              // applied to ShardScope's value: GPUs per node turns per GPU into per node
    // A term one side counts and the other leaves out, stated exactly (ShardScope minus the
    // reference, in `unit`) and explained in `note`: the case compares ours - knownDifference with
    // the reference, so it fails if that term disappears as surely as if anything else moves.
    double knownDifference = 0;
    double expected = 0;                // in `unit`
    std::string unit;                   // bytes, GB, GiB, MiB, parameters, FLOPs, percent, fraction, value, seconds, minutes, hours, ...
    double relTolerance = 0;            // |ours - expected| <= rel * |expected| + abs passes
    double absTolerance = 0;            // in `unit`, e.g. half the last printed digit
    std::string note;                   // why the values differ, when they do
    // A published figure the model is known to miss, with the evidence that the figure, not a
    // missing term, is the odd one (a sibling row with the same shapes runs faster, say). Such a
    // case is still run and counted in the error statistics; outside its tolerance it is reported
    // as "outlier" instead of failing the run, and inside it as a plain pass.
    std::string outlier;
    std::vector<OtherValue> others;
};

// A file of cases from one source.
struct ReferenceSource {
    std::string id;           // the file name without .json
    std::string origin;       // where it was loaded from (built-in reference/zero.json, a path)
    std::string title;
    std::string citation;
    ReferenceKind kind = ReferenceKind::Published;
    std::string version;      // arXiv version, engine commit or version, PyTorch version
    std::string note;
    std::vector<ReferenceCase> cases;
};

// Reads one file. Two layouts are accepted: a reference file ({"source": {...}, "defaults":
// {...}, "cases": [...]}, defaults merged into every case) and a measurement file written by the
// scripts in validation/ ({"engine", "torch_version", "script", "method", "cases" with
// "measured"}). Errors name the origin and the field; nothing is returned on error.
bool parseReferenceSource(const nlohmann::json& document, const std::string& origin, ReferenceSource& out,
                          Diagnostics& problems);

// The value of one unit in base units (bytes, parameters, FLOPs, fractions); 0 when unknown.
double unitScale(std::string_view unit);

} // namespace shardscope
