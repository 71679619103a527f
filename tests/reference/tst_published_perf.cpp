// Korthikanti et al. 2022 (arXiv 2205.05198), Table 5 / §6: measured model FLOPs utilisation on
// A100 80GB with sequence parallelism and selective recomputation. ShardScope's prediction, with
// its default assumptions (no per-case tuning), must fall within 5 percentage points.
#include <QtTest>

#include <cmath>

#include "core/estimate/estimate.h"
#include "core/presets/model_presets.h"

using namespace shardscope;

class TestPublishedPerf : public QObject {
    Q_OBJECT
private slots:
    void korthikantiMfu_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("globalBatch");
        QTest::addColumn<double>("publishedMfu");
        // Their configurations: s 2048, t 8, micro-batch 1.
        QTest::newRow("22B") << "megatron-22b" << 1 << 8 << 4 << 0.415;
        QTest::newRow("175B") << "megatron-175b" << 8 << 64 << 64 << 0.514;
        QTest::newRow("530B") << "megatron-530b" << 35 << 280 << 280 << 0.560;
        QTest::newRow("1T") << "megatron-1t" << 64 << 512 << 512 << 0.563;
    }
    void korthikantiMfu()
    {
        QFETCH(QString, model);
        QFETCH(int, pp);
        QFETCH(int, gpus);
        QFETCH(int, globalBatch);
        QFETCH(double, publishedMfu);
        Scenario s = defaultScenario();
        s.model = standardModelPresets().find(model.toStdString())->spec;
        s.modelId = model.toStdString();
        s.training.seqLen = 2048;
        s.training.microBatch = 1;
        s.training.globalBatch = globalBatch;
        s.training.recompute = Recompute::Selective;
        s.training.flashAttention = false;  // 2022: Megatron's fused softmax, not FlashAttention
        s.parallel = ParallelSpec{};
        s.parallel.gpus = gpus;
        s.parallel.tp = 8;
        s.parallel.pp = pp;
        s.parallel.zero = 0;
        s.parallel.sequenceParallel = true;
        s.cluster.gpu = "a100-80g";
        const Estimate e = estimate(s);
        QVERIFY2(e.valid(), e.diagnostics.empty() ? "" : e.diagnostics.front().message.c_str());
        qInfo("%s: ShardScope MFU %.1f%%, published %.1f%%", qPrintable(model), 100 * e.step.mfu, 100 * publishedMfu);
        QVERIFY2(std::fabs(e.step.mfu - publishedMfu) <= 0.05,
                 qPrintable(QString("predicted %1, published %2").arg(e.step.mfu).arg(publishedMfu)));
    }
};

QTEST_APPLESS_MAIN(TestPublishedPerf)
#include "tst_published_perf.moc"
