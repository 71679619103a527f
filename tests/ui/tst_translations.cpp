// Simplified Chinese covers every visible string: every diagnostic template of the catalog
// and every source text in the translation file has a finished translation.
#include <QtTest>

#include <QXmlStreamReader>

#include "core/common/messages.h"
#include "ui/i18n/language.h"
#include "ui/i18n/ui_text.h"

using namespace shardscope;
using namespace shardscope::ui;

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void everyDiagnosticIsTranslated()
    {
        installLanguage(Language::Chinese);
        int missing = 0;
        for (const char* templ : msg::catalog()) {
            const QString translated = QCoreApplication::translate("Diagnostic", templ);
            if (translated == QString::fromUtf8(templ)) {
                qWarning("untranslated: %s", templ);
                ++missing;
            }
        }
        QCOMPARE(missing, 0);
        installLanguage(Language::English);
    }

    void translatedDiagnosticsKeepTheirValues()
    {
        installLanguage(Language::Chinese);
        const Diagnostic d = makeDiagnostic(Severity::Error, "parallel.tp", msg::kTpHeads, {"3", "32"});
        const QString text = diagnosticText(d);
        QVERIFY(text.contains(QLatin1Char('3')) && text.contains(QStringLiteral("32")));
        QVERIFY(text != QString::fromStdString(d.message));
        installLanguage(Language::English);
        QCOMPARE(diagnosticText(d), QString::fromStdString(d.message));
    }

    void translationFileIsComplete()
    {
        QFile file(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/resources/i18n/shardscope_zh_CN.ts"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        int messages = 0, unfinished = 0;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
                ++messages;
            } else if (xml.name() == QLatin1String("translation")) {
                const bool isUnfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
                // Plural messages hold their forms in <numerusform> children.
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
                if (isUnfinished || text.isEmpty()) {
                    qWarning("unfinished: %s", qPrintable(source));
                    ++unfinished;
                }
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 300);
        QCOMPARE(unfinished, 0);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
