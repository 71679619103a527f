#pragma once
#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

#include "ui/i18n/language.h"
#include "ui/theme/theme.h"

namespace shardscope::ui {

// Every persisted preference, typed, in one place (no QSettings string keys in widgets).
class AppSettings {
public:
    AppSettings();

    ThemeKind theme() const;
    void setTheme(ThemeKind theme);
    Language language() const;
    void setLanguage(Language language);
    double fontScale() const;
    void setFontScale(double scale);

    QByteArray geometry() const;
    void setGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    QStringList recentFiles() const;
    void addRecentFile(const QString& path);  // most recent first, at most 8
    void removeRecentFile(const QString& path);

    // The scenario open when the program last closed, as scenario JSON (restored on start).
    QByteArray lastScenario() const;
    void setLastScenario(const QByteArray& json);

private:
    mutable QSettings settings_;
};

} // namespace shardscope::ui
