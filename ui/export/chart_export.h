#pragma once
#include <QSize>
#include <QString>

namespace shardscope::ui {

class ChartBase;

struct ExportOptions {
    QSize size{1600, 900};  // logical pixels
    double scale = 1.0;     // PNG only: device pixels per logical pixel (2 for a 3200 x 1800 image)
    // A line under the chart saying what it assumed (model, layout, GPU, recipe: chartCaption in
    // core/scenario/assumptions.h), so a slide carries its assumptions; empty for none.
    QString caption;
};

// Writes `chart` to `path` as PNG, SVG or PDF (by suffix). Returns false with a message when
// the format is unknown or the file cannot be written; never leaves a half-written file.
bool exportChart(ChartBase* chart, const QString& path, const ExportOptions& options, QString* error);

// Puts the chart on the clipboard as an image.
void copyChartImage(ChartBase* chart, const ExportOptions& options);

} // namespace shardscope::ui
