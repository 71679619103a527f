// Checkpoint resharding: the tensor map (column/row/vocabulary/replicated, fused QKV per KV group,
// SwiGLU gate and up chunked apart), Megatron-LM's layer-to-stage rule, the transfer plan's bytes
// and the pitfalls it flags.
#include <QtTest>

#include <string_view>

#include "core/common/messages.h"
#include "core/model/vocab_padding.h"
#include "core/reshard/transfer_plan.h"
#include "core/scenario/model_presets.h"

using namespace shardscope;

namespace {

Scenario gqaModel()
{
    Scenario s = defaultScenario();
    s.model = ModelSpec{};
    s.model.layers = 4;
    s.model.hidden = 64;
    s.model.heads = 8;
    s.model.kvHeads = 4;
    s.model.headDim = 8;
    s.model.ffnHidden = 96;
    s.model.vocab = 250;
    s.training.precision = Precision::Fp32;
    s.training.gradDtype = GradDtype::Fp32;
    return s;
}

ReshardLayout layout(const char* text)
{
    Diagnostics problems;
    const auto l = parseReshardLayout(text, "--from", problems);
    if (!l)
        qFatal("bad layout %s", text);
    return *l;
}

const ReshardTensor& tensor(const ReshardPlan& p, const std::string& suffix)
{
    for (const ReshardTensor& t : p.tensors)
        if (t.name.size() >= suffix.size() && t.name.compare(t.name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return t;
    qFatal("no tensor %s", suffix.c_str());
}

bool flags(const ReshardPlan& p, const char* templ)
{
    for (const Diagnostic& d : p.pitfalls)
        if (d.templ != nullptr && std::string_view(d.templ) == templ)  // not the pointer: ASan keeps literals apart
            return true;
    return false;
}

} // namespace

class TestReshard : public QObject {
    Q_OBJECT
private slots:
    void layoutText()
    {
        Diagnostics problems;
        const auto l = parseReshardLayout("tp=8,pp=4,dp=2,zero=1", "--from", problems);
        QVERIFY(l);
        QCOMPARE(l->world(), std::int64_t{64});
        QCOMPARE(l->rank(1, 1, 1), 1 + 8 * (1 + 2 * 1));  // Megatron's order: tp innermost, pp outermost
        for (const char* bad : {"tp=8;pp=4", "tp=0", "zero=4", "tp=8,foo=1", "", "tp=x"}) {
            problems.clear();
            QVERIFY2(!parseReshardLayout(bad, "--to", problems), bad);
            QCOMPARE(problems.front().field.str(), std::string("--to"));
        }
    }

    void vocabularyPadding()
    {
        // megatron/training/tokenizer/tokenizer.py: ceil(V / (128 x tp)) x 128 x tp.
        QCOMPARE(paddedVocab(32000, 1), std::int64_t{32000});
        QCOMPARE(paddedVocab(32000, 8), std::int64_t{32768});
        QCOMPARE(paddedVocab(128256, 8), std::int64_t{129024});
        QCOMPARE(paddedVocab(50257, 4), std::int64_t{50688});
    }

    void stageMaps()
    {
        Diagnostics out;
        const auto even = megatronStageMap(32, 4, 1, std::nullopt, std::nullopt, "--to", out);
        QVERIFY(even);
        QCOMPARE(even->layersOnStage, (std::vector<int>{8, 8, 8, 8}));
        const auto uneven = megatronStageMap(30, 4, 1, 6, 6, "--to", out);
        QVERIFY(uneven);
        QCOMPARE(uneven->layersOnStage, (std::vector<int>{6, 9, 9, 6}));
        QVERIFY(uneven->uneven());
        // Interleaved: chunks of layers / (pp x vpp) go round-robin over the stages.
        const auto interleaved = megatronStageMap(8, 2, 2, std::nullopt, std::nullopt, "--to", out);
        QVERIFY(interleaved);
        QCOMPARE(interleaved->stageOfLayer, (std::vector<int>{0, 0, 1, 1, 0, 0, 1, 1}));
        QVERIFY(out.empty());
        QVERIFY(!megatronStageMap(30, 4, 1, std::nullopt, std::nullopt, "--to", out));
        QVERIFY(!megatronStageMap(30, 4, 1, 5, std::nullopt, "--to", out));  // 25 left over 3 stages
        QCOMPARE(out.front().templ, msg::kMegatronEvenStages);
    }

    void tensorKindsAndParts()
    {
        const ReshardPlan p = planReshard(gqaModel(), layout("tp=1"), layout("tp=4"));
        QVERIFY(p.valid());
        QCOMPARE(p.paddedVocabTo, std::int64_t{512});
        QCOMPARE(tensor(p, "linear_qkv.weight").kind, TensorKind::Column);
        QCOMPARE(tensor(p, "linear_qkv.weight").shape, (std::vector<std::int64_t>{64 + 2 * 32, 64}));
        QCOMPARE(tensor(p, "linear_proj.weight").splitDim, 1);
        QCOMPARE(tensor(p, "input_layernorm.weight").kind, TensorKind::Replicated);
        QCOMPARE(tensor(p, "word_embeddings.weight").kind, TensorKind::Vocab);
        // SwiGLU: rank 1 of 4 holds gate rows 24..47 and up rows 96 + 24..96 + 47.
        const std::vector<Interval> fc1 = holdings(tensor(p, "linear_fc1.weight"), 1, 4, 0, 1);
        QCOMPARE(fc1.size(), std::size_t{2});
        QCOMPARE(fc1[0].begin, std::int64_t{24});
        QCOMPARE(fc1[0].end, std::int64_t{48});
        QCOMPARE(fc1[1].begin, std::int64_t{120});
        QCOMPARE(fc1[1].end, std::int64_t{144});
        // Fused QKV: 4 KV groups of (2 q heads + k + v) x 8 rows = 32 rows; rank 1 of 4 holds group 1.
        const std::vector<Interval> qkv = holdings(tensor(p, "linear_qkv.weight"), 1, 4, 0, 1);
        QCOMPARE(qkv.front().begin, std::int64_t{32});
        QCOMPARE(qkv.front().end, std::int64_t{64});
    }

    void transferBytes()
    {
        // tp 4 -> 2 without data parallelism: every split weight element is read exactly once (the
        // vocabulary up to the smaller padding), and each of the two target ranks reads its own
        // copy of the replicated norms.
        const Scenario s = gqaModel();
        const ReshardPlan p = planReshard(s, layout("tp=4"), layout("tp=2"));
        QVERIFY(p.valid());
        double weights = 0;
        for (const Transfer& x : p.transfers)
            weights += x.weightBytes;
        const std::int64_t norms = 2 * (4 * 2 + 1) * 64;   // input and pre-MLP norms, the final norm, twice
        const std::int64_t split = 4 * (128 * 64 + 64 * 64 + 192 * 64 + 64 * 96) + 2 * 256 * 64;
        const std::int64_t expected = (norms + split) * 4;  // fp32
        QCOMPARE(static_cast<std::int64_t>(weights), expected);
        // Target rank 0 reads only from source ranks 0 and 1 (the norms from source rank 0).
        for (const Transfer& x : p.transfers)
            if (x.toRank == 0)
                QVERIFY(x.fromRank == 0 || x.fromRank == 1);
        QVERIFY(flags(p, msg::kReshardFusedQkv));
        QVERIFY(flags(p, msg::kReshardSwiglu));
        QVERIFY(flags(p, msg::kReshardVocabShrinks));
    }

    void zeroShardsByDataParallelRank()
    {
        // ZeRO-1 over dp 4 -> dp 2: each target rank reads the optimizer states from the two source
        // ranks whose flat shards cover its half, and the weights from one replica.
        Scenario s = gqaModel();
        const ReshardPlan p = planReshard(s, layout("tp=1,dp=4,zero=1"), layout("tp=1,dp=2,zero=1"));
        QVERIFY(p.valid());
        std::vector<int> sourcesOfTarget0;
        for (const Transfer& x : p.transfers)
            if (x.toRank == 0 && x.optimizerBytes > 0)
                sourcesOfTarget0.push_back(x.fromRank);
        QCOMPARE(sourcesOfTarget0, (std::vector<int>{0, 1}));
        QVERIFY(flags(p, msg::kReshardZero));
    }

    void pitfallsOfTheModel()
    {
        Scenario s = gqaModel();
        // kv heads 4 with tp 8: a KV group spans two ranks (allowed from core_v0.16.0 on, flagged).
        s.model.heads = 8;
        ReshardPlan p = planReshard(s, layout("tp=1"), layout("tp=8"));
        QVERIFY(p.valid());
        QVERIFY(flags(p, msg::kReshardKvHeads));
        // kv heads 4 with tp 3: cannot be split at all.
        s.model.heads = 12;
        s.model.ffnHidden = 96;
        p = planReshard(s, layout("tp=1"), layout("tp=3"));
        QVERIFY(!p.valid());
        // Multi-query attention.
        s = gqaModel();
        s.model.kvHeads = 1;
        p = planReshard(s, layout("tp=1"), layout("tp=2"));
        QVERIFY(flags(p, msg::kReshardMqa));
        // Tied embeddings on a pipeline: the last stage's copy.
        s = gqaModel();
        s.model.tiedEmbeddings = true;
        p = planReshard(s, layout("tp=1,pp=1"), layout("tp=1,pp=2"));
        QVERIFY(flags(p, msg::kReshardTied));
        bool readsCopy = false;
        for (const Transfer& x : p.transfers)
            readsCopy = readsCopy || (x.toRank == 1 && x.fromRank == 0);
        QVERIFY(readsCopy);
    }
};

QTEST_APPLESS_MAIN(TestReshard)
#include "tst_reshard.moc"
