#pragma once

// The checkpoint interval and its cost under exponential failures (docs/model.md, "Operations
// at scale"). Every time is in seconds: delta is the time a checkpoint stops training, M the
// mean time between interruptions, R the time from an interruption to training again.
namespace shardscope {

// Young 1974 (CACM 17(9)), the first-order optimum: sqrt(2 delta M).
double youngInterval(double delta, double mtbf);

// Daly 2006 (FGCS 22:303-312), eq. 37: the higher-order optimum of his complete model.
double dalyInterval(double delta, double mtbf);

// Daly's complete model: the expected wall-clock time over the failure-free solve time,
// T_w / T_s = (M / tau) e^(R/M) (e^((tau + delta)/M) - 1). Its inverse is the effective training
// time ratio (ETTR). Capped at e^600 so that a hopeless job stays a finite number.
double wallClockRatio(double tau, double delta, double restart, double mtbf);

} // namespace shardscope
