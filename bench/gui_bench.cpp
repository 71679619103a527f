#include "bench/gui_bench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSlider>
#include <QStandardPaths>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>

#include <algorithm>
#include <chrono>

#include "ui/charts/chart_base.h"
#include "ui/controls/model_panel.h"
#include "ui/controls/value_slider.h"
#include "ui/main_window.h"

namespace shardscope::bench {
namespace {

// Slider steps on the parameter count (the teacher's drag), alternating up and down so every
// step changes the scenario; each is timed from the step to the last visible chart's replot.
// With larger text in a laptop-sized window the charts also fit their text (ChartBase::fitText):
// one more layout per chart per step once the fitting scale is known.
Timing sliderToReplot(const char* name, QSize size, double textScale, bool presenting = false)
{
    ui::MainWindow window(false);
    if (size.isValid())
        window.resize(size);
    window.show();
    if (presenting)
        window.setPresentation(true, size);
    if (textScale != 1.0)
        window.setFontScale(textScale);
    window.tabs()->setCurrentIndex(0);
    window.settle();
    QList<ui::ChartBase*> visible;
    for (ui::ChartBase* chart : window.charts()) {
        if (chart->isVisible())
            visible.append(chart);
    }
    int replotted = 0;
    for (ui::ChartBase* chart : visible)
        QObject::connect(chart, &QCustomPlot::afterReplot, [&replotted] { ++replotted; });
    QSlider* slider = window.modelPanel()->parameterSlider()->slider();
    std::vector<double> samples;
    for (int i = 0; i < 400; ++i) {
        replotted = 0;
        const auto start = std::chrono::steady_clock::now();
        slider->setValue(slider->value() + (i % 2 == 0 ? 1 : -1));
        while (replotted < visible.size())
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        samples.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count());
        window.runner()->waitForIdle();  // let the background sweeps finish between steps
    }
    return summarise(name, samples, static_cast<std::int64_t>(samples.size()));
}

Timing coldStart(const QString& program)
{
    std::vector<double> samples;
    for (int i = 0; i < 11; ++i) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SHARDSCOPE_EXIT_AFTER_FIRST_PAINT"), QStringLiteral("1"));
        if (!env.contains(QStringLiteral("DISPLAY")))
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir::tempPath() + QStringLiteral("/shardscope-bench-config"));
        process.setProcessEnvironment(env);
        QElapsedTimer timer;
        timer.start();
        process.start(program, {});
        if (!process.waitForFinished(30000))
            break;
        samples.push_back(static_cast<double>(timer.nsecsElapsed()));
    }
    if (samples.empty())
        samples.push_back(0);
    return summarise("gui: cold start to first painted window", samples, static_cast<std::int64_t>(samples.size()));
}

} // namespace

std::vector<Timing> guiBenchmarks(const QString& guiProgram)
{
    std::vector<Timing> timings;
    timings.push_back(sliderToReplot("gui: slider step to re-plot of visible charts", QSize(), 1.0));
    timings.push_back(sliderToReplot("gui: the same, 1366x768 window, text x1.3225", QSize(1366, 768), 1.3225));
    timings.push_back(sliderToReplot("gui: the same, presenting on 1920x1080 (x1.8)", QSize(1920, 1080), 1.0, true));
    if (QFileInfo::exists(guiProgram))
        timings.push_back(coldStart(guiProgram));
    return timings;
}

} // namespace shardscope::bench
