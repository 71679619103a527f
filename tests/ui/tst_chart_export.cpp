// Exporting charts: PNG of the requested pixel size, SVG that parses as XML, PDF that is a
// PDF, and an error (not a crash) for an unwritable path; every chart, both themes.
#include <QtTest>

#include <QRegularExpression>
#include <cmath>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QTimer>
#include <QTemporaryDir>
#include <QToolButton>
#include <QXmlStreamReader>

#include "ui/charts/chart_base.h"
#include "ui/export/chart_export.h"
#include "ui/main_window.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/memory_chart.h"
#include "ui/export/export_dialog.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope::ui;

class TestChartExport : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

private slots:
    void initTestCase()
    {
        shardscope::test::startWindowTest();
        window_ = std::make_unique<MainWindow>(false);
        window_->show();
        window_->settle();
    }
    void cleanupTestCase() { window_.reset(); }

    void pngHasTheRequestedSize_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("scale");
        QTest::newRow("1600 x 900") << 1600 << 900 << 1.0;
        QTest::newRow("800 x 600 at 2x") << 800 << 600 << 2.0;
        QTest::newRow("small") << 320 << 200 << 1.0;
    }
    void pngHasTheRequestedSize()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, scale);
        QTemporaryDir dir;
        for (ChartBase* chart : window_->charts()) {
            const QString path = dir.filePath(chart->exportName() + QStringLiteral(".png"));
            QString error;
            QVERIFY2(exportChart(chart, path, ExportOptions{QSize(width, height), scale}, &error), qPrintable(error));
            const QImage image(path);
            QCOMPARE(image.size(), QSize(qRound(width * scale), qRound(height * scale)));
        }
    }

    // The export dialog's language: a Chinese chart from an English window, which stays English.
    void exportDialogWritesTheChosenLanguage()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("memory-zh.svg"));
        ChartBase* chart = window_->memoryChart();
        const QString englishTitle = chart->title();
        auto* panel = qobject_cast<ChartPanel*>(chart->parentWidget()->parentWidget());
        QVERIFY(panel);
        bool answered = false;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<ExportDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->findChild<QLineEdit*>()->setText(path);
            const QList<QComboBox*> combos = dialog->findChildren<QComboBox*>();
            QComboBox* language = nullptr;
            for (QComboBox* combo : combos)
                language = combo->findText(QStringLiteral("中文")) >= 0 ? combo : language;
            QVERIFY(language);
            language->setCurrentIndex(language->findText(QStringLiteral("中文")));
            QCOMPARE(dialog->language(), std::optional<Language>(Language::Chinese));
            answered = true;
            dialog->accept();
        });
        emit panel->exportRequested(chart);
        QVERIFY(answered);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY2(svg.contains(QStringLiteral("显存")), "the exported chart is not in Chinese");
        QCOMPARE(chart->title(), englishTitle);  // the window is English again
    }

    void narrowPanelMovesTheCopyButtonsIntoExportsMenu()
    {
        // With twice the text beside the controls a chart panel is narrower than its three buttons:
        // Export keeps its place and the copy actions move into its menu, and come back when wide.
        auto* chart = new MemoryChart;
        ChartPanel panel(chart);
        panel.resize(900, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel, shardscope::test::kWindowWaitMs));
        const auto buttons = panel.findChildren<QToolButton*>();
        QCOMPARE(buttons.size(), 3);
        QVERIFY(!panel.buttonsCompact());
        for (QToolButton* button : buttons)
            QVERIFY(button->isVisible());
        QVERIFY(panel.minimumSizeHint().width() < 300);  // the widest button, not the row
        panel.resize(200, 500);
        QVERIFY(panel.buttonsCompact());
        int shown = 0;
        for (QToolButton* button : buttons) {
            if (!button->isVisible())
                continue;
            ++shown;
            QVERIFY(button->menu() != nullptr);
            QCOMPARE(button->menu()->actions().size(), 2);
            QGuiApplication::clipboard()->clear();
            button->menu()->actions().front()->trigger();  // Copy image
            QVERIFY(!QGuiApplication::clipboard()->image().isNull());
        }
        QCOMPARE(shown, 1);
        panel.resize(900, 500);
        QVERIFY(!panel.buttonsCompact());
        for (QToolButton* button : buttons) {
            QVERIFY(button->isVisible());
            QCOMPARE(button->menu(), nullptr);
        }
    }

    void svgParsesAsXml()
    {
        QTemporaryDir dir;
        for (ChartBase* chart : window_->charts()) {
            const QString path = dir.filePath(chart->exportName() + QStringLiteral(".svg"));
            QString error;
            QVERIFY2(exportChart(chart, path, ExportOptions{}, &error), qPrintable(error));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QXmlStreamReader xml(&file);
            bool sawSvg = false;
            while (!xml.atEnd()) {
                xml.readNext();
                sawSvg = sawSvg || (xml.isStartElement() && xml.name() == QLatin1String("svg"));
            }
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QVERIFY(sawSvg);
        }
    }

    void svgNamesRealFontsAndPasteSize()
    {
        // A slide tool reads the physical size: at 96 dpi, 1600 px is 1600 / 96 in = 423.33 mm.
        // Font families must be ones a viewer can match (not a fontconfig alias such as "Sans Serif").
        QTemporaryDir dir;
        ChartBase* chart = window_->charts().first();
        const QString path = dir.filePath(QStringLiteral("chart.svg"));
        QString error;
        QVERIFY2(exportChart(chart, path, ExportOptions{QSize(1600, 900), 1.0}, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY2(svg.contains(QStringLiteral("width=\"423.33mm\"")) || svg.contains(QStringLiteral("width=\"423.333mm\"")),
                 qPrintable(svg.left(400)));
        QVERIFY(svg.contains(QStringLiteral("font-family=")));
        QVERIFY(!svg.contains(QStringLiteral("font-family=\"Sans Serif\"")));
        QVERIFY(svg.contains(QStringLiteral(", sans-serif\"")));
    }

    void pdfStartsWithPdf()
    {
        QTemporaryDir dir;
        for (ChartBase* chart : window_->charts()) {
            const QString path = dir.filePath(chart->exportName() + QStringLiteral(".pdf"));
            QString error;
            QVERIFY2(exportChart(chart, path, ExportOptions{}, &error), qPrintable(error));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.read(4), QByteArray("%PDF"));
        }
    }

    void darkThemeExportsToo()
    {
        QTemporaryDir dir;
        window_->setThemeKind(ThemeKind::Dark);
        window_->settle();
        QString error;
        const QString path = dir.filePath(QStringLiteral("memory-dark.png"));
        QVERIFY(exportChart(window_->charts().front(), path, ExportOptions{QSize(400, 300), 1.0}, &error));
        const QImage image(path);
        QVERIFY(image.pixelColor(2, 2).lightness() < 80);  // a dark background
        window_->setThemeKind(ThemeKind::Light);
    }

    void unwritablePathIsAnError_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("missing folder") << QStringLiteral("/nonexistent/folder/chart.png");
        QTest::newRow("a folder, not a file") << QDir::tempPath() + QStringLiteral("/");
        QTest::newRow("unknown format") << QDir::tempPath() + QStringLiteral("/chart.bmp");
    }
    void unwritablePathIsAnError()
    {
        QFETCH(QString, path);
        QString error;
        QVERIFY(!exportChart(window_->charts().front(), path, ExportOptions{}, &error));
        QVERIFY(!error.isEmpty());
    }

    void slidePresetInAnotherTheme()
    {
        // The 4K slide preset: 3840 x 2160 pixels, in the dark theme while the window is light;
        // the window's chart keeps its theme and type size.
        ChartBase* chart = window_->charts().first();
        QTemporaryDir dir;
        ExportOptions o = slideOptions(true);
        o.theme = ThemeKind::Dark;
        const QString path = dir.filePath(QStringLiteral("slide.png"));
        QString error;
        QVERIFY2(exportChart(chart, path, o, &error), qPrintable(error));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(3840, 2160));
        QCOMPARE(image.pixelColor(4, 4), theme(ThemeKind::Dark).chartBackground);
        QCOMPARE(chart->chartTheme().kind, ThemeKind::Light);
        QCOMPARE(chart->fontScale(), 1.0);
        // 9 pt at 2.25x is 27 px at 96 dpi: 2.5 % of 1080 logical pixels.
        QVERIFY(9 * o.fontScale * 96 / 72 >= 0.025 * o.size.height());
    }

    void exportAllWritesASlideDeck()
    {
        // One PDF, one 16:9 page per chart (1440 x 810 pt = 1920 x 1080 px at 96 dpi), vector.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(window_->exportAllCharts(dir.path(), QStringLiteral("pdf"), &error), qPrintable(error));
        QFile deck(dir.filePath(QStringLiteral("slides.pdf")));
        QVERIFY(deck.open(QIODevice::ReadOnly));
        const QByteArray pdf = deck.readAll();
        QVERIFY(pdf.startsWith("%PDF"));
        const qsizetype pages = pdf.count("/Type /Page\n") + pdf.count("/Type /Page\r") + pdf.count("/Type /Page ")
                                + pdf.count("/Type /Page/") + pdf.count("/Type /Page>");
        QCOMPARE(pages, window_->charts().size());
        const QRegularExpressionMatch box =
            QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]")).match(QString::fromLatin1(pdf));
        QVERIFY2(box.hasMatch(), "no MediaBox");
        QVERIFY2(std::abs(box.captured(1).toDouble() - 1440) < 1 && std::abs(box.captured(2).toDouble() - 810) < 1,
                 qPrintable(box.captured(0)));
        // The charts are back at the window's own type size afterwards.
        for (ChartBase* chart : window_->charts())
            QCOMPARE(chart->fontScale(), 1.0);
    }

    void existingFileSurvivesAFailedExport()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.png"));
        QString error;
        QVERIFY(exportChart(window_->charts().front(), path, ExportOptions{QSize(300, 200), 1.0}, &error));
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        QVERIFY(!exportChart(window_->charts().front(), path, ExportOptions{QSize(5, 5), 1.0}, &error));  // too small
        QFile after(path);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), before);
    }

    void exportAllWritesEveryChart()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY2(window_->exportAllCharts(dir.path(), QStringLiteral("svg"), &error), qPrintable(error));
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("*.svg")}).size(), window_->charts().size());
    }
};

QTEST_MAIN(TestChartExport)
#include "tst_chart_export.moc"
