// shardscope-cli as users script it: the contract's JSON, table and CSV, scenario files, and
// exit status 2 with a message naming the flag for invalid input.
#include <QtTest>

#include <csignal>
#include <sys/types.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include "tests/common/cli_process.h"

namespace {

using Run = shardscope::testing::CliRun;

Run cli(const QStringList& args) { return shardscope::testing::runCli(args); }

QJsonObject json(const Run& run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void overridingHeadsKeepsPlainMultiHeadAttention()
    {
        // The default base has 32 heads and 32 kv heads; --heads 16 alone must mean 16 kv heads and
        // head dim hidden/heads, not an impossible 32 kv heads.
        const Run run = cli({"estimate", "--layers", "2", "--hidden", "1024", "--heads", "16", "--ffn-hidden", "4096",
                             "--gpus", "1", "--global-batch", "1", "--format", "json", "--save-scenario",
                             QDir::temp().filePath(QStringLiteral("shardscope-heads.json"))});
        QVERIFY2(run.status == 0, run.err.constData());
        QFile saved(QDir::temp().filePath(QStringLiteral("shardscope-heads.json")));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QJsonObject model = QJsonDocument::fromJson(saved.readAll()).object()["model"].toObject();
        QCOMPARE(model["kv_heads"].toInt(), 16);
        QCOMPARE(model["head_dim"].toInt(), 64);
        // A GQA base keeps its kv heads when only the heads change.
        QCOMPARE(cli({"estimate", "--model", "llama3-8b", "--heads", "16", "--gpus", "1", "--global-batch", "1"}).status, 0);
    }

    void jsonHasTheContractsFields()
    {
        const Run run = cli({"estimate", "--format", "json"});
        QCOMPARE(run.status, 0);
        const QJsonObject o = json(run);
        QVERIFY(o["model"].toObject().contains("params"));
        QVERIFY(o["model"].toObject().contains("params_per_gpu"));
        const QJsonObject memory = o["memory"].toObject();
        for (const char* block : {"single_gpu", "per_gpu"}) {
            const QJsonObject b = memory[block].toObject();
            for (const char* key : {"weights", "gradients", "master_weights", "optimizer_states", "activations",
                                    "overhead", "total"})
                QVERIFY2(b[key].isDouble(), key);
        }
        QVERIFY(memory["gpu_capacity"].isDouble());
        const QJsonObject comm = o["communication"].toObject();
        QVERIFY(comm["seconds"].isDouble() && comm["exposed_seconds"].isDouble());
        QVERIFY(!comm["per_step"].toArray().isEmpty());  // the default is 64 GPUs under ZeRO-3
        for (const auto& c : comm["per_step"].toArray()) {
            const QJsonObject call = c.toObject();
            const QString collective = call["collective"].toString();
            QVERIFY(QStringList({"all-reduce", "all-gather", "reduce-scatter", "send-recv", "all-to-all"}).contains(collective));
            QVERIFY(QStringList({"dp", "tp", "pp", "cp", "ep"}).contains(call["dimension"].toString()));
            for (const char* key : {"bytes", "wire_bytes", "seconds"})
                QVERIFY2(call[key].isDouble(), key);
        }
        QVERIFY(o["compute"].toObject()["flops_per_step"].toDouble() > 0);
        QVERIFY(o["compute"].toObject()["seconds"].toDouble() > 0);
        const QJsonObject step = o["step"].toObject();
        for (const char* key : {"seconds", "bubble_fraction", "mfu", "tokens_per_second"})
            QVERIFY2(step[key].isDouble(), key);
        QVERIFY(step["mfu"].toDouble() > 0 && step["mfu"].toDouble() < 1);
        QVERIFY(memory["fits"].isBool());
        QVERIFY(o["diagnostics"].isArray());
        for (const auto& d : o["diagnostics"].toArray()) {
            const QString severity = d.toObject()["severity"].toString();
            QVERIFY(severity == "error" || severity == "warning" || severity == "info");
            QVERIFY(!d.toObject()["message"].toString().isEmpty());
        }
    }

    void defaultIsTheArticle()
    {
        const QJsonObject o = json(cli({"estimate", "--format", "json"}));
        QCOMPARE(o["model"].toObject()["params"].toDouble(), 7e9);
        const QJsonObject single = o["memory"].toObject()["single_gpu"].toObject();
        const double states = single["weights"].toDouble() + single["gradients"].toDouble()
                              + single["master_weights"].toDouble() + single["optimizer_states"].toDouble();
        QCOMPARE(states, 112e9);
        const QJsonObject per = o["memory"].toObject()["per_gpu"].toObject();
        QCOMPARE(per["weights"].toDouble() + per["gradients"].toDouble() + per["master_weights"].toDouble()
                     + per["optimizer_states"].toDouble(),
                 1.75e9);
    }

    void flagsChangeTheEstimate()
    {
        const QJsonObject o = json(cli({"estimate", "--model", "llama3-70b", "--gpus", "64", "--tp", "8", "--pp", "2",
                                        "--zero", "1", "--sequence-parallel", "--recompute", "selective", "--seq-len",
                                        "8192", "--gpu", "h200", "--format", "json"}));
        QCOMPARE(o["model"].toObject()["params"].toDouble(), 70553706496.0);
        QVERIFY(o["memory"].toObject()["per_gpu"].toObject()["total"].toDouble() < 141e9);
        QCOMPARE(o["memory"].toObject()["gpu_capacity"].toDouble(), 143771.0 * 1024 * 1024);
    }

    void paramsAcceptsSuffixes()
    {
        const QJsonObject o = json(cli({"estimate", "--params", "13B", "--format", "json"}));
        QCOMPARE(o["model"].toObject()["params"].toDouble(), 13e9);
    }

    void tableShowsGbAndGib()
    {
        const Run run = cli({"estimate"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.contains("GB"));
        QVERIFY(run.out.contains("GiB"));
        QVERIFY(run.out.contains("112.00"));  // model states on one GPU, GB
        QVERIFY(run.out.contains("1.75"));    // model states per GPU under ZeRO-3, GB
    }

    void csvHasOneRowPerQuantity()
    {
        const Run run = cli({"estimate", "--format", "csv"});
        QCOMPARE(run.status, 0);
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.front(), QByteArray("quantity,unit,single_gpu,per_gpu"));
        for (const QByteArray& line : lines)
            QCOMPARE(line.count(','), 3);
        QVERIFY(run.out.contains("\nweights,bytes,14000000000,218750000\n"));
    }

    void invalidInputExitsTwoNamingTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("tp divides heads") << QStringList{"estimate", "--model", "llama2-7b", "--gpus", "3", "--tp", "3"} << "--tp";
        QTest::newRow("gpus product") << QStringList{"estimate", "--gpus", "10", "--dp", "4"} << "--gpus";
        QTest::newRow("not a number") << QStringList{"estimate", "--seq-len", "long"} << "--seq-len";
        QTest::newRow("fraction for a count") << QStringList{"estimate", "--tp", "1.5"} << "--tp";
        QTest::newRow("unknown flag") << QStringList{"estimate", "--tensor-parallel", "2"} << "--tensor-parallel";
        QTest::newRow("missing value") << QStringList{"estimate", "--gpus"} << "--gpus";
        QTest::newRow("unknown model") << QStringList{"estimate", "--model", "gpt-9"} << "--model";
        QTest::newRow("unknown precision") << QStringList{"estimate", "--precision", "int3"} << "--precision";
        QTest::newRow("unknown gpu") << QStringList{"estimate", "--gpu", "abacus"} << "--gpu";
        QTest::newRow("bad format") << QStringList{"estimate", "--format", "xml"} << "--format";
        QTest::newRow("unknown hf architecture") << QStringList{"estimate", "--hf-config", SHARDSCOPE_SOURCE_DIR "/tests/data/hf/unsupported-bert.json"} << "--hf-config";
        QTest::newRow("missing scenario file") << QStringList{"estimate", "--scenario", "/nonexistent/s.json"} << "--scenario";
        QTest::newRow("zero sequence") << QStringList{"estimate", "--seq-len", "0"} << "--seq-len";
        QTest::newRow("pp more than layers") << QStringList{"estimate", "--gpus", "64", "--pp", "64", "--layers", "32"} << "--pp";
        QTest::newRow("unknown command") << QStringList{"estimat"} << "estimat";
        // One strict parser: each flag once, decimal numbers only, ranges from the field table.
        QTest::newRow("flag given twice") << QStringList{"estimate", "--gpus", "8", "--gpus", "16"} << "--gpus";
        QTest::newRow("hexadecimal") << QStringList{"estimate", "--tp", "0x10"} << "--tp";
        QTest::newRow("leading plus") << QStringList{"estimate", "--tp", "+2"} << "--tp";
        QTest::newRow("surrounding space") << QStringList{"estimate", "--gpus", " 8"} << "--gpus";
        QTest::newRow("decimal comma") << QStringList{"estimate", "--gemm-efficiency", "0,5"} << "--gemm-efficiency";
        QTest::newRow("beyond int") << QStringList{"estimate", "--hidden", "2147483648"} << "--hidden";
        QTest::newRow("beyond the field's range") << QStringList{"estimate", "--params", "9e18"} << "--params";
        QTest::newRow("empty config path") << QStringList{"estimate", "--hf-config", ""} << "--hf-config";
        QTest::newRow("empty scenario path") << QStringList{"estimate", "--scenario", ""} << "--scenario";
        QTest::newRow("a scenario flag on drift") << QStringList{"drift", "--gpus", "8"} << "--gpus";
    }
    void invalidInputExitsTwoNamingTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const Run run = cli(args);
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(QString::fromUtf8(run.err).contains(flag), run.err.constData());
    }

    void scenarioFilesRoundTripAndFlagsOverride()
    {
        QTemporaryDir dir;
        const QString saved = dir.filePath("s.json");
        const Run first = cli({"estimate", "--model", "qwen2.5-7b", "--gpus", "16", "--tp", "2", "--zero", "2",
                               "--save-scenario", saved, "--format", "json"});
        QCOMPARE(first.status, 0);
        QVERIFY(QFile::exists(saved));
        const Run again = cli({"estimate", "--scenario", saved, "--format", "json"});
        QCOMPARE(again.status, 0);
        QCOMPARE(json(again)["memory"].toObject(), json(first)["memory"].toObject());

        const Run overridden = cli({"estimate", "--scenario", saved, "--zero", "3", "--format", "json"});
        QVERIFY(json(overridden)["memory"].toObject()["per_gpu"].toObject()["weights"].toDouble()
                < json(first)["memory"].toObject()["per_gpu"].toObject()["weights"].toDouble());

        // A malformed file is rejected with exit 2 and the saved file is not touched.
        QFile broken(dir.filePath("broken.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"parallel\": {\"tp\": \"two\"}}");
        broken.close();
        const QByteArray before = [&] { QFile f(saved); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        const Run bad = cli({"estimate", "--scenario", broken.fileName(), "--save-scenario", saved});
        QCOMPARE(bad.status, 2);
        QVERIFY(bad.err.contains("parallel.tp"));
        QFile after(saved);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), before);
    }

    void userPresetFolderAddsModels()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("models"));
        QFile preset(dir.filePath("models/tiny.json"));
        QVERIFY(preset.open(QIODevice::WriteOnly));
        preset.write(R"({"id":"tiny-gpt","name":"Tiny","source":"test","layers":2,"hidden":64,"heads":4,)"
                     R"("ffn_hidden":256,"vocab":1000,"mlp":"gelu","norm":"layernorm","tied_embeddings":true})");
        preset.close();
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("SHARDSCOPE_PRESETS_DIR", dir.path());
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(SHARDSCOPE_CLI), {"estimate", "--model", "tiny-gpt", "--gpus", "1", "--format", "json"});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        // 1000 x 64 embedding (tied) + 2 layers x (4 x 64^2 + 2 x 64 x 256 + 2 x 2 x 64) + final LayerNorm 2 x 64;
        // this preset has no biases on its linear layers.
        QCOMPARE(o["model"].toObject()["params"].toDouble(), 1000.0 * 64 + 2 * (4 * 64 * 64 + 2 * 64 * 256 + 4 * 64) + 128);
    }

    void driftFollowsTheContract()
    {
        const Run run = cli({"drift", "--dtype", "bf16", "--start", "1", "--update", "1e-4", "--steps", "10000",
                             "--strategy", "naive", "--format", "json"});
        QCOMPARE(run.status, 0);
        const QJsonObject o = json(run);
        QCOMPARE(o["final"].toDouble(), 1.0);
        QCOMPARE(o["exact"].toDouble(), 2.0);
        QCOMPARE(o["abs_error"].toDouble(), 1.0);
        QCOMPARE(o["rel_error"].toDouble(), 0.5);
        QCOMPARE(o["lost_updates"].toDouble(), 10000.0);
        const QJsonArray curve = o["curve"].toArray();
        QVERIFY(curve.size() >= 2 && curve.size() <= 2000);
        QCOMPARE(curve.first().toArray().size(), 3);  // [step, value, exact]
        QCOMPARE(curve.last().toArray()[0].toDouble(), 10000.0);

        const QJsonObject fp32 = json(cli({"drift", "--dtype", "fp32", "--start", "1", "--update", "1e-4", "--steps",
                                           "10000", "--strategy", "naive", "--format", "json"}));
        QCOMPARE(fp32["final"].toDouble(), 2.0001657009124756);

        const Run csv = cli({"drift", "--strategy", "fp32-master", "--steps", "100", "--format", "csv"});
        QCOMPARE(csv.status, 0);
        QVERIFY(csv.out.startsWith("step,value,exact\n0,1,1\n"));
    }

    void reduceFollowsItsFlags()
    {
        const Run run = cli({"reduce", "--max-ranks", "64", "--elements", "16", "--format", "json"});
        QCOMPARE(run.status, 0);
        const QJsonArray points = json(run)["points"].toArray();
        QCOMPARE(points.size(), 6);  // 2 .. 64
        QVERIFY(points.last().toObject()["bf16"].toObject()["sequential"].toDouble() > 0);
        const Run sharded = cli({"reduce", "--sharded-master", "--params", "512", "--steps", "3", "--format", "json"});
        QCOMPARE(sharded.status, 0);
        const QJsonArray cases = json(sharded)["cases"].toArray();
        QVERIFY(cases.size() >= 6);
        QVERIFY(cases.first().toObject()["identical"].toBool());
    }

    // Ctrl-C during a long experiment: exit 130, a message, and nothing half-written on stdout.
    void longExperimentsStopCleanlyOnInterrupt_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("drift") << QStringList{"drift", "--steps", "1000000000", "--strategy", "kahan", "--spread", "0.5"};
        QTest::newRow("sharded master") << QStringList{"reduce", "--sharded-master", "--ranks", "100", "--params", "100000",
                                                       "--steps", "10"};
        QTest::newRow("reduce") << QStringList{"reduce", "--max-ranks", "4096", "--elements", "12000"};
    }
    void longExperimentsStopCleanlyOnInterrupt()
    {
        QFETCH(QStringList, args);
        QProcess process;
        process.start(QStringLiteral(SHARDSCOPE_CLI), args);
        QVERIFY(process.waitForStarted());
        QTest::qWait(1500);  // past start-up and option parsing: the handler is installed
        QCOMPARE(process.state(), QProcess::Running);  // each run takes ten seconds or more
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 130);
        QVERIFY(process.readAllStandardOutput().isEmpty());
        QVERIFY(process.readAllStandardError().contains("interrupted; nothing written"));
    }

    void precisionCommandsRejectBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("unknown dtype") << QStringList{"drift", "--dtype", "fp12"} << "--dtype";
        QTest::newRow("unknown strategy") << QStringList{"drift", "--strategy", "magic"} << "--strategy";
        QTest::newRow("zero steps") << QStringList{"drift", "--steps", "0"} << "--steps";
        QTest::newRow("start out of range") << QStringList{"drift", "--dtype", "fp8-e4m3", "--start", "1000"} << "--start";
        QTest::newRow("negative spread") << QStringList{"drift", "--spread", "-1"} << "--spread";
        QTest::newRow("text for a number") << QStringList{"drift", "--update", "tiny"} << "--update";
        QTest::newRow("reduce ranks") << QStringList{"reduce", "--max-ranks", "1"} << "--max-ranks";
        QTest::newRow("reduce flag") << QStringList{"reduce", "--ranks-max", "4"} << "--ranks-max";
        QTest::newRow("unknown drift flag, no value") << QStringList{"drift", "--bogus"} << "unknown flag";
        QTest::newRow("switch with a value") << QStringList{"reduce", "--sharded-master=yes"} << "--sharded-master";
    }
    void precisionCommandsRejectBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const Run run = cli(args);
        QCOMPARE(run.status, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(flag), run.err.constData());
    }

    void sweepsPrintTheChartSeries()
    {
        const Run scaling = cli({"sweep", "--kind", "scaling", "--model", "llama3-8b", "--gpus", "8", "--zero", "1",
                                 "--global-batch", "1024", "--format", "json"});
        QCOMPARE(scaling.status, 0);
        const QJsonArray points = json(scaling)["points"].toArray();
        QCOMPARE(points.size(), 12);
        QCOMPARE(points.first().toObject()["gpus"].toInt(), 8);
        const Run sequence = cli({"sweep", "--kind", "sequence", "--format", "csv"});
        QCOMPARE(sequence.status, 0);
        QVERIFY(sequence.out.startsWith("seq_len,valid,single_gpu_bytes,per_gpu_bytes,single_gpu_fits,fits\n256,"));
        const Run bad = cli({"sweep", "--kind", "sideways"});
        QCOMPARE(bad.status, 2);
        QVERIFY(bad.err.contains("--kind"));
    }

    void tableShowsTheStepBreakdown()
    {
        const Run run = cli({"estimate", "--model", "llama3-70b", "--gpus", "64", "--tp", "8", "--pp", "2", "--zero", "1",
                             "--global-batch", "128"});
        QCOMPARE(run.status, 0);
        for (const char* text : {"communication per step", "reduce-scatter", "all-gather", "send-recv", "pipeline bubble",
                                 "MFU", "GPU-hours"})
            QVERIFY2(run.out.contains(text), text);
    }

    void perfFlagsAreChecked()
    {
        const Run run = cli({"estimate", "--gemm-efficiency", "1.5"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--gemm-efficiency"));
        const Run ok = cli({"estimate", "--gemm-efficiency", "0.5", "--inter-node-gbps", "25", "--train-tokens", "2T",
                            "--format", "json"});
        QCOMPARE(ok.status, 0);
        QCOMPARE(json(ok)["step"].toObject()["train_tokens"].toDouble(), 2e12);
    }

    void exportRendersTheChartClassesHeadless_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("suffix");
        QTest::newRow("memory png") << "memory" << "png";
        QTest::newRow("sequence svg") << "sequence" << "svg";
        QTest::newRow("communication pdf") << "communication" << "pdf";
        QTest::newRow("scaling png") << "scaling" << "png";
        QTest::newRow("drift svg") << "drift" << "svg";
    }
    void exportRendersTheChartClassesHeadless()
    {
        QFETCH(QString, chart);
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        const QString scenario = dir.filePath("s.json");
        QCOMPARE(cli({"estimate", "--model", "llama3-8b", "--gpus", "16", "--zero", "1", "--save-scenario", scenario}).status, 0);
        const QString out = dir.filePath("chart." + suffix);
        const Run run = cli({"export", "--scenario", scenario, "--chart", chart, "--out", out, "--size", "800x500",
                             "--theme", "dark", "--lang", "zh_CN"});
        QVERIFY2(run.status == 0, run.err.constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(8);
        if (suffix == "png") {
            QVERIFY(head.startsWith("\x89PNG"));
            QCOMPARE(QImage(out).size(), QSize(800, 500));
        } else if (suffix == "pdf") {
            QVERIFY(head.startsWith("%PDF"));
        } else {
            QVERIFY(head.startsWith("<?xml"));
        }
    }

    void exportRejectsBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("unknown chart") << QStringList{"export", "--chart", "pie", "--out", "/tmp/x.png"} << "--chart";
        QTest::newRow("no output") << QStringList{"export", "--chart", "memory"} << "--out";
        QTest::newRow("bad size") << QStringList{"export", "--chart", "memory", "--out", "/tmp/x.png", "--size", "big"} << "--size";
        QTest::newRow("bad theme") << QStringList{"export", "--chart", "memory", "--out", "/tmp/x.png", "--theme", "blue"} << "--theme";
        QTest::newRow("bad language") << QStringList{"export", "--chart", "memory", "--out", "/tmp/x.png", "--lang", "fr"} << "--lang";
        QTest::newRow("unwritable") << QStringList{"export", "--chart", "memory", "--out", "/nonexistent/dir/x.png"} << "--out";
        QTest::newRow("bad format") << QStringList{"export", "--chart", "memory", "--out", "/tmp/x.gif"} << "--out";
    }
    void exportRejectsBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const Run run = cli(args);
        QCOMPARE(run.status, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(flag), run.err.constData());
    }

    void helpListsEveryCommand()
    {
        const Run run = cli({"--help"});
        QCOMPARE(run.status, 0);
        for (const char* command : {"estimate", "ops", "sweep", "drift", "reduce", "validate", "export"})
            QVERIFY2(run.out.contains(command), command);
    }

    // `<command> --help` prints that command's flags: its own, then every scenario flag.
    void commandHelpListsItsFlags_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("flags");
        const QStringList scenario{"--model", "--hf-config", "--params", "--seq-len", "--zero", "--offload", "--gpu"};
        QTest::newRow("estimate") << "estimate" << (QStringList{"--format", "--save-scenario"} + scenario);
        QTest::newRow("sweep") << "sweep" << (QStringList{"--kind", "--mode"} + scenario);
        QTest::newRow("export") << "export" << (QStringList{"--chart", "--out", "--size", "--theme", "--lang", "memory"} + scenario);
        QTest::newRow("drift") << "drift" << QStringList{"--dtype", "--strategy", "--steps", "fp32-master"};
        QTest::newRow("reduce") << "reduce" << QStringList{"--max-ranks", "--sharded-master"};
        QTest::newRow("validate") << "validate" << QStringList{"--cases", "--only", "--write-doc"};
        QTest::newRow("ops") << "ops" << (QStringList{"--cluster-mtbf-hours", "--failures-per-gpu-day", "--checkpoint-write-minutes",
                                                      "--storage-gbps", "--restart-minutes", "--interval-minutes", "--async-checkpoint",
                                                      "--format"} + scenario);
    }
    void commandHelpListsItsFlags()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, flags);
        const Run run = cli({command, "--help"});
        QCOMPARE(run.status, 0);
        for (const QString& flag : flags)
            QVERIFY2(run.out.contains(flag.toUtf8()), qPrintable(flag));
        if (command == "drift" || command == "reduce" || command == "validate")
            QVERIFY2(!run.out.contains("--seq-len"), "a command without a scenario lists no scenario flags");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
