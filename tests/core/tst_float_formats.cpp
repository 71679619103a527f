// Number formats: the OCP/IEEE constants, hand-picked rounding cases (ties, subnormals,
// overflow, NaN), encodings, the fast path against the independent reference on sampled fp32
// patterns, and the general double conversion against exact Boost.Multiprecision arithmetic.
#include <QtTest>

#include <bit>
#include <cmath>
#include <limits>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include "core/precision/random.h"
#include "core/precision/rounding.h"

using namespace shardscope;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kExhaustiveStride = 4099;  // sanitizers are ~20x slower: sample instead
#else
constexpr std::uint64_t kExhaustiveStride = 1;
#endif

bool sameValue(float a, float b)
{
    return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

using Exact = boost::multiprecision::cpp_bin_float_100;

// r is the correctly rounded value of x in `format` (nearest; ties to an even last bit), checked
// with exact arithmetic against both neighbours of r.
bool isNearestEven(double x, double r, FloatFormat format)
{
    const FormatSpec& spec = formatSpec(format);
    if (std::isnan(x))
        return std::isnan(r);
    if (std::isinf(r) || std::isnan(r)) {
        // Overflow: |x| reached max + half a step (exactly half rounds up when max is odd).
        const double step = spec.maxFinite - nextDown(spec.maxFinite, format);
        const Exact limit = Exact(spec.maxFinite) + Exact(step) / 2;
        const bool maxIsOdd = (encodeBits(spec.maxFinite, format) & 1u) != 0;
        return std::isinf(x) || Exact(std::fabs(x)) > limit || (Exact(std::fabs(x)) == limit && maxIsOdd);
    }
    if (decodeBits(encodeBits(r, format), format) != r)
        return false;  // not representable
    const Exact ex(x);
    const Exact distance = abs(ex - Exact(r));
    for (double neighbour : {nextUp(r, format), nextDown(r, format)}) {
        if (!std::isfinite(neighbour))
            continue;
        const Exact other = abs(ex - Exact(neighbour));
        if (other < distance)
            return false;
        if (other == distance && (encodeBits(std::fabs(r), format) & 1u) != 0)
            return false;  // a tie must go to the even neighbour
    }
    return true;
}

} // namespace

class TestFloatFormats : public QObject {
    Q_OBJECT
private slots:
    void constants_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("exponentBits");
        QTest::addColumn<int>("mantissaBits");
        QTest::addColumn<double>("maxFinite");
        QTest::addColumn<double>("minSubnormal");
        QTest::addColumn<bool>("infinity");
        QTest::newRow("fp32") << int(FloatFormat::Fp32) << 8 << 23 << double(std::numeric_limits<float>::max()) << std::ldexp(1.0, -149) << true;
        QTest::newRow("tf32") << int(FloatFormat::Tf32) << 8 << 10 << std::ldexp(2.0 - std::ldexp(1.0, -10), 127) << std::ldexp(1.0, -136) << true;
        QTest::newRow("bf16: 7 stored mantissa bits") << int(FloatFormat::Bf16) << 8 << 7 << std::ldexp(2.0 - std::ldexp(1.0, -7), 127) << std::ldexp(1.0, -133) << true;
        QTest::newRow("fp16") << int(FloatFormat::Fp16) << 5 << 10 << 65504.0 << std::ldexp(1.0, -24) << true;
        QTest::newRow("OFP8 E4M3: max 448, no infinity") << int(FloatFormat::Fp8E4M3) << 4 << 3 << 448.0 << std::ldexp(1.0, -9) << false;
        QTest::newRow("OFP8 E5M2: max 57344") << int(FloatFormat::Fp8E5M2) << 5 << 2 << 57344.0 << std::ldexp(1.0, -16) << true;
    }
    void constants()
    {
        QFETCH(int, format);
        QFETCH(int, exponentBits);
        QFETCH(int, mantissaBits);
        QFETCH(double, maxFinite);
        QFETCH(double, minSubnormal);
        QFETCH(bool, infinity);
        const FloatFormat f = static_cast<FloatFormat>(format);
        const FormatSpec& spec = formatSpec(f);
        QCOMPARE(spec.exponentBits, exponentBits);
        QCOMPARE(spec.mantissaBits, mantissaBits);
        QCOMPARE(spec.maxFinite, maxFinite);
        QCOMPARE(spec.minSubnormal, minSubnormal);
        QCOMPARE(spec.hasInfinity, infinity);
        // The fast path's compile-time limits agree: the largest value survives, the next step overflows.
        QCOMPARE(double(roundFloat(float(maxFinite), f)), maxFinite);
        QCOMPARE(double(roundFloat(float(minSubnormal), f)), minSubnormal);
        QCOMPARE(parseEnum<FloatFormat>(enumId(f)), std::optional<FloatFormat>(f));
    }

    void roundingCases_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<double>("input");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<double>("expected");
        const int bf16 = int(FloatFormat::Bf16), fp16 = int(FloatFormat::Fp16);
        const int e4m3 = int(FloatFormat::Fp8E4M3), e5m2 = int(FloatFormat::Fp8E5M2);
        const double u = std::ldexp(1.0, -8);  // half a bf16 step at 1.0
        QTest::newRow("bf16 tie to even (down)") << bf16 << 1.0 + u << false << 1.0;
        QTest::newRow("bf16 just above the tie") << bf16 << 1.0 + u + std::ldexp(1.0, -20) << false << 1.0 + 2 * u;
        QTest::newRow("bf16 tie to even (up)") << bf16 << 1.0 + 3 * u << false << 1.0 + 4 * u;
        QTest::newRow("bf16 1e-4 itself") << bf16 << 1e-4 << false << 0.0001001358032226562500;
        QTest::newRow("bf16 overflow to infinity") << bf16 << 3.4e38 << false << kInf;
        QTest::newRow("bf16 overflow saturating") << bf16 << 3.4e38 << true << std::ldexp(2.0 - std::ldexp(1.0, -7), 127);
        QTest::newRow("bf16 subnormal") << bf16 << 3 * std::ldexp(1.0, -134) << false << std::ldexp(1.0, -132);
        QTest::newRow("fp16 largest below infinity") << fp16 << 65519.0 << false << 65504.0;
        QTest::newRow("fp16 rounds to infinity") << fp16 << 65520.0 << false << kInf;
        QTest::newRow("fp16 half the smallest subnormal ties to 0") << fp16 << std::ldexp(1.0, -25) << false << 0.0;
        QTest::newRow("fp16 above half rounds to the smallest subnormal") << fp16 << 1.5 * std::ldexp(1.0, -25) << false << std::ldexp(1.0, -24);
        QTest::newRow("fp16 1e-4") << fp16 << 1e-4 << false << 0.0001000165939331054688;
        QTest::newRow("E4M3 464 ties to 448") << e4m3 << 464.0 << false << 448.0;
        QTest::newRow("E4M3 above 464 is NaN") << e4m3 << 465.0 << false << kNaN;
        QTest::newRow("E4M3 above 464 saturates") << e4m3 << 465.0 << true << 448.0;
        QTest::newRow("E4M3 infinity is NaN") << e4m3 << kInf << false << kNaN;
        QTest::newRow("E4M3 infinity saturates") << e4m3 << -kInf << true << -448.0;
        QTest::newRow("E4M3 smallest subnormal") << e4m3 << 0.75 * std::ldexp(1.0, -9) << false << std::ldexp(1.0, -9);
        QTest::newRow("E4M3 below half of it") << e4m3 << 0.49 * std::ldexp(1.0, -9) << false << 0.0;
        QTest::newRow("E4M3 normal range") << e4m3 << 0.3 << false << 0.3125;
        QTest::newRow("E5M2 61440 ties up to infinity") << e5m2 << 61440.0 << false << kInf;
        QTest::newRow("E5M2 below the tie") << e5m2 << 61439.0 << false << 57344.0;
        QTest::newRow("E5M2 saturating") << e5m2 << 1e6 << true << 57344.0;
        QTest::newRow("NaN stays NaN") << bf16 << kNaN << false << kNaN;
        QTest::newRow("negative zero") << fp16 << -0.0 << false << -0.0;
    }
    void roundingCases()
    {
        QFETCH(int, format);
        QFETCH(double, input);
        QFETCH(bool, saturate);
        QFETCH(double, expected);
        const FloatFormat f = static_cast<FloatFormat>(format);
        const Overflow overflow = saturate ? Overflow::Saturate : Overflow::Infinity;
        const double viaDouble = roundToFormat(input, f, overflow);
        const float viaFloat = roundFloat(static_cast<float>(input), f, overflow);
        const float viaReference = referenceRoundFloat(static_cast<float>(input), f, overflow);
        if (std::isnan(expected)) {
            QVERIFY(std::isnan(viaDouble) && std::isnan(viaFloat) && std::isnan(viaReference));
            return;
        }
        QCOMPARE(viaDouble, expected);
        QCOMPARE(std::signbit(viaDouble), std::signbit(expected));
        if (static_cast<double>(static_cast<float>(input)) == input || std::isinf(input)) {
            QCOMPARE(double(viaFloat), expected);
            QCOMPARE(double(viaReference), expected);
        }
    }

    void encodingsRoundTrip_data()
    {
        QTest::addColumn<int>("format");
        for (FloatFormat f : {FloatFormat::Bf16, FloatFormat::Fp16, FloatFormat::Fp8E4M3, FloatFormat::Fp8E5M2})
            QTest::newRow(enumId(f)) << int(f);
    }
    void encodingsRoundTrip()
    {
        QFETCH(int, format);
        const FloatFormat f = static_cast<FloatFormat>(format);
        const FormatSpec& spec = formatSpec(f);
        int nans = 0;
        for (std::uint32_t b = 0; b < (1u << spec.totalBits); ++b) {
            const double v = decodeBits(b, f);
            if (std::isnan(v)) {
                ++nans;
                continue;
            }
            QCOMPARE(encodeBits(v, f), b);
            QCOMPARE(roundToFormat(v, f), v);  // every value is a fixed point of rounding
        }
        // E4M3 has exactly two NaN patterns (S.1111.111); IEEE-style formats 2 (2^m - 1).
        const int expected = spec.hasInfinity ? 2 * ((1 << spec.mantissaBits) - 1) : 2;
        QCOMPARE(nans, expected);
    }

    void otherFormatsSampledAgainstReference()
    {
        // Every 251st pattern (17 million per format), both overflow modes; bf16 and fp16 are
        // checked on every pattern in tst_rounding_exhaustive.
        for (FloatFormat f : {FloatFormat::Tf32, FloatFormat::Fp8E4M3, FloatFormat::Fp8E5M2, FloatFormat::Bf16}) {
            for (Overflow overflow : {Overflow::Infinity, Overflow::Saturate}) {
                std::uint64_t mismatches = 0;
                for (std::uint64_t b = 0; b < (std::uint64_t{1} << 32); b += 251 * kExhaustiveStride) {
                    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(b));
                    mismatches += !sameValue(roundFloat(x, f, overflow), referenceRoundFloat(x, f, overflow));
                }
                QVERIFY2(mismatches == 0, enumId(f));
            }
        }
    }

    void doublesAgainstBoost()
    {
        // A million doubles per format: random magnitudes across the whole range, exact ties
        // (a representable value plus half a step), subnormals, infinities and NaN.
        Random rng(42);
        const int count = 1'000'000 / static_cast<int>(kExhaustiveStride > 1 ? 50 : 1);
        for (FloatFormat f : {FloatFormat::Bf16, FloatFormat::Fp16, FloatFormat::Fp8E4M3, FloatFormat::Fp8E5M2,
                              FloatFormat::Tf32, FloatFormat::Fp32}) {
            const FormatSpec& spec = formatSpec(f);
            int failures = 0;
            for (int i = 0; i < count; ++i) {
                double x = 0;
                switch (i % 5) {
                case 0:  // anywhere in (and beyond) the format's range
                    x = std::ldexp(1.0 + rng.uniform(), static_cast<int>(rng.next() % 300) - 180);
                    break;
                case 1: {  // an exact tie between two representable values
                    const double r = roundToFormat(std::ldexp(1.0 + rng.uniform(), static_cast<int>(rng.next() % 40) - 20), f);
                    const double up = nextUp(r, f);
                    x = std::isfinite(up) ? r + (up - r) / 2 : r;
                    break;
                }
                case 2:  // the subnormal range
                    x = spec.minNormal * rng.uniform();
                    break;
                case 3:  // around the overflow threshold
                    x = spec.maxFinite * (0.99 + 0.04 * rng.uniform());
                    break;
                default:  // specials now and then, random doubles otherwise
                    x = (i % 1000 == 4) ? kInf : (i % 1000 == 9) ? kNaN : (rng.uniform() - 0.5) * 1e3;
                }
                if (rng.next() & 1)
                    x = -x;
                failures += !isNearestEven(x, roundToFormat(x, f), f);
            }
            QVERIFY2(failures == 0, qPrintable(QString("%1: %2 failures").arg(enumId(f)).arg(failures)));
        }
    }

    void stochasticRoundingIsUnbiased()
    {
        Random rng(7);
        const float x = 1.0f + 0.3f * std::ldexp(1.0f, -7);  // 30% of the way from 1 to the next bf16
        const double down = 1.0, up = 1.0 + std::ldexp(1.0, -7);
        double sum = 0;
        const int draws = 200'000;
        for (int i = 0; i < draws; ++i) {
            const float r = stochasticRoundFloat(x, FloatFormat::Bf16, rng.next());
            QVERIFY(r == float(down) || r == float(up));
            sum += r;
        }
        // The mean is x; the standard error of the mean is about 0.46 * step / sqrt(draws).
        QVERIFY(std::fabs(sum / draws - double(x)) < 5 * 0.46 * (up - down) / std::sqrt(double(draws)));
        QCOMPARE(stochasticRoundFloat(1.5f, FloatFormat::Bf16, rng.next()), 1.5f);  // representable: unchanged
    }

    void stochasticFastPathMatchesTheGeneralOne()
    {
        Random rng(11);
        for (int i = 0; i < 1'000'000; ++i) {
            const float x = std::bit_cast<float>(static_cast<std::uint32_t>(rng.next()));
            const std::uint64_t bits = rng.next();
            QVERIFY(sameValue(stochasticRound<FloatFormat::Bf16>(x, bits), stochasticRoundFloat(x, FloatFormat::Bf16, bits)));
            QVERIFY(sameValue(stochasticRound<FloatFormat::Tf32>(x, bits), stochasticRoundFloat(x, FloatFormat::Tf32, bits)));
        }
    }

    void seededGeneratorIsReproducible()
    {
        Random a(123), b(123), c(124);
        for (int i = 0; i < 1000; ++i) {
            const std::uint64_t x = a.next();
            QCOMPARE(x, b.next());
            QVERIFY(x != c.next() || i > 0);
        }
    }
};

QTEST_APPLESS_MAIN(TestFloatFormats)
#include "tst_float_formats.moc"
