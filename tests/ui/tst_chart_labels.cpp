// Charts alone, at many sizes and type scales, whose labels are placed by the data: no label
// may be cut or lie on another, nor the memory chart's labels on its bars. tst_presentation checks
// every view's charts in a window; these sweep the sizes and scenarios where placement is hard.
#include <QtTest>

#include "core/estimate/estimate.h"
#include "core/scenario/model_presets.h"
#include "tests/ui/memory_chart_checks.h"
#include "ui/charts/chart_text_check.h"
#include "ui/charts/memory_chart.h"
#include "ui/charts/step_time_chart.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

// Draws `chart` as a window of `size` with text x`scale` would: rebuilt for the size, laid out.
void drawAt(ChartBase& chart, QSize size, double scale)
{
    chart.resize(size);
    chart.setFontScale(scale);
    chart.ensureCurrent();
    chart.replot(QCustomPlot::rpImmediateRefresh);
}

} // namespace

class TestChartLabels : public QObject {
    Q_OBJECT

private slots:
    void memoryChartLabelsNeverCollide()
    {
        // The memory chart places four labels by the data (the GPU's capacity, each bar's model
        // states, the totals): wherever the capacity line and the model states meet, at any size
        // and type scale, no label may sit on another or be cut, nor the capacity label on a bar.
        MemoryChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart, test::kWindowWaitMs));
        QStringList problems;
        int cases = 0;
        const auto check = [&](const Scenario& s) {
            const Estimate e = estimate(s);
            if (!e.valid())
                return;
            chart.setEstimate(s, e);
            // Chart sizes with the type scale the window gives them: a desktop window (scale 1),
            // presentation at 1366x768 (1.28) beside the tour or alone, at 1920x1080 (1.8), and
            // Ctrl+Plus twice in a large window (a laptop window at that scale:
            // everyChartReadsInAWindow), and the overview in a 1366x768 window at text x1.75 and x2,
            // where the plot is under 100 px tall.
            const std::pair<QSize, double> looks[] = {{QSize(640, 430), 1.0},  {QSize(960, 560), 1.0},
                                                      {QSize(900, 600), 1.28}, {QSize(1340, 560), 1.28},
                                                      {QSize(1900, 960), 1.8}, {QSize(1500, 800), 1.32},
                                                      {QSize(560, 330), 1.0}};
            for (const auto& [size, scale] : looks) {
                drawAt(chart, size, scale);
                ++cases;
                const QStringList found = chartTextProblems(&chart, QStringLiteral("memory")) + labelsOverTheOtherBar(&chart)
                                          + capacityLabelOverABar(&chart);
                for (const QString& p : found)
                    problems << QStringLiteral("%1, %2 GPUs, ZeRO-%3, seq %4, %5x%6, scale %7: %8")
                                    .arg(QString::fromStdString(s.modelId)).arg(s.parallel.gpus).arg(s.parallel.zero)
                                    .arg(s.training.seqLen).arg(size.width()).arg(size.height()).arg(scale).arg(p);
            }
        };
        for (const int gpus : {1, 8, 64, 1024}) {
            for (const int zero : {0, 3}) {
                for (const int seq : {1024, 4096, 65536}) {
                    Scenario s = defaultScenario();
                    s.parallel.gpus = gpus;
                    s.parallel.zero = zero;
                    s.training.seqLen = seq;
                    check(s);
                }
            }
        }
        // A one-GPU bar 80 times the second: the line and the second bar's labels at the bottom
        // of the axis, where the capacity label had no place right of the bars and covered the
        // first one (GPT-3 175B, tp 8 x pp 8 on 1,024 A100).
        for (const int zero : {1, 3}) {
            Scenario s = defaultScenario();
            s.model = standardModelPresets().find("megatron-175b")->spec;
            s.modelId = "megatron-175b";
            s.cluster.gpu = "a100-80g";
            s.parallel = ParallelSpec{};
            s.parallel.gpus = 1024;
            s.parallel.tp = 8;
            s.parallel.pp = 8;
            s.parallel.zero = zero;
            s.parallel.sequenceParallel = true;
            s.training.recompute = Recompute::Selective;
            s.training.globalBatch = 1536;
            check(s);
        }
        QVERIFY(cases > 100);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problems, first: ").arg(problems.size()) +
                                                problems.mid(0, 12).join(QLatin1Char('\n'))));
    }

    void memoryTotalsFitAShortPlot()
    {
        // At twice the text in a 1366x768 window the overview's memory chart is about 400x360 px
        // with a plot under 100 px tall: the 18 % headroom above the taller bar was less than its
        // total's height and cut "132 GB" at the plot's top, and the model-state labels lay on the
        // totals and the capacity label. The totals now stay inside the plot and the model-state
        // labels give way. (The tick labels and the axis title are too crowded at that size for
        // the full check, and the window's rows find them.)
        MemoryChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart, test::kWindowWaitMs));
        for (const int gpus : {1, 64}) {
            Scenario s = defaultScenario();
            s.parallel.gpus = gpus;
            const Estimate e = estimate(s);
            QVERIFY(e.valid());
            chart.setEstimate(s, e);
            // (At x2 the text fitting lays the chart out several times; at x1 it is laid out once.)
            const std::pair<QSize, double> looks[] = {
                {QSize(400, 360), 2.0}, {QSize(430, 390), 2.0}, {QSize(640, 430), 2.0}, {QSize(560, 230), 1.0}};
            for (const auto& [size, scale] : looks) {
                drawAt(chart, size, scale);
                // The ticks are made for the range as drawn, not for the one before it rose: the
                // highest tick is within a step of the top (stale ticks stopped at 150 of 220).
                const QVector<double> ticks = chart.yAxis->tickVector();
                QVERIFY(ticks.size() >= 2);
                QVERIFY2(ticks.last() >= chart.yAxis->range().upper - 1.01 * (ticks[1] - ticks[0]),
                         qPrintable(QStringLiteral("%1 GPUs, %2x%3: ticks end at %4 of %5").arg(gpus).arg(size.width())
                                        .arg(size.height()).arg(ticks.last()).arg(chart.yAxis->range().upper)));
                const QRectF plot = QRectF(chart.axisRect()->rect()).adjusted(-1, -1, 1, 1);
                QList<QCPItemText*> shown;
                for (int i = 0; i < chart.itemCount(); ++i) {
                    auto* label = qobject_cast<QCPItemText*>(chart.item(i));
                    if (label != nullptr && label->visible())
                        shown << label;
                }
                for (QCPItemText* label : shown) {
                    const QString text = label->text().simplified();
                    if (!text.startsWith(QChar(0x2190)) && text.endsWith(QStringLiteral(" GB")))  // a total
                        QVERIFY2(plot.contains(itemTextRect(label)), qPrintable(QStringLiteral("%1 GPUs, %2x%3: '%4' cut")
                                                                                     .arg(gpus).arg(size.width()).arg(size.height()).arg(text)));
                    if (!text.startsWith(QChar(0x2190)))
                        continue;
                    for (QCPItemText* other : shown) {
                        QVERIFY2(other == label || !itemTextRect(label).adjusted(1, 1, -1, -1).intersects(itemTextRect(other).adjusted(1, 1, -1, -1)),
                                 qPrintable(QStringLiteral("%1 GPUs, %2x%3: '%4' over '%5'").arg(gpus).arg(size.width()).arg(size.height())
                                                .arg(text, other->text().simplified())));
                    }
                }
            }
        }
    }

    void stepTotalNeverCut()
    {
        // The step chart's total sits right of its bar ("21,188.00 s" for one GPU at 64K). Its
        // room was reserved when the chart was rebuilt, at most 35 % of the last layout's width:
        // in a narrow chart with larger text it was cut at the plot's edge.
        StepTimeChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart, test::kWindowWaitMs));
        QStringList problems;
        int cases = 0;
        for (const int gpus : {1, 64}) {
            for (const int seq : {4096, 65536}) {
                Scenario s = defaultScenario();
                s.parallel.gpus = gpus;
                s.training.seqLen = seq;
                const Estimate e = estimate(s);
                QVERIFY(e.valid());
                chart.setEstimate(s, e);
                for (const QSize size : {QSize(420, 380), QSize(520, 430), QSize(960, 560)}) {
                    for (const double scale : {1.0, 1.3225, 1.8}) {
                        drawAt(chart, size, scale);
                        ++cases;
                        for (const QString& p : chartTextProblems(&chart, QStringLiteral("communication")))
                            problems << QStringLiteral("%1 GPUs, seq %2, %3x%4, scale %5: %6")
                                            .arg(gpus).arg(seq).arg(size.width()).arg(size.height()).arg(scale).arg(p);
                    }
                }
            }
        }
        QCOMPARE(cases, 36);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problems, first: ").arg(problems.size()) +
                                                problems.mid(0, 8).join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestChartLabels)
#include "tst_chart_labels.moc"
