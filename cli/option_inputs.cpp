#include "cli/option_inputs.h"

namespace shardscope::cli {

nlohmann::json withOptionInputs(nlohmann::json document, const Invocation& inv, const nlohmann::json& inputs)
{
    nlohmann::json defaults = nlohmann::json::array();
    for (const auto& item : inputs.items()) {
        if (!inv.has(item.key().c_str()))
            defaults.push_back(item.key());
    }
    document["inputs"] = inputs;
    document["defaults_used"] = std::move(defaults);
    return document;
}

std::string optionInputsText(const Invocation& inv, const nlohmann::json& inputs)
{
    std::string text = "Resolved inputs (* default, not given): ";
    bool first = true;
    for (const auto& item : inputs.items()) {
        const nlohmann::json& v = item.value();
        text += (first ? "" : ", ") + item.key() + " " + (v.is_string() ? v.get<std::string>() : v.dump());
        if (!inv.has(item.key().c_str()))
            text += "*";
        first = false;
    }
    return text + "\n\n";
}

} // namespace shardscope::cli
