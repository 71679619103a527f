// The Operations view as a user drives it (offscreen): its sliders edit the scenario's ops group as
// undoable steps, Daly's checkbox, the background sweep reaching the chart, the single-card versus
// cluster table, and failure-inclusive days in the status line.
#include <QtTest>

#include <QCheckBox>
#include <QLabel>
#include <QSlider>
#include <QStatusBar>

#include "core/scenario/scenario_json.h"
#include "ui/charts/checkpoint_chart.h"
#include "ui/charts/comparison_chart.h"
#include "ui/charts/ops_interval_chart.h"
#include "ui/charts/ops_scaling_chart.h"
#include "ui/controls/ops_panel.h"
#include "ui/controls/value_slider.h"
#include "ui/main_window.h"
#include "ui/views/ops_view.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

class TestOpsView : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;
    OpsView* view_ = nullptr;

private slots:
    void initTestCase() { test::startWindowTest(); }

    void init()
    {
        window_ = std::make_unique<MainWindow>(false);
        window_->show();
        QVERIFY(window_->showView("operations"));
        view_ = qobject_cast<OpsView*>(window_->view("operations"));
        QVERIFY(view_ != nullptr);
        window_->settle();
    }
    void cleanup() { window_.reset(); }

    void sweepReachesTheChart()
    {
        // The single-GPU point and the twelve sizes from 8 to 16,384.
        const TableData table = view_->scalingChart()->table();
        QCOMPARE(table.rows.size(), 13);
        QCOMPARE(table.rows.front().front(), QStringLiteral("1"));
        QVERIFY(view_->scalingChart()->graphCount() >= 4);
    }

    void failureSliderIsOneUndoStepAndReplacesTheMtbf()
    {
        ScenarioDocument* doc = window_->document();
        Scenario s = doc->scenario();
        s.ops.clusterMtbfHours = 100;
        doc->setScenario(s, QStringLiteral("measured MTBF"));
        const std::string before = scenarioToJson(doc->scenario()).dump();
        const int steps = doc->undoStack()->count();
        QSlider* slider = view_->controls()->failureSlider()->slider();
        slider->setValue(slider->maximum());  // one click: 1 failure per GPU-day
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(doc->scenario().ops.failuresPerGpuDay.value_or(0), 1.0);
        QVERIFY(!doc->scenario().ops.clusterMtbfHours);  // the two are exclusive
        QVERIFY(doc->estimate().valid());
        doc->undoStack()->undo();
        QCOMPARE(scenarioToJson(doc->scenario()).dump(), before);
    }

    void storageAndIntervalSliders()
    {
        ScenarioDocument* doc = window_->document();
        QSlider* storage = view_->controls()->storageSlider()->slider();
        storage->setValue(0);
        QCOMPARE(doc->scenario().ops.storageGbps.value_or(0), 0.1);
        window_->settle();
        QVERIFY(doc->estimate().ops.writeSeconds > 100.0);  // 98 GB at 0.1 GB/s
        QVERIFY(view_->dalyBox()->isChecked());
        QSlider* interval = view_->controls()->intervalSlider()->slider();
        interval->setValue(0);  // half a minute: far below Daly's optimum for a 980-second write
        QCOMPARE(doc->scenario().ops.intervalMinutes.value_or(0), 0.5);
        QCOMPARE(doc->estimate().ops.intervalSeconds, 30.0);
        QVERIFY(doc->estimate().ops.checkpointShare > 0.9);  // a synchronous write every 30 s
        window_->settle();
        QVERIFY(!view_->controls()->dalyBox()->isChecked());
        view_->controls()->dalyBox()->setChecked(true);
        QVERIFY(!doc->scenario().ops.intervalMinutes);
        QCOMPARE(doc->estimate().ops.intervalSeconds, doc->estimate().ops.dalySeconds);
    }

    void tablesAndStatusShowBothFigures()
    {
        QCOMPARE(view_->comparisonChart()->table().rows.size(), 8);
        QCOMPARE(view_->checkpointChart()->table().rows.size(), 11);
        QVERIFY(!view_->intervalChart()->table().rows.isEmpty());
        const QLabel* status = window_->statusBar()->findChild<QLabel*>();
        QVERIFY(status != nullptr);
        QVERIFY2(status->text().contains(QStringLiteral("with failures")), qPrintable(status->text()));
    }
};

QTEST_MAIN(TestOpsView)
#include "tst_ops_view.moc"
