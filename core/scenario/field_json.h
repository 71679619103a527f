#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/diagnostics.h"
#include "core/scenario/field_table.h"

// Reading and writing the fields of the field table as JSON: one typed, range-checked read per
// field, used by scenario files, preset files and the command line (whose flags become a JSON
// patch). Errors name the field's full path ("training.seq_len").
namespace shardscope {

using FieldPaths = std::vector<std::string>;  // "training.seq_len", ...: the fields a file or flag gave

// The value of `spec` in `object` (key spec.key), type- and range-checked; nullopt when absent or
// wrong (the problem is in `out`). `prefix` names the object in messages ("model", "preset").
std::optional<FieldValue> readFieldValue(const nlohmann::json& object, const FieldSpec& spec, const std::string& prefix,
                                         Diagnostics& out);

// Reads every field of `group` present in `object` into `scenario` (the model's source fields
// excepted: the scenario reader applies them first) and warns about members the group does not
// have when `warnUnknown`. Appends the paths it read to `given`.
void readGroupFields(const nlohmann::json& object, const char* group, const std::string& prefix, Scenario& scenario,
                     FieldPaths* given, Diagnostics& out, bool warnUnknown = true);

// Overrides the shape fields of `model` present in `object`, as engines derive shapes: changing
// the heads of a multi-head base keeps it multi-head, changing hidden or heads of a base with the
// usual head size keeps the head size derived. Preset files and the scenario's model group share
// these names; preset files' own keys (id, source, ...) are not warned about.
void applyModelFields(const nlohmann::json& object, const std::string& prefix, ModelSpec& model, Diagnostics& out,
                      FieldPaths* given = nullptr, bool warnUnknown = false);

// A value as a scenario file writes it (on/off fields as "on" and "off").
nlohmann::json fieldValueToJson(const FieldSpec& spec, const FieldValue& value);

} // namespace shardscope
