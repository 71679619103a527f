#pragma once
#include <QList>
#include <QSize>
#include <QString>

namespace shardscope::ui {

class ChartBase;

struct ExportOptions {
    QSize size{1600, 900};  // logical pixels
    double scale = 1.0;     // PNG only: device pixels per logical pixel (2 for a 3200 x 1800 image)
};

// Writes `chart` to `path` as PNG, SVG or PDF (by suffix). Returns false with a message when
// the format is unknown or the file cannot be written; never leaves a half-written file.
bool exportChart(ChartBase* chart, const QString& path, const ExportOptions& options, QString* error);

// A slide deck: one vector PDF with a 16:9 page (1920 x 1080 px at 96 dpi) per chart, each with
// `caption` (the scenario in words, in the window's language) above the chart, and type scaled so
// that the smallest text is at least 2.5 % of the page's height.
bool exportDeck(const QList<ChartBase*>& charts, const QString& caption, const QString& path, QString* error);

// Puts the chart on the clipboard as an image.
void copyChartImage(ChartBase* chart, const ExportOptions& options);

} // namespace shardscope::ui
