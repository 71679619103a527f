// The data-parallel collectives of a step: the ZeRO paper's traffic ratios, ZeRO-3's gathers layer
// by layer, and every collective priced by the alpha-beta model on its group's link, including
// those the step model copies from a twin instead of pricing again.
#include <QtTest>

#include "core/comm/collectives.h"
#include "core/comm/topology.h"
#include "core/estimate/estimate.h"
#include "core/hardware/gpu_spec.h"
#include "core/perf/step_context.h"
#include "tests/core/step_scenarios.h"

using namespace shardscope;

using test::presetScenario;
using test::wirePerStep;

class TestDataParallelTraffic : public QObject {
    Q_OBJECT
private slots:
    void zeroThreeGathersLayerByLayer()
    {
        // FSDP's units: each layer and the root (embedding, final norm, output). The article's 7B on
        // 64 GPUs (ZeRO-3, 16 micro-batches): 16 x 33 calls of each kind, the same bytes in all.
        const Estimate e = estimate(defaultScenario());
        double gatherCalls = 0, gatherBytes = 0;
        for (const CollectiveCall& c : e.step.collectives) {
            if (c.collective != Collective::AllGather || c.dimension != ParallelDim::DP)
                continue;
            gatherCalls += c.calls;
            gatherBytes += c.calls * c.bytes;
        }
        QCOMPARE(gatherCalls, 2.0 * 16 * 33);
        QCOMPARE(gatherBytes, 2.0 * 16 * 2.0 * static_cast<double>(e.model.params));
    }

    // Every data-parallel collective of a step costs what the alpha-beta model gives for its own
    // ranks, bytes and calls on its group's link, to the bit: also those priced by copying a twin
    // (ZeRO-3's backward re-gather, a reduce-scatter of as many bytes as the gather), and with fp32
    // gradients, whose reduce-scatter is not the gather's twin.
    void dataParallelCollectivesCostTheirOwnPrice()
    {
        Scenario fp32Gradients = defaultScenario();
        fp32Gradients.training.gradDtype = GradDtype::Fp32;
        Scenario mixtral = presetScenario("mixtral-8x7b");
        mixtral.parallel.gpus = 64;
        mixtral.parallel.ep = 8;
        mixtral.parallel.zero = 3;
        Scenario zero1 = defaultScenario();
        zero1.parallel.zero = 1;
        int twins = 0;
        for (const Scenario& s : {defaultScenario(), fp32Gradients, mixtral, zero1}) {
            const Estimate e = estimate(s);
            QVERIFY(!hasErrors(e.diagnostics));
            const ParameterInventory inventory(s.model);
            const LedgerLayout layout = distributedLayout(s);
            const step::Context c = step::makeContext(s, inventory, countParameters(s.model, inventory).total,
                                                      *standardGpuPresets().find(s.cluster.gpu), layout, e.memory.perGpu);
            const Link link = groupLink(ParallelDim::DP, c.sizes, c.links);
            const CollectiveCall* gather = nullptr;
            for (const CollectiveCall& call : e.step.collectives) {
                if (call.dimension != ParallelDim::DP)
                    continue;
                QVERIFY(call.wireBytes == ringWireBytes(call.collective, call.bytes, call.ranks));
                const double seconds = call.calls * (collectiveLatency(call.collective, call.ranks, link) + call.wireBytes / link.bandwidth);
                QVERIFY2(call.seconds == seconds, qPrintable(QStringLiteral("%1 vs %2").arg(call.seconds).arg(seconds)));
                if (call.purpose == CommPurpose::ParametersForward)
                    gather = &call;
                else if (gather != nullptr && call.collective == Collective::ReduceScatter && call.bytes == gather->bytes)
                    ++twins;
            }
        }
        QCOMPARE(twins, 2);  // bf16 gradients of bf16 weights: the default scenario and Mixtral (not fp32 gradients)
    }

    void zeroTrafficRatios_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("ratio");
        // Rajbhandari et al. 2020 §7: ZeRO-1/2 move what data parallelism moves (2 Psi), ZeRO-3 1.5x (3 Psi).
        QTest::newRow("ZeRO-1") << 1 << 1.0;
        QTest::newRow("ZeRO-2") << 2 << 1.0;
        QTest::newRow("ZeRO-3") << 3 << 1.5;
    }
    void zeroTrafficRatios()
    {
        QFETCH(int, stage);
        QFETCH(double, ratio);
        Scenario s = presetScenario("llama2-7b");
        s.parallel.gpus = 64;
        s.training.globalBatch = 64;  // one micro-batch per GPU per step, as in the paper's analysis
        s.parallel.zero = 0;
        const double plain = wirePerStep(estimate(s), ParallelDim::DP);
        QVERIFY(plain > 0);
        // Plain DP all-reduces all gradients once: 2 (n-1)/n x 2 bytes per parameter.
        QCOMPARE(plain, 2.0 * 63 / 64 * 2.0 * 6'738'415'616.0);
        s.parallel.zero = stage;
        QCOMPARE(wirePerStep(estimate(s), ParallelDim::DP) / plain, ratio);
    }
};

QTEST_APPLESS_MAIN(TestDataParallelTraffic)
#include "tst_data_parallel_traffic.moc"
