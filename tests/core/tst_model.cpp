// Parameter counts: presets against their published counts, Hugging Face config.json import,
// and the --params family of shapes.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "core/common/messages.h"
#include "core/estimate/estimate.h"
#include "core/model/hf_config.h"
#include "core/model/params_family.h"
#include "core/model/parameter_inventory.h"
#include "core/perf/flops.h"
#include "core/scenario/model_presets.h"

using namespace shardscope;

namespace {

QString hfPath(const char* name) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/hf/") + name; }

const ModelSpec& preset(const char* id)
{
    const ModelPreset* found = standardModelPresets().find(id);
    if (found == nullptr)
        qFatal("missing preset %s", id);
    return found->spec;
}

} // namespace

class TestModel : public QObject {
    Q_OBJECT
private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<qint64>("published");
        // The published counts, written here independently of the preset files.
        QTest::newRow("Llama-2-7B") << "llama2-7b" << qint64(6'738'415'616);
        QTest::newRow("Llama-3-8B") << "llama3-8b" << qint64(8'030'261'248);
        QTest::newRow("Llama-3-70B") << "llama3-70b" << qint64(70'553'706'496);
        QTest::newRow("Mixtral-8x7B") << "mixtral-8x7b" << qint64(46'702'792'704);
        QTest::newRow("Qwen2.5-7B") << "qwen2.5-7b" << qint64(7'615'616'512);
    }
    void publishedCounts()
    {
        QFETCH(QString, id);
        QFETCH(qint64, published);
        QCOMPARE(countParameters(preset(id.toUtf8().constData())).total, published);
    }

    void everyPresetMatchesItsPublishedCount()
    {
        const auto& presets = standardModelPresets();
        QVERIFY2(presets.diagnostics().empty(), "a built-in preset failed to load");
        const char* required[] = {"gpt3-175b", "llama2-7b", "llama2-70b", "llama3-8b", "llama3-70b", "llama3.1-405b",
                                  "qwen2.5-7b", "qwen2.5-72b", "mixtral-8x7b", "megatron-22b", "megatron-530b",
                                  "megatron-1t"};
        for (const char* id : required)
            QVERIFY2(presets.find(id) != nullptr, id);
        for (const ModelPreset& p : presets.all()) {
            QVERIFY2(!p.spec.source.empty(), p.spec.id.c_str());
            QVERIFY2(p.publishedParams || p.publishedParamsApprox, p.spec.id.c_str());
            const auto count = countParameters(p.spec).total;
            if (p.publishedParams)
                QCOMPARE(count, *p.publishedParams);
            else  // a rounded published figure ("175B"): within 1%
                QVERIFY2(std::abs(count - *p.publishedParamsApprox) < 0.01 * *p.publishedParamsApprox, p.spec.id.c_str());
        }
    }

    void inventorySumsMatchItsGroups()
    {
        // Llama 2 7B has 291 parameter tensors, as transformers' LlamaForCausalLM.named_parameters()
        // lists them: embed_tokens, 32 layers of 9 (input_layernorm, q, k, v, o, post_attention_layernorm,
        // gate, up, down), norm, lm_head. AdamW keeps a step counter for each.
        QCOMPARE(ParameterInventory(preset("llama2-7b")).tensors(), std::int64_t{291});
        // The sums the inventory makes as it is built equal the same sums over its groups, for every
        // preset, by kind (routed expert or not) and linearity (a layer's GEMM weight or not).
        for (const ModelPreset& p : standardModelPresets().all()) {
            const ParameterInventory inventory(p.spec);
            std::int64_t elements[kInventoryParts][2][2] = {};
            for (const TensorGroup& g : inventory.groups()) {
                const auto part = [&](InventoryPart k) -> std::int64_t& {
                    return elements[static_cast<std::size_t>(k)][g.expert ? 1 : 0][g.isLinear() ? 1 : 0];
                };
                switch (g.placement) {
                case Placement::Embedding:
                    part(InventoryPart::Embedding) += g.elements();
                    if (p.spec.tiedEmbeddings && g.split == TpSplit::Vocab)
                        part(InventoryPart::TiedOutput) += g.elements();
                    break;
                case Placement::Layer:
                    part(InventoryPart::Layer) += g.elements();
                    if (g.moeBlock)
                        part(InventoryPart::MoeBlock) += g.elements();
                    break;
                case Placement::DenseLayer: part(InventoryPart::DenseMlp) += g.elements(); break;
                case Placement::FinalNorm:
                case Placement::Output: part(InventoryPart::Final) += g.elements(); break;
                }
            }
            for (std::size_t k = 0; k < kInventoryParts; ++k) {
                const PartElements& sums = inventory.elements(static_cast<InventoryPart>(k));
                for (int kind = 0; kind < 2; ++kind)
                    for (int linear = 0; linear < 2; ++linear)
                        QCOMPARE(sums.count[kind][linear], elements[k][kind][linear]);
            }
            for (int ep : {1, 3, 8}) {
                for (int layers : {1, p.spec.layers}) {
                    for (int ends = 0; ends < 4; ++ends) {
                        const bool first = (ends & 1) != 0, last = (ends & 2) != 0;
                        std::int64_t tensors = 0;
                        for (const TensorGroup& g : inventory.groups()) {
                            const std::int64_t copies = g.expert ? (g.copies + ep - 1) / ep : g.copies;
                            if (g.placement == Placement::Layer)
                                tensors += copies * layers;
                            else if (g.placement == Placement::Embedding)
                                tensors += first ? copies : 0;
                            else if (g.placement != Placement::DenseLayer)
                                tensors += last ? copies : 0;
                        }
                        QCOMPARE(inventory.tensorsOn(layers, first, last, ep), tensors);
                    }
                }
            }
        }
    }

    void layerMatricesAreTheLayersLinearLayersInCallOrder()
    {
        // Expanded member by member, the merged view is the layer's matrix groups in the order they
        // were added, and each entry's op-level count follows PyTorch's policy: a linear layer with
        // a bias (aten.addmm) is recomputed and not counted, of the aten.mm calls every second one.
        // The bias rule as the models define it: q, k and v by qkv_bias (MLA's latent projections
        // have none), o by out_proj_bias, the MLP's by mlp_bias.
        const auto hasBias = [](const ModelSpec& m, const TensorGroup& g) {
            if ((g.projection & (kProjQ | kProjK | kProjV)) != 0)
                return m.qkvBias && !m.mla();
            if ((g.projection & kProjO) != 0)
                return m.outProjBias;
            return g.projection != 0 && m.mlpBias;
        };
        for (const ModelPreset& preset : standardModelPresets().all()) {
            const ModelSpec& m = preset.spec;
            const ParameterInventory inventory(m);
            std::vector<const TensorGroup*> expected;
            for (const TensorGroup& g : inventory.groups())
                if (g.placement == Placement::Layer && g.isMatrix())
                    expected.push_back(&g);
            std::size_t next = 0;
            int mm = 0;
            for (const LayerMatrix& merged : inventory.layerMatrices()) {
                QVERIFY2(merged.members >= 1, m.id.c_str());
                int recomputed = 0;
                for (int i = 0; i < merged.members; ++i, ++next) {
                    QVERIFY2(next < expected.size(), m.id.c_str());
                    const TensorGroup& g = *expected[next];
                    QCOMPARE(merged.rows, g.rows);
                    QCOMPARE(merged.cols, g.cols);
                    QCOMPARE(merged.copies, g.copies);
                    QVERIFY(merged.split == g.split && merged.expert == g.expert);
                    QCOMPARE(&inventory.groups()[merged.firstGroup + static_cast<std::size_t>(i)], &g);
                    recomputed += hasBias(m, g) || ++mm % 2 == 0 ? 1 : 0;
                }
                QCOMPARE(int(merged.opRecomputed), recomputed);
            }
            QCOMPARE(next, expected.size());
            // A transpose names an earlier entry of the transposed shape, column- against
            // row-parallel, with the same experts (so the local shapes stay transposes).
            const auto matrices = inventory.layerMatrices();
            for (std::size_t i = 0; i < matrices.size(); ++i) {
                const LayerMatrix& g = matrices[i];
                if (g.transposeOf < 0)
                    continue;
                QVERIFY2(static_cast<std::size_t>(g.transposeOf) < i, m.id.c_str());
                const LayerMatrix& of = matrices[static_cast<std::size_t>(g.transposeOf)];
                QVERIFY2(of.rows == g.cols && of.cols == g.rows && of.copies == g.copies && of.expert == g.expert, m.id.c_str());
                QVERIFY2(of.split == TpSplit::Column && g.split == TpSplit::Row, m.id.c_str());
            }
        }
        // Llama 2 7B: q, k, v (one shape), o, gate and up, down; Qwen2.5 7B has biases on q, k
        // and v (three addmm) and grouped KV heads (k and v narrower than q).
        const ParameterInventory llama(preset("llama2-7b"));
        QCOMPARE(llama.layerMatrices().size(), std::size_t{4});
        QCOMPARE(int(llama.layerMatrices()[0].members), 3);
        QCOMPARE(int(llama.layerMatrices()[0].opRecomputed), 1);  // k, the second mm
        // o is q's transpose and down that of gate and up; q and gate/up are priced themselves.
        QCOMPARE(int(llama.layerMatrices()[0].transposeOf), -1);
        QCOMPARE(int(llama.layerMatrices()[1].transposeOf), 0);
        QCOMPARE(int(llama.layerMatrices()[2].transposeOf), -1);
        QCOMPARE(int(llama.layerMatrices()[3].transposeOf), 2);
        // DeepSeek-V3's MLA output projection is no transpose of its query up projection; each
        // expert MLP's down is its own gate and up's.
        const ParameterInventory deepseek(preset("deepseek-v3"));
        int transposes = 0;
        for (const LayerMatrix& g : deepseek.layerMatrices()) {
            if (g.transposeOf < 0)
                continue;
            ++transposes;
            QCOMPARE(g.rows, preset("deepseek-v3").hidden);  // a down projection: hidden x expert FFN
            QCOMPARE(g.cols, preset("deepseek-v3").expertFfn());
        }
        QCOMPARE(transposes, 2);  // the routed experts' down and the shared expert's
        const ParameterInventory qwen(preset("qwen2.5-7b"));
        QCOMPARE(qwen.layerMatrices().size(), std::size_t{5});
        QCOMPARE(int(qwen.layerMatrices()[0].opRecomputed), 1);  // q: addmm
        QCOMPARE(int(qwen.layerMatrices()[1].opRecomputed), 2);  // k, v: addmm
        QCOMPARE(int(qwen.layerMatrices()[2].opRecomputed), 0);  // o: the first mm, saved
        QCOMPARE(int(qwen.layerMatrices()[2].transposeOf), 0);    // o of q, past the narrower k and v
    }

    void opPolicyFlopsCountTheAddmmCalls()
    {
        // The hardware FLOPs of op-level recomputation repeat the GEMMs the step time repeats:
        // Qwen2.5 7B (biased q, k, v) recomputes q, k, v (addmm), up (the 2nd mm) and down (the
        // 4th); o and gate (the 1st and 3rd mm) are saved.
        Scenario s;
        s.model = preset("qwen2.5-7b");
        const ModelSpec& m = s.model;
        const ParameterInventory inventory(m);
        const double tokens = 4096;
        const LayerForwardFlops f = layerForwardFlops(s, inventory, tokens, tokens, 1, 1.0);
        const double h = static_cast<double>(m.hidden);
        const double q = static_cast<double>(m.queryWidth()), kv = static_cast<double>(m.kvWidth());
        const double ffn = static_cast<double>(m.ffnHidden);
        const double expected = 2.0 * tokens * h * (q + kv + static_cast<double>(m.valueWidth()) + ffn + ffn);
        QCOMPARE(f.recomputedByOpPolicy, expected);
    }

    // Fields each within range can multiply out to more parameters than 64 bits hold: 65,536
    // experts of 2^22 x 2^20 in 16 layers is 1.4e19 (the count wrapped round before, and the CLI
    // printed a shard of 13,835,129,590,681,436,160 parameters). The shape is refused, naming the
    // model, and the inventory's counts are capped rather than wrapped.
    void oversizedShapeIsRefused()
    {
        Scenario s = defaultScenario();
        s.model.hidden = 1 << 20;
        s.model.heads = 8192;
        s.model.kvHeads = 8192;
        s.model.ffnHidden = 2796288;
        s.model.layers = 16;
        s.model.moe.experts = 65536;
        s.model.moe.topK = 1;
        s.model.moe.expertFfnHidden = 1 << 22;
        const ParameterInventory inventory(s.model);
        QVERIFY(inventory.oversized());
        QVERIFY(inventory.shapeParameters() > 1.3e19 && inventory.shapeParameters() < 1.5e19);
        QCOMPARE(inventory.count().total, static_cast<std::int64_t>(ParameterInventory::kMaxShapeParameters));
        const Estimate e = estimate(s);
        QVERIFY(!e.valid());
        const auto refused = std::find_if(e.diagnostics.begin(), e.diagnostics.end(), [](const Diagnostic& d) {
            return d.templ != nullptr && std::string_view(d.templ) == msg::kShapeTooLarge;
        });
        QVERIFY(refused != e.diagnostics.end());
        QCOMPARE(refused->field.str(), std::string("model"));
        QVERIFY2(refused->message().find("1.38e+19") != std::string::npos, refused->message().c_str());
        // The largest published models are far inside the limit.
        for (const char* id : {"llama3.1-405b", "deepseek-v3", "megatron-530b"})
            QVERIFY2(!ParameterInventory(standardModelPresets().find(id)->spec).oversized(), id);
    }

    void moeActiveParameters()
    {
        // Mixtral: 12.9B active parameters per token (Jiang et al. 2024, arXiv 2401.04088 §2).
        // Embeddings 2 x 32000 x 4096; per layer attention 2 x 4096^2 + 2 x 4096 x 1024, router
        // 8 x 4096, two SwiGLU experts 2 x 3 x 4096 x 14336, two RMSNorms; final norm.
        const qint64 perLayer = 2 * 4096LL * 4096 + 2 * 4096LL * 1024 + 8 * 4096 + 2 * 3 * 4096LL * 14336 + 2 * 4096;
        const ParameterCount c = countParameters(preset("mixtral-8x7b"));
        QCOMPARE(c.active, 2 * 32000LL * 4096 + 32 * perLayer + 4096);
        QVERIFY(qAbs(c.active / 1e9 - 12.9) < 0.05);
    }

    void hfImport_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("expected");
        QTest::addColumn<QString>("presetId");
        QTest::newRow("llama") << "llama2-7b.json" << qint64(6'738'415'616) << "llama2-7b";
        QTest::newRow("llama GQA") << "llama3-8b.json" << qint64(8'030'261'248) << "llama3-8b";
        QTest::newRow("llama 70B") << "llama3-70b.json" << qint64(70'553'706'496) << "llama3-70b";
        QTest::newRow("mistral") << "mistral-7b.json" << qint64(7'241'732'096) << "";
        QTest::newRow("mixtral") << "mixtral-8x7b.json" << qint64(46'702'792'704) << "mixtral-8x7b";
        QTest::newRow("qwen2 (qkv bias)") << "qwen2.5-7b.json" << qint64(7'615'616'512) << "qwen2.5-7b";
        QTest::newRow("gpt2 (tied, learned positions)") << "gpt2.json" << qint64(124'439'808) << "";
        QTest::newRow("gpt_neox (pythia-160m)") << "pythia-160m.json" << qint64(162'322'944) << "";
        QTest::newRow("head_dim null") << "null-head-dim.json" << qint64(7'241'732'096) << "";
        // DeepSeek-V3 by hand (arXiv 2412.19437 §2.1.1 and config.json): MLA per layer
        // 7168x1536 + 1536 (q_a and its norm) + 1536x128x192 (q_b) + 7168x576 + 512 (kv_a and its
        // norm) + 512x128x256 (kv_b) + 128x128x7168 (o) = 187,107,328, two RMSNorms 14,336; the
        // first 3 layers a SwiGLU MLP 3x7168x18432, the other 58 257 experts 3x7168x2048 and a
        // router 256x7168; embeddings 2x129280x7168; final norm. 671.0B (671B in the paper).
        QTest::newRow("deepseek_v3 (MLA, dense layers)") << "deepseek-v3.json" << qint64(671'026'404'352) << "deepseek-v3";
        // Qwen3-30B-A3B: qk-norm of 128 on queries and keys; 128 experts of 768 in every layer.
        QTest::newRow("qwen3_moe (qk-norm)") << "qwen3-30b-a3b.json" << qint64(30'532'122'624) << "qwen3-30b-a3b";
        // head_dim 128 with hidden 2048 and 32 heads: queries are 4096 wide, not 2048.
        QTest::newRow("explicit head_dim") << "explicit-head-dim.json" << qint64(289'327'104) << "";
    }
    void hfImport()
    {
        QFETCH(QString, file);
        QFETCH(qint64, expected);
        QFETCH(QString, presetId);
        Diagnostics d;
        const auto spec = importHfConfigFile(hfPath(file.toUtf8().constData()).toStdString(), d);
        QVERIFY2(spec.has_value(), d.empty() ? "" : d.front().message().c_str());
        QVERIFY(!hasErrors(d));
        QCOMPARE(countParameters(*spec).total, expected);
        if (!presetId.isEmpty())
            QCOMPARE(countParameters(*spec).total, countParameters(preset(presetId.toUtf8().constData())).total);
    }

    void publishedActiveParameters_data()
    {
        QTest::addColumn<QString>("presetId");
        QTest::addColumn<double>("publishedBillions");
        QTest::addColumn<double>("tolerance");
        // DeepSeek-V3: "37B activated for each token" (arXiv 2412.19437 abstract); counted: 8
        // routed + 1 shared expert in 58 layers, 3 dense layers, attention, embeddings = 37.55B.
        QTest::newRow("deepseek-v3") << "deepseek-v3" << 37.0 << 0.6;
        // Qwen3-30B-A3B: "3.3B activated" (Qwen3 Technical Report, arXiv 2505.09388 Table 2).
        QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << 3.3 << 0.06;
    }
    void publishedActiveParameters()
    {
        QFETCH(QString, presetId);
        QFETCH(double, publishedBillions);
        QFETCH(double, tolerance);
        const ParameterCount c = countParameters(preset(presetId.toUtf8().constData()));
        QVERIFY2(std::abs(c.active / 1e9 - publishedBillions) < tolerance, QByteArray::number(c.active / 1e9).constData());
    }

    void layerVariantsKeepTheirParameters()
    {
        // A parallel residual, ALiBi and qk-norm's effect on the count: parallel residual none
        // (GPT-NeoX keeps both LayerNorms), ALiBi none (no table), qk-norm 2 x head_dim per layer.
        ModelSpec m = preset("gpt-neox-20b");
        const std::int64_t parallel = countParameters(m).total;
        m.parallelResidual = false;
        QCOMPARE(countParameters(m).total, parallel);
        ModelSpec q = preset("qwen3-30b-a3b");
        const std::int64_t withNorm = countParameters(q).total;
        q.qkNorm = false;
        QCOMPARE(withNorm - countParameters(q).total, std::int64_t{48 * 2 * 128});
        // LayerNorm without bias (MPT): one vector per norm instead of two.
        ModelSpec mpt = preset("mpt-7b");
        const std::int64_t noBias = countParameters(mpt).total;
        mpt.norm = NormKind::LayerNorm;
        QCOMPARE(countParameters(mpt).total - noBias, std::int64_t{(2 * 32 + 1) * 4096});
    }

    void mlaShapeIsValidated()
    {
        ModelSpec m = preset("deepseek-v3");
        m.kvLoraRank = 0;
        Diagnostics d;
        validateModel(m, d);
        QVERIFY(hasErrors(d));
        ModelSpec dense = preset("deepseek-v3");
        dense.moe.denseLayers = dense.layers;
        Diagnostics d2;
        validateModel(dense, d2);
        QVERIFY(hasErrors(d2));
        QCOMPARE(QString::fromStdString(d2.front().field), QStringLiteral("model.dense_layers"));
    }

    void hfImportRejects_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown architecture") << "unsupported-bert.json" << "\"bert\" is not supported";
        QTest::newRow("missing hidden_size") << "missing-hidden.json" << "missing \"hidden_size\"";
        QTest::newRow("no such file") << "does-not-exist.json" << "cannot read";
    }
    void hfImportRejects()
    {
        QFETCH(QString, file);
        QFETCH(QString, messagePart);
        Diagnostics d;
        const auto spec = importHfConfigFile(hfPath(file.toUtf8().constData()).toStdString(), d);
        QVERIFY(!spec.has_value());
        QVERIFY(hasErrors(d));
        QCOMPARE(QString::fromStdString(d.front().field), QStringLiteral("model.hf_config"));
        QVERIFY2(QString::fromStdString(d.front().message()).contains(messagePart), d.front().message().c_str());
    }

    void paramsFamilyArticleShape()
    {
        // 7e9 lands on Llama-2-7B's shape, and the ledger uses exactly 7e9.
        const ModelSpec m = shapeForParameterCount(7'000'000'000);
        QCOMPARE(m.layers, 32);
        QCOMPARE(m.hidden, qint64(4096));
        QCOMPARE(m.heads, 32);
        QCOMPARE(m.ffnHidden, qint64(11008));
        QCOMPARE(ledgerParameters(m), qint64(7'000'000'000));
        QCOMPARE(countParameters(m).total, qint64(6'738'415'616));
    }

    void paramsFamilyIsMonotone()
    {
        int previousLayers = 0;
        for (double n = 1e8; n <= 2e12; n *= 1.05) {
            const ModelSpec m = shapeForParameterCount(static_cast<std::int64_t>(n));
            QVERIFY(m.layers >= previousLayers);
            QCOMPARE(m.hidden, 128 * qint64(m.layers));
            Diagnostics d;
            validateModel(m, d);
            QVERIFY(!hasErrors(d));
            // The shape stays within 25% of N, so apportioning N by it is meaningful.
            const double ratio = static_cast<double>(countParameters(m).total) / n;
            QVERIFY2(ratio > 0.75 && ratio < 1.25, qPrintable(QString::number(n)));
            previousLayers = m.layers;
        }
    }

    void tensorParallelSplits()
    {
        // Llama-2-7B with tp 2: projections, embedding and output halve; norms replicate.
        const ModelSpec& m = preset("llama2-7b");
        const ParameterInventory inventory(m);
        std::int64_t perRank = 0;
        for (const TensorGroup& g : inventory.groups())
            perRank += (g.placement == Placement::Layer ? m.layers : 1) * localShape(g, 2, 1).elements();
        const std::int64_t norms = (2 * m.layers + 1) * m.hidden;
        QCOMPARE(perRank, (countParameters(m).total - norms) / 2 + norms);
    }
};

QTEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
