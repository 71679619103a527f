// The guided tour of the article: every step sets its scenario and view and shows the number it
// derives, computed by core (the article's 112 GB, 1.75 GB, bf16's 1.0), and it follows the sliders.
#include <QtTest>

#include <QDockWidget>
#include <QTabWidget>

#include "ui/charts/chart_text_check.h"
#include "ui/charts/chart_base.h"
#include "ui/charts/memory_chart.h"
#include "core/plan/plan_scenes.h"
#include "ui/main_window.h"
#include "ui/tour/tour_panel.h"
#include "ui/tour/tour_steps.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

class TestTour : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startWindowTest(); }

    void stepsDeriveTheArticlesNumbers()
    {
        MainWindow w(false);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w, test::kWindowWaitMs));
        w.startTour(0);
        TourPanel* tour = w.tourPanel();
        QVERIFY(tour != nullptr && tour->isVisible());
        QCOMPARE(w.document()->scenario().parallel.gpus, 1);
        QVERIFY2(tour->derivedText().startsWith(QStringLiteral("16 B x 7e9 = 112 GB")), qPrintable(tour->derivedText()));
        // The capacity named with the GPU, in GB and GiB.
        QVERIFY2(tour->derivedText().contains(QStringLiteral("GiB")), qPrintable(tour->derivedText()));

        QTest::keyClick(&w, Qt::Key_PageDown);
        QCOMPARE(tour->step(), 1);
        QCOMPARE(w.document()->scenario().parallel.gpus, 64);
        QVERIFY2(tour->derivedText().startsWith(QStringLiteral("112 GB / 64 GPUs = 1.75 GB")), qPrintable(tour->derivedText()));
        QVERIFY2(tour->derivedText().endsWith(QStringLiteral("1.75 GB")), qPrintable(tour->derivedText()));

        tour->next();
        QCOMPARE(w.tabs()->currentWidget()->objectName(), QStringLiteral("precision"));
        QVERIFY2(tour->derivedText().startsWith(QStringLiteral("1.0 + 1e-4 in bf16 = 1.0, because the spacing of bf16 at 1 "
                                                               "is 2^-7 = 0.0078125")),
                 qPrintable(tour->derivedText()));
        QVERIFY2(tour->derivedText().endsWith(QStringLiteral("w = 1.0000")), qPrintable(tour->derivedText()));
        tour->next();
        QVERIFY2(tour->derivedText().contains(QStringLiteral("2^-23 = 1.192e-07")), qPrintable(tour->derivedText()));

        tour->next();
        QCOMPARE(w.tabs()->currentWidget()->objectName(), QStringLiteral("scaling"));
        QCOMPARE(w.document()->scenario().parallel.gpus, 8);
        QVERIFY2(tour->derivedText().startsWith(QStringLiteral("8 GPUs: MFU ")), qPrintable(tour->derivedText()));
        // The number follows the audience's slider move.
        Scenario s = w.document()->scenario();
        s.parallel.gpus = 1024;
        w.document()->setScenario(s, QStringLiteral("drag"));
        QVERIFY2(tour->derivedText().startsWith(QStringLiteral("1024 GPUs: MFU ")), qPrintable(tour->derivedText()));

        tour->next();
        QCOMPARE(w.tabs()->currentWidget()->objectName(), QStringLiteral("operations"));
        tour->next();
        tour->next();
        QCOMPARE(tour->step(), tour->stepCount() - 2);
        QCOMPARE(w.document()->scenario().training.finetune, FineTune::Lora);
        // The last step: the article's pretraining advice on the planner's cluster scene.
        tour->next();
        QCOMPARE(tour->step(), tour->stepCount() - 1);
        QCOMPARE(w.tabs()->currentWidget()->objectName(), QStringLiteral("plan"));
        const int clusterGpus = sceneRequest(PlanScene::PretrainCluster).base.parallel.gpus;
        QCOMPARE(w.document()->scenario().parallel.gpus, clusterGpus);
        QVERIFY2(tour->derivedText().contains(QStringLiteral("on %1 GPUs").arg(clusterGpus)), qPrintable(tour->derivedText()));
        tour->next();  // past the end: stays
        QCOMPARE(tour->step(), tour->stepCount() - 1);
        QTest::keyClick(&w, Qt::Key_PageUp);
        QCOMPARE(tour->step(), tour->stepCount() - 2);
        QCOMPARE(w.document()->scenario().training.finetune, FineTune::Lora);
        // Undo returns to the scenario before the step.
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().parallel.gpus, clusterGpus);
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!tour->isVisible());
    }

    void everyStepQuotesTheArticleAndShowsItsView()
    {
        for (const TourStep& step : tourSteps()) {
            QVERIFY(QString::fromUtf8(step.quoteChinese).size() > 20);
            QVERIFY(QString::fromUtf8(step.quoteEnglish).size() > 40);
            QVERIFY(std::string_view(step.invite).starts_with("Try: "));
        }
        MainWindow w(false);
        w.show();
        for (int i = 0; i < static_cast<int>(tourSteps().size()); ++i) {
            w.startTour(i);
            QCOMPARE(w.tabs()->currentWidget()->objectName(), QString::fromLatin1(tourSteps()[static_cast<std::size_t>(i)].viewId));
            QVERIFY(!w.tourPanel()->derivedText().isEmpty());
        }
    }

    void tourStaysInPresentationMode()
    {
        MainWindow w(false);
        w.show();
        w.startTour(0);
        w.setPresentation(true, QSize(1366, 768));
        QVERIFY(w.tourPanel()->isVisible());
        // The tour fits a 768-px projector beside the charts, which keep most of the height.
        QCOMPARE(w.size(), QSize(1366, 768));
        QVERIFY(w.memoryChart()->height() >= 768 / 2);
        // And the narrower charts still show all their text.
        w.settle();
        QStringList problems;
        for (ChartBase* chart : w.charts())
            if (chart->isVisible())
                problems << chartTextProblems(chart, chart->exportName());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("ControlsDock"))->isHidden());
    }
};

QTEST_MAIN(TestTour)
#include "tst_tour.moc"
