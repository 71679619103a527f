#include "ui/theme/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace shardscope::ui {
namespace {

// Okabe & Ito's colour-blind-safe palette, reordered so neighbouring stack segments differ.
constexpr std::array<QRgb, 8> kOkabeIto = {0xff0072B2, 0xffE69F00, 0xff009E73, 0xffCC79A7,
                                           0xff56B4E9, 0xffD55E00, 0xffF0E442, 0xff999999};

Theme makeLight()
{
    Theme t;
    t.kind = ThemeKind::Light;
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    t.palette = fusion->standardPalette();
    t.chartBackground = Qt::white;
    t.text = QColor(0x20, 0x20, 0x20);
    t.axis = QColor(0x40, 0x40, 0x40);
    t.grid = QColor(0xdd, 0xdd, 0xdd);
    t.capacity = QColor(0xc0, 0x00, 0x00);
    t.outOfMemory = QColor(0xc0, 0x00, 0x00);
    for (std::size_t i = 0; i < kOkabeIto.size(); ++i)
        t.series[i] = QColor::fromRgba(kOkabeIto[i]);
    return t;
}

Theme makeDark()
{
    Theme t;
    t.kind = ThemeKind::Dark;
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2e), base(0x1e, 0x1e, 0x20), text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    t.palette = p;
    t.chartBackground = base;
    t.text = text;
    t.axis = QColor(0xc8, 0xc8, 0xc8);
    t.grid = QColor(0x44, 0x44, 0x48);
    t.capacity = QColor(0xff, 0x6b, 0x6b);
    t.outOfMemory = QColor(0xff, 0x6b, 0x6b);
    for (std::size_t i = 0; i < kOkabeIto.size(); ++i)
        t.series[i] = QColor::fromRgba(kOkabeIto[i]).lighter(115);
    return t;
}

} // namespace

const Theme& theme(ThemeKind kind)
{
    static const Theme light = makeLight();
    static const Theme dark = makeDark();
    return kind == ThemeKind::Dark ? dark : light;
}

// Fusion draws slider grooves, handles and field frames in shades of the window colour, which on
// a dark window are nearly invisible (a projector loses them entirely). The dark theme draws them
// in colours with at least 3:1 contrast against the window (WCAG 2.1, 1.4.11 non-text contrast):
// groove #8a8a92 (4.3:1), handle #dcdce4 (11:1), field frame #8a8a92, against #2b2b2e.
const char* const kDarkControls = R"(
QSlider::groove:horizontal { background: #8a8a92; height: 6px; border-radius: 3px; }
QSlider::sub-page:horizontal { background: #56b4e9; height: 6px; border-radius: 3px; }
QSlider::handle:horizontal { background: #dcdce4; border: 1px solid #f4f4f8; width: 14px; margin: -6px 0; border-radius: 7px; }
QSlider::handle:horizontal:disabled { background: #808088; }
QLineEdit { border: 1px solid #8a8a92; border-radius: 2px; padding: 1px 3px; background: #1e1e20; }
QLineEdit:focus { border: 1px solid #56b4e9; }
)";

void applyTheme(ThemeKind kind)
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme(kind).palette);
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        app->setStyleSheet(kind == ThemeKind::Dark ? QString::fromLatin1(kDarkControls) : QString());
}

QString themeName(ThemeKind kind) { return kind == ThemeKind::Dark ? QStringLiteral("dark") : QStringLiteral("light"); }

std::optional<ThemeKind> parseThemeKind(const QString& name)
{
    if (name == QLatin1String("light"))
        return ThemeKind::Light;
    if (name == QLatin1String("dark"))
        return ThemeKind::Dark;
    return std::nullopt;
}

} // namespace shardscope::ui
