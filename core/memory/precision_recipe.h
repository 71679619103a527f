#pragma once
#include "core/scenario/scenario.h"

namespace shardscope {

// Bytes per element that a precision recipe stores (docs/model.md, "Precision recipes").
struct RecipeBytes {
    double weight = 2;          // the weights the forward pass reads
    double gradient = 2;        // per trainable element
    double master = 4;          // fp32 master copy per trainable element; 0 when the weights are the master
    double moment = 4;          // per optimizer moment element
    double activation = 2;      // per saved activation element
    double linearInput = 2;     // per saved GEMM input (fp8 recipes save the fp8 cast)
    double fp8WeightCopy = 0;   // per GEMM weight element: fp8 cast kept for the step
};

// The gradient dtype a recipe uses unless told otherwise: the 16-bit type for mixed precision
// (the article's 2 + 2 + 4 + 4 + 4 = 16 bytes), fp32 for pure fp32.
GradDtype defaultGradDtype(Precision precision);

RecipeBytes recipeBytes(Precision precision, GradDtype gradients, Fp8Recipe fp8 = Fp8Recipe::TransformerEngine);

// The recipe a training spec selects (its gradient dtype, or the recipe's default).
RecipeBytes recipeBytes(const TrainingSpec& training);
// The same, or `made` when the caller has made it already (not null): an estimate makes it once for
// its ledger, activations and step model, and a search once for all its layouts.
inline RecipeBytes recipeBytes(const TrainingSpec& training, const RecipeBytes* made)
{
    return made != nullptr ? *made : recipeBytes(training);
}

} // namespace shardscope
