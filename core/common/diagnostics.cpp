#include "core/common/diagnostics.h"

#include <algorithm>
#include <cstring>

namespace shardscope {

std::string formatTemplate(const char* templ, const std::vector<std::string>& args)
{
    std::string text;
    if (templ == nullptr)
        return text;
    text.reserve(std::strlen(templ) + 16 * args.size());
    const char* run = templ;  // start of the literal text not yet copied
    for (const char* p = templ; *p != '\0'; ++p) {
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '9') {
            text.append(run, p);
            const auto index = static_cast<std::size_t>(p[1] - '1');
            if (index < args.size())
                text += args[index];
            ++p;
            run = p + 1;
        }
    }
    text.append(run);
    return text;
}

Diagnostic makeDiagnostic(Severity severity, std::string field, const char* templ,
                          std::initializer_list<std::string> args)
{
    return Diagnostic{severity, std::move(field), std::string(), templ, std::vector<std::string>(args)};
}

std::string Diagnostic::message() const
{
    return templ != nullptr ? formatTemplate(templ, args) : text;
}

const char* severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "error";
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace shardscope
