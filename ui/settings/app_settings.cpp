#include "ui/settings/app_settings.h"

namespace shardscope::ui {
namespace {

constexpr auto kTheme = "appearance/theme";
constexpr auto kLanguage = "appearance/language";
constexpr auto kFontScale = "appearance/fontScale";
constexpr auto kGeometry = "window/geometry";
constexpr auto kWindowState = "window/state";
constexpr auto kRecent = "files/recent";
constexpr auto kLastScenario = "files/lastScenario";
constexpr int kMaxRecent = 8;

} // namespace

AppSettings::AppSettings() : settings_(QStringLiteral("ShardScope"), QStringLiteral("ShardScope")) {}

ThemeKind AppSettings::theme() const
{
    return parseThemeKind(settings_.value(kTheme).toString()).value_or(ThemeKind::Light);
}

void AppSettings::setTheme(ThemeKind theme)
{
    settings_.setValue(kTheme, themeName(theme));
}

Language AppSettings::language() const { return parseLanguage(settings_.value(kLanguage).toString()).value_or(Language::English); }

void AppSettings::setLanguage(Language language) { settings_.setValue(kLanguage, languageCode(language)); }

double AppSettings::fontScale() const
{
    const double scale = settings_.value(kFontScale, 1.0).toDouble();
    return scale >= 0.5 && scale <= 4.0 ? scale : 1.0;
}

void AppSettings::setFontScale(double scale) { settings_.setValue(kFontScale, scale); }

QByteArray AppSettings::geometry() const { return settings_.value(kGeometry).toByteArray(); }
void AppSettings::setGeometry(const QByteArray& geometry) { settings_.setValue(kGeometry, geometry); }
QByteArray AppSettings::windowState() const { return settings_.value(kWindowState).toByteArray(); }
void AppSettings::setWindowState(const QByteArray& state) { settings_.setValue(kWindowState, state); }

QStringList AppSettings::recentFiles() const { return settings_.value(kRecent).toStringList(); }

void AppSettings::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent)
        files.removeLast();
    settings_.setValue(kRecent, files);
}

void AppSettings::removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    settings_.setValue(kRecent, files);
}

QByteArray AppSettings::lastScenario() const { return settings_.value(kLastScenario).toByteArray(); }
void AppSettings::setLastScenario(const QByteArray& json) { settings_.setValue(kLastScenario, json); }

} // namespace shardscope::ui
