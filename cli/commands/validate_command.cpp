// shardscope-cli validate: every reference case against the current core, as a table, JSON or
// the Markdown section of docs/validation.md. Exit status 1 when any case is outside its
// tolerance, so CI fails when a change to the models breaks agreement with a source; 2 when a
// file or a case cannot be read or evaluated.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/command.h"
#include "cli/option_parser.h"
#include "core/common/atomic_file.h"
#include "core/common/input_file.h"
#include "core/validation/validation_report.h"
#include "core/validation/validation_suite.h"

namespace shardscope::cli {
namespace {

bool reportProblems(const Diagnostics& problems, std::ostream& err)
{
    for (const Diagnostic& d : problems)
        invalidOption(err, "--cases", d.message());
    return problems.empty();
}

// Rewrites the generated section of `path` atomically: a temporary file renamed over it.
bool writeDocument(const std::filesystem::path& path, const std::string& section, std::ostream& err)
{
    Diagnostics problems;
    std::optional<std::string> text = readInputFile(path, "--write-doc", problems);
    if (!text)
        return invalidOption(err, "--write-doc", problems.front().message());
    std::string document = std::move(*text);
    if (!replaceGeneratedSection(document, section))
        return invalidOption(err, "--write-doc", path.string() + " has no generated section: it needs the lines \""
                                                     + kValidationBegin + "\" and \"" + kValidationEnd + "\"");
    std::string error;
    if (!writeFileAtomically(path, document, error))
        return invalidOption(err, "--write-doc", error);
    return true;
}

} // namespace

int runValidate(const Invocation& inv, std::ostream& out, std::ostream& err)
{
    const std::string output = inv.choice("format", "table");
    const bool builtIn = !inv.has("no-built-in");
    std::vector<std::filesystem::path> extra;
    for (const std::string& file : inv.texts("cases"))
        extra.emplace_back(file);
    const std::vector<std::string> only = inv.texts("only");
    std::optional<std::filesystem::path> document;
    if (const std::string* doc = inv.text("write-doc"))
        document = *doc;

    Diagnostics problems;
    std::vector<ReferenceSource> sources;
    if (builtIn)
        sources = builtInReferenceSources(problems);
    for (const auto& path : extra) {
        ReferenceSource source;
        if (loadReferenceFile(path, source, problems))
            sources.push_back(std::move(source));
    }
    if (!reportProblems(problems, err))
        return kExitInvalidInput;
    for (const std::string& id : only) {
        if (std::none_of(sources.begin(), sources.end(), [&](const ReferenceSource& s) { return s.id == id; })) {
            std::string known;
            for (const ReferenceSource& s : sources)
                known += (known.empty() ? "" : ", ") + s.id;
            return invalidOption(err, "--only", "no reference source '" + id + "'; known: " + known), kExitInvalidInput;
        }
    }
    if (!only.empty())
        std::erase_if(sources, [&](const ReferenceSource& s) { return std::find(only.begin(), only.end(), s.id) == only.end(); });
    if (sources.empty())
        return invalidOption(err, "--no-built-in", "no reference cases to run: give --cases FILE"), kExitInvalidInput;

    if (document && (!builtIn || !extra.empty()))
        return invalidOption(err, "--write-doc", "writes the built-in cases only; drop --cases and --no-built-in"),
               kExitInvalidInput;

    const ValidationRun run = runValidation(std::move(sources));
    if (document) {
        if (!run.passed()) {  // the document shows agreement; a failing run must not become it
            err << "shardscope-cli: " << run.failed << " of " << run.cases
                << " reference cases outside their tolerance; " << document->string() << " left as it was\n";
            return run.unevaluated > 0 ? kExitInvalidInput : kExitCheckFailed;
        }
        if (!writeDocument(*document, validationMarkdown(run), err))
            return kExitInvalidInput;
        out << "wrote " << run.cases << " cases to " << document->string() << "\n";
        return kExitOk;
    }
    if (output == "json")
        out << validationJson(run).dump(1) << "\n";
    else if (output == "markdown")
        out << validationMarkdown(run);
    else
        out << validationTable(run);
    // A case that cannot be evaluated (a scenario field or quantity path that does not exist, an
    // invalid layout) is bad input, not a disagreement: name it and the field.
    for (const SourceResults& s : run.sources)
        for (std::size_t i = 0; i < s.results.size(); ++i)
            if (!s.results[i].problem.empty())
                err << "shardscope-cli: error: " << s.source.origin << ": cases[" << i << "] '" << s.source.cases[i].id
                    << "': " << s.results[i].problem << "\n";
    if (run.failed > run.unevaluated)
        err << "shardscope-cli: " << run.failed - run.unevaluated << " of " << run.cases
            << " reference cases outside their tolerance\n";
    if (run.unevaluated > 0)
        return kExitInvalidInput;
    return run.passed() ? kExitOk : kExitCheckFailed;
}

} // namespace shardscope::cli
