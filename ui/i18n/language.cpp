#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace shardscope::ui {

QString languageCode(Language language)
{
    return language == Language::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

std::optional<Language> parseLanguage(const QString& code)
{
    if (code == QLatin1String("en") || code.startsWith(QLatin1String("en_")))
        return Language::English;
    if (code == QLatin1String("zh_CN") || code == QLatin1String("zh"))
        return Language::Chinese;
    return std::nullopt;
}

void installLanguage(Language language)
{
    static QTranslator app;
    static QTranslator qt;
    QCoreApplication::removeTranslator(&app);
    QCoreApplication::removeTranslator(&qt);
    if (language == Language::English) {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        // The sources are English; this file holds only the singular of the plurals ("1 GPU"
        // for tr("%n GPUs", nullptr, 1)). Without it they would read "1 GPUs".
        if (app.load(QStringLiteral(":/i18n/shardscope_en.qm")))
            QCoreApplication::installTranslator(&app);
        return;
    }
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    if (app.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm")))
        QCoreApplication::installTranslator(&app);
    if (qt.load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
}

} // namespace shardscope::ui
