#include "core/reshard/reshard_layout.h"

#include "core/common/messages.h"
#include "core/common/number_text.h"

namespace shardscope {

std::optional<ReshardLayout> parseReshardLayout(std::string_view text, const char* flag, Diagnostics& out)
{
    ReshardLayout layout;
    const auto bad = [&]() {
        out.push_back(makeDiagnostic(Severity::Error, flag, msg::kReshardLayoutText, {flag, std::string(text)}));
        return std::nullopt;
    };
    if (text.empty())
        return bad();
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            return bad();
        const std::string_view key = item.substr(0, eq);
        const bool zero = key == "zero";
        const auto value = parseWhole(item.substr(eq + 1), zero ? 0 : 1, zero ? 3 : 65536, false);
        if (!value)
            return bad();
        const int v = static_cast<int>(*value);
        if (key == "tp") layout.tp = v;
        else if (key == "pp") layout.pp = v;
        else if (key == "dp") layout.dp = v;
        else if (key == "zero") layout.zero = v;
        else if (key == "ep") layout.ep = v;
        else if (key == "vpp") layout.vpp = v;
        else if (key == "first") layout.firstStageLayers = v;
        else if (key == "last") layout.lastStageLayers = v;
        else return bad();
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    if (layout.world() > kReshardMaxRanks) {
        out.push_back(makeDiagnostic(Severity::Error, flag, msg::kReshardLayoutGpus,
                                     {flag, std::to_string(layout.world()), std::to_string(kReshardMaxRanks)}));
        return std::nullopt;
    }
    return layout;
}

std::string reshardLayoutText(const ReshardLayout& l)
{
    std::string text = "tp=" + std::to_string(l.tp) + ",pp=" + std::to_string(l.pp) + ",dp=" + std::to_string(l.dp)
                       + ",zero=" + std::to_string(l.zero);
    if (l.ep > 1)
        text += ",ep=" + std::to_string(l.ep);
    if (l.vpp > 1)
        text += ",vpp=" + std::to_string(l.vpp);
    if (l.firstStageLayers)
        text += ",first=" + std::to_string(*l.firstStageLayers);
    if (l.lastStageLayers)
        text += ",last=" + std::to_string(*l.lastStageLayers);
    return text;
}

} // namespace shardscope
