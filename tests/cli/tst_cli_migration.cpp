// shardscope-cli export-config, reshard and data as users script them: the contract's JSON keys,
// the files they write, and exit status 2 naming the flag or the engine rule on bad input.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

const QStringList kLlama = {"--model", "llama3-8b", "--gpus", "64", "--tp", "8", "--global-batch", "512"};

} // namespace

class TestCliMigration : public QObject {
    Q_OBJECT
private slots:
    void exportConfigPrintsTheEnginesFile()
    {
        const Run run = cli(QStringList{"export-config", "--engine", "megatron", "--zero", "1", "--sequence-parallel"} + kLlama);
        QVERIFY2(run.status == 0, run.err.constData());
        QVERIFY(run.out.startsWith("#!/bin/bash"));
        QVERIFY(run.out.contains("Megatron-LM core_v0.15.0"));
        QVERIFY(run.out.contains("--tensor-model-parallel-size 8"));
    }

    void exportConfigJsonAndFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ds.json"));
        const Run run = cli(QStringList{"export-config", "--engine", "deepspeed", "--zero", "2", "--out", path, "--format",
                                        "json"} + kLlama);
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = json(run);
        for (const char* key : {"engine", "target", "file_name", "format", "launch", "text", "diagnostics"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o["engine"].toString(), QStringLiteral("deepspeed"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject ds = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(ds["train_batch_size"].toInt(), 512);
        QCOMPARE(ds["zero_optimization"].toObject()["stage"].toInt(), 2);
    }

    void exportConfigRefusesNamingTheRule()
    {
        Run run = cli({"export-config"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--engine"));
        run = cli({"export-config", "--engine", "colossal"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--engine"));
        run = cli(QStringList{"export-config", "--engine", "megatron", "--optimizer", "lion"} + kLlama);
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--optimizer"));
        QVERIFY(run.err.contains("Megatron-LM core_v0.15.0 has no setting"));
        QVERIFY(run.out.isEmpty());
        run = cli(QStringList{"export-config", "--engine", "torchtitan", "--seq-len", "4100"} + kLlama);
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--seq-len"));
        QVERIFY(run.err.contains("2 * CP degree"));
        // The scenario itself is checked first.
        run = cli({"export-config", "--engine", "deepspeed", "--tp", "3"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--tp"));
    }

    void reshardJsonHasTheContractsKeys()
    {
        const Run run = cli({"reshard", "--model", "llama3-8b", "--from", "tp=8,pp=4,dp=2,zero=1", "--to", "tp=4,pp=2,dp=8",
                             "--format", "json"});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = json(run);
        QCOMPARE(o["padded_vocab"].toObject()["from"].toInt(), 129024);
        QCOMPARE(o["padded_vocab"].toObject()["to"].toInt(), 128512);
        const QJsonArray tensors = o["tensors"].toArray();
        QVERIFY(!tensors.isEmpty());
        for (const char* key : {"name", "global_shape", "kind", "split_dim", "notes"})
            QVERIFY2(tensors[0].toObject().contains(QLatin1String(key)), key);
        const QJsonArray transfers = o["transfers"].toArray();
        QVERIFY(!transfers.isEmpty());
        for (const char* key : {"to_rank", "from_rank", "bytes"})
            QVERIFY2(transfers[0].toObject().contains(QLatin1String(key)), key);
        QVERIFY(o["bytes_moved"].toDouble() > 0);
        QVERIFY(o["pitfalls"].toArray().size() >= 2);  // fused QKV under GQA, SwiGLU, the vocabulary
    }

    void reshardRefusesBadLayouts()
    {
        Run run = cli({"reshard", "--from", "tp=8", "--to", "tp=two"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--to"));
        run = cli({"reshard", "--to", "tp=2"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--from"));
        // llama3-8b's 8 kv heads cannot be cut 3 ways.
        run = cli({"reshard", "--model", "llama3-8b", "--from", "tp=8", "--to", "tp=3"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--to"));
    }

    void dataJsonHasTheContractsKeys()
    {
        Run run = cli({"data", "--samples", "10", "--ranks", "4", "--format", "json"});
        QVERIFY2(run.status == 0, run.err.constData());
        QJsonObject o = json(run);
        QCOMPARE(o["per_rank"].toInt(), 3);
        QCOMPARE(o["duplicates"].toInt(), 2);
        QCOMPARE(o["dropped"].toInt(), 0);
        QCOMPARE(o["ranks"].toArray().size(), 4);
        QCOMPARE(o["manifest"].toString().size(), 64);
        run = cli({"data", "--samples", "20000", "--ranks", "8", "--drop-last", "--shuffle", "--seed", "3", "--format", "json"});
        QCOMPARE(run.status, 0);
        o = json(run);
        QVERIFY(!o.contains("ranks"));  // N > 10,000: counts only
        QCOMPARE(o["per_rank"].toInt(), 2500);
        run = cli({"data", "--samples", "10", "--ranks", "4", "--format", "csv"});
        QVERIFY(run.out.startsWith("rank,position,sample,duplicate\n"));
    }

    void dataRefusesNamingTheFlag()
    {
        Run run = cli({"data", "--ranks", "4"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--samples"));
        run = cli({"data", "--samples", "10", "--ranks", "4", "--consumed", "4"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--consumed"));
        run = cli({"data", "--samples", "10", "--ranks", "4", "--sampler", "megatron", "--consumed", "10"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--consumed"));
        run = cli({"data", "--samples", "0", "--ranks", "4"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--samples"));
    }
};

QTEST_GUILESS_MAIN(TestCliMigration)
#include "tst_cli_migration.moc"
