#pragma once
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/scenario/field_json.h"
#include "core/scenario/scenario.h"

// Recipes: the defaults an engine or a paper trained with, named after it (--recipe). Each is a
// set of field values in the scenario-file format, with its sources in core/scenario/recipes.cpp
// and docs/model.md ("Recipes"). A field the user gave (in a file or a flag) overrides its
// recipe's value; the recipe is itself a field (training.recipe), so files keep it.
namespace shardscope {

// The recipe's fields as a scenario document ({"training": {"flash_attention": "off"}, ...});
// empty for Recipe::None.
const nlohmann::json& recipeDefaults(Recipe recipe);

// Sets every field of `scenario.training.recipe` that is not in `given` ("parallel.zero", ...).
// Appends the paths it set to `applied` when not null.
void applyRecipe(Scenario& scenario, const FieldPaths& given, FieldPaths* applied = nullptr);

// True when `path` is one of the fields `recipe` sets.
bool recipeSets(Recipe recipe, std::string_view path);

} // namespace shardscope
