#pragma once
#include <QMainWindow>

#include <string_view>

#include "ui/document/background_runner.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/language.h"
#include "ui/settings/app_settings.h"
#include "ui/theme/theme.h"

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QTabWidget;

namespace shardscope::ui {

class Autosave;
class ChartBase;
class ChartPanel;
class ElidedLabel;
class LayoutPanel;
class FieldPanel;
class MemoryChart;
class ModelPanel;
class PresentationMode;
class TourPanel;
class View;

class ValidationDialog;

// ShardScope's window: controls in a dock on the left, the charts in tabs, a status line with
// the current verdict. Every number comes from the document's core estimate.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `restoreSession`: take geometry, theme, language and the last scenario from the settings
    // (off for screenshots and tests, which must look the same everywhere).
    explicit MainWindow(bool restoreSession = true, QWidget* parent = nullptr);

    ScenarioDocument* document() { return &document_; }
    BackgroundRunner* runner() { return &runner_; }
    ModelPanel* modelPanel() const { return modelPanel_; }
    LayoutPanel* layoutPanel() const { return layoutPanel_; }
    QList<ChartBase*> charts() const;   // all charts, in export order
    MemoryChart* memoryChart() const;    // the memory ledger chart (tests, benchmarks)
    QTabWidget* tabs() const { return tabs_; }
    View* view(std::string_view id) const;     // a view of the registry by id, or null
    bool showView(std::string_view id);       // makes it the current tab; false for an unknown id

    void setThemeKind(ThemeKind kind);
    void setLanguage(Language language);
    void setFontScale(double scale);
    // With a message naming the field on failure (a box, or stderr without a screen); the open
    // scenario is then untouched.
    bool openFile(const QString& path);
    // Presentation mode on or off; `screen` the screen's size (empty: the window's screen, full
    // screen; tests and screenshots give a size and get a window of that size instead).
    void setPresentation(bool on, QSize screen = QSize());
    PresentationMode* presentation() const { return presentation_; }
    // Help > Guided tour: shows the tour strip at `step` (0-based).
    void startTour(int step = 0);
    TourPanel* tourPanel() const { return tourPanel_; }
    bool exportAllCharts(const QString& folder, const QString& suffix, QString* error);
    // Waits for background work, replots everything now and saves the window as a PNG.
    bool saveScreenshot(const QString& path, QString* error);
    // Applies pending updates and waits for the background jobs: the charts show the scenario.
    void settle();
    // Help > Validation: opens (or refreshes) the table of reference cases.
    void showValidation();
    ValidationDialog* validationDialog() const { return validationDialog_; }

    // Crash recovery (main_window_files.cpp). A session window (restoreSession) autosaves its
    // scenario; the autosave a killed session left is offered once, by this policy:
    //   Ask: a dialog, Restore or Discard (a desktop start);
    //   Restore: restored without asking (--restore-autosave);
    //   Keep: nothing asked, the file left for a later start and autosave off meanwhile (the
    //   offscreen and minimal platforms, where nobody could answer a dialog).
    // A restored scenario is one undo step on top of the start's scenario, marked unsaved.
    enum class Recovery { Ask, Restore, Keep };
    void recoverAutosave(Recovery policy);
    Autosave* autosave() const { return autosave_; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    // A scenario file dropped on the window opens like File > Open (main_window_files.cpp).
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // A message in the status bar for `milliseconds`, over the scenario summary.
    void showStatusMessage(const QString& text, int milliseconds);
    // main_window.cpp: the layout and the flow of data to the charts
    void buildCentral();
    void scheduleUpdate();
    void updateViews();
    void updateTitle();
    void retranslate();
    // main_window_actions.cpp: actions and menus (Qt's createActions pattern)
    void createActions();
    void createMenus();
    void retranslateActions();
    void rebuildRecentMenu();
    void togglePresentation();
    void exportCurrentChart(ChartBase* chart);
    void exportAllInteractive();
    void exportTrainingConfig();
    ChartBase* currentChart() const;
    ChartPanel* currentPanel() const;
    // main_window_files.cpp: files and settings
    void newScenario();
    void openInteractive();
    bool save();
    bool saveAs();
    bool maybeSave();
    void importConfigInteractive();
    void readSettings();
    void writeSettings();
    void startAutosave();

    ScenarioDocument document_;
    BackgroundRunner runner_;
    AppSettings settings_;
    ThemeKind themeKind_ = ThemeKind::Light;
    Language language_ = Language::English;
    double fontScale_ = 1.0;
    QFont baseFont_;
    bool updatePending_ = false;

    ModelPanel* modelPanel_ = nullptr;
    LayoutPanel* layoutPanel_ = nullptr;
    FieldPanel* enginePanel_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QList<View*> views_;         // in registry order, one per tab
    QList<ChartPanel*> panels_;  // every view's panels, in export order
    ElidedLabel* status_ = nullptr;
    PresentationMode* presentation_ = nullptr;
    TourPanel* tourPanel_ = nullptr;
    QDockWidget* tourDock_ = nullptr;
    QAction* tourAct_ = nullptr;

    QMenu* fileMenu_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* editMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* themeMenu_ = nullptr;
    QMenu* languageMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QAction* newAct_ = nullptr;
    QAction* openAct_ = nullptr;
    QAction* saveAct_ = nullptr;
    QAction* saveAsAct_ = nullptr;
    QAction* importAct_ = nullptr;
    QAction* exportAct_ = nullptr;
    QAction* exportAllAct_ = nullptr;
    QAction* exportConfigAct_ = nullptr;
    QAction* quitAct_ = nullptr;
    QAction* undoAct_ = nullptr;
    QAction* redoAct_ = nullptr;
    QAction* copyImageAct_ = nullptr;
    QAction* copyTableAct_ = nullptr;
    QAction* presentationAct_ = nullptr;
    QAction* largerAct_ = nullptr;
    QAction* smallerAct_ = nullptr;
    QAction* resetSizeAct_ = nullptr;
    QAction* lightAct_ = nullptr;
    QAction* darkAct_ = nullptr;
    QAction* englishAct_ = nullptr;
    QAction* chineseAct_ = nullptr;
    QAction* aboutAct_ = nullptr;
    QAction* sourcesAct_ = nullptr;
    QAction* validationAct_ = nullptr;
    ValidationDialog* validationDialog_ = nullptr;
    Autosave* autosave_ = nullptr;  // null for screenshots and tests (no session)
};

} // namespace shardscope::ui
