// shardscope-cli ops and the failure-inclusive figures of estimate: the contract's JSON keys,
// measured values replacing the models, exclusive flags named on exit 2, CSV beside JSON.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>

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

class TestCliOps : public QObject {
    Q_OBJECT
private slots:
    void opsJsonHasTheContractsKeys()
    {
        const Run run = cli({"ops", "--format", "json"});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = json(run);
        const QJsonObject checkpoint = o["checkpoint"].toObject();
        for (const char* key : {"bytes", "bytes_per_rank_max", "write_seconds", "load_seconds", "blocking_seconds"})
            QVERIFY2(checkpoint[key].isDouble(), key);
        const QJsonObject contents = checkpoint["contents"].toObject();
        for (const char* state : {"weights", "master_weights", "optimizer_states", "step_counters", "rng_state", "data_loader",
                                  "gradients"})
            QVERIFY2(contents[state].isDouble(), state);
        QCOMPARE(contents["gradients"].toDouble(), 0.0);
        // The article's 7B: 2 + 4 + 8 bytes per parameter are saved, the 2 of gradients are not.
        QCOMPARE(contents["weights"].toDouble() + contents["master_weights"].toDouble() + contents["optimizer_states"].toDouble(),
                 14 * 7e9);
        for (const char* key : {"cluster_mtbf_hours", "expected_interruptions"})
            QVERIFY2(o["failures"].toObject()[key].isDouble(), key);
        for (const char* key : {"young_minutes", "daly_minutes", "chosen_minutes"})
            QVERIFY2(o["interval"].toObject()[key].toDouble() > 0, key);
        const QJsonObject goodput = o["goodput"].toObject();
        for (const char* key : {"ettr", "effective_tokens_per_second", "days", "failure_free_days"})
            QVERIFY2(goodput[key].toDouble() > 0, key);
        QVERIFY(goodput["days"].toDouble() > goodput["failure_free_days"].toDouble());
        QVERIFY(o["single_gpu"].toObject()["ettr"].toDouble() > goodput["ettr"].toDouble());
    }

    void opsFlagsTakeMeasuredValues()
    {
        const Run run = cli({"ops", "--cluster-mtbf-hours", "24", "--checkpoint-write-minutes", "5", "--restart-minutes", "10",
                             "--detection-minutes", "0", "--interval-minutes", "30", "--format", "json"});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = json(run);
        QCOMPARE(o["failures"].toObject()["cluster_mtbf_hours"].toDouble(), 24.0);
        QCOMPARE(o["checkpoint"].toObject()["write_seconds"].toDouble(), 300.0);
        QCOMPARE(o["interval"].toObject()["chosen_minutes"].toDouble(), 30.0);
        QCOMPARE(o["interval"].toObject()["young_minutes"].toDouble(), 120.0);
        QCOMPARE(o["failures"].toObject()["recovery_seconds"].toDouble(), 600.0);
    }

    void opsExclusiveFlagsNameBoth_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("mtbf and rate") << QStringList{"--cluster-mtbf-hours", "5", "--failures-per-gpu-day", "0.001"}
                                       << "--failures-per-gpu-day";
        QTest::newRow("write time and bandwidth") << QStringList{"--checkpoint-write-minutes", "2", "--storage-gbps", "100"}
                                                  << "--storage-gbps";
    }
    void opsExclusiveFlagsNameBoth()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        for (const char* command : {"ops", "estimate"}) {
            const Run run = cli(QStringList{command} + args);
            QCOMPARE(run.status, 2);
            QVERIFY2(run.err.contains(flag.toUtf8()), run.err.constData());
            QVERIFY2(run.err.contains(args.front().toUtf8()), run.err.constData());
        }
        const Run range = cli({"ops", "--failures-per-gpu-day", "0"});
        QCOMPARE(range.status, 2);
        QVERIFY(range.err.contains("--failures-per-gpu-day"));
    }

    void opsCsvAndEstimateShowFailuresBesideFailureFree()
    {
        const Run csv = cli({"ops", "--format", "csv"});
        QCOMPARE(csv.status, 0);
        QVERIFY(csv.out.startsWith("quantity,unit,single_gpu,cluster\n"));
        QVERIFY(csv.out.contains("\nettr,fraction,"));
        const QJsonObject step = json(cli({"estimate", "--format", "json"}))["step"].toObject();
        QVERIFY(step["train_days_with_failures"].toDouble() > step["train_days"].toDouble());
        QVERIFY(step["gpu_hours_with_failures"].toDouble() > step["gpu_hours"].toDouble());
        QVERIFY(step["ettr"].toDouble() > 0.9 && step["ettr"].toDouble() < 1.0);
        const Run table = cli({"estimate"});
        QVERIFY(table.out.contains("with failures"));
        const Run estimateCsv = cli({"estimate", "--format", "csv"});
        QVERIFY(estimateCsv.out.contains("\ntrain_days_with_failures,days,,"));
    }
};

QTEST_GUILESS_MAIN(TestCliOps)
#include "tst_cli_ops.moc"
