// The desktop app as a user drives it (offscreen): keyboard on sliders, undo/redo, files,
// invalid layouts, language switching.
#include <QtTest>

#include <QAction>
#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QLineEdit>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <cmath>

#include "core/common/units.h"
#include "core/scenario/scenario_json.h"
#include "ui/charts/chart_base.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/memory_chart.h"
#include "ui/controls/layout_panel.h"
#include "ui/controls/model_panel.h"
#include "ui/controls/value_slider.h"
#include "ui/main_window.h"
#include "ui/precision/precision_panel.h"
#include "ui/precision/sharded_master_table.h"

#include "ui/validation/validation_dialog.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

std::string asJson(const Scenario& s) { return scenarioToJson(s).dump(); }

// Every point and item of a chart is finite (no NaN reaches the screen).
bool allFinite(ChartBase* chart)
{
    for (int i = 0; i < chart->plottableCount(); ++i) {
        QCPAbstractPlottable* p = chart->plottable(i);
        if (auto* graph = qobject_cast<QCPGraph*>(p)) {
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        } else if (auto* bars = qobject_cast<QCPBars*>(p)) {
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        }
    }
    return std::isfinite(chart->yAxis->range().lower) && std::isfinite(chart->yAxis->range().upper);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

private slots:
    void initTestCase() { test::startWindowTest(); }

    void init()
    {
        window_ = std::make_unique<MainWindow>(false);
        window_->show();
        window_->settle();
    }

    void cleanup() { window_.reset(); }

    // The article's "sharding fp32 master weights is harder" in the Precision view: the same
    // experiment as `reduce --sharded-master`, each set-up with its verdict and its reason.
    void precisionViewShowsTheShardedMasterExperiment()
    {
        auto* precision = window_->findChild<PrecisionPanel*>();
        QVERIFY(precision);
        ShardedMasterTable* sharded = precision->shardedMaster();
        window_->settle();  // the runner's lanes, this experiment's among them, have delivered
        QTableWidget* table = sharded->table();
        QCOMPARE(table->rowCount(), 7);
        auto row = [&](const QString& prefix) {
            for (int r = 0; r < table->rowCount(); ++r) {
                if (table->item(r, 0)->text().startsWith(prefix))
                    return r;
            }
            return -1;
        };
        const int zero3 = row(QStringLiteral("ZeRO-3 / FSDP"));
        const int bf16 = row(QStringLiteral("ZeRO-1/2, bf16"));
        QVERIFY(zero3 >= 0 && bf16 >= 0);
        QCOMPARE(table->item(zero3, 1)->text(), QStringLiteral("bit-identical"));
        QVERIFY(table->item(bf16, 1)->text().startsWith(QStringLiteral("differs")));
        QVERIFY(!table->item(bf16, 3)->text().isEmpty());
        // The drift table keeps room for its four strategies.
        QVERIFY(precision->driftPanel()->tableWidget()->minimumHeight() >=
                4 * precision->driftPanel()->tableWidget()->verticalHeader()->defaultSectionSize());
    }

    void opensOnTheArticle()
    {
        const Estimate& e = window_->document()->estimate();
        QCOMPARE(e.model.params, qint64(7'000'000'000));
        QCOMPARE(e.memory.singleGpu.device.modelStates(), 112e9);
        QCOMPARE(window_->memoryChart()->plotted(0, 0), 14.0);  // weights on one GPU, GB
    }

    void keyboardOnASliderChangesScenarioAndPlot()
    {
        ValueSlider* gpus = window_->layoutPanel()->gpuSlider();
        const int before = window_->document()->scenario().parallel.gpus;
        gpus->slider()->setFocus();
        QTest::keyClick(gpus->slider(), Qt::Key_Right);
        window_->settle();
        const Scenario& s = window_->document()->scenario();
        QVERIFY(s.parallel.gpus > before);
        QCOMPARE(gpus->field()->text().toInt(), s.parallel.gpus);
        // The plotted bars equal the core estimate of the new scenario.
        const Estimate e = estimate(s);
        QVERIFY(e.valid());
        const MemoryBreakdown& many = e.memory.perGpu.device;
        const double expected[] = {many.weights, many.gradients, many.masterWeights, many.optimizerStates, many.activations,
                                   many.overhead};
        for (int part = 0; part < 6; ++part)
            QCOMPARE(window_->memoryChart()->plotted(part, 1), expected[part] / units::kGB);
    }

    void typingInTheFieldWorks()
    {
        ValueSlider* params = window_->modelPanel()->parameterSlider();
        params->field()->setText(QStringLiteral("70B"));
        QMetaObject::invokeMethod(params->field(), "editingFinished");
        window_->settle();
        QCOMPARE(window_->document()->estimate().model.params, qint64(70'000'000'000));
        QCOMPARE(window_->memoryChart()->plotted(2, 0), 70e9 * 4 / 1e9);  // fp32 master weights, GB
    }

    void undoRedoRestoreExactValues()
    {
        ScenarioDocument* doc = window_->document();
        const std::string original = asJson(doc->scenario());
        QTest::keyClick(window_->modelPanel()->sequenceSlider()->slider(), Qt::Key_Right);
        const std::string changed = asJson(doc->scenario());
        QVERIFY(changed != original);
        QVERIFY(doc->isModified());
        QVERIFY(window_->isWindowModified());  // the title's "*"
        doc->undoStack()->undo();
        QCOMPARE(asJson(doc->scenario()), original);
        QVERIFY(!doc->isModified());
        QVERIFY(!window_->isWindowModified());  // back at the saved state: no "*"
        doc->undoStack()->redo();
        QCOMPARE(asJson(doc->scenario()), changed);
    }

    // Saving in the middle of a drag: the steps after the save are a new undo step (QUndoStack
    // never merges into the command at its clean index), so undoing them returns to the saved
    // state without the title's "*".
    void undoAfterSavingMidDragReachesTheSavedState()
    {
        QTemporaryDir dir;
        ScenarioDocument* doc = window_->document();
        Scenario s = doc->scenario();
        s.parallel.gpus = 128;
        doc->setScenario(s, QStringLiteral("drag"), 7);
        QString error;
        QVERIFY2(doc->save(dir.filePath(QStringLiteral("s.json")), &error), qPrintable(error));
        const std::string saved = asJson(doc->scenario());
        s.parallel.gpus = 256;
        doc->setScenario(s, QStringLiteral("drag"), 7);  // the same drag goes on
        QVERIFY(doc->isModified());
        doc->undoStack()->undo();
        QCOMPARE(asJson(doc->scenario()), saved);
        QVERIFY(!doc->isModified());
        QVERIFY(!window_->isWindowModified());
    }

    void aSliderDragIsOneUndoStep()
    {
        ScenarioDocument* doc = window_->document();
        const std::string original = asJson(doc->scenario());
        QSlider* slider = window_->modelPanel()->parameterSlider()->slider();
        const int start = doc->undoStack()->count();
        slider->setSliderDown(true);
        for (int i = 1; i <= 5; ++i)
            slider->setValue(slider->value() + 1);
        slider->setSliderDown(false);  // emits sliderReleased: the drag ends
        QCOMPARE(doc->undoStack()->count(), start + 1);
        doc->undoStack()->undo();
        QCOMPARE(asJson(doc->scenario()), original);
    }

    void saveAndReopenUnchanged()
    {
        QTemporaryDir dir;
        ScenarioDocument* doc = window_->document();
        QTest::keyClick(window_->layoutPanel()->tpSlider()->slider(), Qt::Key_Right);
        const std::string saved = asJson(doc->scenario());
        QString error;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QVERIFY2(doc->save(path, &error), qPrintable(error));
        QVERIFY(!doc->isModified());
        doc->reset(defaultScenario(), QString());
        QVERIFY(doc->load(path, &error));
        QCOMPARE(asJson(doc->scenario()), saved);
        QCOMPARE(doc->filePath(), path);
    }

    void fileOpenedBeforeShowKeepsTheStatusBarReadable()
    {
        // `shardscope FILE` opens the file before the window shows: the "Opened" message must
        // replace the scenario summary, not be drawn over it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY2(window_->document()->save(path, &error), qPrintable(error));
        MainWindow w(false);
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w, test::kWindowWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("Opened")), test::kWindowWaitMs);
        for (QLabel* label : w.statusBar()->findChildren<QLabel*>(Qt::FindDirectChildrenOnly))
            QVERIFY2(!label->isVisible(), qPrintable(label->text()));
    }

    void malformedFileIsRejectedAndNothingIsLost()
    {
        QTemporaryDir dir;
        ScenarioDocument* doc = window_->document();
        QTest::keyClick(window_->modelPanel()->sequenceSlider()->slider(), Qt::Key_Right);
        const std::string current = asJson(doc->scenario());
        const int undoSteps = doc->undoStack()->count();
        for (const QByteArray& content : {QByteArray("{\"training\": {\"seq_len\": \"long\"}}"), QByteArray("{not json")}) {
            QFile bad(dir.filePath(QStringLiteral("bad.json")));
            QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
            bad.write(content);
            bad.close();
            QString error;
            QVERIFY(!doc->load(bad.fileName(), &error));
            QVERIFY(!error.isEmpty());
            QCOMPARE(asJson(doc->scenario()), current);
            QCOMPARE(doc->undoStack()->count(), undoSteps);
        }
        QString error;
        QVERIFY(!doc->load(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QStringLiteral("missing.json")));
        // Saving into a folder that does not exist fails and keeps the document as it was.
        QVERIFY(!doc->save(dir.filePath(QStringLiteral("no/such/folder/s.json")), &error));
        QCOMPARE(asJson(doc->scenario()), current);
    }

    void invalidLayoutShowsItsMessageAndNoNaN()
    {
        Scenario s = window_->document()->scenario();
        s.parallel.gpus = 6;
        s.parallel.tp = 3;  // divides neither the 32 heads nor the GPU count's other factors
        window_->document()->setScenario(s, QStringLiteral("test"));
        window_->settle();
        QVERIFY(!window_->document()->estimate().valid());
        bool shown = false;
        for (const QLabel* label : window_->layoutPanel()->tpSlider()->findChildren<QLabel*>())
            shown = shown || (label->isVisible() && label->text().contains(QStringLiteral("must divide the attention heads")));
        QVERIFY(shown);
        for (ChartBase* chart : window_->charts())
            QVERIFY2(allFinite(chart), qPrintable(chart->exportName()));
    }

    void chineseChangesControlsAndCharts()
    {
        const QString tab = window_->tabs()->tabText(0);
        const QString title = window_->memoryChart()->title();
        window_->setLanguage(Language::Chinese);
        window_->settle();
        const auto isChinese = [](const QString& text) {
            return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
        };
        QVERIFY2(isChinese(window_->tabs()->tabText(0)), qPrintable(window_->tabs()->tabText(0)));
        QVERIFY(window_->tabs()->tabText(0) != tab);
        QVERIFY2(isChinese(window_->memoryChart()->title()), qPrintable(window_->memoryChart()->title()));
        QVERIFY(isChinese(window_->modelPanel()->parameterSlider()->slider()->accessibleName()));
        QVERIFY(isChinese(window_->memoryChart()->xAxis->tickVectorLabels().join(QString())));
        // The wider Chinese labels widen the side panel instead of cutting its units on the right.
        auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("ControlsDock"));
        auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
        QVERIFY(scroll && scroll->widget());
        QVERIFY2(scroll->widget()->width() >= scroll->widget()->minimumSizeHint().width(),
                 qPrintable(QStringLiteral("%1 < %2").arg(scroll->widget()->width()).arg(scroll->widget()->minimumSizeHint().width())));
        QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        window_->setLanguage(Language::English);
        window_->settle();
        QCOMPARE(window_->tabs()->tabText(0), tab);
        QCOMPARE(window_->memoryChart()->title(), title);
    }

    void helpValidationShowsEveryReferenceCase()
    {
        QAction* action = window_->findChild<QAction*>(QStringLiteral("validationAction"));
        QVERIFY(action != nullptr);
        action->trigger();
        ValidationDialog* dialog = window_->validationDialog();
        QVERIFY(dialog != nullptr && dialog->isVisible());
        // The same cases as `shardscope-cli validate`, one top-level row per source.
        QCOMPARE(dialog->tree()->topLevelItemCount(), static_cast<int>(dialog->run().sources.size()));
        int rows = 0;
        for (int i = 0; i < dialog->tree()->topLevelItemCount(); ++i)
            rows += dialog->tree()->topLevelItem(i)->childCount();
        QCOMPARE(rows, dialog->run().cases);
        QVERIFY(dialog->run().passed());
        window_->setLanguage(Language::Chinese);  // Qt posts LanguageChange to every window
        QTRY_VERIFY_WITH_TIMEOUT(dialog->windowTitle().contains(QStringLiteral("验证")), test::kWindowWaitMs);
        // The cases' own words and their units are Chinese too: Young/Daly's interval in minutes.
        bool minutes = false;
        for (int i = 0; i < dialog->tree()->topLevelItemCount(); ++i) {
            QTreeWidgetItem* source = dialog->tree()->topLevelItem(i);
            for (int c = 0; c < source->childCount(); ++c) {
                const QString reference = source->child(c)->text(1);
                QVERIFY2(!reference.endsWith(QStringLiteral(" minutes")) && !reference.endsWith(QStringLiteral(" hours")),
                         qPrintable(reference));
                minutes = minutes || reference.endsWith(QStringLiteral(" 分钟"));
            }
        }
        QVERIFY(minutes);
        QVERIFY(dialog->tree()->topLevelItem(0)->text(0).contains(QStringLiteral("文章")));
        window_->setLanguage(Language::English);
        dialog->close();
    }

    // View > Larger text: the model panel's two-line shape summary grows with the font instead of
    // keeping the height of two lines of the old one (and cutting its second line).
    void largerTextKeepsTheShapeSummaryWhole()
    {
        ModelPanel* panel = window_->findChild<ModelPanel*>();
        QVERIFY(panel != nullptr);
        QLabel* shape = nullptr;
        for (QLabel* label : panel->findChildren<QLabel*>())
            if (label->wordWrap() && label->minimumHeight() == label->maximumHeight())
                shape = label;
        QVERIFY(shape != nullptr);
        const int normal = shape->maximumHeight();
        window_->setFontScale(2.0);
        window_->settle();
        const int large = shape->maximumHeight();
        const int needed = 2 * shape->fontMetrics().lineSpacing();
        window_->setFontScale(1.0);
        window_->settle();
        QVERIFY2(large >= needed, qPrintable(QStringLiteral("%1 px for two lines of %2 px").arg(large).arg(needed)));
        QCOMPARE(shape->maximumHeight(), normal);  // and back at the normal size
    }

    void screenshotWritesAPng()
    {
        QTemporaryDir dir;
        QString error;
        const QString path = dir.filePath(QStringLiteral("shot.png"));
        QVERIFY2(window_->saveScreenshot(path, &error), qPrintable(error));
        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), window_->size());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
