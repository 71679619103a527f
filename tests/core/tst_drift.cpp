// Weight-update drift (the article's loop and its cures), the swamping threshold, the N-rank
// gradient reduction error and the sharded-master bit-identity experiment.
#include <QtTest>

#include <bit>
#include <cmath>

#include "core/precision/drift.h"
#include "core/precision/reduction.h"
#include "core/precision/rounding.h"
#include "core/precision/sharded_master.h"
#include "core/precision/swamping.h"

using namespace shardscope;

namespace {

DriftSpec article(FloatFormat format, DriftStrategy strategy)
{
    DriftSpec spec;
    spec.format = format;
    spec.strategy = strategy;
    spec.start = 1.0;
    spec.update = 1e-4;
    spec.steps = 10'000;
    spec.startText = "1.0";
    spec.updateText = "1e-4";
    return spec;
}

} // namespace

class TestDrift : public QObject {
    Q_OBJECT
private slots:
    void articleLoop_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("strategy");
        QTest::addColumn<double>("expected");
        // bf16 and fp16 lose every update; fp32 drifts to its own rounding of the sum.
        QTest::newRow("bf16 naive stays 1.0") << int(FloatFormat::Bf16) << int(DriftStrategy::Naive) << 1.0;
        QTest::newRow("fp16 naive stays 1.0") << int(FloatFormat::Fp16) << int(DriftStrategy::Naive) << 1.0;
        QTest::newRow("fp32 naive") << int(FloatFormat::Fp32) << int(DriftStrategy::Naive) << 2.0001657009124756;
    }
    void articleLoop()
    {
        QFETCH(int, format);
        QFETCH(int, strategy);
        QFETCH(double, expected);
        const DriftResult r = runDrift(article(static_cast<FloatFormat>(format), static_cast<DriftStrategy>(strategy)));
        QCOMPARE(r.final, expected);
        QCOMPARE(r.exact, 2.0);  // the decimal 1 + 10000 x 1e-4, exactly
        QCOMPARE(QString::fromStdString(r.exactText), QStringLiteral("2"));
        if (format != int(FloatFormat::Fp32))
            QCOMPARE(r.lostUpdates, qint64(10'000));
    }

    void fp32MasterRecovers()
    {
        const DriftResult r = runDrift(article(FloatFormat::Bf16, DriftStrategy::Fp32Master));
        QCOMPARE(r.master, 2.0001657009124756);  // the fp32 master drifts only as fp32 does
        QCOMPARE(r.final, 2.0);                  // its bf16 copy, the weight compute reads
        QVERIFY(r.relError < 1e-3);
        QCOMPARE(r.lostUpdates, qint64(0));
    }

    void kahanAndStochasticBeatNaive()
    {
        const DriftResult kahan = runDrift(article(FloatFormat::Bf16, DriftStrategy::Kahan));
        QVERIFY(kahan.relError < 0.05);
        // Stochastic rounding is unbiased: averaged over seeds the weight lands on 1 + 10000 u,
        // u being the bf16 update. One run's spread is about sqrt(10000 p (1 - p)) steps of 2^-7
        // (p = u / 2^-7), 0.088; the mean of 100 runs should be within 5 standard errors.
        const double u = roundToFormat(1e-4, FloatFormat::Bf16);
        const double p = u / std::ldexp(1.0, -7);
        const double oneRun = std::sqrt(10'000 * p * (1 - p)) * std::ldexp(1.0, -7);
        double mean = 0;
        const int seeds = 100;
        for (int seed = 1; seed <= seeds; ++seed) {
            DriftSpec spec = article(FloatFormat::Bf16, DriftStrategy::Stochastic);
            spec.seed = static_cast<std::uint64_t>(seed);
            mean += runDrift(spec).final / seeds;
        }
        QVERIFY2(std::fabs(mean - (1.0 + 10'000 * u)) < 5 * oneRun / std::sqrt(double(seeds)), qPrintable(QString::number(mean)));
    }

    void fastPathsMatchStepByStep_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("strategy");
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("update");
        const int bf16 = int(FloatFormat::Bf16), fp16 = int(FloatFormat::Fp16), tf32 = int(FloatFormat::Tf32);
        const int e4m3 = int(FloatFormat::Fp8E4M3), e5m2 = int(FloatFormat::Fp8E5M2);
        const int naive = int(DriftStrategy::Naive);
        // Binade crossings, ties, crossing zero, overflow, subnormals, negative updates.
        QTest::newRow("bf16 up through binades") << bf16 << naive << 0.75 << 3e-3;
        QTest::newRow("bf16 down through zero") << bf16 << naive << 0.3 << -1.7e-3;
        QTest::newRow("bf16 exact ties") << bf16 << naive << 1.0 << 3.0 * std::ldexp(1.0, -8);
        QTest::newRow("bf16 into the subnormals") << bf16 << naive << 3e-38 << -1e-40;
        QTest::newRow("bf16 overflow") << bf16 << naive << 3.3e38 << 1e36;
        QTest::newRow("tf32") << tf32 << naive << 1.0 << 1e-4;
        QTest::newRow("fp16 to overflow") << fp16 << naive << 65000.0 << 7.0;
        QTest::newRow("fp16 subnormals") << fp16 << naive << 1e-6 << -3e-8;
        QTest::newRow("E4M3 to its NaN") << e4m3 << naive << 400.0 << 9.0;
        QTest::newRow("E5M2") << e5m2 << naive << -3.0 << 0.07;
        QTest::newRow("stochastic bf16") << bf16 << int(DriftStrategy::Stochastic) << 1.0 << 1e-4;
        QTest::newRow("stochastic fp16 (generic)") << fp16 << int(DriftStrategy::Stochastic) << 1.0 << 1e-5;
        QTest::newRow("kahan bf16") << bf16 << int(DriftStrategy::Kahan) << 1.0 << 1e-4;
        QTest::newRow("fp32 master") << bf16 << int(DriftStrategy::Fp32Master) << 1.0 << 1e-4;
    }
    void fastPathsMatchStepByStep()
    {
        // runDrift takes the fast loops; replayDrift calls the plain step every time.
        QFETCH(int, format);
        QFETCH(int, strategy);
        QFETCH(double, start);
        QFETCH(double, update);
        DriftSpec spec;
        spec.format = static_cast<FloatFormat>(format);
        spec.strategy = static_cast<DriftStrategy>(strategy);
        spec.start = start;
        spec.update = update;
        spec.steps = 3000;
        spec.curvePoints = 3001;  // every step
        const DriftResult fast = runDrift(spec);
        const std::vector<float> slow = replayDrift(spec.format, spec.strategy, start,
                                                    std::vector<float>(3000, static_cast<float>(update)), nullptr, spec.seed);
        QCOMPARE(fast.curve.size(), std::size_t(3001));
        std::int64_t lost = 0;
        float previous = roundFloat(static_cast<float>(start), spec.format);
        for (std::size_t i = 0; i < slow.size(); ++i) {
            const float value = static_cast<float>(fast.curve[i + 1].value);
            QVERIFY2(std::bit_cast<std::uint32_t>(value) == std::bit_cast<std::uint32_t>(slow[i])
                         || (std::isnan(value) && std::isnan(slow[i])),
                     qPrintable(QString("step %1: %2 vs %3").arg(i + 1).arg(value).arg(slow[i])));
            if (spec.strategy != DriftStrategy::Fp32Master)
                lost += slow[i] == previous;
            previous = slow[i];
        }
        if (spec.strategy != DriftStrategy::Fp32Master)
            QCOMPARE(fast.lostUpdates, lost);
    }

    void curveIsDownsampled()
    {
        DriftSpec spec = article(FloatFormat::Bf16, DriftStrategy::Fp32Master);
        spec.steps = 1'000'003;
        const DriftResult r = runDrift(spec);
        QVERIFY(r.curve.size() <= 2000);
        QCOMPARE(r.curve.front().step, qint64(0));
        QCOMPARE(r.curve.back().step, spec.steps);
        for (std::size_t i = 1; i < r.curve.size(); ++i)
            QVERIFY(r.curve[i].step > r.curve[i - 1].step);
        QCOMPARE(r.curve.back().value, r.final);
    }

    // The CLI's Ctrl-C: a run asks keepGoing as it goes, with rising fractions, and stops at the
    // first "no" with `interrupted` set, before the last step; without a callback nothing changes.
    void driftStopsWhenAskedTo()
    {
        DriftSpec spec = article(FloatFormat::Bf16, DriftStrategy::Kahan);
        spec.steps = 20'000'000;
        std::vector<double> asked;
        const DriftResult stopped = runDrift(spec, [&](double f) {
            asked.push_back(f);
            return asked.size() < 2;
        });
        QVERIFY(stopped.interrupted);
        QCOMPARE(asked.size(), std::size_t{2});
        QVERIFY(asked[0] > 0 && asked[0] < asked[1] && asked[1] < 1);
        QVERIFY(stopped.curve.back().step < spec.steps);
        const DriftResult whole = runDrift(spec, [](double) { return true; });
        QVERIFY(!whole.interrupted);
        QCOMPARE(whole.final, runDrift(spec).final);
        QCOMPARE(whole.curve.back().step, spec.steps);
    }

    void randomUpdatesAreReproducibleAndExact()
    {
        DriftSpec spec;
        spec.format = FloatFormat::Bf16;
        spec.update = 5e-4;
        spec.spread = 1e-3;
        spec.steps = 5000;
        spec.strategy = DriftStrategy::Fp32Master;
        spec.seed = 9;
        const DriftResult a = runDrift(spec);
        const DriftResult b = runDrift(spec);
        QCOMPARE(a.final, b.final);
        QCOMPARE(a.exactText, b.exactText);
        // The exact sum, checked independently: about start + steps * mean, within 5 sigma.
        QVERIFY(std::fabs(a.exact - (1.0 + 5000 * 5e-4)) < 5 * 1e-3 * std::sqrt(5000.0));
        QVERIFY(std::fabs(a.curve.back().exact - a.exact) <= 1e-15 * std::fabs(a.exact));
        spec.seed = 10;
        QVERIFY(runDrift(spec).exactText != a.exactText);
    }

    void badSpecsAreReported_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("steps") << "drift.steps";
        QTest::newRow("start") << "drift.start";
        QTest::newRow("spread") << "drift.spread";
    }
    void badSpecsAreReported()
    {
        QFETCH(QString, field);
        DriftSpec spec;
        if (field == "drift.steps")
            spec.steps = 0;
        else if (field == "drift.start") {
            spec.format = FloatFormat::Fp8E4M3;
            spec.start = 1000.0;  // beyond E4M3's 448
        } else
            spec.spread = -1;
        const Diagnostics d = checkDrift(spec);
        QVERIFY(hasErrors(d));
        QCOMPARE(QString::fromStdString(d.front().field), field);
    }

    void swampingThreshold_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<double>("weight");
        QTest::addColumn<double>("threshold");
        // At 1.0 half a step ties to the even 1.0; the next representable update gets through.
        QTest::newRow("bf16 at 1: 2^-8 + 2^-15") << int(FloatFormat::Bf16) << 1.0 << std::ldexp(1.0, -8) + std::ldexp(1.0, -15);
        QTest::newRow("fp16 at 1: 2^-11 + 2^-21") << int(FloatFormat::Fp16) << 1.0 << std::ldexp(1.0, -11) + std::ldexp(1.0, -21);
        QTest::newRow("fp32 at 1: 2^-24 + 2^-47") << int(FloatFormat::Fp32) << 1.0 << std::ldexp(1.0, -24) + std::ldexp(1.0, -47);
        // An odd weight: exactly half a step already rounds away from it (to the even neighbour).
        QTest::newRow("bf16 at 1 + 2^-7: 2^-8") << int(FloatFormat::Bf16) << 1.0 + std::ldexp(1.0, -7) << std::ldexp(1.0, -8);
        QTest::newRow("bf16 at 1024") << int(FloatFormat::Bf16) << 1024.0 << std::ldexp(1.0, 2) + std::ldexp(1.0, -5);
    }
    void swampingThreshold()
    {
        QFETCH(int, format);
        QFETCH(double, weight);
        QFETCH(double, threshold);
        const FloatFormat f = static_cast<FloatFormat>(format);
        QCOMPARE(shardscope::swampingThreshold(weight, f), threshold);
        // Just below the threshold the update is lost; at it, it is not.
        const double below = nextDown(threshold, f);
        QCOMPARE(double(roundFloat(float(weight) + float(below), f)), weight);
        QVERIFY(double(roundFloat(float(weight) + float(threshold), f)) != weight);
    }

    void swampingCurveScalesWithTheWeight()
    {
        const auto curve = swampingCurve(FloatFormat::Bf16, 1e-3, 1e3, 50);
        QCOMPARE(curve.size(), std::size_t(50));
        for (const SwampingPoint& p : curve)  // between 2^-9 and 2^-7 of the weight for bf16
            QVERIFY(p.relative > std::ldexp(1.0, -9) && p.relative <= std::ldexp(1.0, -7));
    }

    void reductionOrders()
    {
        const std::vector<float> values = {1.0f, std::ldexp(1.0f, -9), std::ldexp(1.0f, -9), std::ldexp(1.0f, -9),
                                           std::ldexp(1.0f, -9)};
        // bf16 sequential: each 2^-9 is below half a step of 1.0 and is lost.
        QCOMPARE(reduceValues(values, FloatFormat::Bf16, ReductionOrder::Sequential, 0), 1.0f);
        // The tree adds the small ones together first: 2^-7 survives.
        QCOMPARE(reduceValues(values, FloatFormat::Bf16, ReductionOrder::Tree, 0), 1.0f + std::ldexp(1.0f, -7));
        // fp32 has the room for all of them.
        QCOMPARE(reduceValues(values, FloatFormat::Fp32, ReductionOrder::Sequential, 0), 1.0f + std::ldexp(1.0f, -7));
        // The ring starts after the chunk's owner: chunk 0 sums values 1, 2, 3, 4, 0.
        QCOMPARE(reduceValues(values, FloatFormat::Bf16, ReductionOrder::Ring, 0), 1.0f + std::ldexp(1.0f, -7));
    }

    void reductionErrorGrowsWithRanks()
    {
        ReductionSpec spec;
        spec.maxRanks = 4096;
        spec.elements = 32;
        const auto points = reductionErrors(spec);
        QCOMPARE(points.size(), std::size_t(12));  // 2, 4, ..., 4096
        QCOMPARE(points.back().ranks, 4096);
        const ReductionPoint& first = points.front();
        const ReductionPoint& last = points.back();
        QVERIFY(last.bf16[0] > 10 * first.bf16[0]);    // sequential bf16 error grows with N
        QVERIFY(last.bf16[0] > 0.02);                  // several percent at 4096 ranks
        QVERIFY(last.bf16[2] < last.bf16[0] / 3);      // a tree keeps partial sums similar in size
        QVERIFY(last.fp32[0] < last.bf16[0] / 1e4);    // fp32 accumulation: the cure
        QCOMPARE(first.fp32[0], 0.0);                  // two bf16 values add exactly in fp32
    }

    void shardedMasterWeights()
    {
        const std::vector<ShardedMasterCase> cases = shardedMasterExperiment(ShardedMasterSpec{});
        auto find = [&](const char* prefix) -> const ShardedMasterCase& {
            for (const ShardedMasterCase& c : cases) {
                if (c.name.rfind(prefix, 0) == 0)
                    return c;
            }
            qFatal("no case %s", prefix);
        };
        // Sharding alone keeps the fp32 master bit-identical to one GPU...
        QVERIFY(find("DDP, fp32 all-reduce in rank order").identical());
        QVERIFY(find("ZeRO-1/2, fp32 reduce-scatter in rank order").identical());
        QVERIFY(find("ZeRO-3 / FSDP").identical());
        // ...the reduction order and format are what can break it.
        QVERIFY(!find("ZeRO-1/2, fp32 ring").identical());
        QVERIFY(find("DDP, fp32 ring").identical());  // compared with the sharded ring run
        QCOMPARE(find("DDP, fp32 ring").comparedWith, std::string("ZeRO-1/2, fp32 ring reduce-scatter"));
        QVERIFY(!find("ZeRO-1/2, bf16").identical());
        QVERIFY(!find("ZeRO-1/2, clipping").identical());
        // Asked after each of its 9 training runs; a "no" after the third leaves one case done.
        int asked = 0;
        const auto stopped = shardedMasterExperiment(ShardedMasterSpec{}, [&](double f) {
            ++asked;
            return f < 0.3;
        });
        QCOMPARE(asked, 3);
        QCOMPARE(stopped.size(), std::size_t{1});
        QCOMPARE(stopped.front().differing, cases.front().differing);
    }
};

QTEST_APPLESS_MAIN(TestDrift)
#include "tst_drift.moc"
