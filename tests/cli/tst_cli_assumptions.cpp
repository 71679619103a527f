// Every output states its resolved inputs (issue 17): the table's head, the JSON's "inputs",
// "defaults_used" and "assumed", the round trip of "inputs" through --scenario, --recipe with
// explicit flags over it, and the derived shape of the example.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/common/cli_process.h"

namespace {

using Run = shardscope::testing::CliRun;
using shardscope::testing::cliJson;

Run cli(const QStringList& args) { return shardscope::testing::runCli(args); }

const QStringList kNarayanan = {"--layers", "80", "--hidden", "12288", "--heads", "96", "--mlp", "gelu", "--gpus", "8"};

} // namespace

class TestCliAssumptions : public QObject {
    Q_OBJECT
private slots:
    void tableStartsWithTheResolvedInputs()
    {
        const Run run = cli(QStringList{"estimate"} + kNarayanan);
        QVERIFY2(run.status == 0, run.err.constData());
        const QString text = QString::fromUtf8(run.out);
        QVERIFY(text.startsWith("Resolved inputs"));
        for (const char* part : {"layers 80,", "hidden 12288,", "kv-heads 96~", "head-dim 128~", "ffn-hidden 49152~",
                                 "vocab 32000*", "zero 3*", "gpus 8,", "recipe none*", "gpu h100-sxm*"})
            QVERIFY2(text.contains(part), part);
        QVERIFY(run.err.contains("--ffn-hidden not given: 49152"));  // the derivation is said once
    }

    void jsonRecordsItsInputsAndTheyReadBack()
    {
        const QStringList args = QStringList{"estimate", "--format", "json", "--recipe", "megatron-2021", "--tp", "8",
                                             "--flash-attention", "on"} + kNarayanan;
        const Run run = cli(args);
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = cliJson(run);
        const QJsonObject inputs = o["inputs"].toObject();
        QCOMPARE(inputs["model"].toObject()["ffn_hidden"].toInt(), 49152);
        QCOMPARE(inputs["training"].toObject()["recipe"].toString(), QString("megatron-2021"));
        QCOMPARE(inputs["training"].toObject()["flash_attention"].toString(), QString("on"));  // the flag wins
        QCOMPARE(inputs["parallel"].toObject()["zero"].toInt(), 0);                           // the recipe's
        QCOMPARE(o["assumed"].toObject()["parallel.zero"].toString(), QString("recipe"));
        const QJsonArray used = o["defaults_used"].toArray();
        QVERIFY(used.contains(QJsonValue("model.vocab")));
        QVERIFY(!used.contains(QJsonValue("parallel.tp")));

        QTemporaryDir dir;
        const QString file = dir.filePath("inputs.json");
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(inputs).toJson());
        out.close();
        const Run again = cli({"estimate", "--format", "json", "--scenario", file});
        QVERIFY2(again.status == 0, again.err.constData());
        QJsonObject first = o, second = cliJson(again);
        for (const char* key : {"defaults_used", "assumed", "diagnostics"}) {  // what was given differs, not the numbers
            first.remove(key);
            second.remove(key);
        }
        QCOMPARE(second, first);
    }

    void everyScenarioCommandStatesItsInputs_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("ops") << QStringList{"ops", "--format", "json"};
        QTest::newRow("sweep scaling") << QStringList{"sweep", "--kind", "scaling", "--format", "json"};
        QTest::newRow("sweep sequence") << QStringList{"sweep", "--kind", "sequence", "--format", "json"};
        QTest::newRow("reshard") << QStringList{"reshard", "--from", "tp=2,dp=32", "--to", "tp=4,dp=16", "--format", "json"};
        QTest::newRow("export-config") << QStringList{"export-config", "--engine", "torchtitan", "--model", "llama3-8b", "--format", "json"};
    }
    void everyScenarioCommandStatesItsInputs()
    {
        QFETCH(QStringList, args);
        const Run run = cli(args + QStringList{"--recipe", "fsdp2-torchtitan"});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject o = cliJson(run);
        QCOMPARE(o["inputs"].toObject()["training"].toObject()["recipe"].toString(), QString("fsdp2-torchtitan"));
        QVERIFY(o["defaults_used"].toArray().contains(QJsonValue("training.seq_len")));
    }

    void unknownRecipeIsRefusedNamingTheFlag()
    {
        const Run run = cli({"estimate", "--recipe", "megatron-1999"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("--recipe"), run.err.constData());
    }

    void keptPresetFieldIsAWarning()
    {
        const Run run = cli({"estimate", "--model", "llama2-7b", "--hidden", "8192"});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.err.contains("--ffn-hidden = 11008 is kept from the preset llama2-7b"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliAssumptions)
#include "tst_cli_assumptions.moc"
