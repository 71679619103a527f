// The article's memory ledger as typed values: the part-by-part bytes of its 7B example and the
// growth of activations with sequence length. The published tables (ZeRO, Korthikanti et al.,
// Narayanan et al., Megatron-LM's and DeepSpeed's estimators) are data in tests/reference/cases,
// run by `shardscope-cli validate` and tst_validation.
#include <QtTest>

#include "core/estimate/estimate.h"
#include "core/model/params_family.h"

using namespace shardscope;

namespace {

Scenario statesOnly(double parameters, int gpus, int zero)
{
    Scenario s = defaultScenario();
    s.model = shapeForParameterCount(static_cast<std::int64_t>(parameters));
    s.parallel = ParallelSpec{};
    s.parallel.gpus = gpus;
    s.parallel.zero = zero;
    return s;
}

} // namespace

class TestPublishedMemory : public QObject {
    Q_OBJECT
private slots:
    void articleSevenBillion()
    {
        // 7e9 x (2 + 2 + 4 + 4 + 4) bytes = 112 GB on one GPU; ZeRO-3 over 64 GPUs: 1.75 GB each.
        const Estimate e = estimate(statesOnly(7e9, 64, 3));
        QVERIFY(e.valid());
        const MemoryBreakdown& one = e.memory.singleGpu.device;
        QCOMPARE(one.weights, 14e9);
        QCOMPARE(one.gradients, 14e9);
        QCOMPARE(one.masterWeights, 28e9);
        QCOMPARE(one.optimizerStates, 56e9);
        QCOMPARE(one.modelStates(), 112e9);
        QCOMPARE(e.memory.perGpu.device.modelStates(), 1.75e9);
        QVERIFY(!e.memory.singleGpuFits);  // 112 GB of states alone exceed an 80 GB H100
    }

    void articleActivationsGrowWithSequence()
    {
        double previous = 0;
        for (std::int64_t seq : {1024, 4096, 16384, 65536}) {
            Scenario s = statesOnly(7e9, 64, 3);
            s.training.seqLen = seq;
            const double activations = estimate(s).memory.singleGpu.device.activations;
            QVERIFY(activations > previous * 3.9);  // linear in s with FlashAttention
            previous = activations;
        }
    }
};

QTEST_APPLESS_MAIN(TestPublishedMemory)
#include "tst_published_memory.moc"
