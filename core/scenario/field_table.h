#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "core/common/diagnostics.h"
#include "core/common/enum_table.h"
#include "core/scenario/scenario.h"

// The scenario's fields, each defined once: its group and key in scenario files, its flag, type,
// unit, range, label and help, and how to read and write it on a Scenario. The scenario reader
// and writer (scenario_json.cpp), the range checks (scenario_checks.cpp), the CLI's flags and help
// (cli/) and the GUI's labels and tooltips are all built from this table, so a field added here is
// everywhere (docs/architecture.md, "Where to add a scenario field").
namespace shardscope {

enum class FieldType {
    Int,     // a whole number
    Count,   // a whole number that flags may write as 7e9 or with a K/M/B/T suffix (decimal)
    Number,  // a finite real number
    Bool,    // JSON true/false; as a flag, present means true and --flag=off false
    OnOff,   // "on"/"off" (or a JSON boolean); as a flag it takes the word
    Choice,  // one id of the field's EnumTable
    Text,    // free text (checked where it is used, e.g. the GPU preset id)
    Path,    // a file path, relative to the scenario file that names it
};

// A field's value on its way between a file or flag and a Scenario.
using FieldValue = std::variant<std::int64_t, double, bool, std::string>;

// A Choice field's table, held as the function that returns it: a function's address is a
// constant, so the field table is constexpr and the range checks every estimate runs are
// generated from it at compile time (field_table.cpp, numericFieldsWithinRange).
class ChoiceTable {
public:
    constexpr ChoiceTable() = default;
    constexpr ChoiceTable(std::nullptr_t) {}
    constexpr ChoiceTable(const EnumTable& (*table)()) : table_(table) {}
    const EnumTable* operator->() const { return &table_(); }
    const EnumTable& operator*() const { return table_(); }
    constexpr bool operator==(std::nullptr_t) const { return table_ == nullptr; }

private:
    const EnumTable& (*table_)() = nullptr;
};

// How the range checks read a numeric field: as a double (every numeric field has `real`), and a
// whole-number member also as an integer (`whole`), so that its bounds are compared as integers.
// Converted to double first, a 64-bit member cost two instructions more per bound on every
// estimate (the generated checks, field_table.cpp). Called like the function it holds.
struct NumberReader {
    using Real = bool (*)(const Scenario&, double&);
    using Whole = bool (*)(const Scenario&, std::int64_t&);
    constexpr NumberReader() = default;
    constexpr NumberReader(std::nullptr_t) {}
    template <typename F>  // a reader function, or a row's own written as a lambda
        requires std::is_convertible_v<F, Real>
    constexpr NumberReader(F readReal) : real(readReal) {}
    constexpr NumberReader(Real readReal, Whole readWhole) : real(readReal), whole(readWhole), hasWhole(true) {}
    bool operator()(const Scenario& s, double& out) const { return real(s, out); }
    constexpr bool operator==(std::nullptr_t) const { return real == nullptr; }
    Real real = nullptr;    // false when unset or not applicable, else the value in `get`'s units
    Whole whole = nullptr;  // the same as an integer, for whole-number members read in their own units
    // Whether `whole` is set, as a constant: gcc's sanitizer builds do not take a function's
    // address compared with null as one.
    bool hasWhole = false;
};

struct FieldSpec {
    const char* group;  // "training"
    const char* key;    // "seq_len"
    const char* flag;   // "seq-len", or nullptr when only scenario files set it
    FieldType type;
    const char* unit;   // "tokens", "GB/s", ... ("" when a plain number)
    double min;         // inclusive (exclusive when minExclusive)
    double max;         // inclusive
    bool minExclusive;
    const char* label;  // translatable ("UiText"): the GUI's name for it
    const char* help;   // translatable ("UiText"): one line, with the range's reason where it is not obvious
    ChoiceTable choices;       // Choice fields only
    // Reads the field from a scenario; nullopt when it is unset (optional fields) or not
    // applicable (MoE fields of a dense model). Null for fields read only (model preset, config).
    std::optional<FieldValue> (*get)(const Scenario&);
    // Writes a value that has the field's type and is within its range; false when the value is
    // not acceptable (an unknown id). Null for the model's source fields, which the reader handles.
    bool (*set)(Scenario&, const FieldValue&);
    // Numeric fields read as a plain number, for the range checks every estimate runs (building
    // and destroying a FieldValue per field cost about a tenth of an estimate): false when unset
    // or not applicable, else the value in `get`'s units. Every numeric field with `get` has one.
    NumberReader number = nullptr;
    const char* rangeMessage = nullptr;  // a catalog template (%1 = the value) replacing the generic one

    std::string path() const { return std::string(group) + "." + key; }
    constexpr bool numeric() const { return type == FieldType::Int || type == FieldType::Count || type == FieldType::Number; }
    // Whether `value` is within the field's range (false for NaN): the bound test of the messages'
    // path (the generated checks write it out with the bounds as constants; tst_scenario compares
    // the two on every field).
    constexpr bool admits(double value) const { return (minExclusive ? value > min : value >= min) && value <= max; }
};

// Every field, in the order help and files list them (model, training, parallel, cluster,
// overhead, perf, ops).
std::span<const FieldSpec> scenarioFields();
const FieldSpec* findField(std::string_view group, std::string_view key);
const FieldSpec* findFieldByPath(std::string_view path);  // "training.seq_len"
const FieldSpec* findFieldByFlag(std::string_view flag);  // "seq-len"

// The groups of a scenario file, in order.
std::span<const char* const> scenarioGroups();

// The model's source fields (a preset, a config.json or a parameter count) replace the whole
// shape; the reader applies them before the shape fields.
bool isModelSourceField(const FieldSpec& spec);

// The error for `value` outside the field's range, or nullopt when it is within.
std::optional<Diagnostic> rangeProblem(const FieldSpec& spec, double value);

// Range checks of every numeric field of `scenario` (the fields a GUI control or a file set).
void checkFieldRanges(const Scenario& scenario, Diagnostics& out);

// Whether every numeric field of `scenario` is within its range, decided by code the compiler
// generates from the field table, one comparison per bound with the bound as a constant: the
// question every estimate asks first (checkFieldRanges builds the messages only when the answer
// is no).
bool numericFieldsWithinRange(const Scenario& scenario);

// "2^20" style text of a bound for help: whole numbers in full, others as %g.
std::string boundText(double value);

} // namespace shardscope
