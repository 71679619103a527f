#pragma once
#include <QColor>
#include <QPalette>
#include <QString>
#include <array>
#include <optional>

namespace shardscope::ui {

enum class ThemeKind { Light, Dark };

QString themeName(ThemeKind kind);                      // "light", "dark"
std::optional<ThemeKind> parseThemeKind(const QString& name);

// Colours of one theme, for the Fusion style and for the charts (which QCustomPlot draws
// itself, so they take these explicitly).
struct Theme {
    ThemeKind kind = ThemeKind::Light;
    QPalette palette;
    QColor chartBackground;
    QColor text;
    QColor axis;
    QColor grid;
    QColor capacity;          // the GPU-capacity line
    QColor outOfMemory;       // markers where memory no longer fits
    std::array<QColor, 8> series;  // categorical colours, colour-blind safe (Okabe & Ito 2008)
};

const Theme& theme(ThemeKind kind);

// Applies the palette application-wide (Fusion style).
void applyTheme(ThemeKind kind);

} // namespace shardscope::ui
