#include "ui/i18n/invalid_layout.h"

#include <QCoreApplication>
#include <QStringList>

#include "core/scenario/layout_options.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

QString invalidLayoutText(const Scenario& scenario, const Estimate& estimate)
{
    if (estimate.valid())
        return {};
    QStringList lines{QCoreApplication::translate("UiText", "This layout cannot run, so no numbers are shown:")};
    for (const Diagnostic& d : estimate.diagnostics) {
        if (d.severity == Severity::Error)
            lines << QStringLiteral("\u2022 ") + diagnosticText(d);
    }
    QStringList fixes;
    for (const LayoutFix& fix : nearestValidLayouts(scenario))
        fixes << QCoreApplication::translate("UiText", "%1 = %2").arg(fieldLabel(fix.field)).arg(fix.value);
    if (!fixes.isEmpty())
        lines << QCoreApplication::translate("UiText", "Nearest layouts that run: %1").arg(fixes.join(QStringLiteral("; ")));
    return lines.join(QLatin1Char('\n'));
}

} // namespace shardscope::ui
