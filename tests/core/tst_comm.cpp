// Communication and step time: nccl-tests' bus-bandwidth factors, Megatron's tensor-parallel
// volume, the pipeline bubble, topology, FLOP formulas, and the scaling sweep's direction. The
// data-parallel collectives (the ZeRO paper's traffic ratios) are tst_data_parallel_traffic's.
#include <QtTest>

#include <cmath>

#include "core/comm/collectives.h"
#include "core/comm/topology.h"
#include "core/estimate/estimate.h"
#include "core/hardware/gpu_spec.h"
#include "core/model/params_family.h"
#include "core/perf/flops.h"
#include "core/estimate/sweeps.h"
#include "core/scenario/model_presets.h"
#include "tests/core/step_scenarios.h"

using namespace shardscope;

using test::presetScenario;
using test::wirePerStep;

class TestComm : public QObject {
    Q_OBJECT
private slots:
    void busBandwidthFactors_data()
    {
        QTest::addColumn<int>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("factor");
        QTest::addColumn<int>("steps");
        // nccl-tests doc/PERFORMANCE.md: all-reduce 2(n-1)/n, all-gather, reduce-scatter, all-to-all (n-1)/n.
        QTest::newRow("all-reduce 8") << int(Collective::AllReduce) << 8 << 2.0 * 7 / 8 << 14;
        QTest::newRow("all-reduce 2") << int(Collective::AllReduce) << 2 << 1.0 << 2;
        QTest::newRow("all-gather 8") << int(Collective::AllGather) << 8 << 7.0 / 8 << 7;
        QTest::newRow("reduce-scatter 64") << int(Collective::ReduceScatter) << 64 << 63.0 / 64 << 63;
        QTest::newRow("all-to-all 16") << int(Collective::AllToAll) << 16 << 15.0 / 16 << 15;
        QTest::newRow("send-recv") << int(Collective::SendRecv) << 2 << 1.0 << 1;
        QTest::newRow("one rank moves nothing") << int(Collective::AllReduce) << 1 << 0.0 << 0;
    }
    void busBandwidthFactors()
    {
        QFETCH(int, collective);
        QFETCH(int, ranks);
        QFETCH(double, factor);
        QFETCH(int, steps);
        const auto c = static_cast<Collective>(collective);
        QCOMPARE(busBandwidthFactor(c, ranks), factor);
        QCOMPARE(ringWireBytes(c, 1e9, ranks), 1e9 * factor);
        QCOMPARE(ringSteps(c, ranks), steps);
    }

    void topology_data()
    {
        QTest::addColumn<int>("dimension");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("crosses");
        QTest::addColumn<double>("bandwidth");
        // TP innermost, then CP, (EP), DP, PP outermost; 8 GPUs per node; NVLink 450 GB/s, one
        // 50 GB/s NIC per GPU, link efficiency 0.5. A group that crosses nodes runs one ring
        // channel through each of its members' NICs in a node (rail-optimised nodes).
        QTest::newRow("tp 8 stays in a node") << int(ParallelDim::TP) << 8 << 1 << 4 << 1 << false << 225e9;
        QTest::newRow("tp 16 crosses, 8 NICs a node") << int(ParallelDim::TP) << 16 << 1 << 1 << 1 << true << 200e9;
        QTest::newRow("dp 8 with tp 1 in a node") << int(ParallelDim::DP) << 1 << 1 << 8 << 2 << false << 225e9;
        QTest::newRow("dp 2 with tp 8 crosses, 1 NIC") << int(ParallelDim::DP) << 8 << 1 << 2 << 1 << true << 25e9;
        QTest::newRow("dp 4 with tp 4 crosses, 2 NICs") << int(ParallelDim::DP) << 4 << 1 << 4 << 1 << true << 50e9;
        QTest::newRow("cp 2 with tp 4 in a node") << int(ParallelDim::CP) << 4 << 2 << 8 << 1 << false << 225e9;
        QTest::newRow("pp neighbours tp x dp apart") << int(ParallelDim::PP) << 8 << 1 << 1 << 4 << true << 25e9;
        QTest::newRow("a whole pipeline in a node") << int(ParallelDim::PP) << 2 << 1 << 1 << 4 << false << 225e9;
    }
    void topology()
    {
        QFETCH(int, dimension);
        QFETCH(int, tp);
        QFETCH(int, cp);
        QFETCH(int, dp);
        QFETCH(int, pp);
        QFETCH(bool, crosses);
        QFETCH(double, bandwidth);
        const LayoutSizes sizes{tp, cp, 1, dp, pp, 8};
        const LinkParameters links{450e9, 50e9, 0.5, 5e-6, 1e-5};
        const Link link = groupLink(static_cast<ParallelDim>(dimension), sizes, links);
        QCOMPARE(link.crossesNodes, crosses);
        QCOMPARE(link.bandwidth, bandwidth);
        QCOMPARE(link.latency, 5e-6);
        QCOMPARE(link.interLatency, 1e-5);
    }

    void ringLatencyCrossesNodesOnlyBetweenNodes_data()
    {
        QTest::addColumn<int>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("latency");
        // NCCL's ring model (src/graph/tuning.cc, ncclTopoTuneModel): of the ring's steps, nodes - 1
        // (2 (nodes - 1) for all-reduce) go from one node to the next; intra 5 us, inter 10 us.
        QTest::newRow("all-gather, 64 ranks on 8 nodes") << int(Collective::AllGather) << 64 << 8 << (56 * 5e-6 + 7 * 1e-5);
        QTest::newRow("reduce-scatter, 1024 ranks on 128 nodes") << int(Collective::ReduceScatter) << 1024 << 128
                                                                 << (896 * 5e-6 + 127 * 1e-5);
        QTest::newRow("all-reduce, 16 ranks on 2 nodes") << int(Collective::AllReduce) << 16 << 2 << (28 * 5e-6 + 2 * 1e-5);
        QTest::newRow("all-gather, 4 ranks on 4 nodes") << int(Collective::AllGather) << 4 << 4 << 3 * 1e-5;
        QTest::newRow("all-reduce, 2 ranks on 2 nodes") << int(Collective::AllReduce) << 2 << 2 << 2 * 1e-5;
        // The expert data-parallel group: every ep-th member of the dense one, on the same nodes.
        QTest::newRow("8 ranks spread over 8 nodes of a wider span") << int(Collective::AllGather) << 8 << 8 << 7 * 1e-5;
        QTest::newRow("never more nodes than ranks") << int(Collective::AllGather) << 4 << 16 << 3 * 1e-5;
        QTest::newRow("all-to-all pays the network at every step") << int(Collective::AllToAll) << 16 << 2 << 15 * 1e-5;
        QTest::newRow("send/recv across nodes") << int(Collective::SendRecv) << 2 << 2 << 1e-5;
    }
    void ringLatencyCrossesNodesOnlyBetweenNodes()
    {
        QFETCH(int, collective);
        QFETCH(int, ranks);
        QFETCH(int, nodes);
        QFETCH(double, latency);
        Link link;
        link.latency = 5e-6;
        link.interLatency = 1e-5;
        link.nodes = nodes;
        link.crossesNodes = true;
        QCOMPARE(collectiveLatency(static_cast<Collective>(collective), ranks, link), latency);
        link.crossesNodes = false;  // inside a node every step is an NVLink step
        QCOMPARE(collectiveLatency(static_cast<Collective>(collective), ranks, link),
                 ringSteps(static_cast<Collective>(collective), ranks) * 5e-6);
    }

    void groupLinkCountsTheNodesOfItsSpan()
    {
        const LinkParameters links{450e9, 50e9, 0.5, 5e-6, 1e-5};
        // dp 64 on 8 nodes: 8 of them; tp 8 x dp 8: one member per node, 8 nodes.
        QCOMPARE(groupLink(ParallelDim::DP, LayoutSizes{1, 1, 1, 64, 1, 8}, links).nodes, 8);
        QCOMPARE(groupLink(ParallelDim::DP, LayoutSizes{8, 1, 1, 8, 1, 8}, links).nodes, 8);
        // The dp x cp gradient group with pipeline stages between them (rank order tp-cp-ep-pp-dp):
        // cp 2 innermost, pp 4, dp 16 outermost on 128 GPUs spans all 16 nodes, two members each.
        LayoutSizes apart{1, 2, 1, 16, 4, 8};
        apart.order = {ParallelDim::TP, ParallelDim::CP, ParallelDim::PP, ParallelDim::DP};
        const Link link = groupLink(ParallelDim::DP, apart, links);
        QCOMPARE(link.nodes, 16);
        QCOMPARE(collectiveLatency(Collective::AllGather, 32, link), 16 * 5e-6 + 15 * 1e-5);
        QCOMPARE(groupLink(ParallelDim::TP, LayoutSizes{8, 1, 1, 8, 1, 8}, links).nodes, 1);
    }

    void tensorParallelVolume_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sp");
        QTest::newRow("t 2") << 2 << false;
        QTest::newRow("t 8") << 8 << false;
        QTest::newRow("t 8 with sequence parallelism") << 8 << true;
    }
    void tensorParallelVolume()
    {
        QFETCH(int, tp);
        QFETCH(bool, sp);
        Scenario s = presetScenario("megatron-175b");
        s.training.seqLen = 2048;
        s.training.microBatch = 2;
        s.training.globalBatch = 8;  // 4 micro-batches
        s.parallel.gpus = tp;
        s.parallel.tp = tp;
        s.parallel.sequenceParallel = sp;
        s.parallel.zero = 0;
        const Estimate e = estimate(s);
        QVERIFY(e.valid());
        // Narayanan et al. 2021 §3.2: 8bsh(t-1)/t per layer per micro-batch per GPU, counted in
        // elements; in bytes that is twice as much in bf16. Sequence parallelism moves the same.
        const double b = 2, seq = 2048, h = 12288;
        const double perLayerPerMicrobatch = 8.0 * b * seq * h * (tp - 1.0) / tp * 2.0;
        QCOMPARE(wirePerStep(e, ParallelDim::TP), perLayerPerMicrobatch * 96 * 4);
    }

    void parallelResidualHalvesTensorParallelTraffic()
    {
        // GPT-NeoX's parallel attention + MLP (gpt_j_residual) reduces their summed outputs once
        // per layer: half of Megatron's 8bsh(t-1)/t per layer per micro-batch.
        Scenario s = presetScenario("gpt-neox-20b");
        s.training.seqLen = 2048;
        s.training.microBatch = 1;
        s.training.globalBatch = 4;
        s.parallel.gpus = 4;
        s.parallel.tp = 4;
        s.parallel.zero = 0;
        const Estimate parallel = estimate(s);
        s.model.parallelResidual = false;
        const Estimate sequential = estimate(s);
        QVERIFY(parallel.valid() && sequential.valid());
        QCOMPARE(wirePerStep(parallel, ParallelDim::TP) * 2.0, wirePerStep(sequential, ParallelDim::TP));
        QVERIFY(parallel.step.stepSeconds < sequential.step.stepSeconds);
    }

    void pipelineBubble_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("microbatches");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<double>("bubble");
        // Narayanan et al. 2021 §2.2: (p - 1)/m for 1F1B, (p - 1)/(v m) interleaved.
        QTest::newRow("p 8, m 64") << 8 << 64 << 1 << 0.109375;
        QTest::newRow("p 4, m 8, v 5") << 4 << 8 << 5 << 0.075;
    }
    void pipelineBubble()
    {
        QFETCH(int, pp);
        QFETCH(int, microbatches);
        QFETCH(int, vpp);
        QFETCH(double, bubble);
        Scenario s = presetScenario("llama2-70b");  // 80 layers: 8 divides them, and so does 4 x 5
        s.training.microBatch = 1;
        s.training.globalBatch = microbatches;
        s.parallel.gpus = pp;
        s.parallel.pp = pp;
        s.parallel.vpp = vpp;
        s.parallel.zero = 0;
        const Estimate e = estimate(s);
        QVERIFY2(e.valid(), e.diagnostics.empty() ? "" : e.diagnostics.front().message().c_str());
        QCOMPARE(e.step.bubbleFraction, bubble);
        // and the bubble's time is that fraction of the ideal (bubble-free) micro-batch time
        QVERIFY(std::fabs(e.step.bubbleSeconds / (e.step.computeSeconds + e.step.exposedByDimension[2]) - bubble) < 1e-9);
    }

    // Megatron-LM's interleaved schedule overlaps the steady state's send/recv with compute
    // (overlap_p2p_comm) but waits on the warmup's and flush's: 2 (p - 1) + (v - 1) p of the
    // v m chunk passes on the first stage. 1F1B without interleaving, and pp_overlap 0 (the
    // megatron-2021 recipe), wait on every one.
    void pipelineSendRecvHiddenInTheSteadyState_data()
    {
        QTest::addColumn<int>("vpp");
        QTest::addColumn<double>("overlap");
        QTest::addColumn<double>("exposedShare");
        QTest::newRow("1F1B") << 1 << 1.0 << 1.0;
        QTest::newRow("interleaved, not overlapped") << 5 << 0.0 << 1.0;
        QTest::newRow("interleaved, overlapped") << 5 << 1.0 << (2.0 * 3 + 4.0 * 4) / (5.0 * 16);  // 22 of 80 passes
        QTest::newRow("interleaved, half overlapped") << 5 << 0.5 << (22.0 + 0.5 * 58.0) / 80.0;
    }
    void pipelineSendRecvHiddenInTheSteadyState()
    {
        QFETCH(int, vpp);
        QFETCH(double, overlap);
        QFETCH(double, exposedShare);
        Scenario s = presetScenario("llama2-70b");  // 80 layers over 4 x 5 chunks
        s.training.microBatch = 1;
        s.training.globalBatch = 16;
        s.parallel.gpus = 4;
        s.parallel.pp = 4;
        s.parallel.vpp = vpp;
        s.parallel.zero = 0;
        s.perf.ppOverlap = overlap;
        const Estimate e = estimate(s);
        QVERIFY2(e.valid(), e.diagnostics.empty() ? "" : e.diagnostics.front().message().c_str());
        int found = 0;
        for (const CollectiveCall& c : e.step.collectives) {
            if (c.dimension != ParallelDim::PP)
                continue;
            ++found;
            QVERIFY(c.seconds > 0);
            QVERIFY2(std::fabs(c.exposedSeconds / c.seconds - exposedShare) < 1e-12,
                     qPrintable(QString::number(c.exposedSeconds / c.seconds)));
        }
        QCOMPARE(found, 1);
    }

    void modelFlopsMatchKorthikanti()
    {
        // 72 B s L h^2 (1 + s/(6h) + V/(12 L h)) for a GPT with f = 4h (Korthikanti et al. 2022 §6).
        // The step model's own count (what MFU divides), for a global batch of 280 sequences.
        Scenario s = presetScenario("megatron-530b");
        s.training.seqLen = 2048;
        s.training.microBatch = 1;
        s.training.globalBatch = 280;
        s.parallel = ParallelSpec{};
        s.parallel.gpus = 1;
        const double B = 280, seq = 2048, L = 105, h = 20480, V = 51200;
        const double expected = 72.0 * B * seq * L * h * h * (1 + seq / (6 * h) + V / (12 * L * h));
        QVERIFY(std::fabs(estimate(s).step.modelFlopsPerStep / expected - 1.0) < 1e-12);
    }

    void everyGpuPresetIsComplete()
    {
        const auto& gpus = standardGpuPresets();
        QVERIFY(gpus.diagnostics().empty());
        for (const char* id : {"a100-40g", "a100-80g", "h100-sxm", "h100-pcie", "h200", "b200", "mi300x", "rtx4090", "l40s",
                               "ascend-910b"}) {
            const GpuSpec* g = gpus.find(id);
            QVERIFY2(g != nullptr, id);
            QVERIFY(g->memoryBytes > 0 && g->peak.bf16 > 0 && g->memoryBandwidth > 0);
            QVERIFY(g->intraNodeBandwidth > 0 && g->interNodeBandwidth > 0);
            for (const std::string* source : {&g->memorySource, &g->peakSource, &g->memoryBandwidthSource,
                                              &g->intraNodeSource, &g->interNodeSource})
                QVERIFY2(!source->empty(), id);
        }
        QCOMPARE(gpus.find("h100-sxm")->peak.bf16, 989.4e12);
        QCOMPARE(gpus.find("a100-80g")->peak.fp8, 0.0);  // no fp8 tensor cores
    }

    void overridesChangeTheModel()
    {
        Scenario s = presetScenario("llama2-7b");
        s.parallel.gpus = 16;
        s.parallel.zero = 1;
        s.training.globalBatch = 16;
        const Estimate base = estimate(s);
        s.cluster.peakTflops = 989.4 / 2;  // half the peak: GEMMs take twice as long
        const Estimate slower = estimate(s);
        QVERIFY(std::fabs(slower.step.gemmSeconds / base.step.gemmSeconds - 2.0) < 1e-9);
        s.cluster.peakTflops.reset();
        s.cluster.interNodeGbps = 5;  // a slow network: the data-parallel traffic across nodes is exposed
        const Estimate slowNetwork = estimate(s);
        QVERIFY(slowNetwork.step.exposedByDimension[0] > base.step.exposedByDimension[0]);
        QVERIFY(slowNetwork.step.mfu < base.step.mfu);
    }

    void timesAreConsistent()
    {
        Scenario s = presetScenario("llama3-70b");
        s.training.globalBatch = 512;
        s.training.recompute = Recompute::Selective;
        s.parallel.gpus = 256;
        s.parallel.tp = 8;
        s.parallel.pp = 4;
        s.parallel.cp = 2;
        s.parallel.zero = 1;
        s.parallel.sequenceParallel = true;
        s.training.seqLen = 8192;
        const Estimate e = estimate(s);
        QVERIFY(e.valid());
        const StepEstimate& t = e.step;
        double exposed = 0;
        for (const CollectiveCall& c : t.collectives) {
            QVERIFY(c.seconds >= 0 && c.exposedSeconds >= 0 && c.exposedSeconds <= c.seconds * (1 + 1e-12));
            exposed += c.exposedSeconds;
        }
        QVERIFY(std::fabs(exposed - t.exposedCommSeconds) < 1e-12);
        QVERIFY(std::fabs(t.stepSeconds - (t.computeSeconds + t.exposedCommSeconds + t.bubbleSeconds + t.optimizerSeconds))
                < 1e-9 * t.stepSeconds);
        QVERIFY(t.mfu > 0 && t.mfu < t.hfu && t.hfu < 1);
        QCOMPARE(t.tokensPerSecond, 512 * 8192 / t.stepSeconds);
        QCOMPARE(t.gpuHours, s.perf.trainTokens / t.tokensPerSecond * 256 / 3600);
    }

    void mfuFallsAsGpusGrowAtFixedGlobalBatch()
    {
        Scenario s = presetScenario("llama3-8b");
        s.parallel.gpus = 8;
        s.parallel.zero = 1;
        s.training.globalBatch = 2048;
        s.training.seqLen = 1024;  // short sequences: little compute per GPU to hide the gradients behind
        const auto points = scalingSweep(s, ScalingMode::FixedGlobalBatch);
        QCOMPARE(points.size(), std::size_t(12));  // 8, 16, ..., 16384
        QCOMPARE(points.front().gpus, 8);
        QCOMPARE(points.back().gpus, 16384);
        double previousMfu = 1.0, previousShare = -1.0;
        int compared = 0;
        for (const ScalingPoint& p : points) {
            if (!p.valid)
                continue;
            QVERIFY2(p.mfu <= previousMfu + 1e-12, qPrintable(QString::number(p.gpus)));
            QVERIFY2(p.commShare >= previousShare - 1e-12, qPrintable(QString::number(p.gpus)));
            previousMfu = p.mfu;
            previousShare = p.commShare;
            ++compared;
        }
        QVERIFY(compared >= 8);
        // Falls a lot by the largest valid size (46.9 % -> 32.0 % at 2,048 GPUs; with every step
        // of a ring across nodes priced at the network's latency it fell below 31 %).
        QVERIFY(points.front().mfu > 1.4 * previousMfu);
    }

    void articleScenarioWaitsMoreOnTheNetworkAsGpusGrow()
    {
        // The article's claim on its own scenario (7B, ZeRO-3, micro-batch 1, global batch 1,024):
        // every GPU count from 8 up runs one ring step more per collective, and a layer at a time
        // makes 33 collectives per pass, so at 1,024 GPUs the latency alone outlasts the compute.
        // Before FSDP's per-layer calls the share stayed at 0 % up to 1,024 GPUs.
        const auto points = scalingSweep(defaultScenario(), ScalingMode::FixedGlobalBatch);
        double previousMfu = 1.0, previousShare = -1.0, last = 0, lastMfu = 0;
        for (const ScalingPoint& p : points) {
            if (!p.valid)
                continue;
            QVERIFY2(p.mfu <= previousMfu + 1e-12 && p.commShare >= previousShare - 1e-12, qPrintable(QString::number(p.gpus)));
            previousMfu = p.mfu;
            previousShare = p.commShare;
            last = p.commShare;
            lastMfu = p.mfu;
        }
        QVERIFY2(last > 0.3, qPrintable(QString::number(last)));
        QVERIFY(points.front().mfu > 1.5 * lastMfu);
    }

    void sequenceSweepMarksOutOfMemory()
    {
        Scenario s = presetScenario("llama3-8b");
        s.parallel.gpus = 8;
        s.parallel.zero = 3;
        const auto points = sequenceSweep(s);
        QCOMPARE(points.size(), std::size_t(13));  // 256 ... 1,048,576
        const auto single = firstOutOfMemory(points, true);
        const auto sharded = firstOutOfMemory(points, false);
        QCOMPARE(single, qint64(256));  // 8B x 16 bytes already exceed an 80 GB H100
        QVERIFY(sharded > single);
        for (std::size_t i = 1; i < points.size(); ++i)
            QVERIFY(points[i].perGpu > points[i - 1].perGpu);
    }
};

QTEST_APPLESS_MAIN(TestComm)
#include "tst_comm.moc"
