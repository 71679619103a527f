// MoE traffic under tensor and sequence parallelism: Megatron-Core's alltoall token dispatcher
// (megatron/core/transformer/moe/token_dispatcher.py), collective by collective.
#include <QtTest>

#include "core/estimate/estimate.h"
#include "core/scenario/model_presets.h"
#include "tests/core/step_scenarios.h"

using namespace shardscope;

using test::presetScenario;

class TestMoeTraffic : public QObject {
    Q_OBJECT
private slots:
    void moeDispatcherGathersRoutedTokensInsideTheTensorParallelGroup_data()
    {
        QTest::addColumn<bool>("sp");
        QTest::addColumn<bool>("parallelResidual");
        QTest::newRow("sequence parallel: Megatron-Core's alltoall dispatcher") << true << false;
        QTest::newRow("no sequence parallelism: every tp rank routes all tokens") << false << false;
        // A parallel residual shares one reduction between attention and the MLP; under the
        // dispatcher the MoE block has its own, so attention keeps a whole set.
        QTest::newRow("sequence parallel, parallel residual") << true << true;
    }
    void moeDispatcherGathersRoutedTokensInsideTheTensorParallelGroup()
    {
        // Megatron-Core's MoEAlltoAllTokenDispatcher: permute -> A2A(EP) -> AG(TP) on the rank's
        // sequence shard (num_local_tokens = S/TP*B), RS(TP) -> A2A(EP) -> unpermute back.
        QFETCH(bool, sp);
        QFETCH(bool, parallelResidual);
        Scenario s = presetScenario("qwen3-30b-a3b");  // top-8 of 128 experts, h 2048, 48 layers, no shared expert
        s.model.parallelResidual = parallelResidual;
        QCOMPARE(s.model.moe.sharedExperts, 0);
        s.training.seqLen = 4096;
        s.training.microBatch = 1;
        s.training.globalBatch = 16;  // 2 micro-batches on each of 8 data-parallel ranks
        s.training.recompute = Recompute::None;
        s.parallel.gpus = 16;
        s.parallel.tp = 2;
        s.parallel.ep = 8;
        s.parallel.zero = 1;
        s.parallel.sequenceParallel = sp;
        const Estimate e = estimate(s);
        QVERIFY2(e.valid(), e.diagnostics.empty() ? "" : e.diagnostics.front().message().c_str());
        const double routedTokens = 2.0 * 4096 * 8 * 2048;  // bf16 bytes of top-8 copies of the micro-batch
        const double layerCalls = 48.0 * 2;                 // layers x micro-batches
        int routedGathers = 0;
        int allToAlls = 0;
        for (const CollectiveCall& c : e.step.collectives) {
            if (c.dimension == ParallelDim::EP) {
                ++allToAlls;
                QCOMPARE(int(c.collective), int(Collective::AllToAll));
                QCOMPARE(c.bytes, sp ? routedTokens / 2 : routedTokens);
                QCOMPARE(c.calls, 4 * layerCalls);
            } else if (c.dimension == ParallelDim::TP && c.purpose == CommPurpose::RoutedTokens) {
                ++routedGathers;
                QCOMPARE(c.bytes, routedTokens);
                QCOMPARE(c.calls, 2 * layerCalls);  // forward, and its mirror in the backward
            } else if (c.dimension == ParallelDim::TP) {
                // The hidden states: attention only under the dispatcher, attention and MLP without it.
                QCOMPARE(c.bytes, 2.0 * 4096 * 2048);
                QCOMPARE(c.calls, (sp ? 2 : 4) * layerCalls);
            }
        }
        QCOMPARE(routedGathers, sp ? 2 : 0);
        QCOMPARE(allToAlls, 1);
    }
};

QTEST_APPLESS_MAIN(TestMoeTraffic)
#include "tst_moe_traffic.moc"
