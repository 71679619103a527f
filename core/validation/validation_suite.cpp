#include "core/validation/validation_suite.h"

#include <fstream>
#include <sstream>

#include "core/common/input_file.h"
#include "core/common/messages.h"
#include "core/validation/embedded_cases.h"

namespace shardscope {
namespace {

bool parseText(const std::string& text, const std::string& origin, const std::string& id, ReferenceSource& out,
               Diagnostics& problems)
{
    const std::optional<nlohmann::json> document = parseJsonStrict(text, origin, "cases", problems);
    if (!document)
        return false;
    out.id = id;
    out.origin = origin;
    return parseReferenceSource(*document, origin, out, problems);
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
    const std::optional<std::string> text = readInputFile(path, "cases", problems);
    return text && parseText(*text, path.string(), path.stem().string(), out, problems);
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
