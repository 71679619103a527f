#pragma once
// Checks of the memory chart's labels against its bars, shared by tst_presentation (every view
// in a window) and tst_chart_labels (the chart alone at many sizes). The bars are worked out from
// what the chart plotted, not from its own placement code, so the checks stay independent of it.
#include <QRectF>
#include <QStringList>

#include "ui/charts/chart_base.h"
#include "ui/charts/memory_chart.h"

namespace shardscope::ui {

// Bar `bar` (0: one GPU, 1: the most loaded GPU) in pixels, less 1 px each side (antialiased
// edges): 0.55 wide at positions 1 and 2, as tall as its six plotted parts.
inline QRectF plottedBarRect(MemoryChart* chart, int bar)
{
    double top = 0;
    for (int part = 0; part < 6; ++part)
        top += chart->plotted(part, bar);
    const double centre = 1.0 + bar, half = 0.55 / 2;
    return QRectF(QPointF(chart->xAxis->coordToPixel(centre - half), chart->yAxis->coordToPixel(top)),
                  QPointF(chart->xAxis->coordToPixel(centre + half), chart->yAxis->coordToPixel(0)))
        .normalized()
        .adjusted(1, 1, -1, -1);
}

// The model-state labels ("<- model states") that lie over the other bar (the one-GPU bar's
// reached over the second bar with larger text in a laptop window).
inline QStringList labelsOverTheOtherBar(MemoryChart* chart)
{
    QStringList found;
    for (int i = 0; i < chart->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(chart->item(i));
        if (label == nullptr || !label->visible() || !label->text().startsWith(QChar(0x2190)))
            continue;
        const int other = label->position->coords().x() < 1.5 ? 1 : 0;
        if (itemTextRect(label).intersects(plottedBarRect(chart, other)))
            found << QStringLiteral("memory: '%1' over bar %2").arg(label->text().simplified()).arg(other + 1);
    }
    return found;
}

// The capacity label where it lies over a bar: it hid part of the second bar with one GPU when
// presenting at 1920x1080 (the label is wider than the room right of the bar).
inline QStringList capacityLabelOverABar(MemoryChart* chart)
{
    QStringList found;
    for (int i = 0; i < chart->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(chart->item(i));
        if (label == nullptr || !label->visible() || !label->text().contains(QStringLiteral("GiB")))
            continue;
        for (int bar = 0; bar < 2; ++bar) {
            if (itemTextRect(label).intersects(plottedBarRect(chart, bar)))
                found << QStringLiteral("memory: the capacity label over bar %1").arg(bar + 1);
        }
    }
    return found;
}

} // namespace shardscope::ui
