// libFuzzer target: the validation case reader (validate --cases FILE) and the evaluation of
// every case it accepts, where the audit found 325 AddressSanitizer reports.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/common/input_file.h"
#include "core/validation/case_evaluation.h"
#include "core/validation/reference_case.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    shardscope::Diagnostics problems;
    const auto document = shardscope::parseJsonStrict(text, "cases.json", "cases", problems);
    if (!document)
        return 0;
    shardscope::ReferenceSource source;
    if (!shardscope::parseReferenceSource(*document, "cases.json", source, problems))
        return 0;
    // Each case runs a whole estimate or experiment; a few are enough to reach every path.
    std::size_t evaluated = 0;
    for (const shardscope::ReferenceCase& c : source.cases) {
        if (++evaluated > 4)
            break;
        (void)shardscope::evaluateCase(c);
    }
    return 0;
}
