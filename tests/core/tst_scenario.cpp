// Scenario checks (every impossible layout is an error naming its field) and scenario files
// (round trip, malformed input rejected without touching the current scenario).
#include <cmath>
#include <limits>

#include <QSet>
#include <QtTest>

#include <QTemporaryDir>

#include "core/estimate/estimate.h"
#include "core/estimate/sweeps.h"
#include "core/hardware/gpu_spec.h"
#include "core/presets/preset_registry.h"
#include "core/scenario/field_table.h"
#include "core/scenario/layout_options.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario_json.h"

using namespace shardscope;
using Json = nlohmann::json;

namespace {

Scenario llama7b()
{
    Scenario s = defaultScenario();
    s.model = standardModelPresets().find("llama2-7b")->spec;
    s.modelId = "llama2-7b";
    return s;
}

bool hasErrorOn(const Estimate& e, const std::string& field)
{
    for (const Diagnostic& d : e.diagnostics) {
        if (d.severity == Severity::Error && d.field == field)
            return true;
    }
    return false;
}

} // namespace

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void presetLookupFindsEveryIdAndNoOther()
    {
        // The lookup hashes the ids' first and last eight bytes and length, and compares whole ids
        // only above 16 characters: ids that share those bytes, are shorter than eight, differ only
        // in the middle of a long id, or crowd the table (300 more, probing past each other) are
        // each found, and nothing else is.
        struct Item {
            std::string id;
            std::string origin;
            const std::string& presetId() const { return id; }
        };
        std::vector<std::string> ids{"a", "abcdefgh", "abcdefghi", "abcdefgh-x", "abcdefgz", "b", "h100-sxm", "h100-sxm5",
                                           std::string("ab\0c", 4), "\xc3\xa9t\xc3\xa9", "~", "abcdefgh12345678",
                                           "abcdefgh-1-stuvwxyz", "abcdefgh-2-stuvwxyz", "abcdefgh-22-stuvwxyz"};
        for (int i = 0; i < 300; ++i)
            ids.push_back("gpu-" + std::to_string(i));
        std::vector<PresetFile> files;
        for (const std::string& id : ids)
            files.push_back({"test", Json{{"id", id}}.dump()});
        const PresetRegistry<Item> registry(files, [](const Json& object, Item& item, Diagnostics&) {
            item.id = object.at("id").get<std::string>();
        });
        QCOMPARE(registry.all().size(), ids.size());
        for (const std::string& id : ids) {
            const Item* found = registry.find(id);
            QVERIFY2(found != nullptr && found->id == id, id.c_str());
        }
        for (const std::string missing : {"", "ab", "abcdefg", "abcdefghj", "abcdefgh-", "h100", "h100-sxm4", "zzzzzzzzz",
                                          "abcdefgh-3-stuvwxyz", "abcdefgh12345679", "gpu-300", "gpu-03"})
            QVERIFY2(registry.find(missing) == nullptr, missing.c_str());
        QVERIFY(registry.find(std::string("ab\0", 3)) == nullptr);
        QVERIFY(standardGpuPresets().find("h100-sxm") != nullptr);
    }

    void impossibleLayouts_data()
    {
        QTest::addColumn<QString>("patch");   // a scenario document applied over llama2-7b
        QTest::addColumn<QString>("field");
        QTest::newRow("tp does not divide heads") << R"({"parallel":{"gpus":3,"tp":3}})" << "parallel.tp";
        QTest::newRow("tp does not divide kv heads") << R"({"model":{"model":"llama3-8b"},"parallel":{"gpus":16,"tp":16}})" << "parallel.tp";
        QTest::newRow("tp does not divide FFN") << R"({"model":{"ffn_hidden":11000},"parallel":{"gpus":16,"tp":16}})" << "parallel.tp";
        QTest::newRow("pp more than layers") << R"({"model":{"layers":2},"parallel":{"gpus":3,"pp":3}})" << "parallel.pp";
        QTest::newRow("stage list does not sum to layers") << R"({"parallel":{"gpus":4,"pp":4,"pp_layers":"8,8,8,7"}})" << "parallel.pp_layers";
        QTest::newRow("first/last stages leave an uneven rest") << R"({"parallel":{"gpus":4,"pp":4,"pp_first_stage_layers":3}})" << "parallel.pp_first_stage_layers";
        QTest::newRow("cp does not divide sequence") << R"({"training":{"seq_len":1000},"parallel":{"gpus":16,"cp":16}})" << "parallel.cp";
        QTest::newRow("ep without experts") << R"({"parallel":{"gpus":8,"ep":8}})" << "parallel.ep";
        QTest::newRow("ep does not divide experts") << R"({"model":{"model":"mixtral-8x7b"},"parallel":{"gpus":6,"ep":3}})" << "parallel.ep";
        QTest::newRow("dp x tp x pp x cp != gpus") << R"({"parallel":{"gpus":64,"dp":4,"tp":2}})" << "parallel.gpus";
        QTest::newRow("gpus not a multiple of model parallel") << R"({"parallel":{"gpus":6,"tp":4}})" << "parallel.gpus";
        QTest::newRow("global batch not divisible") << R"({"training":{"global_batch":100},"parallel":{"gpus":64}})" << "training.global_batch";
        QTest::newRow("vpp without pp") << R"({"parallel":{"gpus":8,"vpp":2}})" << "parallel.vpp";
        QTest::newRow("vpp does not divide layers") << R"({"parallel":{"gpus":8,"pp":8,"vpp":3}})" << "parallel.vpp";
        QTest::newRow("zero stage 4") << R"({"parallel":{"zero":4}})" << "parallel.zero";
        QTest::newRow("zero gpus") << R"({"parallel":{"gpus":0}})" << "parallel.gpus";
        QTest::newRow("negative tp") << R"({"parallel":{"tp":-2}})" << "parallel.tp";
        QTest::newRow("offload without ZeRO") << R"({"parallel":{"zero":0,"offload":"optimizer"}})" << "parallel.offload";
        QTest::newRow("param offload needs ZeRO-3") << R"({"parallel":{"zero":2,"offload":"optimizer+params"}})" << "parallel.offload";
        QTest::newRow("zero sequence") << R"({"training":{"seq_len":0}})" << "training.seq_len";
        QTest::newRow("unknown GPU") << R"({"cluster":{"gpu":"tpu-v5"}})" << "cluster.gpu";
        QTest::newRow("kv heads do not divide heads") << R"({"model":{"kv_heads":5}})" << "model.kv_heads";
        QTest::newRow("fragmentation above 1") << R"({"overhead":{"fragmentation":2}})" << "overhead.fragmentation";
        // Degrees at the top of their ranges: their products exceed 32 bits (UBSan caught one).
        QTest::newRow("pp x vpp beyond 32 bits") << R"({"parallel":{"gpus":65536,"pp":65536,"vpp":65536,"pp_layers":"1,1"}})" << "parallel.pp_layers";
        QTest::newRow("tp x pp x cp beyond 32 bits") << R"({"parallel":{"gpus":65536,"tp":65536,"pp":65536,"cp":65536}})" << "parallel.gpus";
        QTest::newRow("LoRA rank 0") << R"({"training":{"finetune":"lora","lora_rank":0}})" << "training.lora_rank";
    }
    void impossibleLayouts()
    {
        QFETCH(QString, patch);
        QFETCH(QString, field);
        Json document = scenarioToJson(llama7b());
        document.merge_patch(Json::parse(patch.toStdString()));
        if (document["model"].contains("model") && document["model"]["model"] != "llama2-7b") {
            const std::string id = document["model"]["model"];
            document["model"] = Json{{"model", id}};
        }
        Diagnostics read;
        const auto scenario = scenarioFromJson(document, {}, read);
        if (!scenario) {  // a field outside its range is refused as the file is read, naming it
            QVERIFY2(std::any_of(read.begin(), read.end(), [&](const Diagnostic& d) {
                         return d.severity == Severity::Error && d.field == field.toStdString();
                     }),
                     read.empty() ? "no diagnostics" : read.front().field.c_str());
            return;
        }
        const Estimate e = estimate(*scenario);
        QVERIFY(!e.valid());
        QVERIFY2(hasErrorOn(e, field.toStdString()),
                 e.diagnostics.empty() ? "no diagnostics" : e.diagnostics.front().field.c_str());
        for (const Diagnostic& d : e.diagnostics)
            QVERIFY(!d.message().empty());
    }

    // A value outside its field's range set on a scenario directly (as a GUI control does) is an
    // error of the estimate, with the message the file reader gives, and nothing is computed.
    void outOfRangeValuesSetDirectly()
    {
        Scenario s = llama7b();
        s.parallel.gpus = 0;
        s.model.hidden = std::int64_t{1} << 40;
        const Estimate e = estimate(s);
        QVERIFY(!e.valid());
        QVERIFY(hasErrorOn(e, "parallel.gpus"));
        QVERIFY(hasErrorOn(e, "model.hidden"));
        QCOMPARE(e.model.params, std::int64_t{0});
    }

    // The range checks' generated fast path (numericFieldsWithinRange) flags exactly the fields a
    // field-by-field check through the readers flags: one field at a time set just below its
    // minimum and just above its maximum, on a dense model and on DeepSeek-V3 (MoE and MLA).
    void rangeChecksFlagWhatTheReadersFlag()
    {
        const auto reference = [](const Scenario& s) {
            QStringList flagged;
            for (const FieldSpec& spec : scenarioFields()) {
                if (!spec.numeric() || spec.get == nullptr)
                    continue;
                const std::optional<FieldValue> value = spec.get(s);
                if (!value)
                    continue;
                const double v = std::holds_alternative<double>(*value) ? std::get<double>(*value)
                                                                        : static_cast<double>(std::get<std::int64_t>(*value));
                if (!((spec.minExclusive ? v > spec.min : v >= spec.min) && v <= spec.max))
                    flagged << QString::fromStdString(spec.path());
            }
            return flagged;
        };
        const auto checked = [](const Scenario& s) {
            Diagnostics out;
            checkFieldRanges(s, out);
            QStringList flagged;
            for (const Diagnostic& d : out)
                flagged << QString::fromStdString(d.field);
            return flagged;
        };
        Scenario deepseek = llama7b();
        deepseek.model = standardModelPresets().find("deepseek-v3")->spec;
        QVERIFY(deepseek.model.moe.isMoe() && deepseek.model.mla());
        int mutated = 0;
        int edgesCompared = 0;
        for (const Scenario& base : {llama7b(), deepseek}) {
            QVERIFY(checked(base).isEmpty());
            for (const FieldSpec& spec : scenarioFields()) {
                if (!spec.numeric() || spec.number == nullptr || spec.set == nullptr)
                    continue;
                const bool whole = spec.type != FieldType::Number;
                std::vector<double> outside{spec.minExclusive ? spec.min : spec.min - 1.0};
                if (spec.max < 1e9)
                    outside.push_back(spec.max + 1.0);
                if (!whole)
                    outside.push_back(std::numeric_limits<double>::quiet_NaN());
                for (const double v : outside) {
                    Scenario s = base;
                    const FieldValue value = whole ? FieldValue{static_cast<std::int64_t>(v)} : FieldValue{v};
                    QVERIFY2(spec.set(s, value), spec.key);
                    QCOMPARE(checked(s), reference(s));
                    ++mutated;
                }
                // The bounds themselves and, for whole numbers, just past the largest ones (the
                // checks compare whole-number members as integers: docs/performance.md). A value
                // the member's type cannot hold is refused by `set` and not compared.
                std::vector<double> edges{spec.max};
                if (!spec.minExclusive)
                    edges.push_back(spec.min);
                else if (whole)
                    edges.push_back(spec.min + 1.0);
                if (whole && spec.max >= 1e9)
                    edges.push_back(spec.max + 1.0);
                for (const double v : edges) {
                    Scenario s = base;
                    const FieldValue value = whole ? FieldValue{static_cast<std::int64_t>(v)} : FieldValue{v};
                    if (!spec.set(s, value))
                        continue;
                    QCOMPARE(checked(s), reference(s));
                    ++edgesCompared;
                }
            }
        }
        QVERIFY(mutated > 150);
        QVERIFY(edgesCompared > 150);
    }

    // The scaling sweep of a layout whose model-parallel product exceeds 32 bits (each degree in
    // range, a file can hold it) has no point to plot and must not overflow computing that.
    void scalingSweepOfAnImpossiblyWideLayout()
    {
        Scenario s = llama7b();
        s.parallel.tp = s.parallel.pp = s.parallel.cp = 65536;
        s.parallel.gpus = 65536;
        QVERIFY(scalingSweep(s, ScalingMode::FixedPerGpuWork, 1, 65536).empty());
        QVERIFY(scalingSweep(s, ScalingMode::FixedGlobalBatch, 1, 1 << 30).empty());
    }

    void malformedDocuments_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("field");
        QTest::newRow("not an object") << "[1,2]" << "scenario";
        QTest::newRow("group not an object") << R"({"training": 5})" << "training";
        QTest::newRow("string for a number") << R"({"training":{"seq_len":"long"}})" << "training.seq_len";
        QTest::newRow("fractional count") << R"({"parallel":{"tp":1.5}})" << "parallel.tp";
        QTest::newRow("unknown precision") << R"({"training":{"precision":"int4"}})" << "training.precision";
        QTest::newRow("unknown preset") << R"({"model":{"model":"gpt-5"}})" << "model.model";
        QTest::newRow("bad switch") << R"({"training":{"flash_attention":"maybe"}})" << "training.flash_attention";
        QTest::newRow("bad LoRA targets") << R"({"training":{"lora_targets":"q,x"}})" << "training.lora_targets";
        QTest::newRow("negative params") << R"({"model":{"params":-5}})" << "model.params";
        QTest::newRow("bad MLP kind") << R"({"model":{"mlp":"relu"}})" << "model.mlp";
    }
    void malformedDocuments()
    {
        QFETCH(QString, document);
        QFETCH(QString, field);
        Diagnostics d;
        const auto scenario = scenarioFromJson(Json::parse(document.toStdString()), {}, d);
        QVERIFY(!scenario.has_value());
        QVERIFY(hasErrors(d));
        bool named = false;
        for (const Diagnostic& item : d)
            named = named || item.field == field.toStdString();
        QVERIFY2(named, d.front().field.c_str());
    }

    void unknownFieldsWarn()
    {
        Diagnostics d;
        const auto scenario = scenarioFromJson(Json::parse(R"({"training":{"seq_lenn":8}})"), {}, d);
        QVERIFY(scenario.has_value());
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(d.front().severity, Severity::Warning);
        QCOMPARE(d.front().field.str(), std::string("training.seq_lenn"));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("document");
        QTest::newRow("default (article)") << "{}";
        QTest::newRow("preset with layout") << R"({"model":{"model":"llama3-70b"},"training":{"seq_len":8192,"global_batch":512,"recompute":"selective"},"parallel":{"gpus":512,"tp":8,"pp":4,"zero":1,"sequence_parallel":true,"vpp":2}})";
        QTest::newRow("params family") << R"({"model":{"params":13e9},"training":{"precision":"fp8-mixed","optimizer":"adafactor"}})";
        QTest::newRow("explicit shape") << R"({"model":{"layers":12,"hidden":768,"heads":12,"ffn_hidden":3072,"vocab":50257,"mlp":"gelu","norm":"layernorm","tied_embeddings":true,"position":"learned","max_positions":1024,"dropout":true}})";
        QTest::newRow("qlora offload overhead") << R"({"model":{"model":"mixtral-8x7b"},"training":{"finetune":"qlora","lora_rank":64,"lora_targets":"q,v"},"parallel":{"gpus":8,"ep":8,"zero":3,"offload":"optimizer+params"},"cluster":{"gpu":"a100-80g","gpus_per_node":4,"inter_node_gbps":25},"overhead":{"context_mib":700,"fragmentation":0.2}})";
    }
    void roundTrip()
    {
        QFETCH(QString, document);
        Diagnostics d;
        const auto first = scenarioFromJson(Json::parse(document.toStdString()), {}, d);
        QVERIFY(first.has_value());
        const Json written = scenarioToJson(*first);
        const auto second = scenarioFromJson(written, {}, d);
        QVERIFY(second.has_value());
        QCOMPARE(scenarioToJson(*second).dump(), written.dump());
        const Estimate a = estimate(*first);
        const Estimate b = estimate(*second);
        QCOMPARE(a.memory.perGpu.device.total(), b.memory.perGpu.device.total());
        QCOMPARE(a.memory.singleGpu.device.total(), b.memory.singleGpu.device.total());
        QCOMPARE(a.model.params, b.model.params);
    }

    void fileSaveIsAtomicAndLoadRejectsGarbage()
    {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.filePath("scenario.json").toStdString();
        std::string error;
        QVERIFY(saveScenarioFile(llama7b(), path, error));
        Diagnostics d;
        const auto loaded = loadScenarioFile(path, d);
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->modelId, std::string("llama2-7b"));

        // Saving into a folder that does not exist fails and leaves nothing behind.
        QVERIFY(!saveScenarioFile(llama7b(), dir.filePath("missing/x.json").toStdString(), error));
        QVERIFY(!error.empty());

        QFile garbage(dir.filePath("garbage.json"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("{\"model\": {");
        garbage.close();
        Diagnostics bad;
        QVERIFY(!loadScenarioFile(garbage.fileName().toStdString(), bad).has_value());
        QVERIFY(QString::fromStdString(bad.front().message()).contains("not valid JSON"));
    }

    void hfConfigPathIsRelativeToTheScenario()
    {
        const Json document = Json::parse(R"({"model":{"hf_config":"hf/llama3-8b.json"}})");
        Diagnostics d;
        const auto s = scenarioFromJson(document, SHARDSCOPE_SOURCE_DIR "/tests/data", d);
        QVERIFY(s.has_value());
        QCOMPARE(countParameters(s->model).total, qint64(8'030'261'248));
    }

    void impossibleLayoutNamesTheNearestThatRun()
    {
        // TP 3 on 64 GPUs breaks the divisibility rules (64 is not a multiple of 3, and 3 does
        // not divide the 32 heads): the nearest TP values that run are 2 and 4 at 64 GPUs, and
        // no GPU count makes TP 3 run with 32 heads.
        Scenario s = defaultScenario();
        s.parallel.tp = 3;
        QVERIFY(!estimate(s).valid());
        const std::vector<LayoutFix> fixes = nearestValidLayouts(s);
        QStringList got;
        for (const LayoutFix& f : fixes)
            got << QStringLiteral("%1=%2").arg(QLatin1String(f.field)).arg(f.value);
        QVERIFY2(got.contains(QStringLiteral("parallel.tp=2")) && got.contains(QStringLiteral("parallel.tp=4")),
                 qPrintable(got.join(QLatin1Char(' '))));
        for (const LayoutFix& f : fixes) {
            Scenario fixed = s;
            fixed.parallel.*(std::string_view(f.field) == "parallel.tp"   ? &ParallelSpec::tp
                             : std::string_view(f.field) == "parallel.pp" ? &ParallelSpec::pp
                             : std::string_view(f.field) == "parallel.cp" ? &ParallelSpec::cp
                                                                          : &ParallelSpec::gpus) = f.value;
            fixed.parallel.dp.reset();
            QVERIFY2(estimate(fixed).valid(), f.field);  // every suggestion runs
        }
        QVERIFY(nearestValidLayouts(defaultScenario()).empty());  // nothing to fix
    }

    // The range checks read numeric fields through FieldSpec::number (no FieldValue per field);
    // it must give what get() gives, set or unset, on every model preset (dense, MoE, MLA) with
    // the optional fields both unset and set, and every numeric field has one.
    void numberReadsWhatGetReads()
    {
        std::vector<Scenario> scenarios{defaultScenario()};
        for (const ModelPreset& preset : standardModelPresets().all()) {
            Scenario s = defaultScenario();
            s.model = preset.spec;
            scenarios.push_back(s);
            s.model.exactParams = 7'000'000'001;
            s.model.headDim = 0;
            s.model.kvHeads = 0;
            s.model.position = PositionKind::Learned;
            s.model.maxPositions = 4097;
            s.training.globalBatch = 1536;
            s.parallel.dp = 3;
            s.parallel.tp = 7;
            s.overhead.cudaContextBytes = 1234.5 * 1048576.0;
            s.overhead.dpBucketBytes = 3e8 + 0.25;
            // The optional real-valued fields, set (the default scenario leaves them unset).
            s.cluster.intraNodeGbps = 450.5;
            s.cluster.interNodeGbps = 50.25;
            s.cluster.peakTflops = 989.5;
            s.cluster.memoryGbps = 3350.0;
            s.perf.gemmEfficiency = 0.625;
            s.ops.clusterMtbfHours = 2.75;
            s.ops.failuresPerGpuDay = 0.0125;
            s.ops.checkpointWriteMinutes = 1.5;
            s.ops.storageGbps = 123.0;
            s.ops.restartMinutes = 7.25;
            s.ops.intervalMinutes = 33.0;
            scenarios.push_back(s);
        }
        QStringList withoutNumber;
        int compared = 0;
        int wholeCompared = 0;
        QSet<QString> readSet;  // fields compared with a value
        for (const FieldSpec& spec : scenarioFields()) {
            if (!spec.numeric()) {
                QVERIFY2(spec.number == nullptr, spec.key);
                continue;
            }
            if (spec.number == nullptr || spec.get == nullptr) {
                withoutNumber << QString::fromStdString(spec.path());
                continue;
            }
            for (const Scenario& s : scenarios) {
                const std::optional<FieldValue> value = spec.get(s);
                double number = -1.0;
                const bool set = spec.number(s, number);
                QCOMPARE(set, value.has_value());
                if (!set)
                    continue;
                const double expected = std::holds_alternative<double>(*value) ? std::get<double>(*value)
                                                                                : static_cast<double>(std::get<std::int64_t>(*value));
                QVERIFY2(number == expected, qPrintable(QString::fromStdString(spec.path())));
                // A whole-number member's integer reader (the range checks' integer comparisons)
                // reads the same value, and so does `get`, exactly.
                if (spec.number.hasWhole) {
                    std::int64_t whole = -1;
                    QVERIFY2(spec.number.whole(s, whole), qPrintable(QString::fromStdString(spec.path())));
                    QVERIFY2(std::holds_alternative<std::int64_t>(*value) && whole == std::get<std::int64_t>(*value),
                             qPrintable(QString::fromStdString(spec.path())));
                    ++wholeCompared;
                }
                ++compared;
                readSet << QString::fromStdString(spec.path());
            }
        }
        QVERIFY(compared > 1000);
        QVERIFY(wholeCompared > 500);  // the layers, hidden size, GPU counts, batches, ...
        for (const char* optional : {"cluster.intra_node_gbps", "cluster.inter_node_gbps", "cluster.peak_tflops", "cluster.memory_gbps",
                                     "perf.gemm_efficiency", "ops.cluster_mtbf_hours", "ops.failures_per_gpu_day", "ops.checkpoint_write_minutes",
                                     "ops.storage_gbps", "ops.restart_minutes", "ops.interval_minutes"})
            QVERIFY2(readSet.contains(QLatin1String(optional)), optional);
        // The generated range checks read every numeric field through `number`, unchecked: each
        // numeric row must have one (and `get`, which the readers compare it with).
        QVERIFY2(withoutNumber.isEmpty(), qPrintable(withoutNumber.join(QLatin1String(", "))));
    }
};

QTEST_APPLESS_MAIN(TestScenario)
#include "tst_scenario.moc"
