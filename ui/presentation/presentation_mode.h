#pragma once
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSize>

class QDockWidget;
class QMainWindow;
class QTabWidget;
class QToolBar;

namespace shardscope::ui {

class ChartPanel;
class PresentationStrip;
class ScenarioDocument;

// Presentation mode for a projector: the charts of the current tab fill the screen, the side
// panel, the tables and the button rows go away, a slim strip keeps only the sliders that move
// the chart in sight, and text and lines scale with the screen's height so that a 1366x768
// projector and a 4K screen show the same picture. Leaving restores what was there.
class PresentationMode : public QObject {
    Q_OBJECT
public:
    PresentationMode(QMainWindow* window, QTabWidget* tabs, ScenarioDocument* document, QObject* parent = nullptr);

    void setPanels(const QList<ChartPanel*>& panels) { panels_ = panels; }
    bool active() const { return active_; }
    // `screen`: the screen's logical size (the window takes it; no real full screen when the
    // caller asks for a size, as tests and screenshots do).
    void enter(QSize screen, bool fullScreen);
    void leave();
    // The text scale of the current mode: 1 outside, the screen's inside (what Ctrl+0 returns to).
    double baseScale() const { return active_ ? scaleFor(screen_) : 1.0; }
    static double scaleFor(QSize screen);
    PresentationStrip* strip() const { return strip_; }

signals:
    void scaleChanged(double scale);

private:
    void updateKnobs();

    QMainWindow* window_;
    QTabWidget* tabs_;
    QToolBar* bar_;
    PresentationStrip* strip_;
    QList<ChartPanel*> panels_;
    bool active_ = false;
    QList<QPointer<QDockWidget>> hiddenDocks_;  // the docks presentation hid, shown again on leaving
    QSize screen_;
    QSize normalSize_;
};

} // namespace shardscope::ui
