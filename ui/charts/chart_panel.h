#pragma once
#include <QWidget>

class QAction;
class QMenu;
class QTableWidget;
class QTimer;
class QToolButton;

namespace shardscope::ui {

class ChartBase;

// A chart with the table of its numbers under it (selectable, Ctrl+C copies as tab-separated
// text for spreadsheets) and buttons to export or copy it.
class ChartPanel : public QWidget {
    Q_OBJECT
public:
    ChartPanel(ChartBase* chart, QWidget* parent = nullptr);
    ChartBase* chart() const { return chart_; }
    QTableWidget* tableWidget() const { return table_; }
    void copyTable() const;
    void flushTable();  // bring a pending table update forward (tests, screenshots)
    // Presentation mode: the chart alone (no table, no buttons), so it fills the space.
    void setPresenting(bool presenting);
    // The table keeps room for this many rows (a short table whose every row matters, such as
    // the four drift strategies) however the splitter is dragged.
    void setTableRows(int rows);
    // Whether the copy buttons have moved into the Export button's menu (a narrow panel).
    bool buttonsCompact() const { return compact_; }

signals:
    void exportRequested(ChartBase* chart);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void refreshTable();
    void retranslate();
    void fitButtons();
    void updateTableMinimum();

    ChartBase* chart_;
    QTableWidget* table_;
    QToolButton* exportButton_;
    QToolButton* copyImageButton_;
    QToolButton* copyTableButton_;
    QMenu* copyMenu_;  // the copy actions, on the Export button when the row does not fit
    QAction* copyImageAction_;
    QAction* copyTableAction_;
    bool compact_ = false;
    bool presenting_ = false;
    bool sized_ = false;
    int tableRows_ = 0;  // rows the table keeps below its header (setTableRows)
    QTimer* tableTimer_ = nullptr;
};

} // namespace shardscope::ui
