// From the plan to an engine, in the GUI: File > Export training config shows the engine's file
// or the rule the scenario breaks and saves it; the Migration view plans a resharding from typed
// layouts and shows where collectives run; the Data sharding view follows its controls. Their
// charts are registered for export and fill the width they are given.
#include <QtTest>

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>

#include "core/scenario/model_presets.h"
#include "ui/charts/chart_base.h"
#include "ui/charts/data_sharding_chart.h"
#include "ui/charts/reshard_chart.h"
#include "ui/export/engine_config_dialog.h"
#include "ui/views/data_view.h"
#include "ui/views/migration_view.h"
#include "ui/views/view_registry.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

Scenario llama8b()
{
    Scenario s = defaultScenario();
    s.model = standardModelPresets().find("llama3-8b")->spec;
    s.modelId = "llama3-8b";
    s.parallel = ParallelSpec{};
    s.parallel.gpus = 64;
    s.parallel.tp = 8;
    s.parallel.pp = 4;
    s.parallel.zero = 1;
    s.parallel.sequenceParallel = true;
    s.training.globalBatch = 512;
    return s;
}

} // namespace

class TestMigrationViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void exportDialogShowsTheFileOrTheRule()
    {
        EngineConfigDialog dialog(llama8b());
        dialog.setEngine(Engine::Megatron);
        QVERIFY(dialog.config().ok());
        QVERIFY(dialog.shownText().contains(QStringLiteral("core_v0.15.0")));
        QVERIFY(dialog.shownText().contains(QStringLiteral("--pipeline-model-parallel-size 4")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.sh"));
        QVERIFY(dialog.saveTo(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), dialog.shownText());
        // ZeRO-2 with pipeline parallelism: DeepSpeed refuses it, and nothing can be saved.
        Scenario pipelineZero2 = llama8b();
        pipelineZero2.parallel.zero = 2;
        EngineConfigDialog refused(pipelineZero2);
        refused.setEngine(Engine::DeepSpeed);
        QVERIFY(!refused.config().ok());
        QVERIFY(!refused.saveTo(dir.filePath(QStringLiteral("ds.json"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("ds.json"))));
        refused.resize(1000, 700);
        refused.grab().save(QDir::temp().filePath(QStringLiteral("shardscope-engine-dialog.png")));
    }

    void migrationViewPlansTypedLayouts()
    {
        MigrationView view(ViewContext{});
        const Scenario s = llama8b();
        view.scenarioChanged(s, estimate(s));
        ReshardChart* flows = view.findChild<ReshardChart*>();
        QVERIFY(flows != nullptr);
        flows->ensureCurrent();
        QVERIFY(!flows->table().rows.isEmpty());  // the suggested migration from the scenario's layout
        view.setLayouts(QStringLiteral("tp=8,pp=4,dp=2,zero=1"), QStringLiteral("tp=3,pp=4,dp=4"));
        bool named = false;
        for (QLabel* label : view.findChildren<QLabel*>())
            named = named || label->text().contains(QStringLiteral("--to"));
        QVERIFY(named);  // llama3-8b's 32 heads cannot be cut 3 ways: the error names the layout
        flows->ensureCurrent();
        QVERIFY(flows->table().rows.isEmpty());
    }

    void dataViewFollowsItsSpec()
    {
        DataView view(ViewContext{});
        DataSpec spec;
        spec.samples = 10;
        spec.ranks = 4;
        view.setSpec(spec);
        DataShardingChart* chart = view.findChild<DataShardingChart*>();
        QVERIFY(chart != nullptr);
        chart->ensureCurrent();
        QCOMPARE(chart->table().rows.size(), 4);
        QCOMPARE(chart->table().rows[2][3], QStringLiteral("2, 6, 0*"));  // sample 0 read again as padding
    }

    void chartsAreRegisteredAndFillTheWidth()
    {
        const Scenario s = llama8b();
        const Estimate e = estimate(s);
        for (const char* name : {"reshard", "placement", "data-sharding"}) {
            const ChartEntry* entry = findChartEntry(name);
            QVERIFY2(entry != nullptr, name);
            std::unique_ptr<ChartBase> chart = entry->render(s, e);
            chart->resize(1600, 900);
            chart->ensureCurrent();
            chart->toPixmap(1600, 900);
            // The plot spans the chart (a hidden legend must not narrow the layout).
            QVERIFY2(chart->axisRect()->outerRect().width() == 1600, name);
        }
        QVERIFY(findView("migration") != nullptr);
        QVERIFY(findView("data") != nullptr);
    }
};

QTEST_MAIN(TestMigrationViews)
#include "tst_migration_views.moc"
