// Presentation mode as a lecturer uses it on a 1366x768 projector and a 1920x1080 screen, in
// English and Chinese: the charts fill the window, tables and side panel are gone, and no text is
// cut or drawn over other text (label boxes checked against the plot and the widget).
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>

#include <cmath>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolBar>

#include "ui/charts/chart_text_check.h"
#include "ui/charts/chart_base.h"
#include "ui/charts/chart_panel.h"
#include "core/estimate/estimate.h"
#include "ui/charts/memory_chart.h"
#include "ui/controls/diagnostics_view.h"
#include "ui/controls/value_slider.h"
#include "ui/main_window.h"
#include "ui/presentation/presentation_mode.h"
#include "ui/presentation/presentation_strip.h"
#include "tests/ui/memory_chart_checks.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

// Every visible label of `root` shows all of its text (a QLabel narrower than its text cuts it).
QStringList clippedLabels(QWidget* root)
{
    QStringList out;
    for (QLabel* label : root->findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty() || label->wordWrap())
            continue;
        const int needed = label->fontMetrics().horizontalAdvance(label->text()) + label->margin() * 2;
        if (label->contentsRect().width() + 1 < needed)
            out << QStringLiteral("label '%1' needs %2 px, has %3").arg(label->text()).arg(needed).arg(label->contentsRect().width());
    }
    return out;
}

// The chart panels of the tab in sight.
QList<ChartPanel*> visiblePanels(MainWindow* w)
{
    QList<ChartPanel*> out;
    for (ChartPanel* p : w->tabs()->currentWidget()->findChildren<ChartPanel*>())
        if (p->isVisible())
            out << p;
    return out;
}

// WCAG 2.1 relative luminance and contrast ratio.
double luminance(QColor c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(QColor a, QColor b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The strongest contrast between any pixel of the widget as drawn and the window's colour: the
// part of the control a viewer sees (a handle, a frame) must reach 3:1.
double bestContrast(QWidget* widget, QColor window)
{
    const QImage image = widget->grab().toImage();
    double best = 1;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            best = std::max(best, contrast(image.pixelColor(x, y), window));
    return best;
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT
    QFont appFont_;

private slots:
    void initTestCase()
    {
        test::startWindowTest();
        appFont_ = QApplication::font();
    }

    // A window scales the application's font (presentation, Ctrl+Plus); each case starts from
    // the same font, as a fresh process would.
    void cleanup() { QApplication::setFont(appFont_); }

    void checkerSeesCutAndOverlappingText()
    {
        // The layout check itself: a label past the plot's edge and two labels on each other are
        // reported, a label well inside is not.
        QCustomPlot plot;
        plot.resize(400, 300);
        plot.show();  // the viewport follows the widget's size once shown
        QVERIFY(QTest::qWaitForWindowExposed(&plot, test::kWindowWaitMs));
        plot.xAxis->setRange(0, 10);
        plot.yAxis->setRange(0, 10);
        plot.replot();
        const auto label = [&](double x, double y, const QString& text) {
            auto* item = new QCPItemText(&plot);
            item->position->setCoords(x, y);
            item->setText(text);
            return item;
        };
        label(5, 5, QStringLiteral("inside"));
        plot.replot();
        QVERIFY2(chartTextProblems(&plot, QStringLiteral("t")).isEmpty(),
                 qPrintable(chartTextProblems(&plot, QStringLiteral("t")).join(QLatin1Char('\n'))));
        label(9.9, 5, QStringLiteral("1,790.59 s"));  // centred on the right edge: cut
        label(5, 5.05, QStringLiteral("inside too"));  // on top of "inside"
        plot.replot();
        const QStringList problems = chartTextProblems(&plot, QStringLiteral("t"));
        QVERIFY2(problems.join(QLatin1Char(' ')).contains(QStringLiteral("'1,790.59 s' cut")), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(problems.join(QLatin1Char(' ')).contains(QStringLiteral("'inside too' over 'inside'")),
                 qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void windowFitsALaptopScreen_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<int>("language");
        // The default text and each step of View > Larger text up to twice the size (1.15^5), in
        // both languages (Chinese type has taller lines).
        for (const Language l : {Language::English, Language::Chinese})
            for (int steps = 0; steps <= 5; ++steps)
                QTest::addRow("%s, text x%.2f", l == Language::English ? "en" : "zh_CN", std::pow(1.15, steps))
                    << std::pow(1.15, steps) << static_cast<int>(l);
    }

    void windowFitsALaptopScreen()
    {
        // The window must fit a 1366x768 screen with room for a panel or task bar, and with larger
        // text its width still must: at twice the size it needed 1,487 px before the chart panels'
        // buttons and the data view's fields could wrap and the sliders' labels break. The tallest
        // view is migration's (two charts, each with its table, one above the other): at x2 724 px in
        // English and 752 px in Chinese (taller lines), within the screen but not beside a task bar.
        QFETCH(double, scale);
        QFETCH(int, language);
        MainWindow w(false);
        w.setLanguage(static_cast<Language>(language));
        w.resize(1366, 720);
        w.show();
        w.setFontScale(scale);
        w.settle();
        // On every view: a view's controls are built and sized when it is first shown (the
        // operations view at x2 once needed 1,372 px, the precision view in Chinese 810 px high).
        for (const char* view : {"memory", "sequence", "scaling", "migration", "data", "precision", "operations", "plan"}) {
            QVERIFY(w.showView(view));
            w.settle();
            const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
            QVERIFY2(min.width() <= 1366 && min.height() <= (scale < 1.6 ? 720 : 768),
                     qPrintable(QStringLiteral("%1: minimum size %2x%3").arg(QLatin1String(view)).arg(min.width()).arg(min.height())));
        }
    }

    // The migration view's notes scroll only where the window is short: at the default text in a
    // 1366x768 window they show whole beside the tensor table (a scroll area whose size hint did
    // not follow its wrapped text gave them two lines).
    void migrationNotesShowWhole_data()
    {
        QTest::addColumn<int>("language");
        QTest::addRow("en") << static_cast<int>(Language::English);
        QTest::addRow("zh_CN") << static_cast<int>(Language::Chinese);
    }
    void migrationNotesShowWhole()
    {
        QFETCH(int, language);
        MainWindow w(false);
        w.setLanguage(static_cast<Language>(language));
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.showView("migration"));
        w.settle();
        const auto* notes = w.findChild<QScrollArea*>(QStringLiteral("MigrationNotes"));
        QVERIFY(notes != nullptr && notes->isVisible());
        QVERIFY(notes->widget()->height() > 3 * notes->fontMetrics().height());  // the pitfall and the caption
        QCOMPARE(notes->verticalScrollBar()->maximum(), 0);
    }

    void chartsFillTheScreenWithReadableText_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<int>("language");
        for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
            for (const Language l : {Language::English, Language::Chinese})
                QTest::addRow("%dx%d %s", size.width(), size.height(), l == Language::English ? "en" : "zh_CN")
                    << size << static_cast<int>(l);
        }
    }

    void chartsFillTheScreenWithReadableText()
    {
        QFETCH(QSize, screen);
        QFETCH(int, language);
        MainWindow w(false);
        w.setLanguage(static_cast<Language>(language));
        w.show();
        w.setPresentation(true, screen);
        QCOMPARE(w.size(), screen);
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("ControlsDock"))->isHidden());
        QVERIFY(w.statusBar()->isHidden());
        QCOMPARE(w.presentation()->baseScale(), PresentationMode::scaleFor(screen));
        QStringList problems;
        for (const char* id : {"memory", "scaling", "sequence"}) {
            QVERIFY(w.showView(id));
            w.settle();
            const QList<ChartPanel*> panels = visiblePanels(&w);
            QVERIFY(!panels.isEmpty());
            for (ChartPanel* panel : panels) {
                QVERIFY(panel->tableWidget()->isHidden());
                ChartBase* chart = panel->chart();
                // One row of charts fills the window: at least half its height.
                QVERIFY2(chart->height() >= screen.height() / 2,
                         qPrintable(QStringLiteral("%1 is %2 px tall").arg(chart->exportName()).arg(chart->height())));
                QCOMPARE(chart->fontScale(), PresentationMode::scaleFor(screen));
                problems << chartTextProblems(chart, QLatin1String(id) + QLatin1Char('/') + chart->exportName());
            }
            // The default scenario's two notes show whole, in the enlarged font, without scrolling.
            if (QLatin1String(id) == QLatin1String("memory")) {
                QCOMPARE(w.document()->estimate().diagnostics.size(), std::size_t{2});
                const auto* notes = w.tabs()->currentWidget()->findChild<DiagnosticsView*>();
                QVERIFY(notes != nullptr && notes->text().count(QStringLiteral("<br>")) == 1);
                const auto* area = qobject_cast<QScrollArea*>(notes->parentWidget()->parentWidget());
                QVERIFY(area != nullptr);
                QVERIFY2(area->verticalScrollBar()->maximum() == 0,
                         qPrintable(QStringLiteral("the notes need %1 px more").arg(area->verticalScrollBar()->maximum())));
            }
            // The strip shows the sliders of this view, and they show their whole text.
            PresentationStrip* strip = w.presentation()->strip();
            QVERIFY(strip->isVisible());
            problems << clippedLabels(strip);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void everyChartReadsInAWindow_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<int>("language");
        QTest::addColumn<bool>("presenting");
        QTest::addColumn<double>("typeScale");  // Ctrl+Plus in a window; 1 is the default
        QTest::addColumn<bool>("oneGpu");       // the article's one-GPU case at 64K tokens instead of the default
        for (const bool presenting : {false, true})
            for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)})
                for (const Language l : {Language::English, Language::Chinese})
                    QTest::addRow("%dx%d %s%s", size.width(), size.height(), l == Language::English ? "en" : "zh_CN",
                                  presenting ? " presenting" : "")
                        << size << static_cast<int>(l) << presenting << 1.0 << false;
        // Larger text (Ctrl+Plus twice) on a laptop screen, with one GPU at 64K tokens: both
        // memory bars tall, the capacity line low, the sequence chart's two series one.
        for (const Language l : {Language::English, Language::Chinese})
            for (const bool oneGpu : {false, true})
                QTest::addRow("1366x768 %s, text x1.3225%s", l == Language::English ? "en" : "zh_CN", oneGpu ? ", one GPU 64K" : "")
                    << QSize(1366, 768) << static_cast<int>(l) << false << 1.3225 << oneGpu;
    }

    void everyChartReadsInAWindow()
    {
        // Every view's charts, and those on the views' own tabs (the operations view has four),
        // show all their text in a maximised window and in presentation mode.
        QFETCH(QSize, screen);
        QFETCH(int, language);
        QFETCH(bool, presenting);
        QFETCH(double, typeScale);
        QFETCH(bool, oneGpu);
        MainWindow w(false);
        w.setLanguage(static_cast<Language>(language));
        w.resize(screen);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w, test::kWindowWaitMs));
        if (presenting)
            w.setPresentation(true, screen);
        if (typeScale != 1.0)
            w.setFontScale(typeScale);
        if (oneGpu) {
            Scenario s = w.document()->scenario();
            s.parallel = ParallelSpec{};
            s.parallel.gpus = 1;
            s.training.seqLen = 65536;
            s.training.globalBatch.reset();
            w.document()->setScenario(s, QStringLiteral("one GPU"));
        }
        QStringList problems;
        int checked = 0;
        int shrunk = 0;        // charts whose larger text gave way
        double largest = 0.0;  // the largest text any chart drew
        for (const char* id : {"memory", "sequence", "scaling", "migration", "data", "precision", "operations", "plan"}) {
            QVERIFY(w.showView(id));
            QList<QTabWidget*> inner = w.tabs()->currentWidget()->findChildren<QTabWidget*>();
            const int pages = inner.isEmpty() ? 1 : inner.first()->count();
            for (int page = 0; page < pages; ++page) {
                if (!inner.isEmpty())
                    inner.first()->setCurrentIndex(page);
                w.settle();
                for (ChartBase* chart : w.charts()) {
                    if (!chart->isVisible())
                        continue;
                    chart->ensureCurrent();
                    chart->replot(QCustomPlot::rpImmediateRefresh);
                    ++checked;
                    // With larger text in a laptop window a chart draws its text as large as it
                    // can without cutting or stacking it (ChartBase::fitText): every row checks
                    // all of it.
                    problems << chartTextProblems(chart, QLatin1String(id) + QLatin1Char('/') + chart->exportName());
                    if (auto* memory = qobject_cast<MemoryChart*>(chart))
                        problems << labelsOverTheOtherBar(memory);
                    largest = std::max(largest, chart->textScale());
                    // A chart whose text gave way draws at the scale asked for once fitting is
                    // off, as exports turn it off (ui/export/chart_export.cpp, ExportScale).
                    if (chart->textScale() < chart->fontScale()) {
                        ++shrunk;
                        chart->setFitsText(false);
                        chart->setFontScale(chart->fontScale());
                        if (chart->textScale() != chart->fontScale())
                            problems << QStringLiteral("%1: drawn at %2 with fitting off, asked %3")
                                            .arg(chart->exportName()).arg(chart->textScale()).arg(chart->fontScale());
                        chart->setFitsText(true);
                        chart->setFontScale(chart->fontScale());
                    }
                }
            }
        }
        QVERIFY(checked >= 12);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Larger text shows where it fits: not every chart fell back to the default size.
        const double asked = typeScale != 1.0 ? typeScale : (presenting ? PresentationMode::scaleFor(screen) : 1.0);
        if (asked > 1.0) {
            QVERIFY2(largest > 1.0, qPrintable(QStringLiteral("every chart at x1.0 (%1 shrunk)").arg(shrunk)));
        }
    }

    void stripFollowsTheTab()
    {
        MainWindow w(false);
        w.show();
        w.setPresentation(true, QSize(1366, 768));
        PresentationStrip* strip = w.presentation()->strip();
        w.showView("scaling");
        QVERIFY(strip->slider(PresentationStrip::Knob::Tp)->isVisible());
        QVERIFY(!strip->slider(PresentationStrip::Knob::SeqLen)->isVisible());
        w.showView("sequence");
        QVERIFY(strip->slider(PresentationStrip::Knob::SeqLen)->isVisible());
        QVERIFY(!strip->slider(PresentationStrip::Knob::Tp)->isVisible());
        // A strip slider edits the document like the side panel's twin.
        const int before = w.document()->scenario().parallel.gpus;
        ValueSlider* gpus = strip->slider(PresentationStrip::Knob::Gpus);
        gpus->slider()->setFocus();
        QTest::keyClick(gpus->slider(), Qt::Key_Right);
        QVERIFY(w.document()->scenario().parallel.gpus > before);
    }

    void impossibleLayoutShowsNoNumbers()
    {
        MainWindow w(false);
        w.show();
        Scenario s = w.document()->scenario();
        s.parallel.tp = 3;  // 64 GPUs, 32 heads: cannot run
        w.document()->setScenario(s, QStringLiteral("tp 3"));
        w.settle();
        for (const char* id : {"memory", "scaling", "sequence"}) {
            QVERIFY(w.showView(id));
            w.settle();
            for (ChartPanel* panel : visiblePanels(&w)) {
                ChartBase* chart = panel->chart();
                QVERIFY(chart->isInvalid());
                QCOMPARE(chart->plottableCount(), 0);       // no bars, no curves
                QCOMPARE(panel->tableWidget()->rowCount(), 0);  // no numbers in the table
                QString text;
                for (int i = 0; i < chart->itemCount(); ++i)
                    if (auto* item = qobject_cast<QCPItemText*>(chart->item(i)))
                        text += item->text();
                QVERIFY2(text.contains(QStringLiteral("= 2")) && text.contains(QStringLiteral("= 4")), qPrintable(text));
            }
        }
        s.parallel.tp = 2;  // and back: the numbers return
        w.document()->setScenario(s, QStringLiteral("tp 2"));
        w.showView("memory");
        w.settle();
        QVERIFY(!w.memoryChart()->isInvalid());
        QVERIFY(w.memoryChart()->plottableCount() > 0);
    }

    void darkControlsStandOut()
    {
        MainWindow w(false);
        w.setThemeKind(ThemeKind::Dark);
        const QColor window = QApplication::palette().color(QPalette::Window);
        QWidget host;
        host.setAutoFillBackground(true);
        auto* slider = new QSlider(Qt::Horizontal, &host);
        slider->setRange(0, 100);
        slider->setValue(50);
        slider->setGeometry(10, 10, 200, 30);
        auto* field = new QLineEdit(&host);  // empty: only its frame shows
        field->setGeometry(10, 50, 200, 30);
        host.resize(220, 90);
        host.show();
        QVERIFY2(bestContrast(slider, window) >= 3.0, qPrintable(QString::number(bestContrast(slider, window))));
        QVERIFY2(bestContrast(field, window) >= 3.0, qPrintable(QString::number(bestContrast(field, window))));
        w.setThemeKind(ThemeKind::Light);
    }

    void resetSizeKeepsPresentationConsistent()
    {
        MainWindow w(false);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w, test::kWindowWaitMs));
        w.setPresentation(true, QSize(1920, 1080));
        ChartBase* chart = w.charts().first();
        const double presenting = PresentationMode::scaleFor(QSize(1920, 1080));
        QCOMPARE(chart->fontScale(), presenting);
        QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
        QVERIFY(chart->fontScale() > presenting);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(chart->fontScale(), presenting);  // Ctrl+0: the presentation's size, mode kept
        QAction* toggle = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->isCheckable() && a->shortcuts().contains(QKeySequence(Qt::Key_F11)))
                toggle = a;
        QVERIFY(toggle != nullptr);
        QVERIFY(toggle->isChecked());
        w.setPresentation(false);
        QVERIFY(!toggle->isChecked());
        QCOMPARE(chart->fontScale(), 1.0);
        QVERIFY(!w.findChild<QDockWidget*>(QStringLiteral("ControlsDock"))->isHidden());
        for (ChartPanel* p : w.findChildren<ChartPanel*>())
            QVERIFY(!p->tableWidget()->isHidden());
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
