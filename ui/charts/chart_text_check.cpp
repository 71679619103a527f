#include "ui/charts/chart_text_check.h"

#include <algorithm>

#include <QFontMetrics>

#include "ui/charts/chart_base.h"

namespace shardscope::ui {
namespace {

struct TextBox {
    QString text;
    QRectF rect;
};

QSizeF textSize(const QFont& font, const QString& text)
{
    return QFontMetrics(font).boundingRect(QRect(0, 0, 100000, 100000), Qt::TextDontClip, text).size();
}

// Tick labels of one axis, placed as QCPAxisPainterPrivate places them (no rotation).
QList<TextBox> tickLabelBoxes(QCPAxis* axis)
{
    QList<TextBox> out;
    if (!axis->visible() || !axis->tickLabels())
        return out;
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QRect ar = axis->axisRect()->rect();
    const double gap = axis->tickLabelPadding() + std::max(0, axis->tickLengthOut());
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
            continue;
        const double p = axis->coordToPixel(ticks[i]);
        const QSizeF s = textSize(axis->tickLabelFont(), labels[i]);
        QRectF r(QPointF(0, 0), s);
        switch (axis->axisType()) {
        case QCPAxis::atBottom: r.moveCenter(QPointF(p, ar.bottom() + gap + s.height() / 2)); break;
        case QCPAxis::atTop: r.moveCenter(QPointF(p, ar.top() - gap - s.height() / 2)); break;
        case QCPAxis::atLeft: r.moveCenter(QPointF(ar.left() - gap - s.width() / 2, p)); break;
        case QCPAxis::atRight: r.moveCenter(QPointF(ar.right() + gap + s.width() / 2, p)); break;
        }
        out.append({labels[i], r});
    }
    return out;
}

// Walks the plot's text; `report` gets each problem's sentence and returns false to stop early.
template <typename Report>
void findTextProblems(QCustomPlot* plot, const QString& name, Report report)
{
    const QRectF widget(0, 0, plot->width(), plot->height());
    const auto inside = [](const QRectF& outer, const QRectF& r) { return outer.adjusted(-1, -1, 1, 1).contains(r); };
    QList<TextBox> boxes;  // what must not overlap each other
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            const QList<TextBox> ticks = tickLabelBoxes(axis);
            for (int t = 0; t < ticks.size(); ++t) {
                const TextBox& b = ticks[t];
                if (!inside(widget, b.rect) && !report([&] { return QStringLiteral("%1: tick label '%2' cut by the chart's edge").arg(name, b.text); }))
                    return;
                // Tick labels of one axis are drawn in order along it: each against the next.
                const QRectF overlap = t + 1 < ticks.size() ? b.rect.intersected(ticks[t + 1].rect) : QRectF();
                if (overlap.width() > 1 && overlap.height() > 1
                    && !report([&] { return QStringLiteral("%1: tick label '%2' over '%3'").arg(name, b.text, ticks[t + 1].text); }))
                    return;
            }
            if (axis->visible() && !axis->label().isEmpty()) {
                // QCustomPlot centres an axis label on its side of the axis rect (a vertical one
                // turned a quarter): it must lie within the axis rect's layout cell along that
                // side. The chart's other rows (the titles above, the legend below) paint their
                // backgrounds over a label that reaches into them: with the whole chart as the
                // room, the scaling chart's long Chinese y label passed while cut at both ends.
                const QSizeF s = textSize(axis->labelFont(), axis->label());
                const QRect ar = axis->axisRect()->rect();
                const QRect cell = axis->axisRect()->outerRect();
                const bool vertical = axis->orientation() == Qt::Vertical;
                const double centre = vertical ? ar.center().y() : ar.center().x();
                const double low = vertical ? std::max(0, cell.top()) : std::max(0, cell.left());
                const double high = vertical ? std::min(plot->height(), cell.bottom() + 1) : std::min(plot->width(), cell.right() + 1);
                if ((centre - s.width() / 2 < low - 1 || centre + s.width() / 2 > high + 1)
                    && !report([&] { return QStringLiteral("%1: axis label '%2' cut by the chart's edge").arg(name, axis->label()); }))
                    return;
            }
        }
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        auto* text = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i));
        if (text == nullptr || !text->visible() || text->text().isEmpty())
            continue;
        const QSizeF s = textSize(text->font(), text->text());
        if (s.width() > plot->width() + 1 || !inside(widget, text->outerRect())) {
            if (!report([&] { return QStringLiteral("%1: title '%2' does not fit").arg(name, text->text().left(40)); }))
                return;
        } else if (s.height() > text->outerRect().height() + 1) {
            if (!report([&] {
                    return QStringLiteral("%1: title '%2' cut (needs %3 px, has %4)")
                        .arg(name, text->text().left(40))
                        .arg(s.height())
                        .arg(text->outerRect().height());
                }))
                return;
        }
        boxes.append({text->text(), text->outerRect()});
    }
    if (plot->legend->visible() && plot->legend->itemCount() > 0) {
        if (!inside(widget, plot->legend->outerRect()) && !report([&] { return QStringLiteral("%1: legend cut by the chart's edge").arg(name); }))
            return;
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i));
            if (item == nullptr)
                continue;
            const QSizeF s = textSize(item->font(), item->plottable()->name());
            if (item->outerRect().width() + 1 < s.width() + item->parentLegend()->iconSize().width()
                && !report([&] { return QStringLiteral("%1: legend entry '%2' cut").arg(name, item->plottable()->name()); }))
                return;
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* item = qobject_cast<QCPItemText*>(plot->item(i));
        if (item == nullptr || !item->visible() || item->text().isEmpty() || item->rotation() != 0)
            continue;
        const QRectF r = itemTextRect(item);
        const QRectF clip = item->clipToAxisRect() && item->clipAxisRect() != nullptr ? QRectF(item->clipAxisRect()->rect()) : widget;
        if (!inside(clip, r) && !report([&] {
                return QStringLiteral("%1: label '%2' cut (at %3,%4 %5x%6, room %7,%8 %9x%10)")
                    .arg(name, item->text())
                    .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())
                    .arg(clip.x()).arg(clip.y()).arg(clip.width()).arg(clip.height());
            }))
            return;
        for (const TextBox& other : boxes) {
            const QRectF overlap = r.intersected(other.rect);
            if (overlap.width() > 2 && overlap.height() > 2
                && !report([&] { return QStringLiteral("%1: label '%2' over '%3'").arg(name, item->text(), other.text.left(40)); }))
                return;
        }
        boxes.append({item->text(), r});
    }
}

} // namespace

QStringList chartTextProblems(QCustomPlot* plot, const QString& name)
{
    QStringList problems;
    findTextProblems(plot, name, [&](const auto& sentence) {
        problems << sentence();
        return true;
    });
    return problems;
}

bool chartTextReads(QCustomPlot* plot)
{
    bool reads = true;
    findTextProblems(plot, QString(), [&](const auto&) { return reads = false; });
    return reads;
}

} // namespace shardscope::ui
