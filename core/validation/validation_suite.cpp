#include "core/validation/validation_suite.h"

#include <fstream>
#include <sstream>

#include "core/common/messages.h"
#include "core/validation/embedded_cases.h"

namespace shardscope {
namespace {

bool parseText(const std::string& text, const std::string& origin, const std::string& id, ReferenceSource& out,
               Diagnostics& problems)
{
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        problems.push_back(makeDiagnostic(Severity::Error, "cases", msg::kNotJson, {origin, std::to_string(e.byte)}));
        return false;
    } catch (const nlohmann::json::exception&) {  // out_of_range: a number such as 1e400
        Diagnostic d;
        d.field = "cases";
        d.message = origin + " holds a number too large for a double";
        problems.push_back(d);
        return false;
    }
    out.id = id;
    out.origin = origin;
    return parseReferenceSource(document, origin, out, problems);
}

} // namespace

std::vector<ReferenceSource> builtInReferenceSources(Diagnostics& problems)
{
    std::vector<ReferenceSource> sources;
    for (const EmbeddedFile& file : embeddedValidationFiles()) {
        ReferenceSource source;
        if (parseText(std::string(file.text), "built-in " + std::string(file.path), std::filesystem::path(file.path).stem().string(), source, problems))
            sources.push_back(std::move(source));
    }
    return sources;
}

bool loadReferenceFile(const std::filesystem::path& path, ReferenceSource& out, Diagnostics& problems)
{
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
        problems.push_back(makeDiagnostic(Severity::Error, "cases", msg::kCannotRead, {path.string()}));
        return false;
    }
    std::ostringstream text;
    text << stream.rdbuf();
    return parseText(text.str(), path.string(), path.stem().string(), out, problems);
}

ValidationRun runValidation(std::vector<ReferenceSource> sources)
{
    ValidationRun run;
    for (ReferenceSource& source : sources) {
        SourceResults entry;
        for (const ReferenceCase& c : source.cases) {
            entry.results.push_back(evaluateCase(c));
            ++run.cases;
            const CaseResult& r = entry.results.back();
            if (r.outlier)
                ++run.outliers;
            else if (!r.pass)
                ++run.failed;
            if (!entry.results.back().problem.empty())
                ++run.unevaluated;
        }
        entry.source = std::move(source);
        run.sources.push_back(std::move(entry));
    }
    return run;
}

} // namespace shardscope
