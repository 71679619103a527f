#pragma once
#include <QString>

class QWidget;

namespace shardscope::ui {

// Tells the user that a file could not be opened or imported. On a screen: a warning box. Without
// one (the offscreen or minimal platform: --screenshot, tests, CI) a modal box would wait for a
// click nobody can give, so the message goes to stderr instead and the caller decides the exit
// status (issue 18: a headless run never blocks on bad input).
void showLoadError(QWidget* parent, const QString& title, const QString& text);

bool withoutScreen();

} // namespace shardscope::ui
