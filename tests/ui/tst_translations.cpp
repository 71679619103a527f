// Simplified Chinese covers every visible string: every diagnostic template of the catalog
// and every source text in the translation file has a finished translation.
#include <QtTest>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>

#include "core/common/messages.h"
#include "core/validation/validation_suite.h"
#include "ui/i18n/language.h"
#include "ui/i18n/ui_text.h"
#include "ui/validation/case_text.h"

using namespace shardscope;
using namespace shardscope::ui;

// A translation file's plural messages: "context|source" to their forms.
QMap<QString, QStringList> numerusMessages(const QString& name)
{
    QMap<QString, QStringList> out;
    QFile file(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/resources/i18n/") + name);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context, source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
            if (numerus)
                out.insert(context + QLatin1Char('|') + source, {});
        } else if (numerus && xml.name() == QLatin1String("numerusform")) {
            out[context + QLatin1Char('|') + source] << xml.readElementText();
        }
    }
    return out;
}

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    // Help > Validation in Chinese: every built-in case's words (a source's title and note, a
    // case's description, note, outlier reason and the notes of other estimators) have a Chinese
    // text, and the file holds no text that no case uses any more.
    void everyValidationCaseTextIsTranslated()
    {
        Diagnostics problems;
        const std::vector<ReferenceSource> sources = builtInReferenceSources(problems);
        QVERIFY(!sources.empty());
        QSet<QString> used;
        auto use = [&](const std::string& text) {
            if (!text.empty())
                used.insert(QString::fromStdString(text));
        };
        for (const ReferenceSource& source : sources) {
            use(source.title);
            use(source.note);
            for (const ReferenceCase& c : source.cases) {
                use(c.what);
                use(c.note);
                use(c.outlier);
                for (const OtherValue& o : c.others)
                    use(o.note);
            }
        }
        QFile file(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/resources/i18n/validation_zh_CN.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject table = QJsonDocument::fromJson(file.readAll()).object();
        QStringList missing, stale;
        for (const QString& text : used) {
            if (table.value(text).toString().trimmed().isEmpty()) {
                missing << text;
                qWarning("untranslated case text: %s", qPrintable(text));
            }
        }
        for (auto it = table.begin(); it != table.end(); ++it) {
            if (!used.contains(it.key()))
                stale << it.key();
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 untranslated, first: %2").arg(missing.size()).arg(missing.value(0))));
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("%1 unused, first: %2").arg(stale.size()).arg(stale.value(0))));
        // And the dialog's lookup finds them (the file is embedded in the GUI).
        installLanguage(Language::Chinese);
        const QString title = QString::fromStdString(sources.front().title);
        QCOMPARE(caseText(sources.front().title), table.value(title).toString());
        installLanguage(Language::English);
        QCOMPARE(caseText(sources.front().title), title);
    }

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
        QVERIFY(text != QString::fromStdString(d.message()));
        installLanguage(Language::English);
        QCOMPARE(diagnosticText(d), QString::fromStdString(d.message()));
    }

    // English plurals: the sources say "%n GPUs"; shardscope_en.ts gives the singular, so one GPU
    // reads "1 GPU" and not "1 GPUs".
    void englishPluralsReadSingular()
    {
        installLanguage(Language::English);
        const char* context = "shardscope::ui::MemoryChart";
        const char* source = "Memory per GPU: one GPU versus %n GPUs";
        QCOMPARE(QCoreApplication::translate(context, source, nullptr, 1), QStringLiteral("Memory per GPU: one GPU versus 1 GPU"));
        QCOMPARE(QCoreApplication::translate(context, source, nullptr, 64), QStringLiteral("Memory per GPU: one GPU versus 64 GPUs"));
        installLanguage(Language::Chinese);
        QCOMPARE(QCoreApplication::translate(context, source, nullptr, 1), QStringLiteral("每张 GPU 的显存：单 GPU 与 1 张 GPU 对比"));
        installLanguage(Language::English);
    }

    // Every plural message (tr with a count) has both English forms, filled, with the source's
    // %1..%9: a new "%n ..." string without them would show "1 GPUs" again. The Chinese file lists
    // every message, so its plurals are the ones the sources use.
    void everyPluralHasEnglishForms()
    {
        const QMap<QString, QStringList> chinese = numerusMessages(QStringLiteral("shardscope_zh_CN.ts"));
        const QMap<QString, QStringList> english = numerusMessages(QStringLiteral("shardscope_en.ts"));
        QVERIFY(chinese.size() >= 20);
        QCOMPARE(english.keys(), chinese.keys());
        static const QRegularExpression arg(QStringLiteral("%[1-9]"));
        for (auto it = english.begin(); it != english.end(); ++it) {
            const QString source = it.key().section(QLatin1Char('|'), 1);
            QStringList wanted;
            for (auto m = arg.globalMatch(source); m.hasNext();)
                wanted << m.next().captured();
            wanted.sort();
            QCOMPARE(it.value().size(), 2);
            for (const QString& form : it.value()) {
                QStringList got;
                for (auto m = arg.globalMatch(form); m.hasNext();)
                    got << m.next().captured();
                got.sort();
                QVERIFY2(!form.trimmed().isEmpty() && got == wanted && form.contains(QLatin1String("%n")), qPrintable(source));
            }
        }
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
