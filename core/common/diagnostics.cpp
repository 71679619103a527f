#include "core/common/diagnostics.h"

#include <algorithm>
#include <cstring>

namespace shardscope {

DiagnosticArgs::DiagnosticArgs(std::initializer_list<std::string_view> args)
{
    for (const std::string_view arg : args)
        push_back(arg);
}

DiagnosticArgs::DiagnosticArgs(const std::vector<std::string>& args)
{
    for (const std::string& arg : args)
        push_back(arg);
}

void DiagnosticArgs::push_back(std::string_view arg)
{
    if (count_ >= kMax)
        return;
    const std::size_t length = length_ + arg.size();
    if (heap_.empty() && length <= kInline) {
        if (!arg.empty())  // an empty view's data() may be null, which memcpy must not get
            std::memcpy(inline_.data() + length_, arg.data(), arg.size());
    } else {
        if (heap_.empty())
            heap_.assign(inline_.data(), length_);
        heap_.append(arg);
    }
    length_ = static_cast<std::uint32_t>(length);
    ends_[count_++] = length_;
}

std::string_view DiagnosticArgs::operator[](std::size_t i) const
{
    if (i >= count_)
        return {};
    const std::uint32_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(data() + begin, ends_[i] - begin);
}

std::vector<std::string> DiagnosticArgs::toVector() const
{
    std::vector<std::string> out;
    out.reserve(count_);
    for (std::size_t i = 0; i < count_; ++i)
        out.emplace_back((*this)[i]);
    return out;
}

std::string formatTemplate(const char* templ, const DiagnosticArgs& args)
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
                          std::initializer_list<std::string_view> args)
{
    return Diagnostic{severity, std::move(field), std::string(), templ, DiagnosticArgs(args)};
}

Diagnostic& addDiagnostic(Diagnostics& out, Severity severity, std::string_view field, const char* templ,
                          std::initializer_list<std::string_view> args)
{
    Diagnostic& d = out.emplace_back();
    d.severity = severity;
    d.field = field;
    d.templ = templ;
    for (const std::string_view arg : args)
        d.args.push_back(arg);
    return d;
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
