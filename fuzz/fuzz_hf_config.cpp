// libFuzzer target: the Hugging Face config.json importer, then an estimate of the model it
// accepts on the default layout (its numbers must be finite and non-negative).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/common/input_file.h"
#include "core/model/hf_config.h"
#include "fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    shardscope::Diagnostics problems;
    const auto document = shardscope::parseJsonStrict(text, "config.json", "model.hf_config", problems);
    if (!document)
        return 0;
    const auto model = shardscope::importHfConfig(*document, problems);
    if (!model)
        return 0;
    shardscope::Scenario scenario = shardscope::defaultScenario();
    scenario.model = *model;
    shardscope::fuzz::checkEstimate(scenario);
    return 0;
}
