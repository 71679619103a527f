// Operations at scale (core/ops): what a checkpoint holds for every recipe, optimizer, ZeRO stage,
// adapter method and layout; the failure model and its presets; Young's and Daly's intervals
// against the complete model they approximate; ETTR, goodput and the diagnostics.
#include <QtTest>

#include <cmath>
#include <cstring>

#include "core/common/messages.h"
#include "core/estimate/estimate.h"
#include "core/estimate/sweeps.h"
#include "core/ops/checkpoint_interval.h"
#include "core/ops/failure_model.h"

using namespace shardscope;

namespace {

constexpr double kP = 7e9;  // the default scenario's exact parameter count

double state(const CheckpointSize& c, CheckpointState s, bool rank = false)
{
    return (rank ? c.rank : c.total)[static_cast<std::size_t>(s)];
}

Scenario onGpus(int gpus, int zero)
{
    Scenario s = defaultScenario();
    s.parallel.gpus = gpus;
    s.parallel.zero = zero;
    s.training.globalBatch = std::max(1024, gpus);
    return s;
}

// The minimum of Daly's complete model by golden-section search: an independent route to the
// optimum interval that eq. 37 approximates.
double numericOptimum(double delta, double restart, double mtbf)
{
    double a = 1e-3 * mtbf, b = 5.0 * mtbf;
    const double g = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 200; ++i) {
        const double c = b - g * (b - a), d = a + g * (b - a);
        if (wallClockRatio(c, delta, restart, mtbf) < wallClockRatio(d, delta, restart, mtbf))
            b = d;
        else
            a = c;
    }
    return 0.5 * (a + b);
}

bool hasTemplate(const Diagnostics& diagnostics, const char* templ, const char* field)
{
    for (const Diagnostic& d : diagnostics) {
        // By text: a template's literal may live at different addresses in different objects
        // (an AddressSanitizer build does not merge them).
        if (d.templ != nullptr && std::strcmp(d.templ, templ) == 0 && d.field == field)
            return true;
    }
    return false;
}

} // namespace

class TestOps : public QObject {
    Q_OBJECT
private slots:
    void checkpointBytesPerParameter_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<double>("weights");  // bytes per parameter of each saved state
        QTest::addColumn<double>("master");
        QTest::addColumn<double>("moments");
        const auto add = [](const char* name, Precision p, Optimizer o, double w, double m, double v) {
            QTest::newRow(name) << int(p) << int(o) << w << m << v;
        };
        // The article's 16 bytes less the 2 of gradients, which are not saved.
        add("bf16-mixed AdamW", Precision::Bf16Mixed, Optimizer::AdamW, 2, 4, 8);
        add("fp16-mixed AdamW", Precision::Fp16Mixed, Optimizer::AdamW, 2, 4, 8);
        add("fp32 AdamW", Precision::Fp32, Optimizer::AdamW, 4, 0, 8);
        add("pure bf16 AdamW", Precision::Bf16, Optimizer::AdamW, 2, 0, 4);
        // fp8 training keeps an fp8 cast of each GEMM weight for the step; it is not saved.
        add("fp8-mixed AdamW", Precision::Fp8Mixed, Optimizer::AdamW, 2, 4, 8);
        add("bf16-mixed SGD momentum", Precision::Bf16Mixed, Optimizer::SgdMomentum, 2, 4, 4);
        add("bf16-mixed Lion", Precision::Bf16Mixed, Optimizer::Lion, 2, 4, 4);
    }
    void checkpointBytesPerParameter()
    {
        QFETCH(int, precision);
        QFETCH(int, optimizer);
        QFETCH(double, weights);
        QFETCH(double, master);
        QFETCH(double, moments);
        Scenario s = onGpus(64, 3);
        s.training.precision = static_cast<Precision>(precision);
        s.training.optimizer = static_cast<Optimizer>(optimizer);
        const CheckpointSize c = estimate(s).ops.checkpoint;
        QCOMPARE(state(c, CheckpointState::Weights), weights * kP);
        QCOMPARE(state(c, CheckpointState::MasterWeights), master * kP);
        QCOMPARE(state(c, CheckpointState::OptimizerStates), moments * kP);
        QCOMPARE(state(c, CheckpointState::Gradients), 0.0);
        // Only AdamW keeps a step tensor per parameter tensor (torch.optim).
        const double steps = state(c, CheckpointState::StepCounters);
        QVERIFY(static_cast<Optimizer>(optimizer) == Optimizer::AdamW ? steps > 0 : steps == 0);
        QCOMPARE(state(c, CheckpointState::RngState), 64 * rngStateBytesPerRank());
    }

    void adaptersOnlyForLoraAndQlora()
    {
        for (FineTune f : {FineTune::Lora, FineTune::Qlora}) {
            Scenario s = onGpus(8, 0);
            s.training.finetune = f;
            const Estimate e = estimate(s);
            const CheckpointSize& c = e.ops.checkpoint;
            // The frozen base (bf16 or NF4) is not saved: weights are the adapters in bf16.
            QCOMPARE(state(c, CheckpointState::Weights), 2.0 * e.model.trainableParams);
            QVERIFY(e.model.trainableParams < 0.01 * kP);
            QCOMPARE(state(c, CheckpointState::MasterWeights), 4.0 * e.model.trainableParams);
            QVERIFY(c.bytes < 0.01 * 14 * kP);
        }
    }

    void zeroStagesShardWhatTheMostLoadedRankWrites_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<double>("rankBytesPerParam");
        // Data-parallel rank 0 writes the weights below ZeRO-3, and its shard of the rest.
        QTest::newRow("ZeRO-0: everything") << 0 << 14.0;
        QTest::newRow("ZeRO-1: weights + 12/64") << 1 << 2.0 + 12.0 / 64;
        QTest::newRow("ZeRO-2: the same as ZeRO-1") << 2 << 2.0 + 12.0 / 64;
        QTest::newRow("ZeRO-3: 14/64") << 3 << 14.0 / 64;
    }
    void zeroStagesShardWhatTheMostLoadedRankWrites()
    {
        QFETCH(int, zero);
        QFETCH(double, rankBytesPerParam);
        const CheckpointSize c = estimate(onGpus(64, zero)).ops.checkpoint;
        const double large = state(c, CheckpointState::Weights, true) + state(c, CheckpointState::MasterWeights, true)
                             + state(c, CheckpointState::OptimizerStates, true);
        QCOMPARE(large, rankBytesPerParam * kP);
        // The whole checkpoint does not depend on the stage.
        QCOMPARE(state(c, CheckpointState::Weights) + state(c, CheckpointState::MasterWeights)
                     + state(c, CheckpointState::OptimizerStates),
                 14.0 * kP);
    }

    void busiestNodeFollowsTheRankOrder()
    {
        // ZeRO-0 with tp 1: only data-parallel rank 0 of node 0 writes the model; ZeRO-3: all eight.
        const CheckpointSize plain = estimate(onGpus(64, 0)).ops.checkpoint;
        const double small = rngStateBytesPerRank() + dataLoaderBytesPerRank();
        QCOMPARE(plain.bytesPerNodeMax, plain.bytesPerRankMax + 7 * small);
        const CheckpointSize sharded = estimate(onGpus(64, 3)).ops.checkpoint;
        QCOMPARE(sharded.bytesPerNodeMax, 8 * sharded.bytesPerRankMax);
        // tp 8 fills a node with one model-parallel group of data-parallel rank 0: the first node
        // writes one whole replica, the checkpoint (bounded by it: norms replicated on every tensor-
        // parallel rank are counted once in the checkpoint).
        Scenario tp = onGpus(64, 0);
        tp.parallel.tp = 8;
        const CheckpointSize t = estimate(tp).ops.checkpoint;
        QVERIFY(8 * t.bytesPerRankMax >= t.bytes);
        QCOMPARE(t.bytesPerNodeMax, t.bytes);
        QVERIFY(std::fabs(state(t, CheckpointState::Weights, true) - 2.0 * kP / 8) < 0.01 * 2.0 * kP / 8);
    }

    void offloadedStatesAreSavedToo()
    {
        Scenario s = onGpus(64, 3);
        const double onDevice = estimate(s).ops.checkpoint.bytesPerRankMax;
        s.parallel.offload = Offload::OptimizerAndParams;
        QCOMPARE(estimate(s).ops.checkpoint.bytesPerRankMax, onDevice);
    }

    void presetsScaleWithGpusAndNodes()
    {
        // Llama 3: 419 interruptions in 54 days on 16,384 GPUs.
        QCOMPARE(failuresPerHour(presetFailureRates(FailurePreset::Llama3), 16384, 8) * 54 * 24, 419.0);
        // A per-node rate counts started nodes: 9 GPUs occupy two nodes of 8.
        const FailureRates rsc1 = presetFailureRates(FailurePreset::Rsc1);
        QCOMPARE(failuresPerHour(rsc1, 8, 8), 6.5e-3 / 24);
        QCOMPARE(failuresPerHour(rsc1, 9, 8), 2 * 6.5e-3 / 24);
        QCOMPARE(failuresPerHour(rsc1, 16384, 8) * 24, 2048 * 6.5e-3);
    }

    void userRatesReplaceThePreset()
    {
        Scenario s = onGpus(1024, 3);
        s.ops.clusterMtbfHours = 7.9;  // Kokolis et al.'s measured 1,024-GPU MTTF
        QCOMPARE(estimate(s).ops.mtbfSeconds, 7.9 * 3600);
        s.ops.clusterMtbfHours.reset();
        s.ops.failuresPerGpuDay = 1e-3;
        QCOMPARE(estimate(s).ops.mtbfSeconds, 24 * 3600 / (1e-3 * 1024));
        // A measured MTBF becomes a per-GPU rate at other sizes: half the GPUs, twice the MTBF.
        s.ops.failuresPerGpuDay.reset();
        s.ops.clusterMtbfHours = 10;
        const Estimate one = estimate(singleGpuScenario(s));
        QCOMPARE(one.ops.mtbfSeconds, 10 * 3600.0 * 1024);
    }

    void exclusiveAlternativesAreErrors()
    {
        Scenario s = defaultScenario();
        s.ops.clusterMtbfHours = 5;
        s.ops.failuresPerGpuDay = 1e-3;
        s.ops.checkpointWriteMinutes = 2;
        s.ops.storageGbps = 100;
        const Estimate e = estimate(s);
        QVERIFY(!e.valid());
        QVERIFY(hasTemplate(e.diagnostics, msg::kExclusiveFields, "ops.failures_per_gpu_day"));
        QVERIFY(hasTemplate(e.diagnostics, msg::kExclusiveFields, "ops.storage_gbps"));
    }

    void youngIsFirstOrder()
    {
        QCOMPARE(youngInterval(300, 86400), std::sqrt(2.0 * 300 * 86400));
        QCOMPARE(youngInterval(0, 86400), 0.0);
    }

    void dalyApproximatesTheCompleteModelsOptimum_data()
    {
        QTest::addColumn<double>("mtbfMinutes");
        QTest::addColumn<double>("tolerance");  // minutes
        QTest::newRow("24 h") << 1440.0 << 0.01;
        QTest::newRow("6 h") << 360.0 << 0.01;
        // Eq. 37 is a series in sqrt(delta / 2M): least accurate when the dump is a third of M.
        QTest::newRow("15 min") << 15.0 << 0.05;
        QTest::newRow("dump beyond 2M") << 2.0 << 1e9;
    }
    void dalyApproximatesTheCompleteModelsOptimum()
    {
        QFETCH(double, mtbfMinutes);
        QFETCH(double, tolerance);
        const double delta = 5 * 60.0, mtbf = mtbfMinutes * 60.0;
        const double daly = dalyInterval(delta, mtbf);
        if (delta >= 2 * mtbf) {
            QCOMPARE(daly, mtbf);  // Daly: once the dump takes twice the MTBF, checkpoint every M
            return;
        }
        QVERIFY2(std::fabs(daly - numericOptimum(delta, 600.0, mtbf)) / 60.0 < tolerance,
                 qPrintable(QString::number(daly / 60.0) + " vs " + QString::number(numericOptimum(delta, 600.0, mtbf) / 60.0)));
        QVERIFY(daly < youngInterval(delta, mtbf));  // the higher-order terms shorten Young's interval
    }

    void wallClockRatioLimits()
    {
        // No failures: only the stalls, (tau + delta) / tau.
        QVERIFY(std::fabs(wallClockRatio(3600, 60, 600, 1e15) - 61.0 / 60.0) < 1e-9);
        // No dump and no restart: (M / tau)(e^(tau/M) - 1).
        QVERIFY(std::fabs(wallClockRatio(3600, 0, 0, 7200) - 2.0 * std::expm1(0.5)) < 1e-12);
        // Failures far beyond any cluster's stay finite, with an ETTR of about zero.
        const double hopeless = wallClockRatio(86400, 60, 600, 1);
        QVERIFY(std::isfinite(hopeless) && 1.0 / hopeless < 1e-200);
    }

    void ettrAndGoodputFollowFromTheRatio()
    {
        const Estimate e = estimate(onGpus(4096, 3));
        const OpsEstimate& o = e.ops;
        const double ratio = wallClockRatio(o.intervalSeconds, o.blockingSeconds, o.recoverySeconds, o.mtbfSeconds);
        QCOMPARE(o.ettr, 1.0 / ratio);
        QCOMPARE(o.trainSeconds, e.step.trainSeconds * ratio);
        QCOMPARE(o.expectedInterruptions, o.trainSeconds / o.mtbfSeconds);
        QCOMPARE(o.effectiveTokensPerSecond, e.step.tokensPerSecond * o.ettr);
        QVERIFY(std::fabs(o.checkpointShare + o.failureShare + o.ettr - 1.0) < 1e-12);
        // Restart defaults to five minutes plus reading the checkpoint back.
        QCOMPARE(o.restartSeconds, 300.0 + o.loadSeconds);
        QCOMPARE(o.recoverySeconds, 300.0 + o.restartSeconds);
        QCOMPARE(o.intervalSeconds, o.dalySeconds);
    }

    void ettrFallsWithScale()
    {
        const OpsSweep sweep = opsSweep(defaultScenario());
        QVERIFY(sweep.singleGpu.valid);
        double previous = sweep.singleGpu.ettr;
        int valid = 0;
        for (const ScalingPoint& p : sweep.points) {
            if (!p.valid)
                continue;
            ++valid;
            QVERIFY2(p.ettr < previous, qPrintable(QString::number(p.gpus)));
            QVERIFY(p.days > p.failureFreeDays);
            previous = p.ettr;
        }
        QCOMPARE(valid, 12);  // 8 to 16,384 under weak scaling: every size runs
    }

    void asynchronousSavesBlockOnlyForTheCopy()
    {
        Scenario s = onGpus(64, 3);
        s.ops.checkpointWriteMinutes = 10;
        const OpsEstimate sync = estimate(s).ops;
        QCOMPARE(sync.blockingSeconds, 600.0);
        s.ops.asyncCheckpoint = true;
        const Estimate e = estimate(s);
        QCOMPARE(e.ops.blockingSeconds, e.ops.checkpoint.bytesPerRankMax / (32e9));
        QCOMPARE(e.ops.recoverySeconds, sync.recoverySeconds + 600.0);  // the write in flight is lost too
        QVERIFY(e.ops.ettr > sync.ettr);
        // Asynchronous saves cannot start faster than they finish.
        s.ops.intervalMinutes = 2;
        const Estimate raised = estimate(s);
        QCOMPARE(raised.ops.intervalSeconds, 600.0);
        QVERIFY(hasTemplate(raised.diagnostics, msg::kAsyncIntervalBelowWrite, "ops.interval_minutes"));
    }

    void intervalIsAtLeastOneStep()
    {
        Scenario s = onGpus(64, 3);
        s.ops.checkpointWriteMinutes = 0;  // a free checkpoint: Young and Daly say "always"
        const Estimate e = estimate(s);
        QCOMPARE(e.ops.dalySeconds, 0.0);
        QCOMPARE(e.ops.intervalSeconds, e.step.stepSeconds);
    }

    void lowEttrWarns()
    {
        Scenario s = onGpus(16384, 3);
        s.ops.failuresPerGpuDay = 0.5;
        const Estimate e = estimate(s);
        QVERIFY(e.valid());
        QVERIFY(e.ops.ettr < 0.5);
        QVERIFY(hasTemplate(e.diagnostics, msg::kLowEttr, "ops"));
    }

    void intervalCurveHasItsMinimumAtDaly()
    {
        Scenario s = onGpus(2048, 3);
        s.ops.checkpointWriteMinutes = 1;
        const Estimate e = estimate(s);
        const std::vector<IntervalPoint> curve = intervalCurveAround(e.ops, 201);
        QCOMPARE(static_cast<int>(curve.size()), 201);
        const auto best = std::max_element(curve.begin(), curve.end(),
                                           [](const IntervalPoint& a, const IntervalPoint& b) { return a.ettr < b.ettr; });
        // The curve's best point lies within one grid step (log spacing) of Daly's interval.
        const double step = std::log(curve.back().intervalSeconds / curve.front().intervalSeconds) / 200;
        QVERIFY(std::fabs(std::log(best->intervalSeconds / e.ops.dalySeconds)) <= step);
    }
};

QTEST_MAIN(TestOps)
#include "tst_ops.moc"
