// fp32 -> bf16 and fp32 -> fp16 rounding on every one of the 2^32 fp32 bit patterns: the fast
// bit-level path the drift loops use against the integer reference (which finds both neighbours
// and picks the nearer, ties to even), written independently of it. Two threads; about half a
// minute in a Release build. Under sanitizers it samples every 4099th pattern.
#include <QtTest>

#include <bit>
#include <cmath>
#include <thread>

#include "core/precision/rounding.h"

using namespace shardscope;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kExhaustiveStride = 4099;
#else
constexpr std::uint64_t kExhaustiveStride = 1;
#endif

bool sameValue(float a, float b)
{
    return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

template <FloatFormat F>
std::uint64_t mismatchesIn(std::uint64_t begin, std::uint64_t end, Overflow overflow)
{
    std::uint64_t mismatches = 0;
    for (std::uint64_t b = begin; b < end; b += kExhaustiveStride) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(b));
        mismatches += !sameValue(roundFloat<F>(x, overflow), referenceRoundFloat(x, F, overflow));
    }
    return mismatches;
}

// Counts the fp32 patterns where the fast path and the reference disagree, on two threads.
template <FloatFormat F>
std::uint64_t exhaustiveMismatches(Overflow overflow)
{
    constexpr std::uint64_t half = std::uint64_t{1} << 31;
    std::uint64_t upper = 0;
    std::thread second([&upper, overflow] { upper = mismatchesIn<F>(half, 2 * half, overflow); });
    const std::uint64_t lower = mismatchesIn<F>(0, half, overflow);
    second.join();
    return lower + upper;
}

} // namespace

class TestRoundingExhaustive : public QObject {
    Q_OBJECT
private slots:
    void bf16AllFp32PatternsAgainstReference()
    {
        QCOMPARE(exhaustiveMismatches<FloatFormat::Bf16>(Overflow::Infinity), std::uint64_t(0));
    }

    void fp16AllFp32PatternsAgainstReference()
    {
        QCOMPARE(exhaustiveMismatches<FloatFormat::Fp16>(Overflow::Infinity), std::uint64_t(0));
    }

};

QTEST_APPLESS_MAIN(TestRoundingExhaustive)
#include "tst_rounding_exhaustive.moc"
