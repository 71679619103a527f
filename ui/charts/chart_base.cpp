#include "ui/charts/chart_base.h"
#include "ui/charts/chart_text_check.h"

#include <QEvent>
#include <QFontMetrics>
#include <QResizeEvent>
#include <QShowEvent>
#include <QTextBoundaryFinder>

#include <algorithm>
#include <utility>

namespace shardscope::ui {

ChartBase::ChartBase(QWidget* parent) : QCustomPlot(parent)
{
    // Small enough that a 1366x768 window holds two charts beside the controls.
    setMinimumSize(240, 180);
    setNoAntialiasingOnDrag(true);
    setPlottingHints(QCP::phCacheLabels | QCP::phImmediateRefresh);
    plotLayout()->insertRow(0);
    title_ = new QCPTextElement(this, QString(), scaledFont(13, true));
    plotLayout()->addElement(0, 0, title_);
    plotLayout()->insertRow(1);
    subtitle_ = new QCPTextElement(this, QString(), scaledFont(9));
    plotLayout()->addElement(1, 0, subtitle_);
    // The legend goes under the plot, in columns, so it never covers the data.
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(3, 0, legend);
    plotLayout()->setRowStretchFactor(3, 0.001);
    plotLayout()->setRowSpacing(4);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(4);
    legend->setMargins(QMargins(6, 2, 6, 2));
    setAccessibleName(tr("Chart"));
}

void ChartBase::setTheme(ThemeKind kind)
{
    themeKind_ = kind;
    refresh();
}

void ChartBase::setFontScale(double scale)
{
    fontScale_ = scale;
    textScale_ = scale;
    refresh();
}

QFont ChartBase::scaledFont(double points, bool bold) const
{
    QFont f = font();
    f.setPointSizeF(points * textScale_);
    f.setBold(bold);
    return f;
}

void ChartBase::styleAxis(QCPAxis* axis, const QString& label)
{
    const Theme& t = chartTheme();
    axis->setLabel(label);
    axis->setLabelFont(scaledFont(10));
    axis->setTickLabelFont(scaledFont(9));
    axis->setLabelColor(t.text);
    axis->setTickLabelColor(t.text);
    axis->setBasePen(QPen(t.axis));
    axis->setTickPen(QPen(t.axis));
    axis->setSubTickPen(QPen(t.axis));
    axis->grid()->setPen(QPen(t.grid, 1, Qt::DotLine));
    axis->grid()->setSubGridVisible(false);
}

void ChartBase::styleLegend()
{
    const Theme& t = chartTheme();
    legend->setFont(scaledFont(9));
    updateLegendColumns(width());
    legend->setTextColor(t.text);
    legend->setBrush(QBrush(t.chartBackground));
    legend->setBorderPen(QPen(t.grid));
}

// Breaks `text` into lines no wider than `width` where Unicode allows a line break (UAX #14,
// through QTextBoundaryFinder: at spaces in English, between characters in Chinese, never before
// '，' or '）'), and inside a word only when the word alone is wider than the line; explicit
// line breaks are kept. Breaking Chinese only at spaces left a short first line before a long
// unbroken run ("296,352 种布局中 20,870" and then the rest).
QString wrapText(const QString& text, const QFont& font, int width)
{
    const QFontMetrics metrics(font);
    QStringList out;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        const auto place = [&](QString piece) {
            if (metrics.horizontalAdvance(line + piece.trimmed()) <= width || line.trimmed().isEmpty()) {
                line += piece;
            } else {
                out << line.trimmed();
                line = piece.trimmed().isEmpty() ? QString() : piece;
            }
            // A piece wider than the line alone is cut where it reaches the edge.
            while (line.size() > 1 && metrics.horizontalAdvance(line.trimmed()) > width) {
                int cut = static_cast<int>(line.size()) - 1;
                while (cut > 1 && metrics.horizontalAdvance(line.left(cut)) > width)
                    --cut;
                out << line.left(cut).trimmed();
                line = line.mid(cut);
            }
        };
        QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, paragraph);
        qsizetype from = 0;
        for (qsizetype at = breaks.toNextBoundary(); at != -1; at = breaks.toNextBoundary()) {
            if (at > from)
                place(paragraph.mid(from, at - from));
            from = at;
        }
        if (from < paragraph.size())
            place(paragraph.mid(from));
        out << line.trimmed();
    }
    return out.join(QLatin1Char('\n'));
}


void ChartBase::updateLegendColumns(int chartWidth)
{
    // As many columns as the widest entry leaves room for (a column is at least 150 px at scale
    // 1, so short entries line up; at 200 the memory chart's six short entries took one column,
    // and six rows of the chart's height, in a 400-px chart): a long entry ("Goodput: tokens per
    // second with failures") in a fixed share of the width was cut. Rearranging the existing
    // items needs setFillOrder(..., true).
    const QFontMetrics metrics(legend->font());
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            widest = std::max(widest, metrics.horizontalAdvance(item->plottable()->name()));
    }
    // Icon, its padding, the item's margins (8 + 8) and the gap between columns.
    const int entry = std::max(static_cast<int>(150 * textScale_), widest + legend->iconSize().width() + legend->iconTextPadding() + 24);
    const int columns = std::max(1, (chartWidth - 12) / entry);
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
}

void ChartBase::setTitleText(const QString& text, const QString& subtitle)
{
    titleText_ = text;
    subtitleText_ = subtitle;
    layoutTitles();
}

void ChartBase::layoutTitles()
{
    const Theme& t = chartTheme();
    const int width = std::max(200, this->width() - 24);
    title_->setFont(scaledFont(13, true));
    title_->setText(wrapText(titleText_, title_->font(), width));
    title_->setTextColor(t.text);
    subtitle_->setFont(scaledFont(9));
    subtitle_->setText(wrapText(subtitleText_, subtitle_->font(), width));
    subtitle_->setTextColor(t.text);
    subtitle_->setVisible(!subtitleText_.isEmpty());
}

void ChartBase::refresh()
{
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    rebuildNow();
    replot(QCustomPlot::rpQueuedReplot);
}

void ChartBase::ensureCurrent()
{
    if (stale_)
        rebuildNow();
}

namespace {

void scalePens(QCustomPlot* plot, double scale)
{
    // Lines grow with the text (presentation mode, larger text): a 2 px line that reads on a
    // monitor is a hairline on a projector. rebuild() made every plottable anew, so scaling
    // here never compounds.
    if (scale <= 1.0)
        return;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        QPen pen = p->pen();
        if (pen.style() != Qt::NoPen) {
            pen.setWidthF(std::max(1.0, pen.widthF()) * scale);
            p->setPen(pen);
        }
    }
}

} // namespace

void ChartBase::rebuildNow()
{
    stale_ = false;
    rebuildAt(fitStart());
    fitText();
    emit refreshed();
}

// Where fitText starts: the scale asked for, unless an earlier fit at this scale says less will
// do. At the same size it tries one step above the last fit (the data may have changed so that
// more fits: a slider drag costs one extra rebuild while the text is shrunk, and the text grows
// back a step at a time); in a smaller chart it starts at the last fit; in a larger one at the
// top. Without fitting (an export) it is always the scale asked for.
double ChartBase::fitStart() const
{
    if (!fitsText_ || fontScale_ != fittedFor_ || fittedScale_ <= 0)
        return fontScale_;
    const QSize now = size();
    if (now.width() > fittedSize_.width() || now.height() > fittedSize_.height())
        return fontScale_;
    if (now == fittedSize_)
        return std::min(fontScale_, fittedScale_ / kFitStep);
    return fittedScale_;
}

// Larger text (Ctrl+Plus, presentation) is sized for the screen, not for each chart: in a small
// window some charts' labels would be cut or stack. On screen such a chart draws its text as
// large as it can up to the asked-for scale, never below the default, in steps of 7 %: what was
// asked for is kept (fontScale) and comes back as the chart has room again (fitStart).
void ChartBase::fitText()
{
    if (!fitsText_ || fontScale_ <= 1.0 || !isVisible() || !invalid_.isEmpty())
        return;
    for (;;) {
        updateLayout();  // places the axis rects and, through afterLayout, the charts' labels
        // Besides reading, the text leaves the plot a third of the chart's height: titles that
        // wrap to several lines would otherwise squeeze it to a strip (and a chart that hides
        // labels that do not fit would pass with none left).
        if (textScale_ <= 1.0 || (chartTextReads(this) && axisRect()->height() * 3 >= height()))
            break;
        rebuildAt(std::max(1.0, textScale_ * kFitStep));
    }
    fittedSize_ = size();
    fittedFor_ = fontScale_;
    fittedScale_ = textScale_;
}

void ChartBase::rebuildAt(double scale)
{
    textScale_ = scale;
    setBackground(QBrush(chartTheme().chartBackground));
    for (QCPAxis* axis : std::exchange(hiddenAxes_, {}))
        axis->setVisible(true);
    if (invalid_.isEmpty()) {
        rebuild();
        scalePens(this, textScale_);
    } else {
        showInvalid();
    }
    // A hidden legend without items would still cap the layout's width at its margins (a layout
    // column is no wider than its elements' largest maximum size): keep it out of the layout then.
    const bool inLayout = plotLayout()->hasElement(3, 0) && plotLayout()->element(3, 0) == legend;
    if (legend->visible() && !inLayout)
        plotLayout()->addElement(3, 0, legend);
    else if (!legend->visible() && inLayout)
        plotLayout()->take(legend);
    updateLegendColumns(width());
}

void ChartBase::setInvalid(const QString& message)
{
    if (message == invalid_)
        return;
    invalid_ = message;
    refresh();
}

void ChartBase::showInvalid()
{
    // Numbers of a layout that cannot run would mislead: no bars, curves or axes, only the
    // reasons, in the middle of the chart.
    clearPlottables();
    clearItems();
    legend->setVisible(false);
    for (QCPAxis* axis : axisRect()->axes()) {
        if (axis->visible()) {
            axis->setVisible(false);
            hiddenAxes_.append(axis);
        }
    }
    auto* text = new QCPItemText(this);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setPositionAlignment(Qt::AlignCenter);
    text->setTextAlignment(Qt::AlignLeft);
    text->setClipToAxisRect(false);
    text->setFont(scaledFont(11));
    text->setColor(chartTheme().capacity);
    text->setText(wrapText(invalid_, text->font(), std::max(160, width() - 40)));
    setTitleText(title(), QString());
}

void ChartBase::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    // A chart resized while its tab was hidden fits its larger text to the new size.
    if (stale_ || (fontScale_ > 1.0 && fitsText_ && size() != fittedSize_)) {
        rebuildNow();
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void ChartBase::resizeEvent(QResizeEvent* event)
{
    updateLegendColumns(event->size().width());
    QCustomPlot::resizeEvent(event);
    layoutTitles();
    // Larger text is fitted to the chart's size: a new size fits it again.
    if (fontScale_ > 1.0 && fitsText_ && isVisible())
        refresh();
}

void ChartBase::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QCustomPlot::changeEvent(event);
}

} // namespace shardscope::ui
