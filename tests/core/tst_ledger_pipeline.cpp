// The memory ledger under pipeline parallelism: which stage holds what (the embedding first, the
// output last, DeepSeek's dense layers on the first stage), how many micro-batches each stage keeps
// in flight, and the most loaded stage written in place.
#include <QtTest>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/estimate/estimate.h"
#include "core/memory/activations.h"
#include "core/memory/memory_ledger.h"
#include "core/memory/pipeline_schedule.h"
#include "tests/core/ledger_scenarios.h"

using namespace shardscope;
using test::singleGpu;

namespace {

// Two objects filled with different bytes, then each written by `write`: a part the writer sets
// ends the same in both, a part it leaves keeps its filler (bytes, not values).
template <class T, class Write>
void writeOverTwoFillers(T (&objects)[2], Write write)
{
    std::memset(static_cast<void*>(&objects[0]), 0x5a, sizeof(T));
    std::memset(static_cast<void*>(&objects[1]), 0xa5, sizeof(T));
    for (T& object : objects)
        write(object);
}

// Whether `part` was set by the writer (the same bytes over both fillers) and equals `fresh`'s.
template <class T, class Part>
bool partWritten(const T (&filled)[2], const T& fresh, Part T::*part)
{
    return std::memcmp(&(filled[0].*part), &(filled[1].*part), sizeof(Part)) == 0
           && std::memcmp(&(filled[0].*part), &(fresh.*part), sizeof(Part)) == 0;
}

} // namespace

class TestLedgerPipeline : public QObject {
    Q_OBJECT
private slots:
    void pipelinePlacesEmbeddingFirstAndOutputLast()
    {
        Scenario s = singleGpu("gpt3-175b");
        s.parallel.gpus = 4;
        s.parallel.pp = 4;
        s.training.seqLen = 2048;
        const LedgerLayout layout = distributedLayout(s);
        const double embedding = 50257.0 * 12288;
        const double positions = 2048.0 * 12288;
        const double layers = 24.0 * (12.0 * 12288 * 12288 + 13.0 * 12288);
        QCOMPARE(gpuMemoryAtStage(s, layout, 0).params, embedding + positions + layers);
        QCOMPARE(gpuMemoryAtStage(s, layout, 1).params, layers);
        // Tied embeddings: the last stage keeps a copy of the word embedding for the output layer.
        QCOMPARE(gpuMemoryAtStage(s, layout, 3).params, layers + 2 * 12288.0 + embedding);
        // 1F1B: stage k holds pp - k micro-batches in flight.
        s.training.globalBatch = 8;
        const LedgerLayout eight = distributedLayout(s);
        QCOMPARE(gpuMemoryAtStage(s, eight, 0).inflightPasses, qint64(4));
        QCOMPARE(gpuMemoryAtStage(s, eight, 3).inflightPasses, qint64(1));
    }

    // The estimator writes each most loaded GPU over its result in place: every field is set,
    // whatever the object held (bytes, not values: a field left out would keep the filler).
    void mostLoadedStageIntoSetsEveryField()
    {
        Scenario deepseek = singleGpu("deepseek-v3");
        deepseek.model.layers = 8;
        deepseek.parallel.gpus = 16;
        deepseek.parallel.pp = 2;
        deepseek.parallel.zero = 3;
        Scenario gpt3 = singleGpu("gpt3-175b");
        gpt3.parallel.gpus = 8;
        gpt3.parallel.pp = 4;
        for (const Scenario& s : {singleGpu(nullptr), deepseek, gpt3}) {
            const LedgerLayout layout = distributedLayout(s);
            const ParameterInventory inventory(s.model);
            const LedgerTensors tensors = ledgerTensors(s, inventory, countParameters(s.model, inventory).total, layout.tp, layout.ep);
            const LedgerActivations activations = ledgerActivations(s, inventory, layout);
            GpuMemory filled[2];
            writeOverTwoFillers(filled, [&](GpuMemory& g) { mostLoadedStageInto(s, layout, tensors, activations, g); });
            QVERIFY(std::memcmp(&filled[0], &filled[1], sizeof(GpuMemory)) == 0);
            const GpuMemory fresh = mostLoadedStage(s, layout, tensors, activations);
            QVERIFY(std::memcmp(&filled[0], &fresh, sizeof(GpuMemory)) == 0);
        }
    }

    // The estimator's single GPU goes through forms with the one-GPU layout as a constant
    // (singleGpuStageInto, singleGpuActivations): they must give mostLoadedStageInto's and
    // ledgerActivations' figures for singleGpuLayout to the bit, every field set whatever the
    // result held; over dense, MoE, MLA, qk-norm, tied, LoRA, QLoRA, fp8, fp32, unfused attention and every
    // recomputation policy, and with several micro-batches per step.
    void singleGpuFormsAreTheGeneralOnes()
    {
        std::vector<Scenario> cases{singleGpu(nullptr), singleGpu("deepseek-v3"), singleGpu("gpt3-175b"),
                                    singleGpu("mixtral-8x7b"), singleGpu("qwen3-30b-a3b"), singleGpu("bloom-176b")};
        Scenario lora = singleGpu(nullptr);
        lora.training.finetune = FineTune::Lora;
        Scenario qlora = singleGpu("llama3-8b");
        qlora.training.finetune = FineTune::Qlora;
        Scenario fp8 = singleGpu("llama3-8b");
        fp8.training.precision = Precision::Fp8Mixed;
        Scenario fp32 = singleGpu("gpt3-175b");
        fp32.training.precision = Precision::Fp32;
        fp32.training.flashAttention = false;
        fp32.training.globalBatch = 24;  // 24 micro-batches per step
        cases.insert(cases.end(), {lora, qlora, fp8, fp32});
        for (const Recompute policy : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::Op, Recompute::EveryKth}) {
            Scenario s = singleGpu("llama3-8b");
            s.training.recompute = policy;
            s.training.recomputeEvery = 3;
            cases.push_back(s);
        }
        for (const Scenario& s : cases) {
            const LedgerLayout single = singleGpuLayout(s);
            const ParameterInventory inventory(s.model);
            const LedgerActivations general = ledgerActivations(s, inventory, single);
            const LedgerActivations constant = singleGpuActivations(s, inventory);
            for (double LedgerActivations::*figure :
                 {&LedgerActivations::allTerms, &LedgerActivations::perLayer, &LedgerActivations::workingSet, &LedgerActivations::lossWorkingSet,
                  &LedgerActivations::embeddingPerMicrobatch, &LedgerActivations::outputPerMicrobatch})
                QVERIFY(std::memcmp(&(general.*figure), &(constant.*figure), sizeof(double)) == 0);
            const LedgerTensors tensors = ledgerTensors(s, inventory, countParameters(s.model, inventory).total, 1, 1);
            GpuMemory filled[2];
            writeOverTwoFillers(filled, [&](GpuMemory& g) { singleGpuStageInto(s, single.microbatches, tensors, constant, g); });
            QVERIFY(std::memcmp(&filled[0], &filled[1], sizeof(GpuMemory)) == 0);
            const GpuMemory fresh = mostLoadedStage(s, single, tensors, general);
            QVERIFY(std::memcmp(&filled[0], &fresh, sizeof(GpuMemory)) == 0);
        }
    }

    // The estimator writes the ledger's tensor sums over storage it never zeroes: every
    // part that is read is set, whatever the object held (the embedding, layer and final parts
    // always, the MoE parts for a model with experts, the tied copy for tied embeddings), and equals
    // what a fresh ledgerTensors gives; with and without the inventory's sums (tensor
    // parallelism and LoRA loop over the groups).
    void ledgerIntoFormsSetEveryPartTheyWrite()
    {
        Scenario deepseek = singleGpu("deepseek-v3");
        deepseek.model.layers = 8;
        deepseek.parallel.gpus = 16;
        deepseek.parallel.pp = 2;
        deepseek.parallel.ep = 8;
        deepseek.parallel.zero = 1;
        Scenario gpt3 = singleGpu("gpt3-175b");  // tied embeddings under a pipeline: final + tied copy
        gpt3.parallel.gpus = 16;
        gpt3.parallel.pp = 4;
        gpt3.parallel.tp = 2;
        gpt3.parallel.zero = 3;
        gpt3.parallel.offload = Offload::Optimizer;
        Scenario article = singleGpu(nullptr);
        article.parallel.gpus = 64;
        article.parallel.zero = 3;
        Scenario lora = singleGpu(nullptr);
        lora.training.finetune = FineTune::Lora;
        for (const Scenario& s : {singleGpu(nullptr), article, deepseek, gpt3, lora}) {
            const LedgerLayout layout = distributedLayout(s);
            const ParameterInventory inventory(s.model);
            const std::int64_t total = countParameters(s.model, inventory).total;
            const LedgerTensors tensors = ledgerTensors(s, inventory, total, layout.tp, layout.ep);
            LedgerTensors filledTensors[2];
            writeOverTwoFillers(filledTensors,
                                [&](LedgerTensors& t) { ledgerTensorsInto(s, inventory, total, layout.tp, layout.ep, t); });
            std::vector<TensorTotals LedgerTensors::*> summed{&LedgerTensors::embedding, &LedgerTensors::layer, &LedgerTensors::final,
                                                              &LedgerTensors::wholeModel};
            if (s.model.moe.isMoe())
                summed.insert(summed.end(), {&LedgerTensors::moeBlock, &LedgerTensors::denseMlp});
            if (s.model.tiedEmbeddings)
                summed.push_back(&LedgerTensors::tiedOutput);
            for (TensorTotals LedgerTensors::*part : summed)
                QVERIFY(partWritten(filledTensors, tensors, part));
            QCOMPARE(filledTensors[0].tp, layout.tp);
            QCOMPARE(filledTensors[1].ep, layout.ep);
        }
    }

    // A stage's stored layer activations are its in-flight passes x what one chunk of layers keeps
    // (storedActivationsOfLayers): layers x one layer's stored bytes for every policy but every-k,
    // which checkpoints only whole multiples of k (4 and 8 layers at k = 3 here): those keep their
    // input (what full recomputation keeps), the others everything (what none keeps).
    void stageActivationsAreChunksOfLayers()
    {
        const auto oneLayerUnder = [](Scenario s, Recompute policy) {
            s.training.recompute = policy;
            const ParameterInventory inventory(s.model);
            return ledgerActivations(s, inventory, distributedLayout(s)).perLayer;
        };
        for (const Recompute policy : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::Op, Recompute::EveryKth}) {
            for (const int pp : {1, 4}) {
                for (const int vpp : {1, 2}) {
                    Scenario s = singleGpu("llama3-8b");  // 32 layers: 8 per stage, 4 per chunk at vpp 2
                    s.parallel.gpus = pp;
                    s.parallel.pp = pp;
                    s.parallel.vpp = pp > 1 ? vpp : 1;
                    s.training.recompute = policy;
                    s.training.recomputeEvery = 3;  // 4 and 8 layers are not multiples of it
                    s.training.globalBatch = 16;
                    const LedgerLayout layout = distributedLayout(s);
                    const ParameterInventory inventory(s.model);
                    const LedgerActivations acts = ledgerActivations(s, inventory, layout);
                    for (int stage = 0; stage < pp; ++stage) {
                        const GpuMemory g = gpuMemoryAtStage(s, layout, stage);
                        const double chunk = static_cast<double>(g.layersOnStage) / layout.vpp;
                        QCOMPARE(g.activationParts.layers, static_cast<double>(g.inflightPasses)
                                                               * storedActivationsOfLayers(acts.context, acts.allTerms, acts.perLayer, chunk));
                        const double checkpointed = policy == Recompute::EveryKth ? std::floor(chunk / 3) : 0.0;
                        const double expected = policy == Recompute::EveryKth
                                                    ? checkpointed * oneLayerUnder(s, Recompute::Full)
                                                          + (chunk - checkpointed) * oneLayerUnder(s, Recompute::None)
                                                    : chunk * acts.perLayer;
                        QVERIFY(qFuzzyCompare(g.activationParts.layers, static_cast<double>(g.inflightPasses) * expected));
                        QCOMPARE(g.activationParts.recomputeWorkingSet, acts.workingSet);
                    }
                }
            }
        }
    }

    void denseFirstLayersLandOnTheFirstStage()
    {
        // DeepSeek-V3's first_k_dense_replace: the first 3 layers keep a dense MLP, so with 8
        // layers over 2 stages stage 0 holds 3 dense + 1 MoE layer and stage 1 four MoE layers.
        Scenario s = singleGpu("deepseek-v3");
        s.model.layers = 8;
        s.parallel.gpus = 2;
        s.parallel.pp = 2;
        s.training.seqLen = 1024;
        const LedgerLayout layout = distributedLayout(s);
        const double attention = 187'107'328.0 + 2 * 7168;  // MLA and two RMSNorms (tst_model)
        const double denseMlp = 3.0 * 7168 * 18432;
        const double moeMlp = 257.0 * 3 * 7168 * 2048 + 256.0 * 7168;  // 256 routed + 1 shared, router
        const double embedding = 129280.0 * 7168;
        QCOMPARE(gpuMemoryAtStage(s, layout, 0).params, embedding + 3 * (attention + denseMlp) + attention + moeMlp);
        QCOMPARE(gpuMemoryAtStage(s, layout, 1).params, 4 * (attention + moeMlp) + 7168 + embedding);
    }

    void pipelineSchedules_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("stage");
        QTest::addColumn<qint64>("microbatches");
        QTest::addColumn<qint64>("passes");
        QTest::newRow("1F1B first stage") << 4 << 1 << 0 << qint64(8) << qint64(4);
        QTest::newRow("1F1B last stage") << 4 << 1 << 3 << qint64(8) << qint64(1);
        QTest::newRow("1F1B, fewer micro-batches than stages") << 8 << 1 << 0 << qint64(2) << qint64(2);
        // Interleaved: (p - 1) * 2 + (v - 1) p + 1 chunk passes of L/(p v) layers on stage 0,
        // i.e. L/p x p x (1 + (p - 1)/(p v)) layers' worth (Korthikanti §4.2.3).
        QTest::newRow("interleaved first stage") << 4 << 2 << 0 << qint64(8) << qint64(11);
        QTest::newRow("interleaved last stage") << 4 << 2 << 3 << qint64(8) << qint64(5);
    }
    void pipelineSchedules()
    {
        QFETCH(int, p);
        QFETCH(int, v);
        QFETCH(int, stage);
        QFETCH(qint64, microbatches);
        QFETCH(qint64, passes);
        QCOMPARE(inflightChunkPasses(p, v, stage, microbatches), passes);
    }

    void interleavedFactorMatchesKorthikanti()
    {
        const int p = 8, v = 3;
        const double layerEquivalents = static_cast<double>(inflightChunkPasses(p, v, 0, 64)) / v;  // in units of L/p
        QCOMPARE(layerEquivalents, p * (1.0 + (p - 1.0) / (p * v)));
    }
};

QTEST_APPLESS_MAIN(TestLedgerPipeline)
#include "tst_ledger_pipeline.moc"
