#pragma once
#include <string>
#include <vector>

namespace shardscope {

enum class Severity { Error, Warning, Info };

// A user-facing finding about a scenario. `field` names the input at fault in the
// scenario-file spelling (for example "parallel.tp"), so the CLI can name the flag
// and the GUI can highlight the control.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string field;
    std::string message;
};

using Diagnostics = std::vector<Diagnostic>;

const char* severityName(Severity severity);
bool hasErrors(const Diagnostics& diagnostics);

} // namespace shardscope
