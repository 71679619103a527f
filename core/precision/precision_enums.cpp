// The value tables of the precision lab's enums: number formats and weight-update strategies.
#include "core/common/translatable.h"
#include "core/precision/drift.h"
#include "core/precision/float_format.h"

namespace shardscope {
namespace {


// In the order of FloatFormat (and kFormatSpecs).
constexpr EnumChoice kFormats[] = {
    {int(FloatFormat::Fp32), "fp32", SHARDSCOPE_TR_NOOP("UiText", "fp32"), SHARDSCOPE_TR_NOOP("UiText", "IEEE 754 binary32: 8 exponent bits, 23 stored mantissa bits")},
    {int(FloatFormat::Tf32), "tf32", SHARDSCOPE_TR_NOOP("UiText", "tf32"), SHARDSCOPE_TR_NOOP("UiText", "NVIDIA TensorFloat-32: fp32's range, 10 stored mantissa bits")},
    {int(FloatFormat::Bf16), "bf16", SHARDSCOPE_TR_NOOP("UiText", "bf16"), SHARDSCOPE_TR_NOOP("UiText", "bfloat16: fp32's range, 7 stored mantissa bits (the article's format)")},
    {int(FloatFormat::Fp16), "fp16", SHARDSCOPE_TR_NOOP("UiText", "fp16"), SHARDSCOPE_TR_NOOP("UiText", "IEEE 754 binary16: 5 exponent bits, 10 stored mantissa bits")},
    {int(FloatFormat::Fp8E4M3), "fp8-e4m3", SHARDSCOPE_TR_NOOP("UiText", "fp8 E4M3"), SHARDSCOPE_TR_NOOP("UiText", "OCP OFP8 E4M3: 4 exponent bits, 3 mantissa bits, largest 448")},
    {int(FloatFormat::Fp8E5M2), "fp8-e5m2", SHARDSCOPE_TR_NOOP("UiText", "fp8 E5M2"), SHARDSCOPE_TR_NOOP("UiText", "OCP OFP8 E5M2: 5 exponent bits, 2 mantissa bits, largest 57344")},
};

constexpr EnumChoice kStrategies[] = {
    {int(DriftStrategy::Naive), "naive", SHARDSCOPE_TR_NOOP("UiText", "naive (weights in the low format)"),
     SHARDSCOPE_TR_NOOP("UiText", "the weights are stored in the low format and every update is rounded into them (the article's loop)")},
    {int(DriftStrategy::Fp32Master), "fp32-master", SHARDSCOPE_TR_NOOP("UiText", "fp32 master weights"),
     SHARDSCOPE_TR_NOOP("UiText", "updates go to an fp32 master copy; compute reads its rounding (Micikevicius et al. 2018)")},
    {int(DriftStrategy::Kahan), "kahan", SHARDSCOPE_TR_NOOP("UiText", "Kahan compensation"),
     SHARDSCOPE_TR_NOOP("UiText", "a low-format compensation term carries what each rounding lost (Kahan 1965)")},
    {int(DriftStrategy::Stochastic), "stochastic", SHARDSCOPE_TR_NOOP("UiText", "stochastic rounding"),
     SHARDSCOPE_TR_NOOP("UiText", "each update rounds up or down with probability proportional to its distance (Gupta et al. 2015)")},
};


} // namespace

template <> const EnumTable& enumTable<FloatFormat>() { static const EnumTable t{"dtype", kFormats}; return t; }
template <> const EnumTable& enumTable<DriftStrategy>() { static const EnumTable t{"strategy", kStrategies}; return t; }

} // namespace shardscope
