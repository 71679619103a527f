#include "ui/validation/case_text.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace shardscope::ui {
namespace {

const QHash<QString, QString>& chinese()
{
    static const QHash<QString, QString> table = [] {
        QHash<QString, QString> t;
        QFile file(QStringLiteral(":/i18n/validation_zh_CN.json"));
        if (!file.open(QIODevice::ReadOnly))
            return t;  // built without it: the English text
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        for (auto it = object.begin(); it != object.end(); ++it)
            t.insert(it.key(), it.value().toString());
        return t;
    }();
    return table;
}

} // namespace

QString caseText(const std::string& english)
{
    const QString text = QString::fromStdString(english);
    if (QLocale().language() != QLocale::Chinese)
        return text;
    const QString translated = chinese().value(text);
    return translated.isEmpty() ? text : translated;
}

} // namespace shardscope::ui
