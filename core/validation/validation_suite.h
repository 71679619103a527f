#pragma once
#include <filesystem>
#include <vector>

#include "core/validation/case_evaluation.h"
#include "core/validation/reference_case.h"

namespace shardscope {

// The reference cases compiled into ShardScope: every file under tests/reference/cases and the
// PyTorch measurements under validation/results. A built-in file that does not parse is a bug,
// reported in `problems` rather than skipped.
std::vector<ReferenceSource> builtInReferenceSources(Diagnostics& problems);

// A reference file given by the user (shardscope-cli validate --cases FILE).
bool loadReferenceFile(const std::filesystem::path& path, ReferenceSource& out, Diagnostics& problems);

struct SourceResults {
    ReferenceSource source;
    std::vector<CaseResult> results;  // one per source.cases entry
};

struct ValidationRun {
    std::vector<SourceResults> sources;
    int cases = 0;
    int failed = 0;       // evaluated and outside the tolerance, or not evaluable (outliers excluded)
    int outliers = 0;     // outside the tolerance with a stated reason (ReferenceCase::outlier)
    int unevaluated = 0;  // of those, not evaluable: a bad scenario or quantity path (CaseResult::problem)
    bool passed() const { return failed == 0 && cases > 0; }
};

ValidationRun runValidation(std::vector<ReferenceSource> sources);

} // namespace shardscope
