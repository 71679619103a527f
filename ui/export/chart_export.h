#pragma once
#include <QList>
#include <QSize>
#include <QString>

#include <optional>

#include "ui/theme/theme.h"

namespace shardscope::ui {

class ChartBase;

struct ExportOptions {
    QSize size{1600, 900};  // logical pixels
    double scale = 1.0;     // PNG only: device pixels per logical pixel (2 for a 3200 x 1800 image)
    // A line under the chart saying what it assumed (model, layout, GPU, recipe: chartCaption in
    // core/scenario/assumptions.h), so a slide carries its assumptions; empty for none.
    QString caption;
    double fontScale = 0;   // > 0: the chart's type and lines at this scale for the export only
    std::optional<ThemeKind> theme;  // set: the export in this theme, whatever the window shows
};

// 16:9 slides: 1920 x 1080 logical pixels (PNG scale 2 for 3840 x 2160) with type scaled 2.25x,
// so the smallest text (9 pt, 12 px at scale 1) is 27 px, 2.5 % of 1080.
ExportOptions slideOptions(bool fourK);

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
