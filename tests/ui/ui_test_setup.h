#pragma once
// What every window test does first (call it from initTestCase, after QtTest has started logging).
#include <QLatin1String>
#include <QStandardPaths>
#include <QString>
#include <QtGlobal>

#include <cstdio>

namespace shardscope::test {

// How long a test waits for a window to be exposed or activated, or for a QTRY condition: QtTest's
// default of 5 s is short for a whole main window under AddressSanitizer on a loaded 2-core CI
// machine (one such run took half as long again as usual). A wait ends as soon as its condition
// holds, so a long limit costs nothing where the machine is fast.
inline constexpr int kWindowWaitMs = 60000;

namespace detail {
inline QtMessageHandler& qtTestHandler()
{
    static QtMessageHandler handler = nullptr;
    return handler;
}
} // namespace detail

// Settings go to QStandardPaths' test location, never the user's; and the offscreen platform's
// "This plugin does not support propagateSizeHints()", printed each time a window's size limits
// change (230 lines in one run of tst_presentation), is dropped: CI shows only part of a failed
// test's output, and that noise pushed a failure's own message out of it. Every other message
// goes on to QtTest's handler (so QTest::ignoreMessage and the QWARN lines work as before).
inline void startWindowTest()
{
    QStandardPaths::setTestModeEnabled(true);
    detail::qtTestHandler() = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& context, const QString& text) {
        if (type == QtWarningMsg && text == QLatin1String("This plugin does not support propagateSizeHints()"))
            return;
        if (QtMessageHandler next = detail::qtTestHandler())
            next(type, context, text);
        else
            std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, text)));
    });
}

} // namespace shardscope::test
