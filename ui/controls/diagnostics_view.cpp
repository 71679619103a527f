#include "ui/controls/diagnostics_view.h"

#include <QEvent>

#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

DiagnosticsView::DiagnosticsView(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setMargin(6);
    setAccessibleName(tr("Findings"));
    render();
}

void DiagnosticsView::setDiagnostics(const Diagnostics& diagnostics)
{
    diagnostics_ = diagnostics;
    render();
}

void DiagnosticsView::render()
{
    QStringList lines;
    for (Severity severity : {Severity::Error, Severity::Warning, Severity::Info}) {
        for (const Diagnostic& d : diagnostics_) {
            if (d.severity != severity)
                continue;
            const char* color = severity == Severity::Error ? "#c00000" : severity == Severity::Warning ? "#b36b00" : "#2060a0";
            QString line = QStringLiteral("<span style='color:%1'><b>%2</b></span> ").arg(QLatin1String(color), severityLabel(severity).toHtmlEscaped());
            if (!d.field.empty() && d.field != "memory")
                line += QStringLiteral("<i>%1</i>: ").arg(fieldLabel(d.field).toHtmlEscaped());
            line += diagnosticText(d).toHtmlEscaped();
            lines << line;
        }
    }
    if (lines.isEmpty())
        lines << tr("<span style='color:#208040'><b>OK</b></span> The layout is valid and fits in memory.");
    const QString text = lines.join(QStringLiteral("<br>"));
    if (text != this->text())
        setText(text);
    const bool error = hasErrors(diagnostics_);
    setStyleSheet(error ? QStringLiteral("QLabel { border: 1px solid #c00000; border-radius: 3px; }") : QString());
}

void DiagnosticsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QLabel::changeEvent(event);
}

} // namespace shardscope::ui
