#include "ui/i18n/plan_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
QString planLayoutText(const PlanLayout& l)
{
    QStringList parts{QStringLiteral("dp %1").arg(l.dp), QStringLiteral("tp %1").arg(l.tp),
                      QStringLiteral("pp %1").arg(l.pp)};
    if (l.vpp > 1)
        parts << QStringLiteral("vpp %1").arg(l.vpp);
    if (l.cp > 1)
        parts << QStringLiteral("cp %1").arg(l.cp);
    if (l.ep > 1)
        parts << QStringLiteral("ep %1").arg(l.ep);
    parts << QStringLiteral("ZeRO-%1").arg(l.zero);
    if (l.sequenceParallel)
        parts << QStringLiteral("SP");
    parts << QCoreApplication::translate("PlanText", "recompute: %1").arg(enumText(l.recompute));
    parts << QCoreApplication::translate("PlanText", "micro-batch %1").arg(l.microBatch);
    if (l.offload != Offload::None)
        parts << QCoreApplication::translate("PlanText", "offload: %1").arg(enumText(l.offload));
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString planRejectedText(const PlanResult& result)
{
    const QLocale locale;
    QStringList lines;
    for (std::size_t i = 0; i < kPlanRuleCount; ++i) {
        if (result.rejected[i] == 0)
            continue;
        lines << QCoreApplication::translate("PlanText", "%1: %2").arg(enumText(static_cast<PlanRule>(i)), locale.toString(static_cast<qulonglong>(result.rejected[i])));
    }
    return lines.join(QLatin1Char('\n'));
}

QString planErrorText(const PlanResult& result)
{
    if (!result.plans.empty())
        return QString();
    QStringList errors;
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity == Severity::Error)
            errors << diagnosticText(d);
    }
    return errors.join(QLatin1Char('\n'));
}

} // namespace shardscope::ui
