#pragma once
#include <QString>
#include <QStringList>

#include <qcustomplot.h>

// Where a chart's text lands, computed the way QCustomPlot draws it, and what is wrong with it:
// text cut by the widget's edge or by the axis rect it is clipped to, and text over other text.
// ChartBase uses it to fit larger text into a small chart (docs/architecture.md, "Charts"); the
// GUI suites use it to check every chart at projector and laptop sizes. Valid once the plot is
// laid out.
namespace shardscope::ui {

// Every problem of `plot`'s text, one line each, prefixed with `name` (empty: all text reads).
QStringList chartTextProblems(QCustomPlot* plot, const QString& name);

// The same decision without the sentences: true when all text reads.
bool chartTextReads(QCustomPlot* plot);

} // namespace shardscope::ui
