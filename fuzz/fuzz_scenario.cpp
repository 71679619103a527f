// libFuzzer target: the scenario reader (the text of a --scenario file) and the estimate of
// whatever it accepts. A finding is a sanitizer report, a crash, or an accepted scenario whose
// estimate holds a negative, NaN or infinite number (issue 16: results never do).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/common/input_file.h"
#include "core/scenario/scenario_json.h"
#include "fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    shardscope::Diagnostics problems;
    const auto document = shardscope::parseJsonStrict(text, "fuzz.json", "scenario", problems);
    if (!document)
        return 0;
    const auto scenario = shardscope::scenarioFromJson(*document, "/nonexistent-fuzz-base", problems);
    if (scenario)
        shardscope::fuzz::checkEstimate(*scenario);
    return 0;
}
