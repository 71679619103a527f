#include "core/common/diagnostics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/common/units.h"

namespace shardscope {

namespace {

// "12.3 GB": the tenths rounded to nearest, the decimal digit written from their remainder.
std::string gigabytesText(double bytes)
{
    const long long tenths = std::llround(bytes / units::kGB * 10.0);
    char digits[32];
    char* end = std::to_chars(digits, digits + 24, tenths / 10).ptr;
    *end++ = '.';
    *end++ = static_cast<char>('0' + std::llabs(tenths % 10));
    std::memcpy(end, " GB", 3);
    return std::string(digits, static_cast<std::size_t>(end + 3 - digits));
}

} // namespace

DiagnosticArgs::DiagnosticArgs(std::initializer_list<Arg> args)
{
    for (const Arg& arg : args)
        push_back(arg);
}

DiagnosticArgs::DiagnosticArgs(const std::vector<std::string>& args)
{
    for (const std::string& arg : args)
        push_back(arg);
}

void DiagnosticArgs::push_back(const Arg& arg)
{
    if (count_ >= kMax)
        return;
    if (arg.kind_ != Arg::Kind::Text) {  // a number: no text to keep
        storeNumber(arg.kind_, arg.kind_ == Arg::Kind::Whole ? Number{.whole = arg.whole_} : Number{.bytes = arg.bytes_});
        return;
    }
    kinds_[count_] = arg.kind_;
    const std::string_view text = arg.text_;
    const std::size_t length = length_ + text.size();
    if (heap_.empty() && length <= kInline) {
        if (!text.empty())  // an empty view's data() may be null, which memcpy must not get
            std::memcpy(inline_.data() + length_, text.data(), text.size());
    } else {
        if (heap_.empty())
            heap_.assign(inline_.data(), length_);
        heap_.append(text);
    }
    length_ = static_cast<std::uint32_t>(length);
    ends_[count_++] = length_;
}

std::string DiagnosticArgs::operator[](std::size_t i) const
{
    if (i >= count_)
        return {};
    switch (kinds_[i]) {
    case Arg::Kind::Whole: return std::to_string(numbers_[i].whole);
    case Arg::Kind::Gigabytes: return gigabytesText(numbers_[i].bytes);
    case Arg::Kind::Lasting: return ends_[i] == 0 ? std::string() : std::string(numbers_[i].text, ends_[i]);
    case Arg::Kind::Text: break;
    }
    const std::uint32_t begin = textBegin(i);
    return std::string(data() + begin, ends_[i] - begin);
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
                          std::initializer_list<DiagnosticArgs::Arg> args)
{
    return Diagnostic{severity, std::move(field), std::string(), templ, DiagnosticArgs(args)};
}

Diagnostic& addDiagnostic(Diagnostics& out, Severity severity, std::string_view field, const char* templ,
                          std::initializer_list<DiagnosticArgs::Arg> args)
{
    Diagnostic& d = emplaceDiagnostic(out, severity, field, templ);
    for (const DiagnosticArgs::Arg& arg : args)
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
