#include "ui/i18n/ui_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

#include "core/common/messages.h"
#include "core/scenario/field_table.h"

namespace shardscope::ui {
namespace {

QString translateCatalog(const std::string& text)
{
    // An argument can itself be a catalog phrase ("a whole number"): translate it too.
    for (const char* templ : msg::catalog()) {
        if (text == templ)
            return QCoreApplication::translate("Diagnostic", templ);
    }
    return QString::fromStdString(text);
}

} // namespace

QString diagnosticText(const Diagnostic& d)
{
    if (d.templ == nullptr)
        return QString::fromStdString(d.message());
    QString text = QCoreApplication::translate("Diagnostic", d.templ);
    for (std::size_t i = 0; i < d.args.size(); ++i)
        text = text.arg(translateCatalog(std::string(d.args[i])));
    return text;
}

QString fieldLabel(const std::string& field)
{
    if (const FieldSpec* spec = findFieldByPath(field))
        return QCoreApplication::translate("UiText", spec->label);
    // Diagnostics that concern more than one field name their group.
    static const char* const groups[][2] = {
        {"model", QT_TRANSLATE_NOOP("UiText", "Model")},
        {"memory", QT_TRANSLATE_NOOP("UiText", "Memory")},
        {"scenario", QT_TRANSLATE_NOOP("UiText", "Scenario")},
        {"ops", QT_TRANSLATE_NOOP("UiText", "Operations")},
    };
    for (const auto& group : groups) {
        if (field == group[0])
            return QCoreApplication::translate("UiText", group[1]);
    }
    return QString::fromStdString(field);
}

QString fieldHelp(const std::string& field)
{
    const FieldSpec* spec = findFieldByPath(field);
    return spec != nullptr ? QCoreApplication::translate("UiText", spec->help) : QString();
}

QString enumText(const EnumTable& table, int value)
{
    const EnumChoice* choice = table.findValue(value);
    return choice != nullptr ? QCoreApplication::translate("UiText", choice->label) : QString();
}

QString enumHelpText(const EnumTable& table, int value)
{
    const EnumChoice* choice = table.findValue(value);
    return choice != nullptr ? QCoreApplication::translate("UiText", choice->help) : QString();
}

QString modelDisplayName(const ModelSpec& model)
{
    if (model.exactParams)
        return QCoreApplication::translate("UiText", "%1 parameters, Llama-2 family shape").arg(countLabel(static_cast<double>(*model.exactParams)));
    if (model.name.empty() || model.name == "custom shape")
        return QCoreApplication::translate("UiText", "custom shape");
    return QString::fromStdString(model.name);
}

QString severityLabel(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QCoreApplication::translate("UiText", "Error");
    case Severity::Warning: return QCoreApplication::translate("UiText", "Warning");
    case Severity::Info: return QCoreApplication::translate("UiText", "Note");
    }
    return {};
}

QString bytesLabel(double bytes)
{
    const QLocale locale;
    const double gb = bytes / 1e9;
    if (std::fabs(gb) >= 100)
        return QCoreApplication::translate("UiText", "%1 GB").arg(locale.toString(gb, 'f', 0));
    if (std::fabs(gb) >= 1)
        return QCoreApplication::translate("UiText", "%1 GB").arg(locale.toString(gb, 'f', 2));
    return QCoreApplication::translate("UiText", "%1 MB").arg(locale.toString(bytes / 1e6, 'f', 1));
}

QString secondsLabel(double seconds)
{
    const QLocale locale;
    if (seconds >= 1)
        return QCoreApplication::translate("UiText", "%1 s").arg(locale.toString(seconds, 'f', 2));
    if (seconds >= 1e-3)
        return QCoreApplication::translate("UiText", "%1 ms").arg(locale.toString(seconds * 1e3, 'f', 1));
    return QCoreApplication::translate("UiText", "%1 us").arg(locale.toString(seconds * 1e6, 'f', 0));
}

QString countLabel(double count)
{
    const QLocale locale;
    if (count >= 1e12)
        return QCoreApplication::translate("UiText", "%1T").arg(locale.toString(count / 1e12, 'g', 3));
    if (count >= 1e9)
        return QCoreApplication::translate("UiText", "%1B").arg(locale.toString(count / 1e9, 'g', 3));
    if (count >= 1e6)
        return QCoreApplication::translate("UiText", "%1M").arg(locale.toString(count / 1e6, 'g', 3));
    return locale.toString(count, 'f', 0);
}

QString durationLabel(double seconds)
{
    const QLocale locale;
    if (!std::isfinite(seconds))
        return QStringLiteral("-");
    if (seconds >= 2.0 * 365.0 * 86400.0)
        return QCoreApplication::translate("UiText", "%1 years").arg(locale.toString(seconds / (365.0 * 86400.0), 'f', 1));
    if (seconds >= 2.0 * 86400.0)
        return QCoreApplication::translate("UiText", "%1 days").arg(locale.toString(seconds / 86400.0, 'f', 1));
    if (seconds >= 2.0 * 3600.0)
        return QCoreApplication::translate("UiText", "%1 h").arg(locale.toString(seconds / 3600.0, 'f', 1));
    if (seconds >= 120.0)
        return QCoreApplication::translate("UiText", "%1 min").arg(locale.toString(seconds / 60.0, 'f', 1));
    return secondsLabel(seconds);
}

} // namespace shardscope::ui
