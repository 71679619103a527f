// The command line at its trust boundary (issue 18, issue 16): each row is a hostile input or a
// failed write the audit found, run through the built shardscope-cli as a user would.
#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

#include <sys/stat.h>
#include <unistd.h>

#include "tests/common/cli_process.h"

using shardscope::testing::runCli;

namespace {

void write(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

QByteArray hfConfig(const QByteArray& layers)
{
    return R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": )" + layers
           + R"(, "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 32000})";
}

} // namespace

class TstCliTrust : public QObject {
    Q_OBJECT

private slots:
    void badInputIsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");  // the flag or field the message must name
        QTest::newRow("scenario /dev/zero") << QStringList{"estimate", "--scenario", "/dev/zero"} << "not a regular file";
        QTest::newRow("hf-config /dev/zero") << QStringList{"estimate", "--hf-config", "/dev/zero"} << "not a regular file";
        QTest::newRow("empty hf-config") << QStringList{"estimate", "--hf-config", ""} << "--hf-config";
        QTest::newRow("empty scenario") << QStringList{"estimate", "--scenario", ""} << "--scenario";
        QTest::newRow("cases /dev/zero") << QStringList{"validate", "--no-built-in", "--cases", "/dev/zero"} << "--cases";
        QTest::newRow("leading plus") << QStringList{"estimate", "--gpus", "+3"} << "--gpus";
        QTest::newRow("spaces") << QStringList{"estimate", "--gpus", " 5"} << "--gpus";
        QTest::newRow("decimal comma") << QStringList{"estimate", "--gemm-efficiency", "0,5"} << "--gemm-efficiency";
        QTest::newRow("drift unknown flag") << QStringList{"drift", "--bogus"} << "unknown flag";
        // Every command checks its base scenario first (issue 18, item 4).
        QTest::newRow("sweep tp 3") << QStringList{"sweep", "--kind", "scaling", "--tp", "3"} << "--tp";
        QTest::newRow("sweep unknown gpu") << QStringList{"sweep", "--gpu", "nosuchgpu"} << "--gpu";
        QTest::newRow("sweep sequence tp 3") << QStringList{"sweep", "--kind", "sequence", "--tp", "3"} << "--tp";
        QTest::newRow("ops tp 3") << QStringList{"ops", "--tp", "3"} << "--tp";
        QTest::newRow("export drift tp 3") << QStringList{"export", "--chart", "drift", "--out", "/tmp/x.png", "--tp", "3"} << "--tp";
        QTest::newRow("export-config tp 3") << QStringList{"export-config", "--engine", "megatron", "--tp", "3"} << "--tp";
    }
    void badInputIsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        QElapsedTimer timer;
        timer.start();
        const auto run = runCli(args, 20000);
        QVERIFY2(run.status == 2, (args.join(' ') + " -> " + QString::number(run.status) + ": " + run.err).toUtf8());
        QVERIFY2(run.err.contains(named.toUtf8()), run.err);
        QVERIFY(run.out.isEmpty() || !run.out.contains("(impossible layout"));
        QVERIFY(timer.elapsed() < 15000);
    }

    void nonUtf8PathIsBadInput()
    {
        const auto run = runCli({"estimate", "--hf-config", QString::fromLatin1("/tmp/bad\xff.json")});
        QCOMPARE(run.status, 2);
        QVERIFY(!run.err.contains("internal error"));
    }

    void filesWithBadStructure_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("named");
        QTest::newRow("duplicate key") << QByteArray(R"({"parallel": {"gpus": 8, "gpus": 16}})") << "\"gpus\"";
        QTest::newRow("deep nesting") << (QByteArray(100, '[') + QByteArray(100, ']')) << "nested deeper";
        QTest::newRow("not json") << QByteArray("{\"parallel\": ") << "not valid JSON";
    }
    void filesWithBadStructure()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, named);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        write(path, text);
        const auto run = runCli({"estimate", "--scenario", path});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(named.toUtf8()), run.err);
    }

    // num_hidden_layers 4294967328 wrapped to 32 and gave Llama-2-7B's result.
    void hfCountsAreRangeCheckedBeforeNarrowing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        for (const QByteArray& layers : {QByteArray("4294967328"), QByteArray("18446744073709551615"), QByteArray("2147483648")}) {
            write(path, hfConfig(layers));
            const auto run = runCli({"estimate", "--hf-config", path});
            QVERIFY2(run.status == 2, layers + ": " + run.out);
            QVERIFY2(run.err.contains("num_hidden_layers"), run.err);
        }
        write(path, hfConfig("32"));
        QCOMPARE(runCli({"estimate", "--hf-config", path}).status, 0);
    }

    // estimate --format json > /dev/full exited 0 with nothing written.
    void failedOutputIsNotSuccess()
    {
        for (const QStringList& args : {QStringList{"estimate", "--format", "json"}, QStringList{"drift", "--steps", "100"}}) {
            QProcess process;
            process.setStandardOutputFile(QStringLiteral("/dev/full"));
            process.start(QStringLiteral(SHARDSCOPE_CLI), args);
            QVERIFY(process.waitForFinished(60000));
            QCOMPARE(process.exitStatus(), QProcess::NormalExit);
            QVERIFY2(process.exitCode() != 0, args.join(' ').toUtf8());
            QVERIFY(process.readAllStandardError().contains("cannot write the output"));
        }
    }

    // ln -s victim.txt dir/x.json.tmp made --save-scenario dir/x.json overwrite victim.txt.
    void saveScenarioIgnoresPlantedLink()
    {
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("victim.txt"));
        write(victim, "victim");
        QVERIFY(QFile::link(victim, dir.filePath(QStringLiteral("x.json.tmp"))));
        const QString target = dir.filePath(QStringLiteral("x.json"));
        QCOMPARE(runCli({"estimate", "--save-scenario", target}).status, 0);
        QFile v(victim);
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("victim"));
        QVERIFY(!QFileInfo(target).isSymLink());
        QVERIFY(QFileInfo(target).size() > 100);
        // Onto a device or a link to one: refused, never replaced.
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), dir.filePath(QStringLiteral("null.json"))));
        const auto run = runCli({"estimate", "--save-scenario", dir.filePath(QStringLiteral("null.json"))});
        QCOMPARE(run.status, 2);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("null.json"))).isSymLink());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System | QDir::Hidden).size(), 4);
    }

    // A run killed before it removed its scratch folder: the next start removes it.
    void staleScratchRemovedAtStart()
    {
        QProcess sleeper;
        sleeper.start(QStringLiteral("true"), {});
        QVERIFY(sleeper.waitForFinished());
        const qint64 deadPid = sleeper.processId() > 0 ? sleeper.processId() : 999999;
        const QString stale = QDir::temp().filePath(QStringLiteral("shardscope-%1-trust1").arg(deadPid));
        QVERIFY(QDir().mkpath(stale + QStringLiteral("/inner")));
        QCOMPARE(runCli({"estimate", "--format", "json"}).status, 0);
        QVERIFY(!QFileInfo::exists(stale));
    }

    // Every kept fuzz reproducer (fuzz/regressions/) through the release binary too, so they are
    // regression tests where clang is not installed: exit 0 or 2, never a crash or a hang.
    void keptReproducers()
    {
        const QString root = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/fuzz/regressions/");
        int runs = 0;
        const auto each = [&](const char* folder, const std::function<QStringList(const QString&)>& args) {
            for (const QFileInfo& file : QDir(root + folder).entryInfoList(QDir::Files)) {
                const auto run = runCli(args(file.absoluteFilePath()), 60000);
                ++runs;
                // 1 is validate's "a case is outside its tolerance"; a crash is -1.
                QVERIFY2(run.status >= 0 && run.status <= 2 && !run.err.contains("internal error"),
                         qPrintable(file.fileName() + ": " + QString::number(run.status) + " " + run.err));
            }
        };
        each("scenario", [](const QString& f) { return QStringList{"estimate", "--scenario", f}; });
        each("hf_config", [](const QString& f) { return QStringList{"estimate", "--hf-config", f}; });
        each("cases", [](const QString& f) { return QStringList{"validate", "--no-built-in", "--cases", f}; });
        each("cli_args", [](const QString& f) {
            QFile file(f);
            file.open(QIODevice::ReadOnly);
            return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
        });
        QVERIFY(runs >= 10);
    }

    // The model cases the invariant audit found, through the command line.
    void fullRecomputeNeverKeepsMore()
    {
        const QStringList base{"estimate", "--model", "mixtral-8x7b", "--seq-len", "4096", "--micro-batch", "8", "--gpus", "1024",
                               "--tp", "8", "--pp", "32", "--dp", "4", "--global-batch", "32", "--ep", "2", "--zero", "2",
                               "--precision", "fp8-mixed", "--optimizer", "adamw-8bit", "--flash-attention", "off",
                               "--gpu", "b200", "--offload", "optimizer", "--format", "json"};
        const auto activations = [&](const char* recompute) {
            const auto run = runCli(base + QStringList{"--recompute", recompute});
            return QJsonDocument::fromJson(run.out)["memory"]["per_gpu"]["activations"].toDouble();
        };
        const double full = activations("full"), none = activations("none");
        QVERIFY(none > 0);
        QVERIFY2(full <= none, QByteArray::number(full) + " > " + QByteArray::number(none));
    }

    void zero3AboveZero2IsExplained()
    {
        const QStringList args{"estimate", "--model", "llama2-7b", "--gpus", "2", "--zero", "3", "--format", "json"};
        const auto z3 = runCli(args);
        QCOMPARE(z3.status, 0);
        auto z2args = args;
        z2args[z2args.indexOf("3")] = QStringLiteral("2");
        const auto z2 = runCli(z2args);
        const double m3 = QJsonDocument::fromJson(z3.out)["memory"]["per_gpu"]["total"].toDouble();
        const double m2 = QJsonDocument::fromJson(z2.out)["memory"]["per_gpu"]["total"].toDouble();
        QVERIFY(m2 > 0 && m3 > 0);
        // Either ZeRO-3 needs less, or the output says why it needs more.
        QCOMPARE(m3 > m2, z3.out.contains("ZeRO-3 needs"));
    }
};

QTEST_GUILESS_MAIN(TstCliTrust)
#include "tst_cli_trust.moc"
