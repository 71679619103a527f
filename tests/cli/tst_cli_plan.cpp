// shardscope-cli plan as users script it: the contract's JSON, a best plan that --save-scenario
// writes and `estimate` reproduces, the empty answer when nothing can run (exit 0), and exit 2
// naming the flag for a malformed constraint.
#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/common/cli_process.h"

namespace {

using Run = shardscope::testing::CliRun;

Run cli(const QStringList& args) { return shardscope::testing::runCli(args); }
QJsonObject json(const Run& run) { return shardscope::testing::cliJson(run); }

} // namespace

class TestCliPlan : public QObject {
    Q_OBJECT
private slots:
    void jsonHasTheContractsFields()
    {
        const Run run = cli({"plan", "--model", "llama3-70b", "--gpus", "64", "--global-batch", "512", "--top", "3",
                             "--format", "json"});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = json(run);
        QVERIFY(o["searched"].toDouble() > o["feasible"].toDouble());
        QVERIFY(o["feasible"].toDouble() > 0);
        QVERIFY(o.contains("seconds"));
        QVERIFY(o["rejected"].toObject().contains("memory"));
        QVERIFY(o["rejected"].toObject().contains("tp_divides"));
        const QJsonArray plans = o["plans"].toArray();
        QCOMPARE(plans.size(), 3);
        const QJsonObject first = plans[0].toObject();
        QCOMPARE(first["rank"].toInt(), 1);
        for (const char* key : {"gpus", "dp", "tp", "pp", "cp", "ep", "vpp", "zero", "sequence_parallel", "recompute",
                                "micro_batch", "offload"})
            QVERIFY2(first["layout"].toObject().contains(QLatin1String(key)), key);
        for (const char* key : {"memory_per_gpu", "fits", "step_seconds", "mfu", "tokens_per_second", "days", "reasons"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QVERIFY(!first["reasons"].toArray().isEmpty());
        QVERIFY(first["tokens_per_second"].toDouble() >= plans[1].toObject()["tokens_per_second"].toDouble());
        QVERIFY(!o["pareto"].toArray().isEmpty());
    }

    // A flag given fixes that dimension; --max-tp bounds it.
    void constraintsFixAndBound()
    {
        const QJsonObject fixed = json(cli({"plan", "--model", "llama3-8b", "--gpus", "16", "--global-batch", "64", "--tp",
                                            "2", "--zero", "1", "--format", "json"}));
        for (const auto& p : fixed["plans"].toArray()) {
            QCOMPARE(p.toObject()["layout"].toObject()["tp"].toInt(), 2);
            QCOMPARE(p.toObject()["layout"].toObject()["zero"].toInt(), 1);
        }
        const QJsonObject bounded = json(cli({"plan", "--model", "llama3-8b", "--gpus", "16", "--global-batch", "64",
                                              "--max-tp", "2", "--format", "json"}));
        QVERIFY(!bounded["plans"].toArray().isEmpty());
        for (const auto& p : bounded["plans"].toArray())
            QVERIFY(p.toObject()["layout"].toObject()["tp"].toInt() <= 2);
    }

    // The best plan, saved and fed back to estimate, gives the same numbers.
    void savedPlanReproducesInEstimate()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        const Run plan = cli({"plan", "--model", "mixtral-8x7b", "--gpus", "32", "--global-batch", "256", "--format", "json",
                              "--save-scenario", file});
        QVERIFY2(plan.status == 0, plan.err.constData());
        const QJsonObject best = json(plan)["plans"].toArray()[0].toObject();
        const Run estimate = cli({"estimate", "--scenario", file, "--format", "json"});
        QVERIFY2(estimate.status == 0, estimate.err.constData());
        const QJsonObject e = json(estimate);
        QCOMPARE(e["step"].toObject()["tokens_per_second"].toDouble(), best["tokens_per_second"].toDouble());
        QCOMPARE(e["memory"].toObject()["per_gpu"].toObject()["total"].toDouble(), best["memory_per_gpu"].toDouble());
    }

    // The article: a 7B full fine-tune with AdamW does not fit one 80 GB GPU without offload.
    void nothingCanRunIsAnAnswer()
    {
        const Run run = cli({"plan", "--gpus", "1", "--global-batch", "16", "--format", "json"});
        QCOMPARE(run.status, 0);
        const QJsonObject o = json(run);
        QVERIFY(o["plans"].toArray().isEmpty());
        QCOMPARE(o["feasible"].toInt(), 0);
        QVERIFY(o["rejected"].toObject()["memory"].toDouble() > 0);
        const QJsonArray d = o["diagnostics"].toArray();
        QVERIFY(!d.isEmpty());
        QCOMPARE(d[0].toObject()["severity"].toString(), QStringLiteral("error"));
        QVERIFY(d[0].toObject()["message"].toString().contains(QStringLiteral("memory")));
    }

    void malformedConstraintIsBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("max-tp zero") << QStringList{"--max-tp", "0"} << "--max-tp";
        QTest::newRow("max-tp text") << QStringList{"--max-tp", "eight"} << "--max-tp";
        QTest::newRow("objective") << QStringList{"--objective", "fastest"} << "--objective";
        QTest::newRow("top") << QStringList{"--top", "0"} << "--top";
        QTest::newRow("offload both") << QStringList{"--allow-offload", "--no-offload"} << "--allow-offload";
        QTest::newRow("unknown GPU") << QStringList{"--gpu", "nosuchgpu"} << "--gpu";
    }
    void malformedConstraintIsBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const Run run = cli(QStringList{"plan", "--gpus", "8"} + args);
        QCOMPARE(run.status, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(flag), run.err.constData());
    }
};

QTEST_MAIN(TestCliPlan)
#include "tst_cli_plan.moc"
