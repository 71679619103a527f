#pragma once
#include <cstdlib>

namespace shardscope::ui {

// True when Qt has nowhere to draw: no X11 or Wayland display and no platform chosen explicitly.
// The app, `shardscope-cli export` and the benchmark then run on the offscreen platform (Qt's
// default xcb plugin would abort).
inline bool withoutDisplay()
{
    return std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr
           && std::getenv("QT_QPA_PLATFORM") == nullptr;
}

inline void useOffscreenPlatform() { setenv("QT_QPA_PLATFORM", "offscreen", 1); }

} // namespace shardscope::ui
