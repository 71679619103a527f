#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/precision/float_format.h"

namespace shardscope {

// How a weight absorbs updates (docs/model.md, "Precision"):
//  naive        w <- round(w + round(u)): the weight itself is stored in the low format;
//  fp32-master  an fp32 master m <- m + u, and the low-format copy w = round(m) is what compute reads
//               (mixed precision, Micikevicius et al. 2018, arXiv 1710.03740);
//  kahan        naive storage with a low-format compensation term (Kahan 1965);
//  stochastic   w <- stochastic_round(w + round(u)) (Gupta et al. 2015, arXiv 1502.02551).
// Every sum is computed in fp32 and then rounded, as PyTorch's CPU kernels do for bf16 and fp16.
enum class DriftStrategy { Naive, Fp32Master, Kahan, Stochastic };

struct DriftSpec {
    FloatFormat format = FloatFormat::Bf16;
    double start = 1.0;
    double update = 1e-4;       // the update, or the mean of random updates
    double spread = 0.0;        // > 0: updates are normal(update, spread) from `seed`
    std::int64_t steps = 10'000;
    DriftStrategy strategy = DriftStrategy::Naive;
    std::uint64_t seed = 1;     // random updates and stochastic rounding
    int curvePoints = 2'000;    // the curve is downsampled to at most this many points
    // Decimal text of start and update as the user wrote them ("1e-4"), when known: the exact
    // reference then uses those decimal values (1e-4 is not a binary fraction), so that the
    // article's loop has the exact answer 2, not 2 + 4.8e-17.
    std::string startText;
    std::string updateText;
};

struct DriftPoint {
    std::int64_t step;
    double value;   // the low-format weight compute reads
    double exact;   // start + the exact sum of the updates so far (nearest double)
};

struct DriftResult {
    double final = 0;        // the low-format weight after the last step
    double master = 0;       // fp32-master: the fp32 master; otherwise the same as final
    double exact = 0;        // the exact value, rounded to the nearest double
    std::string exactText;   // the exact value in decimal, from Boost.Multiprecision
    double absError = 0;     // |final - exact|, computed exactly, then rounded
    double relError = 0;
    std::int64_t lostUpdates = 0;  // steps after which the stored value did not change
    std::vector<DriftPoint> curve;
    bool interrupted = false;  // keepGoing said stop: the fields above are incomplete
};

// Problems with a spec (steps < 1, non-finite values, a start the format cannot hold), naming
// the CLI field ("drift.steps", ...).
Diagnostics checkDrift(const DriftSpec& spec);

// keepGoing(fraction done) is asked every few million steps; once it answers false the run stops
// and returns with `interrupted` set (the CLI's Ctrl-C, cli/progress.h).
DriftResult runDrift(const DriftSpec& spec, const std::function<bool(double)>& keepGoing = {});

// The same arithmetic over a given sequence of fp32 updates, returning the stored (low-format)
// value after every step; `master` receives the final fp32 master (fp32-master strategy).
// Used to replay a real engine's recorded runs bit for bit.
std::vector<float> replayDrift(FloatFormat format, DriftStrategy strategy, double start,
                               const std::vector<float>& updates, float* master = nullptr, std::uint64_t seed = 1);

// Ids (naive, fp32-master, kahan, stochastic), labels and help (core/precision/precision_enums.cpp).
template <> const EnumTable& enumTable<DriftStrategy>();

} // namespace shardscope
