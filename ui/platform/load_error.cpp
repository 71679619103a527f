#include "ui/platform/load_error.h"

#include <QGuiApplication>
#include <QMessageBox>

#include <cstdio>

namespace shardscope::ui {

bool withoutScreen()
{
    const QString platform = QGuiApplication::platformName();
    return platform == QLatin1String("offscreen") || platform == QLatin1String("minimal");
}

void showLoadError(QWidget* parent, const QString& title, const QString& text)
{
    if (withoutScreen())
        std::fprintf(stderr, "shardscope: %s: %s\n", qPrintable(title), qPrintable(text));
    else
        QMessageBox::warning(parent, title, text);
}

} // namespace shardscope::ui
