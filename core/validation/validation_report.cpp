#include "core/validation/validation_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "core/common/diagnostics.h"

namespace shardscope {
namespace {

std::string printf1(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// 6738415616 -> "6,738,415,616".
std::string groupedInteger(double value)
{
    std::string digits = printf1("%.0f", std::fabs(value));
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return (value < 0 ? "-" : "") + digits;
}

std::string sourceHeading(const ReferenceSource& s)
{
    return s.title.empty() ? s.id : s.title;
}

// Markdown table cells must not contain a bare '|'.
std::string cell(std::string text)
{
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2))
        text.replace(at, 1, "\\|");
    return text;
}

// {"model": {"params": 7e9}, "parallel": {"gpus": 64}} -> "model.params=7000000000 parallel.gpus=64":
// the inputs as the scenario file names them, on one line.
void flattenInputs(const nlohmann::json& value, const std::string& prefix, std::string& out)
{
    if (value.is_object()) {
        for (const auto& [key, child] : value.items())
            flattenInputs(child, prefix.empty() ? key : prefix + "." + key, out);
        return;
    }
    out += (out.empty() ? "" : " ") + prefix + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
}

// "ok", "FAIL" or "outlier" (outside the tolerance, with the case's stated reason).
const char* caseStatus(const CaseResult& r)
{
    return r.pass ? "ok" : (r.outlier ? "outlier" : "FAIL");
}

// One line under a source's table: how far the model is from the source over all its cases.
std::string accuracyLine(const SourceResults& s)
{
    const ErrorSummary e = summarizeErrors(s);
    if (e.cases == 0)
        return {};
    std::string line = "median |error| " + printf1("%.1f%%", 100.0 * e.medianAbs) + ", largest " +
                       printf1("%.1f%%", 100.0 * e.largestAbs) + " over " + std::to_string(e.cases) + " cases";
    if (e.outliers > 0)
        line += "; " + std::to_string(e.outliers) + " outside tolerance as stated outliers";
    return line;
}

} // namespace

ErrorSummary summarizeErrors(const SourceResults& s)
{
    ErrorSummary e;
    std::vector<double> errors;
    for (std::size_t i = 0; i < s.results.size(); ++i) {
        const CaseResult& r = s.results[i];
        if (r.outlier)
            ++e.outliers;
        if (!r.problem.empty() || s.source.cases[i].expected == 0 || !std::isfinite(r.error))
            continue;
        errors.push_back(std::fabs(r.error));
    }
    e.cases = static_cast<int>(errors.size());
    if (errors.empty())
        return e;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    e.medianAbs = n % 2 == 1 ? errors[n / 2] : 0.5 * (errors[n / 2 - 1] + errors[n / 2]);
    e.largestAbs = errors.back();
    return e;
}

std::string formatCaseInputs(const ReferenceCase& c)
{
    std::string text;
    flattenInputs(c.inputs, "", text);
    return text;
}

std::string formatCaseValue(double value, const std::string& unit)
{
    if (!std::isfinite(value))
        return "n/a";
    // Large figures read best grouped with at most one decimal (48,455.4 MiB); small ones with
    // six significant digits (0.117188 GB).
    std::string number;
    if (std::fabs(value) >= 1e4 && std::fabs(value) < 1e18) {
        const double tenths = std::round(value * 10.0);
        number = groupedInteger(std::trunc(tenths / 10.0));
        const int decimal = static_cast<int>(std::fabs(std::fmod(tenths, 10.0)));
        if (decimal != 0) {
            number += '.';  // not "." + std::string&&: gcc 12 warns a false -Wrestrict on that
            number += std::to_string(decimal);
        }
    } else {
        number = printf1("%.6g", value);
    }
    if (unit == "percent")
        return number + "%";
    if (unit == "fraction" || unit == "value")
        return number;
    return number + " " + unit;
}

std::string formatCaseError(const ReferenceCase& c, const CaseResult& r, const ReportWords& words)
{
    if (!r.problem.empty())
        return "n/a";
    if (c.unit == "percent")  // a share is compared in percentage points
        return formatTemplate(words.points.c_str(), {printf1("%+.2f", r.ours - c.expected)});
    if (r.difference == 0)
        return "0";
    if (c.expected == 0)
        return printf1("%+.3g", r.difference) + (c.unit == "fraction" || c.unit == "value" ? "" : " " + c.unit);
    if (r.error == 0)
        return "0";
    const double percent = 100.0 * r.error;
    return printf1(std::fabs(percent) < 0.001 ? "%+.1e%%" : "%+.3f%%", percent);
}

std::string formatTolerance(const ReferenceCase& c, const ReportWords& words)
{
    // A relative 1e-9 absorbs floating-point summation order, nothing more: "rounding".
    const bool roundingOnly = c.relTolerance > 0 && c.relTolerance < 1e-6 && c.absTolerance <= 0;
    std::string text;
    if (roundingOnly) {
        text = words.rounding;
    } else {
        if (c.relTolerance >= 1e-6)
            text = printf1("%g%%", 100.0 * c.relTolerance);
        if (c.absTolerance > 0)
            text += (text.empty() ? "" : " + ")
                    + (c.unit == "percent" ? formatTemplate(words.points.c_str(), {printf1("%g", c.absTolerance)})
                                           : formatCaseValue(c.absTolerance, c.unit));
        text = text.empty() ? words.exact : "±" + text;
    }
    if (c.knownDifference != 0) {  // "+240 MiB known, ±0.02 MiB"
        const std::string sign = c.knownDifference > 0 ? "+" : "-";
        return formatTemplate(words.known.c_str(), {sign + formatCaseValue(std::fabs(c.knownDifference), c.unit), text});
    }
    return text;
}

std::string validationTable(const ValidationRun& run)
{
    std::ostringstream out;
    for (const SourceResults& s : run.sources) {
        out << sourceHeading(s.source) << " [" << referenceKindName(s.source.kind) << "]\n  " << s.source.citation;
        if (!s.source.version.empty())
            out << " (" << s.source.version << ")";
        out << "\n";
        std::vector<std::vector<std::string>> rows;
        rows.push_back({"", "case", "reference", "ShardScope", "error", "tolerance"});
        for (std::size_t i = 0; i < s.results.size(); ++i) {
            const ReferenceCase& c = s.source.cases[i];
            const CaseResult& r = s.results[i];
            rows.push_back({caseStatus(r), c.id, formatCaseValue(c.expected, c.unit),
                            r.problem.empty() ? formatCaseValue(r.ours, c.unit) : "error: " + r.problem,
                            formatCaseError(c, r), formatTolerance(c)});
        }
        std::vector<std::size_t> width(rows.front().size(), 0);
        for (const auto& row : rows)
            for (std::size_t k = 0; k < row.size(); ++k)
                width[k] = std::max(width[k], row[k].size());
        for (std::size_t r = 0; r < rows.size(); ++r) {
            const auto& row = rows[r];
            out << "  ";
            for (std::size_t k = 0; k < row.size(); ++k) {
                std::string text = row[k];
                const bool rightAligned = k >= 2 && k != 3;  // numbers; ShardScope may hold a message
                if (k + 1 < row.size())
                    text = rightAligned ? std::string(width[k] - text.size(), ' ') + text
                                        : text + std::string(width[k] - text.size(), ' ');
                out << text << (k + 1 < row.size() ? "  " : "");
            }
            out << "\n";
            if (r > 0) {  // under each case: what it is, in words, and its inputs exactly
                const ReferenceCase& c = s.source.cases[r - 1];
                const std::string indent(width[0] + 4, ' ');
                if (!c.what.empty())
                    out << indent << c.what << "\n";
                out << indent << "inputs: " << (c.command != "estimate" ? c.command + " " : std::string()) << formatCaseInputs(c) << "\n";
                if (s.results[r - 1].outlier)
                    out << indent << "outlier: " << c.outlier << "\n";
            }
        }
        const std::string accuracy = accuracyLine(s);
        if (!accuracy.empty())
            out << "  " << accuracy << "\n";
        out << "\n";
    }
    out << run.cases - run.failed - run.outliers << " of " << run.cases << " cases within tolerance";
    if (run.outliers > 0)
        out << "; " << run.outliers << " outliers with a stated reason";
    if (run.failed > 0)
        out << "; " << run.failed << " FAILED";
    out << "\n";
    return out.str();
}

nlohmann::json validationJson(const ValidationRun& run)
{
    nlohmann::json sources = nlohmann::json::array();
    for (const SourceResults& s : run.sources) {
        nlohmann::json cases = nlohmann::json::array();
        for (std::size_t i = 0; i < s.results.size(); ++i) {
            const ReferenceCase& c = s.source.cases[i];
            const CaseResult& r = s.results[i];
            nlohmann::json others = nlohmann::json::array();
            for (const OtherValue& o : c.others)
                others.push_back({{"source", o.source}, {"value", o.value}, {"note", o.note}});
            nlohmann::json entry = {{"id", c.id},
                                    {"what", c.what},
                                    {"command", c.command},
                                    {"inputs", c.inputs},
                                    {"quantity", c.quantity},
                                    {"multiplier", c.multiplier},
                                    {"unit", c.unit},
                                    {"reference", c.expected},
                                    {"known_difference", c.knownDifference},
                                    {"rel_tolerance", c.relTolerance},
                                    {"abs_tolerance", c.absTolerance},
                                    {"pass", r.pass},
                                    {"outlier", r.outlier},
                                    {"outlier_reason", c.outlier},
                                    {"note", c.note},
                                    {"other_values", others}};
            if (r.problem.empty()) {
                entry["shardscope"] = r.ours;
                entry["difference"] = r.difference;                                   // in unit
                entry["error"] = c.expected != 0 ? nlohmann::json(r.error) : nlohmann::json();  // relative
            } else {
                entry["problem"] = r.problem;
            }
            cases.push_back(entry);
        }
        const ErrorSummary e = summarizeErrors(s);
        sources.push_back({{"id", s.source.id},
                           {"median_abs_error", e.medianAbs},
                           {"largest_abs_error", e.largestAbs},
                           {"outliers", e.outliers},
                           {"title", s.source.title},
                           {"citation", s.source.citation},
                           {"kind", referenceKindName(s.source.kind)},
                           {"version", s.source.version},
                           {"note", s.source.note},
                           {"origin", s.source.origin},
                           {"cases", cases}});
    }
    return {{"passed", run.passed()}, {"cases", run.cases}, {"failed", run.failed}, {"outliers", run.outliers}, {"sources", sources}};
}

std::string validationMarkdown(const ValidationRun& run)
{
    std::ostringstream out;
    out << "**" << run.cases - run.failed - run.outliers << " of " << run.cases << " reference cases within tolerance";
    if (run.outliers > 0)
        out << "; " << run.outliers << " outside it as outliers, each with the evidence that the published figure is the odd one (listed under its source)";
    out << ".**\n\n";
    for (const SourceResults& s : run.sources) {
        out << "#### " << sourceHeading(s.source) << "\n\n";
        out << "*" << referenceKindName(s.source.kind) << "* · " << s.source.citation;
        if (!s.source.version.empty())
            out << " · " << s.source.version;
        out << "\n\n";
        if (!s.source.note.empty())
            out << s.source.note << "\n\n";
        out << "| case | what | reference | ShardScope | error | tolerance | |\n";
        out << "|---|---|---:|---:|---:|---|---|\n";
        std::ostringstream notes;
        for (std::size_t i = 0; i < s.results.size(); ++i) {
            const ReferenceCase& c = s.source.cases[i];
            const CaseResult& r = s.results[i];
            out << "| `" << c.id << "` | " << cell(c.what) << " | " << formatCaseValue(c.expected, c.unit) << " | "
                << (r.problem.empty() ? formatCaseValue(r.ours, c.unit) : cell("error: " + r.problem)) << " | "
                << formatCaseError(c, r) << " | " << formatTolerance(c) << " | "
                << (r.pass ? "ok" : (r.outlier ? "outlier" : "**FAIL**")) << " |\n";
            if (r.outlier)
                notes << "- `" << c.id << "` (outlier): " << c.outlier << "\n";
            if (!c.note.empty() || !c.others.empty()) {
                notes << "- `" << c.id << "`: " << c.note;
                for (const OtherValue& o : c.others)
                    notes << (c.note.empty() ? "" : " ") << o.source << " gives " << formatCaseValue(o.value, c.unit)
                          << (o.note.empty() ? "" : ": " + o.note) << ".";
                notes << "\n";
            }
        }
        const std::string accuracy = accuracyLine(s);
        if (!accuracy.empty())
            out << "\n" << accuracy << ".\n";
        if (!notes.str().empty())
            out << "\n" << notes.str();
        out << "\n";
    }
    return out.str();
}

bool replaceGeneratedSection(std::string& document, const std::string& section)
{
    const std::string begin = kValidationBegin;
    const std::string end = kValidationEnd;
    const auto from = document.find(begin);
    const auto to = document.find(end);
    if (from == std::string::npos || to == std::string::npos || to < from)
        return false;
    const std::size_t contentStart = from + begin.size();
    document.replace(contentStart, to - contentStart, "\n" + section);
    return true;
}

} // namespace shardscope
