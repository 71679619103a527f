#include "core/scenario/lora_targets.h"

#include <sstream>
#include <utility>

#include "core/model/parameter_inventory.h"

namespace shardscope {
namespace {

constexpr std::pair<const char*, unsigned> kProjections[] = {{"q", kProjQ},       {"k", kProjK},   {"v", kProjV},
                                                             {"o", kProjO},       {"gate", kProjGate},
                                                             {"up", kProjUp},     {"down", kProjDown}};

} // namespace

unsigned parseLoraTargets(const std::string& text)
{
    unsigned targets = 0;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        if (item == "all") {
            targets |= kProjAll;
            continue;
        }
        bool known = false;
        for (const auto& [name, bit] : kProjections) {
            if (item == name) {
                targets |= bit;
                known = true;
            }
        }
        if (!known)
            return 0;
    }
    return targets;
}

std::string loraTargetsText(unsigned targets)
{
    std::string text;
    for (const auto& [name, bit] : kProjections) {
        if ((targets & bit) != 0)
            text.append(text.empty() ? "" : ",").append(name);
    }
    return text;
}

} // namespace shardscope
