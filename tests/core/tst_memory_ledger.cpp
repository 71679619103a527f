// The memory ledger: precision recipes, optimizers, fine-tuning modes, offload and how each
// parallel dimension moves bytes between GPUs.
#include <QtTest>
#include <cstring>

#include <string_view>

#include "core/common/messages.h"
#include "core/estimate/estimate.h"
#include "core/memory/memory_ledger.h"
#include "core/model/params_family.h"
#include "core/scenario/model_presets.h"
#include "tests/core/ledger_scenarios.h"

using namespace shardscope;
using test::singleGpu;

namespace {

// Whether `scenario` at ZeRO-3 carries the ZeRO-3-needs-more note, compared with the full ZeRO-2
// ledger of the same layout (what the estimate computed on every call before its bound); counts
// the valid scenarios with and without the note.
void compareZero3Note(Scenario s, int& withNote, int& without)
{
    s.parallel.zero = 3;
    const Estimate zero3 = estimate(s);
    if (!zero3.valid())
        return;
    LedgerLayout zero2 = distributedLayout(s);
    zero2.zero = 2;
    zero2.keepGathered = false;
    const ParameterInventory inventory(s.model);
    const GpuMemory other = mostLoadedGpu(s, inventory, countParameters(s.model, inventory).total, zero2);
    const bool more = zero3.memory.perGpu.device.total() > other.device.total();
    // The note names the cause: gathered layers, or (weights kept gathered through the step) the
    // unsharded gradients; never the other one's.
    const char* expected = distributedLayout(s).keepGathered ? msg::kZero3KeptGathered : msg::kZero3Gather;
    const char* otherNote = expected == msg::kZero3Gather ? msg::kZero3KeptGathered : msg::kZero3Gather;
    const auto mentions = [&](const char* templ) {
        return std::any_of(zero3.diagnostics.begin(), zero3.diagnostics.end(), [&](const Diagnostic& d) {
            // by text: the same literal can have two addresses (ASan keeps them apart)
            return d.templ != nullptr && std::string_view(d.templ) == templ;
        });
    };
    QCOMPARE(mentions(expected), more);
    QVERIFY(!mentions(otherNote));
    (more ? withNote : without) += 1;
}


// Mixtral 8x7B over 8 GPUs with expert parallelism 8 (one expert per GPU per layer), and its
// dense and per-layer expert parameter counts.
Scenario mixtralOnEightGpus(int zero)
{
    Scenario s = singleGpu("mixtral-8x7b");
    s.parallel.gpus = 8;
    s.parallel.ep = 8;
    s.parallel.zero = zero;
    return s;
}
constexpr double kMixtralExpertsPerLayer = 8.0 * 3 * 4096 * 14336;
constexpr double kMixtralDense = 46'702'792'704.0 - 32 * kMixtralExpertsPerLayer;

double statesPerParameter(const Scenario& s)
{
    const Estimate e = estimate(s);
    return e.memory.singleGpu.device.modelStates() / static_cast<double>(e.model.params);
}

} // namespace

class TestMemoryLedger : public QObject {
    Q_OBJECT
private slots:
    void recipeBytesPerParameter_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("grad");      // -1: the recipe's default
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        const int def = -1;
        // The article: 2 + 2 + 4 + 4 + 4.
        QTest::newRow("bf16 mixed, bf16 grads, AdamW") << int(Precision::Bf16Mixed) << def << int(Optimizer::AdamW) << 16.0 << 16.0;
        // Megatron-LM theoretical_memory_usage.py: 18 bytes with fp32 gradient accumulation.
        QTest::newRow("bf16 mixed, fp32 grads (Megatron)") << int(Precision::Bf16Mixed) << int(GradDtype::Fp32) << int(Optimizer::AdamW) << 18.0 << 18.0;
        QTest::newRow("fp16 mixed") << int(Precision::Fp16Mixed) << def << int(Optimizer::AdamW) << 16.0 << 16.0;
        QTest::newRow("fp32") << int(Precision::Fp32) << def << int(Optimizer::AdamW) << 16.0 << 16.0;
        QTest::newRow("pure bf16") << int(Precision::Bf16) << def << int(Optimizer::AdamW) << 8.0 << 8.0;
        // fp8 keeps an fp8 copy of every GEMM weight: +1 byte on the ~96% of parameters in layers.
        QTest::newRow("fp8 mixed") << int(Precision::Fp8Mixed) << def << int(Optimizer::AdamW) << 16.9 << 17.0;
        QTest::newRow("SGD momentum") << int(Precision::Bf16Mixed) << def << int(Optimizer::SgdMomentum) << 12.0 << 12.0;
        // Factored second moments: (rows + cols) per matrix, so nearly nothing beyond 2 + 2 + 4.
        QTest::newRow("Adafactor") << int(Precision::Bf16Mixed) << def << int(Optimizer::Adafactor) << 8.0 << 8.01;
        // Two uint8 moments plus an fp32 absmax per 256 values for each: 2 + 8/256.
        QTest::newRow("8-bit AdamW") << int(Precision::Bf16Mixed) << def << int(Optimizer::AdamW8bit) << 10.03 << 10.04;
        // Lion (Chen et al. 2023): one fp32 momentum: 2 + 2 + 4 + 4; in pure bf16, 2 + 2 + 2.
        QTest::newRow("Lion") << int(Precision::Bf16Mixed) << def << int(Optimizer::Lion) << 12.0 << 12.0;
        QTest::newRow("Lion, pure bf16") << int(Precision::Bf16) << def << int(Optimizer::Lion) << 6.0 << 6.0;
        // Muon (Jordan et al. 2024): one momentum on the layers' matrices, AdamW's two moments on
        // the embeddings and head (262M of 6.74B parameters in Llama-2 7B's shape) and the norms.
        QTest::newRow("Muon") << int(Precision::Bf16Mixed) << def << int(Optimizer::Muon) << 12.15 << 12.17;
    }
    // Muon's states, tensor by tensor: one momentum on each 2-D weight inside the layers, two
    // moments (its auxiliary AdamW) on everything else, as KellerJordan/Muon's README assigns them.
    void muonSplitsHiddenMatricesFromTheRest()
    {
        Scenario s = defaultScenario();
        s.parallel.gpus = 1;
        s.parallel.zero = 0;
        s.training.optimizer = Optimizer::Muon;
        const ParameterInventory inventory(s.model);
        double hidden = 0, rest = 0;
        for (const TensorGroup& g : inventory.groups())
            (g.placement == Placement::Layer && g.isMatrix() ? hidden : rest) +=
                static_cast<double>(g.elements()) * (g.placement == Placement::Layer ? s.model.layers : 1);
        const Estimate e = estimate(s);
        const double scale = parameterScale(s.model, countParameters(s.model).total);  // the exactly-7e9 family shape
        QCOMPARE(e.memory.singleGpu.device.optimizerStates, scale * (4.0 * hidden + 8.0 * rest));
        QVERIFY(rest > 0.03 * (hidden + rest) && rest < 0.05 * (hidden + rest));
        // Newton-Schulz costs compute in the optimizer step, shared by data-parallel ranks under ZeRO-1.
        s.parallel.gpus = 8;
        Scenario adam = s;
        adam.training.optimizer = Optimizer::AdamW;
        s.parallel.zero = adam.parallel.zero = 0;
        const double muonAlone = estimate(s).step.optimizerSeconds;
        QVERIFY(muonAlone > estimate(adam).step.optimizerSeconds);
        s.parallel.zero = 1;
        QVERIFY(estimate(s).step.optimizerSeconds < muonAlone / 4);
    }

    void recipeBytesPerParameter()
    {
        QFETCH(int, precision);
        QFETCH(int, grad);
        QFETCH(int, optimizer);
        QFETCH(double, low);
        QFETCH(double, high);
        Scenario s = singleGpu("llama2-7b");
        s.training.precision = static_cast<Precision>(precision);
        if (grad >= 0)
            s.training.gradDtype = static_cast<GradDtype>(grad);
        s.training.optimizer = static_cast<Optimizer>(optimizer);
        const double bytes = statesPerParameter(s);
        QVERIFY2(bytes >= low - 1e-9 && bytes <= high + 1e-9, qPrintable(QString::number(bytes, 'f', 6)));
    }

    void zeroStagesFollowThePaper_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expected");  // bytes per parameter per GPU at dp 8
        QTest::newRow("stage 0") << 0 << 16.0;
        QTest::newRow("stage 1") << 1 << 2 + 2 + 12.0 / 8;
        QTest::newRow("stage 2") << 2 << 2 + 14.0 / 8;
        QTest::newRow("stage 3") << 3 << 16.0 / 8;
    }
    void zeroStagesFollowThePaper()
    {
        QFETCH(int, stage);
        QFETCH(double, expected);
        Scenario s = singleGpu(nullptr);
        s.model = shapeForParameterCount(1'000'000'000);
        s.parallel.gpus = 8;
        s.parallel.zero = stage;
        const Estimate e = estimate(s);
        QCOMPARE(e.memory.perGpu.device.modelStates() / 1e9, expected);
    }

    // The article's figures come out exactly, not within a rounding: 16 bytes x 7e9 = 112 GB on one
    // GPU, and with ZeRO-3 over 64 GPUs 1.75 GB, of which the Adam moments are 0.875 GB. The ledger
    // scales a --params model's parts as exact ratios (count x 7e9 / the shape's count); multiplied
    // by the rounded ratio instead, the moments came to 874,999,999.9999999 bytes and the table
    // showed "0.87". Compared with ==: QCOMPARE on doubles forgives a few ulps.
    void articleFiguresAreExact()
    {
        const Scenario s = defaultScenario();
        QCOMPARE(s.parallel.gpus, 64);
        QCOMPARE(s.parallel.zero, 3);
        const Estimate e = estimate(s);
        const MemoryBreakdown& one = e.memory.singleGpu.device;
        const MemoryBreakdown& each = e.memory.perGpu.device;
        QVERIFY2(one.modelStates() == 112e9, qPrintable(QString::number(one.modelStates(), 'g', 17)));
        QVERIFY2(one.optimizerStates == 56e9, qPrintable(QString::number(one.optimizerStates, 'g', 17)));
        QVERIFY2(each.optimizerStates == 0.875e9, qPrintable(QString::number(each.optimizerStates, 'g', 17)));
        QVERIFY2(each.masterWeights == 0.4375e9, qPrintable(QString::number(each.masterWeights, 'g', 17)));
        QVERIFY2(each.modelStates() == 1.75e9, qPrintable(QString::number(each.modelStates(), 'g', 17)));
    }

    // The ledger takes a part's element counts from the inventory's sums when every state is a
    // number of bytes per element (AdamW), and sums the groups itself otherwise (Adafactor's
    // factored moments): the parameters and the weights they give must be the same to the last
    // bit, with --params scaling, in bf16 and with fp8 copies of the linear weights (counted apart).
    void inventorySumsEqualTheGroupLoop()
    {
        for (const Precision precision : {Precision::Bf16Mixed, Precision::Fp8Mixed}) {
            for (const std::int64_t params : {std::int64_t{7'000'000'000}, std::int64_t{405'000'000'000}, std::int64_t{1'234'567'891}}) {
                Scenario adamw = singleGpu(nullptr);
                adamw.model.exactParams = params;
                adamw.training.precision = precision;
                adamw.cluster.gpu = "h100-sxm";  // fp8 needs a GPU with fp8
                Scenario adafactor = adamw;
                adafactor.training.optimizer = Optimizer::Adafactor;
                const Estimate a = estimate(adamw);
                const Estimate b = estimate(adafactor);
                QVERIFY(a.valid() && b.valid());
                QVERIFY2(a.memory.singleGpu.params == b.memory.singleGpu.params,
                         qPrintable(QString::number(a.memory.singleGpu.params, 'g', 17) + " vs " + QString::number(b.memory.singleGpu.params, 'g', 17)));
                QVERIFY(a.memory.singleGpu.device.weights == b.memory.singleGpu.device.weights);
                QVERIFY(a.memory.singleGpu.device.gradients == b.memory.singleGpu.device.gradients);
            }
        }
    }

    void loraFreezesTheBase()
    {
        Scenario s = singleGpu("llama2-7b");
        s.training.finetune = FineTune::Lora;
        s.training.loraRank = 16;
        s.training.loraTargets = kProjQ | kProjV;
        const Estimate e = estimate(s);
        // Adapters: r (in + out) per adapted projection, two 4096 x 4096 projections per layer.
        const double adapters = 32.0 * 2 * 16 * (4096 + 4096);
        QCOMPARE(e.model.trainableParams, adapters);
        const MemoryBreakdown& m = e.memory.singleGpu.device;
        QCOMPARE(m.weights, (6'738'415'616.0 + adapters) * 2);
        QCOMPARE(m.gradients, adapters * 2);
        QCOMPARE(m.masterWeights, adapters * 4);
        QCOMPARE(m.optimizerStates, adapters * 8);
        // The article: LoRA fine-tuning of a 7B model fits on one GPU.
        QVERIFY(e.memory.singleGpuFits);
    }

    void qloraStoresNf4()
    {
        Scenario s = singleGpu("llama2-7b");
        s.training.finetune = FineTune::Qlora;
        s.training.loraTargets = kProjAll;
        const Estimate e = estimate(s);
        // Dettmers et al. 2023 §3: 4 + 0.127 bits per quantised weight; embeddings and norms stay bf16.
        QCOMPARE(nf4BytesPerElement(), (4.0 + 8.0 / 64 + 32.0 / (64 * 256)) / 8);
        const double linear = 32.0 * (4 * 4096.0 * 4096 + 3 * 4096.0 * 11008);
        const double other = 6'738'415'616.0 - linear;
        const double adapters = e.model.trainableParams;
        QCOMPARE(e.memory.singleGpu.device.weights, linear * nf4BytesPerElement() + other * 2 + adapters * 2);
        QVERIFY(e.memory.singleGpu.device.weights < 4.1e9);
    }

    void offloadMovesStatesToHost()
    {
        Scenario s = singleGpu(nullptr);
        s.model = shapeForParameterCount(1'000'000'000);
        s.parallel.gpus = 4;
        s.parallel.zero = 2;
        s.parallel.offload = Offload::Optimizer;
        const GpuMemory g = estimate(s).memory.perGpu;
        QCOMPARE(g.device.weights, 2e9);
        QCOMPARE(g.device.gradients + g.device.masterWeights + g.device.optimizerStates, 0.0);
        QCOMPARE(g.host.gradients, 2e9 / 4);
        QCOMPARE(g.host.masterWeights + g.host.optimizerStates, 12e9 / 4);

        s.parallel.zero = 3;
        s.parallel.offload = Offload::OptimizerAndParams;
        const GpuMemory all = estimate(s).memory.perGpu;
        QCOMPARE(all.device.modelStates(), 0.0);
        QCOMPARE(all.host.modelStates(), 16e9 / 4);
        QVERIFY(all.overhead.gatheredParameters > 0);  // layers still gather onto the GPU
    }

    void expertParallelSplitsExperts()
    {
        const Estimate e = estimate(mixtralOnEightGpus(0));
        QVERIFY(e.valid());
        QCOMPARE(e.model.paramsPerGpu, kMixtralDense + 32 * kMixtralExpertsPerLayer / 8);
    }

    void optimizerStepCoversEachShardOverItsOwnGroup()
    {
        // ZeRO-1 with experts: dense states are sharded over dp x cp = 8, expert states over
        // dp x cp / ep = 1; the optimizer step (and its time) covers exactly what this GPU holds.
        const Estimate e = estimate(mixtralOnEightGpus(1));
        QVERIFY(e.valid());
        const GpuMemory& g = e.memory.perGpu;
        QVERIFY(g.updatedParams > 0);
        QVERIFY(std::fabs(g.device.masterWeights / (4.0 * g.updatedParams) - 1.0) < 1e-12);  // fp32 master: 4 B each
        QVERIFY(std::fabs(g.updatedParams / (kMixtralDense / 8 + 32 * kMixtralExpertsPerLayer / 8) - 1.0) < 1e-12);
    }

    void contextParallelSplitsActivations()
    {
        Scenario s = singleGpu("llama3-8b");
        s.training.seqLen = 32768;
        const double whole = estimate(s).memory.perGpu.layerActivations;
        s.parallel.gpus = 4;
        s.parallel.cp = 4;
        const double quarter = estimate(s).memory.perGpu.layerActivations;
        QCOMPARE(quarter, whole / 4);
    }

    void flashAttentionRemovesTheQuadraticTerm()
    {
        Scenario s = singleGpu("llama2-7b");
        s.training.seqLen = 8192;
        s.training.flashAttention = false;
        const double eager = estimate(s).memory.singleGpu.layerActivations;
        s.training.flashAttention = true;
        const double flash = estimate(s).memory.singleGpu.layerActivations;
        // Llama has no dropout: the eager path saves the 2 a s^2 b softmax output; flash saves an fp32 LSE.
        QCOMPARE(eager - flash, 2.0 * 32 * 8192.0 * 8192 - 4.0 * 32 * 8192);
    }

    void lossBackwardWorkingSetOnTheLastStage()
    {
        // Llama-2-7B, s 4096, b 2, V 32000: Megatron's fused cross-entropy adds the bf16 gradient of the
        // logits (2 sbV); PyTorch's log_softmax + nll_loss two fp32 gradients (8 sbV), measured on an H200.
        Scenario s = singleGpu("llama2-7b");
        s.training.seqLen = 4096;
        s.training.microBatch = 2;
        s.training.globalBatch = 2;
        s.training.recompute = Recompute::None;
        const double sbv = 4096.0 * 2 * 32000;
        const ActivationParts fused = estimate(s).memory.perGpu.activationParts;
        QCOMPARE(fused.lossWorkingSet, 2.0 * sbv);
        s.training.fusedCrossEntropy = false;
        const Estimate unfused = estimate(s);
        const ActivationParts& parts = unfused.memory.perGpu.activationParts;
        QCOMPARE(parts.lossWorkingSet, 8.0 * sbv);
        QCOMPARE(parts.stored(), fused.stored());
        QCOMPARE(unfused.memory.perGpu.device.activations, parts.stored() + 8.0 * sbv);

        // Full recomputation's working set (one layer) and the loss's are never live together.
        s.training.recompute = Recompute::Full;
        const ActivationParts full = estimate(s).memory.perGpu.activationParts;
        QCOMPARE(full.peak(), full.stored() + std::max(full.recomputeWorkingSet, full.lossWorkingSet));

        // With pipeline parallelism only the last stage computes the loss.
        s.parallel.gpus = 4;
        s.parallel.pp = 4;
        s.training.globalBatch = 8;
        const LedgerLayout layout = distributedLayout(s);
        QCOMPARE(gpuMemoryAtStage(s, layout, 0).activationParts.lossWorkingSet, 0.0);
        QCOMPARE(gpuMemoryAtStage(s, layout, 3).activationParts.lossWorkingSet, 8.0 * sbv);
    }

    void overheadIsExplicit()
    {
        Scenario s = singleGpu("llama2-7b");
        s.overhead.cudaContextBytes = 0;
        s.overhead.fragmentation = 0;
        const Estimate bare = estimate(s);
        QCOMPARE(bare.memory.singleGpu.device.overhead, 0.0);
        s.overhead.cudaContextBytes = 1e9;
        s.overhead.fragmentation = 0.5;
        const Estimate heavy = estimate(s);
        QCOMPARE(heavy.memory.singleGpu.device.overhead, 1e9 + 0.5 * heavy.memory.singleGpu.device.activations);
    }

    void fitDiagnosticSaysByHowMuch()
    {
        Scenario s = singleGpu("llama3-70b");
        const Estimate e = estimate(s);
        QVERIFY(!e.memory.fits);
        bool found = false;
        for (const Diagnostic& d : e.diagnostics)
            found = found || (d.field == "memory" && d.message().find("more than the") != std::string::npos);
        QVERIFY(found);
    }

    // The estimate decides whether ZeRO-3 needs more than ZeRO-2 (the kZero3Gather note) from a
    // bound and evaluates the ZeRO-2 ledger only when the bound cannot rule it out: the note must
    // appear exactly when the full ZeRO-2 ledger of the same layout needs less, on grids that
    // cross the bound both ways (wide layers at small dp, pipelines, offload, reshard policies,
    // experts, adapters, fp8 all-gathers, context parallelism, uneven stages).
    void zero3NoteExactlyWhenZero2NeedsLess()
    {
        int withNote = 0, without = 0;
        for (int layers : {2, 3, 8})
            for (int hidden : {1024, 8192})
                for (int gpus : {2, 4, 64})
                    for (int pp : {1, 2})
                        for (Offload offload : {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams})
                            for (FsdpReshard reshard : {FsdpReshard::Auto, FsdpReshard::Always, FsdpReshard::Never}) {
                                Scenario s = defaultScenario();
                                s.model.layers = layers;
                                s.model.hidden = hidden;
                                s.model.heads = 64;
                                s.model.kvHeads = 64;
                                s.model.headDim = 0;
                                s.model.ffnHidden = 4 * hidden;
                                s.model.exactParams.reset();
                                s.training.globalBatch.reset();
                                s.parallel = ParallelSpec{};
                                s.parallel.gpus = gpus;
                                s.parallel.pp = pp;
                                s.parallel.offload = offload;
                                s.parallel.fsdpReshard = reshard;
                                compareZero3Note(s, withNote, without);
                            }
        qInfo("dense: %d valid ZeRO-3 scenarios with the note, %d without", withNote, without);
        QVERIFY2(withNote >= 5 && without >= 5, qPrintable(QString("%1 with the note, %2 without").arg(withNote).arg(without)));

        withNote = without = 0;
        for (const char* preset : {"mixtral-8x7b", "llama3-8b"})
            for (int gpus : {2, 8, 32})
                for (int ep : {1, 2})
                    for (int cp : {1, 2})
                        for (const char* stages : {"", "3,29"})
                            for (FineTune finetune : {FineTune::Full, FineTune::Lora, FineTune::Qlora})
                                for (bool fp8 : {false, true})
                                    for (Offload offload : {Offload::None, Offload::OptimizerAndParams}) {
                                        Scenario s = defaultScenario();
                                        s.model = standardModelPresets().find(preset)->spec;
                                        s.modelId = preset;
                                        s.training.globalBatch.reset();
                                        s.training.seqLen = 2048;
                                        s.training.finetune = finetune;
                                        s.training.precision = fp8 ? Precision::Fp8Mixed : Precision::Bf16Mixed;
                                        s.training.fp8AllGather = fp8;
                                        s.parallel = ParallelSpec{};
                                        s.parallel.gpus = gpus;
                                        s.parallel.ep = ep;
                                        s.parallel.cp = cp;
                                        s.parallel.pp = *stages != '\0' ? 2 : 1;
                                        s.parallel.ppLayers = stages;
                                        s.parallel.fsdpReshard = FsdpReshard::Always;
                                        s.parallel.offload = offload;
                                        compareZero3Note(s, withNote, without);
                                    }
        qInfo("experts, adapters, fp8, cp, uneven stages: %d valid ZeRO-3 scenarios with the note, %d without", withNote, without);
        QVERIFY2(withNote >= 5 && without >= 5, qPrintable(QString("%1 with the note, %2 without").arg(withNote).arg(without)));
    }
};

QTEST_APPLESS_MAIN(TestMemoryLedger)
#include "tst_memory_ledger.moc"
