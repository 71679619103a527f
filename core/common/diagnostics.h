#pragma once
#include <initializer_list>
#include <string>
#include <vector>

namespace shardscope {

enum class Severity { Error, Warning, Info };

// A user-facing finding about a scenario. `field` names the input at fault in the
// scenario-file spelling (for example "parallel.tp"), so the CLI can name the flag and the GUI
// can highlight the control. `templ` (from the catalog in messages.h) with `args` lets the GUI
// show the message translated; message() builds the English text only when a caller asks for it:
// building it on every estimate was about a fifth of an estimate's cost (docs/performance.md),
// while most estimates (slider drags, the planner, sweeps) never show their text.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string field;
    std::string text;                // free text, used when there is no template
    const char* templ = nullptr;     // English template with %1, %2, ...; null for free text
    std::vector<std::string> args;

    std::string message() const;     // English: templ filled with args, or text
};

using Diagnostics = std::vector<Diagnostic>;

// Fills %1..%9 of `templ` with `args`.
std::string formatTemplate(const char* templ, const std::vector<std::string>& args);

// A diagnostic from a catalog template; its message() is formatTemplate(templ, args).
Diagnostic makeDiagnostic(Severity severity, std::string field, const char* templ,
                          std::initializer_list<std::string> args = {});

const char* severityName(Severity severity);
bool hasErrors(const Diagnostics& diagnostics);

} // namespace shardscope
