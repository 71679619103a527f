#pragma once
#include <QString>

#include "core/comm/collectives.h"
#include "core/common/diagnostics.h"
#include "core/precision/drift.h"
#include "core/precision/float_format.h"
#include "core/perf/step_model.h"
#include "core/scenario/scenario.h"

// Every user-visible name of a core value, translated. Core speaks English identifiers; the GUI
// shows these (Qt Linguist context "UiText"), so switching language changes every string.
namespace shardscope::ui {

QString diagnosticText(const Diagnostic& diagnostic);  // the message, translated (context "Diagnostic")
QString fieldLabel(const std::string& field);          // "parallel.tp" -> "Tensor parallel (TP)"
QString modelDisplayName(const ModelSpec& model);      // a preset's name, or "7B parameters, Llama-2 family shape"
QString severityLabel(Severity severity);

// An enum value's label and help from its table (core's enum tables), translated ("UiText").
QString enumText(const EnumTable& table, int value);
QString enumHelpText(const EnumTable& table, int value);
template <typename Enum>
QString enumText(Enum value)
{
    return enumText(enumTable<Enum>(), static_cast<int>(value));
}
template <typename Enum>
QString enumHelpText(Enum value)
{
    return enumHelpText(enumTable<Enum>(), static_cast<int>(value));
}

// A field's help from the field table, translated, with its unit ("" for unknown fields).
QString fieldHelp(const std::string& field);

// Sizes and times for labels and tables: "112 GB", "1.75 GB", "3.2 ms", "7.0B".
QString bytesLabel(double bytes);
QString secondsLabel(double seconds);
QString countLabel(double count);
// Durations from seconds to years: "45 s", "19.7 min", "3.1 h", "33.0 days", "5.8 years".
QString durationLabel(double seconds);

} // namespace shardscope::ui
