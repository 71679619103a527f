// shardscope: the desktop application. Wiring only: arguments, QApplication, the main window.
//   shardscope [--scenario FILE] [--lang en|zh_CN] [--theme light|dark] [--view ID] [--screenshot FILE.png] [--size WxH]
//              [--text-scale S] [--restore-autosave] [FILE]
// --screenshot renders the window (default scenario unless --scenario) to a PNG and exits;
// without a display it runs offscreen. A session that did not close normally left an autosave:
// on a desktop a dialog offers it; --restore-autosave restores it without asking; on the
// offscreen and minimal platforms nothing is asked (nobody could answer) and it is kept.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QTimer>

#include <clocale>
#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "core/common/scratch_folder.h"
#include "ui/i18n/language.h"
#include "ui/document/autosave.h"
#include "ui/main_window.h"
#include "ui/platform/headless.h"
#include "ui/theme/theme.h"
#include "ui/tour/tour_steps.h"
#include "ui/validation/validation_dialog.h"
#include "ui/views/view_registry.h"

namespace {

class FirstPaintQuitter : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !done_) {
            done_ = true;
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool done_ = false;
};

} // namespace

int main(int argc, char** argv)
{
    bool screenshot = false;
    bool textOnly = false;  // --help or --version: nothing to show on a screen
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        screenshot = screenshot || arg == "--screenshot" || arg.rfind("--screenshot=", 0) == 0;
        textOnly = textOnly || arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version";
    }
#ifdef __linux__
    // Without a display Qt's xcb plugin aborts with a core dump; say what to do instead.
    if (shardscope::ui::withoutDisplay()) {
        if (!screenshot && !textOnly) {
            std::fprintf(stderr, "shardscope: no display (DISPLAY and WAYLAND_DISPLAY are not set). Run it on a desktop or "
                                 "under xvfb-run, or write a picture with --screenshot FILE.png; shardscope-cli works "
                                 "without a display.\n");
            return 1;
        }
        shardscope::ui::useOffscreenPlatform();
    }
#endif

    QApplication app(argc, argv);
    // QApplication adopts the user's locale for the C library too; numbers in core (snprintf,
    // any C parser) must not become "0,5" under LC_ALL=de_DE.UTF-8 (Qt's documented remedy).
    std::setlocale(LC_NUMERIC, "C");
    {
        std::error_code ignored;  // scratch folders of killed runs (core/common/scratch_folder.h)
        shardscope::removeStaleScratchFolders(std::filesystem::temp_directory_path(ignored));
    }
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));
    // Wayland docks and taskbars match the window to its desktop entry (and icon) by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.shardscope.ShardScope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Why training a large model is hard: one GPU versus many"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"), QStringLiteral("Open this scenario file."), QStringLiteral("FILE"));
    const QCommandLineOption langOption(QStringLiteral("lang"), QStringLiteral("Language: en or zh_CN."), QStringLiteral("LANG"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("Theme: light or dark."), QStringLiteral("THEME"));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"), QStringLiteral("Save the window as a PNG and exit."), QStringLiteral("FILE"));
    QStringList viewIds;
    for (const shardscope::ui::ViewEntry& entry : shardscope::ui::viewRegistry())
        viewIds << QString::fromLatin1(entry.id);
    viewIds << QStringLiteral("validation");  // Help > Validation, a dialog
    const QCommandLineOption viewOption(QStringLiteral("view"),
                                        QStringLiteral("Open on this view: %1.").arg(viewIds.join(QStringLiteral(", "))),
                                        QStringLiteral("VIEW"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size for --screenshot, e.g. 1366x768."),
                                        QStringLiteral("WxH"));
    const QCommandLineOption restoreOption(QStringLiteral("restore-autosave"),
                                           QStringLiteral("Restore the scenario autosaved by a session that did not close, without asking."));
    const QCommandLineOption presentOption(QStringLiteral("presentation"),
                                           QStringLiteral("Start in presentation mode (with --size: a screen of that size)."));
    const QCommandLineOption tourOption(QStringLiteral("tour"), QStringLiteral("Open the guided tour at step N (from 1)."),
                                        QStringLiteral("N"));
    const QCommandLineOption textScaleOption(QStringLiteral("text-scale"),
                                             QStringLiteral("Text size from 0.6 to 3, as Ctrl+Plus and Ctrl+Minus set it (1: the default; "
                                                            "in presentation mode, instead of the screen's)."),
                                             QStringLiteral("S"));
    parser.addOptions({scenarioOption, langOption, themeOption, shotOption, viewOption, sizeOption, restoreOption, presentOption,
                       tourOption, textScaleOption});
    // The desktop entry's "shardscope %f": a file opened from a file manager.
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A scenario file to open (as --scenario)."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);

    std::optional<shardscope::ui::Language> language;
    if (parser.isSet(langOption)) {
        language = shardscope::ui::parseLanguage(parser.value(langOption));
        if (!language) {
            std::fprintf(stderr, "shardscope: --lang must be en or zh_CN\n");
            return 2;
        }
    }
    std::optional<double> textScale;
    if (parser.isSet(textScaleOption)) {
        bool ok = false;
        const double value = parser.value(textScaleOption).toDouble(&ok);
        if (!ok || !(value >= 0.6 && value <= 3.0)) {
            std::fprintf(stderr, "shardscope: --text-scale must be a number from 0.6 to 3\n");
            return 2;
        }
        textScale = value;
    }
    const std::optional<shardscope::ui::ThemeKind> theme = shardscope::ui::parseThemeKind(parser.value(themeOption));
    if (parser.isSet(themeOption) && !theme) {
        std::fprintf(stderr, "shardscope: --theme must be light or dark\n");
        return 2;
    }

    // --size: a laptop's 1366x768 or a monitor's 1920x1080, to check that nothing is clipped.
    QSize windowSize;
    if (parser.isSet(sizeOption)) {
        const QStringList parts = parser.value(sizeOption).split(QLatin1Char('x'));
        bool okW = false, okH = false;
        if (parts.size() == 2)
            windowSize = QSize(parts[0].toInt(&okW), parts[1].toInt(&okH));
        if (!okW || !okH || windowSize.width() < 320 || windowSize.height() < 240 || windowSize.width() > 8000
            || windowSize.height() > 8000) {
            std::fprintf(stderr, "shardscope: --size must be WIDTHxHEIGHT, 320x240 to 8000x8000\n");
            return 2;
        }
    }

    shardscope::ui::MainWindow window(!screenshot);
    if (windowSize.isValid())
        window.resize(windowSize);
    if (language)
        window.setLanguage(*language);
    if (theme)
        window.setThemeKind(*theme);
    if (parser.positionalArguments().size() > 1 || (parser.isSet(scenarioOption) && !parser.positionalArguments().isEmpty())) {
        std::fprintf(stderr, "shardscope: give one scenario file, as --scenario FILE or as FILE\n");
        return 2;
    }
    const QString scenarioFile = parser.isSet(scenarioOption) ? parser.value(scenarioOption) : parser.positionalArguments().value(0);
    if (!scenarioFile.isEmpty() && !window.openFile(scenarioFile) && screenshot)
        return 2;

    const bool validationView = parser.value(viewOption) == QLatin1String("validation");
    if (parser.isSet(viewOption) && !validationView && !window.showView(parser.value(viewOption).toStdString())) {
        std::fprintf(stderr, "shardscope: --view must be one of %s\n", qPrintable(viewIds.join(QStringLiteral(", "))));
        return 2;
    }
    if (parser.isSet(tourOption)) {
        bool ok = false;
        const int step = parser.value(tourOption).toInt(&ok);
        const int steps = static_cast<int>(shardscope::ui::tourSteps().size());
        if (!ok || step < 1 || step > steps) {
            std::fprintf(stderr, "shardscope: --tour must be a step from 1 to %d\n", steps);
            return 2;
        }
        window.startTour(step - 1);
    }
    if (parser.isSet(presentOption)) {
        window.show();
        window.setPresentation(true, windowSize);
    }
    if (textScale)
        window.setFontScale(*textScale);
    if (std::getenv("SHARDSCOPE_EXIT_AFTER_FIRST_PAINT") != nullptr) {
        // For shardscope-bench's cold-start measurement: quit as soon as the window has painted.
        window.installEventFilter(new FirstPaintQuitter(&window));
    }
    if (screenshot && validationView) {
        // Help > Validation on its own: the dialog is the picture.
        window.show();
        window.showValidation();
        QApplication::processEvents();
        if (!window.validationDialog()->grab().save(parser.value(shotOption))) {
            std::fprintf(stderr, "shardscope: cannot write %s\n", qPrintable(parser.value(shotOption)));
            return 1;
        }
        return 0;
    }
    if (screenshot) {
        window.show();
        QString error;
        if (!window.saveScreenshot(parser.value(shotOption), &error)) {
            std::fprintf(stderr, "shardscope: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }
    window.show();
    const QString platform = QGuiApplication::platformName();
    const bool nobodyToAsk = platform == QLatin1String("offscreen") || platform == QLatin1String("minimal");
    if (parser.isSet(restoreOption)) {
        window.recoverAutosave(shardscope::ui::MainWindow::Recovery::Restore);
    } else if (nobodyToAsk) {
        if (window.autosave() && window.autosave()->recovered())
            std::fprintf(stderr, "shardscope: kept the scenario autosaved by a session that did not close (%s); "
                                 "start with --restore-autosave to restore it\n",
                         qPrintable(QDir::toNativeSeparators(window.autosave()->filePath())));
        window.recoverAutosave(shardscope::ui::MainWindow::Recovery::Keep);
    } else {
        window.recoverAutosave(shardscope::ui::MainWindow::Recovery::Ask);
    }
    if (validationView)
        window.showValidation();
    return app.exec();
}
