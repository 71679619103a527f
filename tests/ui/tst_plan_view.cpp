// The Plan view as a user drives it (offscreen): the background search fills the table and the
// chart for the default scenario, the best plan is at least as fast as the scenario's own layout,
// applying a plan is one undo step that reproduces the plan's numbers, a scene sets the scenario
// and the constraints, the chart exports like every chart, a scenario nothing can run says why, the
// search never runs on the GUI thread (the newest request wins), and Chinese keeps every count.
#include <QtTest>

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

#include "core/plan/plan_scenes.h"
#include "core/plan/planner.h"
#include "core/scenario/model_presets.h"
#include "core/scenario/scenario_json.h"
#include "ui/charts/plan_chart.h"
#include "ui/export/chart_export.h"
#include "ui/i18n/language.h"
#include "ui/i18n/plan_text.h"
#include "ui/i18n/ui_text.h"
#include "ui/main_window.h"
#include "ui/views/plan_controls.h"
#include "ui/views/plan_view.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

class TestPlanView : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;
    PlanView* view_ = nullptr;

private slots:
    void initTestCase() { test::startWindowTest(); }

    void init()
    {
        window_ = std::make_unique<MainWindow>(false);
        window_->show();
        QVERIFY(window_->showView("plan"));
        view_ = qobject_cast<PlanView*>(window_->view("plan"));
        QVERIFY(view_ != nullptr);
        window_->settle();
        QVERIFY(view_->lastRun().has_value());
    }
    void cleanup() { window_.reset(); }

    void fillsTableAndChartForTheDefaultScenario()
    {
        const PlanResult& result = view_->lastRun()->result;
        QCOMPARE(view_->table()->rowCount(), static_cast<int>(result.plans.size()));
        QCOMPARE(view_->table()->rowCount(), view_->controls()->top());
        QCOMPARE(view_->table()->item(0, 0)->text(), QStringLiteral("1"));
        QVERIFY(!view_->table()->item(0, 7)->text().isEmpty());  // the reasons
        QCOMPARE(view_->table()->item(0, 6)->text(), planLayoutText(result.plans.front().layout));
        QVERIFY(!view_->errorLabel()->isVisible());
        QVERIFY(!view_->rejectedLabel()->text().isEmpty());       // some layouts break a rule
        // Every feasible layout is a point (thinned only beyond 20,000), the front a line.
        QCOMPARE(result.points.size(), static_cast<std::size_t>(result.feasible));
        QVERIFY(view_->chart()->drawnPoints() > 0);
        QVERIFY(!view_->chart()->table().rows.isEmpty());
        QVERIFY(!view_->chart()->isInvalid());
        // The planner searches a superset of the scenario's own layout, so its best is at least as
        // fast (the default scenario: 50.0 % MFU, the best plan 50.7 % today),
        const Estimate& e = window_->document()->estimate();
        QVERIFY(e.valid());
        QVERIFY2(result.plans.front().tokensPerSecond >= e.step.tokensPerSecond,
                 qPrintable(QStringLiteral("%1 < %2").arg(result.plans.front().tokensPerSecond).arg(e.step.tokensPerSecond)));
        // and the apply test below needs the best to differ from it.
        QVERIFY(result.plans.front().tokensPerSecond > e.step.tokensPerSecond);
    }

    void applyingRowOneIsOneUndoStep()
    {
        ScenarioDocument* doc = window_->document();
        const std::string before = scenarioToJson(doc->scenario()).dump();
        const PlanLayout layoutBefore = planLayoutOf(doc->scenario());
        const Plan best = view_->lastRun()->result.plans.front();
        QVERIFY(!(best.layout == layoutBefore));
        const int steps = doc->undoStack()->count();
        QVERIFY(view_->applyButton()->isEnabled());
        view_->applyButton()->click();  // row 1 is selected when the plans arrive
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(planLayoutOf(doc->scenario()) == best.layout);
        // The applied scenario's estimate is the plan's numbers (issue 12, item 4).
        QVERIFY(doc->estimate().valid());
        QVERIFY(std::abs(doc->estimate().step.tokensPerSecond - best.tokensPerSecond) <= 1e-9 * best.tokensPerSecond);
        window_->settle();
        QVERIFY(view_->table()->item(0, 6)->font().bold());  // the scenario's layout is now row 1
        doc->undoStack()->undo();
        QCOMPARE(scenarioToJson(doc->scenario()).dump(), before);
        QVERIFY(planLayoutOf(doc->scenario()) == layoutBefore);
    }

    void doubleClickAppliesThatRow()
    {
        QVERIFY(view_->table()->rowCount() >= 2);
        const PlanLayout second = view_->lastRun()->result.plans[1].layout;
        emit view_->table()->cellDoubleClicked(1, 2);
        QVERIFY(planLayoutOf(window_->document()->scenario()) == second);
    }

    void aSceneSetsTheScenarioAndTheConstraints()
    {
        view_->controls()->maxTpBox()->setValue(2);
        view_->controls()->zeroBox()->setCurrentIndex(2);  // ZeRO-1 pinned
        window_->settle();
        QCOMPARE(view_->lastRun()->request.constraints.maxTp, 2);
        QComboBox* scenes = view_->controls()->sceneBox();
        const int index = scenes->findData(static_cast<int>(PlanScene::LongContext));
        QVERIFY(index > 0);
        scenes->setCurrentIndex(index);
        emit scenes->activated(index);
        window_->settle();
        const PlanRequest scene = sceneRequest(PlanScene::LongContext);
        QCOMPARE(scenarioToJson(window_->document()->scenario()).dump(), scenarioToJson(scene.base).dump());
        QCOMPARE(view_->controls()->maxTpBox()->value(), scene.constraints.maxTp);
        QVERIFY(!view_->controls()->constraints().zero.has_value());
        const PlanRun& run = *view_->lastRun();
        QCOMPARE(run.request.constraints.maxTp, scene.constraints.maxTp);
        QCOMPARE(run.request.base.training.seqLen, 131072);
        // The advice the numbers justify, or the contradiction, as core words it.
        QVERIFY(view_->controls()->adviceLabel()->isVisible());
        QVERIFY(view_->controls()->adviceLabel()->text().contains(diagnosticTextOfScene(run)));
        // Editing the scenario ends the scene.
        Scenario s = window_->document()->scenario();
        s.training.seqLen = 65536;
        window_->document()->setScenario(s, QStringLiteral("shorter"));
        window_->settle();
        QCOMPARE(scenes->currentIndex(), 0);
        QVERIFY(!view_->controls()->adviceLabel()->isVisible());
    }

    void theChartExportsLikeEveryChart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.png"));
        QString error;
        QVERIFY2(exportChart(view_->chart(), path, ExportOptions{QSize(1600, 900), 1.0}, &error), qPrintable(error));
        QImage image(path);
        QCOMPARE(image.size(), QSize(1600, 900));
        QVERIFY(window_->charts().contains(view_->chart()));  // File > Export all and copy find it
    }

    void nothingRunsShowsWhy()
    {
        ScenarioDocument* doc = window_->document();
        Scenario s = doc->scenario();
        const auto* preset = standardModelPresets().find("llama3-70b");
        QVERIFY(preset != nullptr);
        s.model = preset->spec;
        s.modelId = "llama3-70b";
        s.parallel = ParallelSpec{};
        s.parallel.gpus = 1;  // 70B of AdamW states on one 80 GB GPU, no offload: nothing fits
        doc->setScenario(s, QStringLiteral("70B on one GPU"));
        window_->settle();
        QCOMPARE(view_->table()->rowCount(), 0);
        QVERIFY(view_->errorLabel()->isVisible());
        QVERIFY(!view_->errorLabel()->text().isEmpty());
        QVERIFY(view_->chart()->isInvalid());
        QVERIFY(view_->rejectedLabel()->text().contains(enumText(PlanRule::Memory)));
        QVERIFY(!view_->applyButton()->isEnabled());
        QVERIFY(!view_->applyRow(0));
    }

    void searchesInTheBackgroundAndTheNewestWins()
    {
        const int before = view_->lastRun()->request.constraints.maxTp;
        view_->controls()->maxTpBox()->setValue(2);  // a search starts on the worker
        view_->controls()->maxTpBox()->setValue(4);  // and this one replaces it
        // Nothing was searched on the GUI thread: the plans shown still answer the old request,
        // and until the new ones arrive they cannot be applied.
        QCOMPARE(view_->lastRun()->request.constraints.maxTp, before);
        QVERIFY(!view_->applyButton()->isEnabled());
        QVERIFY(!view_->applyRow(0));
        window_->settle();
        QCOMPARE(view_->lastRun()->request.constraints.maxTp, 4);
        for (const Plan& p : view_->lastRun()->result.plans)
            QVERIFY(p.layout.tp <= 4);
        QVERIFY(view_->applyButton()->isEnabled());
    }

    void thinningKeepsEveryCellAndFamily()
    {
        std::vector<PlanPoint> few(100, PlanPoint{1.0f, 2.0f, 0});
        QCOMPARE(thinPlanPoints(few).size(), few.size());  // below the limit: nothing dropped
        // 60,000 points on a 300 x 200 lattice, two families: one per (family, cell) survives,
        // and every lattice point lies in a cell of its own (the grid is 480 x 320).
        std::vector<PlanPoint> many;
        for (int i = 0; i < 60000; ++i)
            many.push_back(PlanPoint{float(i % 300), float((i / 300) % 200), std::uint8_t(i / 30000)});
        const std::vector<PlanPoint> kept = thinPlanPoints(many);
        QCOMPARE(kept.size(), std::size_t(60000));
        std::vector<PlanPoint> dense;  // the same lattice drawn ten times: a tenth survives
        for (int r = 0; r < 10; ++r)
            dense.insert(dense.end(), many.begin(), many.end());
        QCOMPARE(thinPlanPoints(dense).size(), std::size_t(60000));
    }

    void chineseKeepsEveryRuleCount()
    {
        const int lines = view_->rejectedLabel()->text().count(QLatin1Char('\n'));
        QVERIFY(lines >= 2);
        window_->setLanguage(Language::Chinese);
        window_->settle();
        QCOMPARE(view_->rejectedLabel()->text().count(QLatin1Char('\n')), lines);
        QCOMPARE(view_->table()->rowCount(), view_->controls()->top());
        window_->setLanguage(Language::English);
    }

private:
    static QString diagnosticTextOfScene(const PlanRun& run)
    {
        return diagnosticText(sceneAdvice(PlanScene::LongContext, run.result).advice).toHtmlEscaped();
    }
};

QTEST_MAIN(TestPlanView)
#include "tst_plan_view.moc"
