#pragma once
#include <QList>
#include <QStringList>

#include <qcustomplot.h>

#include "ui/theme/theme.h"

namespace shardscope::ui {

// The numbers behind a chart, for its copyable table.
struct TableData {
    QStringList headers;
    QList<QStringList> rows;
};

// Where an item text lands, in pixels, as QCustomPlot draws it (its padding included); valid once
// the plot is laid out (a slot on QCustomPlot::afterLayout places labels by it).
inline QRectF itemTextRect(QCPItemText* item)
{
    return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
}

// `text` broken into lines no wider than `width` pixels in `font`, where Unicode allows a line
// break (chart titles, an export's caption row).
QString wrapText(const QString& text, const QFont& font, int width);

// One chart of ShardScope: a QCustomPlot with a title, themed and scaled fonts, and a table of
// its numbers. Subclasses take core results (never compute their own) and rebuild() the plot.
class ChartBase : public QCustomPlot {
    Q_OBJECT
public:
    explicit ChartBase(QWidget* parent = nullptr);

    void setTheme(ThemeKind kind);
    void setFontScale(double scale);
    const Theme& chartTheme() const { return theme(themeKind_); }
    double fontScale() const { return fontScale_; }   // as asked for (presentation, Ctrl+Plus, an export)
    double textScale() const { return textScale_; }   // as drawn: fontScale(), or less where it did not fit
    // On screen, text larger than the default gives way to a small chart (fitText); an export
    // turns that off while it renders at its own size and scale.
    void setFitsText(bool fits) { fitsText_ = fits; }

    virtual QString title() const = 0;        // translated
    virtual TableData table() const = 0;      // translated headers, formatted numbers
    virtual QString exportName() const = 0;   // file stem: "memory", "sequence", ...

    // Rebuilds every item from the last data and replots (queued: at most once per frame).
    // A hidden chart only notes that it is out of date and rebuilds when shown or exported.
    void refresh();
    void ensureCurrent();   // rebuild now if a refresh was deferred (export, tests)
    // An impossible layout: no numbers at all, only `message` (what is wrong, what would run).
    // Empty: the chart shows its data again.
    void setInvalid(const QString& message);
    bool isInvalid() const { return !invalid_.isEmpty(); }

signals:
    void refreshed();

protected:
    virtual void rebuild() = 0;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

    // Helpers for subclasses.
    QFont scaledFont(double points, bool bold = false) const;
    void styleAxis(QCPAxis* axis, const QString& label);
    void styleLegend();
    void setTitleText(const QString& text, const QString& subtitle = QString());
    QColor seriesColor(int index) const { return chartTheme().series[static_cast<std::size_t>(index) % 8]; }

private:
    void layoutTitles();
    void updateLegendColumns(int chartWidth);

    void rebuildNow();
    void rebuildAt(double scale);
    double fitStart() const;
    void fitText();
    static constexpr double kFitStep = 0.93;  // each try draws the text 7 % smaller
    void showInvalid();

    ThemeKind themeKind_ = ThemeKind::Light;
    bool stale_ = false;
    QString titleText_;
    QString subtitleText_;
    double fontScale_ = 1.0;
    double textScale_ = 1.0;
    bool fitsText_ = true;
    // The last fit: the scale that read at this size and asked-for scale (the next rebuild starts
    // there instead of at fontScale_, so a slider drag costs one extra layout, not one per step).
    QSize fittedSize_;
    double fittedFor_ = 0;
    double fittedScale_ = 0;
    QString invalid_;
    QList<QCPAxis*> hiddenAxes_;  // the axes showInvalid() hid, shown again with the data
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
};

} // namespace shardscope::ui
