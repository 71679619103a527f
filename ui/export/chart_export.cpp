#include "ui/export/chart_export.h"

#include <algorithm>

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QFontInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QTemporaryDir>

#include "core/common/atomic_file.h"
#include "core/common/scratch_folder.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {
namespace {

// The caption row under the chart while it is rendered: added before, removed after, so the
// chart on screen never shows it.
class CaptionRow {
public:
    // `width`: the image's, in pixels. The caption is broken into lines for it beforehand: the
    // text element sizes its row for the lines it is given, so text it wrapped itself was cut at
    // the bottom of a small image (640 x 300).
    CaptionRow(ChartBase* chart, const QString& text, int width) : chart_(chart)
    {
        if (text.isEmpty())
            return;
        QCPLayoutGrid* grid = chart->plotLayout();
        const int row = grid->rowCount();
        grid->insertRow(row);
        QFont font = chart->font();
        font.setPointSizeF(std::max(7.0, font.pointSizeF() * 0.85));
        element_ = new QCPTextElement(chart, wrapText(text, font, std::max(40, width - 16)), font);
        element_->setTextColor(chart->xAxis != nullptr ? chart->xAxis->tickLabelColor() : QColor(Qt::black));
        element_->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
        element_->setMargins(QMargins(8, 2, 8, 4));
        grid->addElement(row, 0, element_);
    }
    ~CaptionRow()
    {
        if (element_ == nullptr)
            return;
        chart_->plotLayout()->remove(element_);  // deletes it
        chart_->plotLayout()->simplify();        // drops the empty row
        chart_->replot(QCustomPlot::rpQueuedReplot);
    }
    CaptionRow(const CaptionRow&) = delete;
    CaptionRow& operator=(const CaptionRow&) = delete;

private:
    ChartBase* chart_;
    QCPTextElement* element_ = nullptr;
};

// QSvgGenerator writes the font's requested family, which is often a fontconfig alias ("Sans
// Serif") that no SVG viewer knows. Name the family the text was really laid out in, then the CSS
// generic family as the fallback: font-family="'DejaVu Sans', sans-serif".
bool useRealFontFamilies(const QString& svgPath, const QFont& font)
{
    QFile file(svgPath);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QString text = QString::fromUtf8(file.readAll());
    file.close();
    const QString real = QFontInfo(font).family();
    const QString stack = QStringLiteral("font-family=\"'%1', sans-serif\"").arg(real);
    text.replace(QRegularExpression(QStringLiteral("font-family=\"[^\"]*\"")), stack);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(text.toUtf8()) > 0;
}

// Renders into a temporary file first, then moves it into place with writeFileAtomically (core/common/atomic_file.h), so that a
// failure never destroys an existing file and never leaves a partial one.
bool renderOnce(ChartBase* chart, const QString& temporary, const QString& suffix, const ExportOptions& o);

// While it lives, the chart draws its text at `scale` (0: the scale asked for on screen) and not
// at the one that fitted it on screen (ChartBase::fitText): an export has its own size. Then the
// window's scale and fit come back.
class ExportScale {
public:
    ExportScale(ChartBase* chart, double scale) : chart_(chart), onScreen_(chart->fontScale())
    {
        chart_->setFitsText(false);
        chart_->setFontScale(scale > 0 ? scale : onScreen_);
    }
    ~ExportScale()
    {
        chart_->setFitsText(true);
        chart_->setFontScale(onScreen_);
    }
    ExportScale(const ExportScale&) = delete;
    ExportScale& operator=(const ExportScale&) = delete;

private:
    ChartBase* chart_;
    double onScreen_;
};

// The export's own type size and theme, then the window's again.
bool renderTo(ChartBase* chart, const QString& temporary, const QString& suffix, const ExportOptions& o)
{
    const ThemeKind kind = chart->chartTheme().kind;
    bool ok = false;
    {
        const ExportScale scale(chart, o.fontScale);
        if (o.theme)
            chart->setTheme(*o.theme);
        ok = renderOnce(chart, temporary, suffix, o);
        if (o.theme)
            chart->setTheme(kind);
    }
    chart->ensureCurrent();
    return ok;
}

bool renderOnce(ChartBase* chart, const QString& temporary, const QString& suffix, const ExportOptions& o)
{
    chart->ensureCurrent();
    const CaptionRow caption(chart, o.caption, o.size.width());
    const int w = o.size.width(), h = o.size.height();
    if (suffix == QLatin1String("png"))
        return chart->savePng(temporary, w, h, o.scale);
    if (suffix == QLatin1String("pdf"))
        return chart->savePdf(temporary, w, h, QCP::epNoCosmetic, QStringLiteral("ShardScope"), chart->title());
    // SVG: QCustomPlot has no saveSvg; paint into a QSvgGenerator through a QCPPainter.
    QSvgGenerator generator;
    generator.setFileName(temporary);
    generator.setSize(QSize(w, h));
    // 96 dots per inch: the SVG's physical size (written in mm) equals its pixel size as CSS and
    // slide software count pixels (1 px = 1/96 in), so it pastes at the size it was drawn.
    generator.setResolution(96);
    generator.setViewBox(QRect(0, 0, w, h));
    generator.setTitle(chart->title());
    generator.setDescription(QStringLiteral("ShardScope"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    chart->toPainter(&painter, w, h);
    return painter.end() && useRealFontFamilies(temporary, chart->font());
}

} // namespace

bool exportChart(ChartBase* chart, const QString& path, const ExportOptions& options, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf")) {
        *error = QApplication::translate("Export", "Unknown image format \"%1\": use .png, .svg or .pdf").arg(suffix);
        return false;
    }
    if (options.size.width() < 16 || options.size.height() < 16 || options.size.width() > 20000
        || options.size.height() > 20000 || !(options.scale > 0 && options.scale <= 8)) {
        *error = QApplication::translate("Export", "Image size must be between 16 and 20000 pixels, scale between 0 and 8");
        return false;
    }
    // Named shardscope-<pid>-XXXXXX so that the next start removes it if this process is killed
    // before the destructor runs (core/common/scratch_folder.h).
    QTemporaryDir scratch(QDir::temp().filePath(QString::fromStdString(scratchFolderPrefix()) + QStringLiteral("XXXXXX")));
    if (!scratch.isValid()) {
        *error = QApplication::translate("Export", "Cannot create a temporary folder: %1").arg(scratch.errorString());
        return false;
    }
    const QString temporary = scratch.filePath(QStringLiteral("chart.") + suffix);
    if (!renderTo(chart, temporary, suffix, options) || QFileInfo(temporary).size() == 0) {
        *error = QApplication::translate("Export", "Rendering the chart failed");
        return false;
    }
    QFile rendered(temporary);
    if (!rendered.open(QIODevice::ReadOnly)) {
        *error = QApplication::translate("Export", "Rendering the chart failed");
        return false;
    }
    const QByteArray bytes = rendered.readAll();
    std::string problem;
    if (!writeFileAtomically(QFile::encodeName(path).toStdString(), std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())), problem)) {
        *error = QApplication::translate("Export", "Cannot write %1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(problem));
        return false;
    }
    return true;
}

ExportOptions slideOptions(bool fourK)
{
    ExportOptions o;
    o.size = QSize(1920, 1080);
    o.scale = fourK ? 2.0 : 1.0;
    o.fontScale = 2.25;
    return o;
}

bool exportDeck(const QList<ChartBase*>& charts, const QString& caption, const QString& path, QString* error)
{
    // 1920 x 1080 px at 96 dpi = 1440 x 810 pt. The charts' smallest type is 9 pt at scale 1
    // (12 px); at 2.25 it is 27 px, 2.5 % of 1080.
    constexpr int kWidth = 1920, kHeight = 1080, kCaption = 100;
    constexpr double kSlideScale = 2.25;
    // Rendered in memory, then written by the one safe writer (core/common/atomic_file.h) like
    // every other file: no symlink followed to a temporary, the target's mode kept, never a device.
    QByteArray pdf;
    QBuffer target(&pdf);
    target.open(QIODevice::WriteOnly);
    QPdfWriter writer(&target);
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(kWidth * 0.75, kHeight * 0.75), QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(QStringLiteral("ShardScope"));
    writer.setCreator(QStringLiteral("ShardScope"));
    QCPPainter painter;
    if (!painter.begin(&writer)) {
        *error = QApplication::translate("Export", "Rendering the chart failed");
        return false;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    bool first = true;
    for (ChartBase* chart : charts) {
        if (!first)
            writer.newPage();
        first = false;
        const ExportScale scale(chart, kSlideScale);
        chart->ensureCurrent();
        painter.fillRect(QRect(0, 0, kWidth, kHeight), chart->chartTheme().chartBackground);
        QFont font = chart->font();
        font.setPixelSize(27);
        painter.setFont(font);
        painter.setPen(chart->chartTheme().text);
        painter.drawText(QRect(40, 12, kWidth - 80, kCaption - 12), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
        painter.save();
        painter.translate(0, kCaption);
        chart->toPainter(&painter, kWidth, kHeight - kCaption);
        painter.restore();
    }
    if (!painter.end()) {
        *error = QApplication::translate("Export", "Rendering the chart failed");
        return false;
    }
    std::string problem;
    if (!writeFileAtomically(QFile::encodeName(path).toStdString(), std::string(pdf.constData(), static_cast<std::size_t>(pdf.size())), problem)) {
        *error = QApplication::translate("Export", "Cannot write %1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(problem));
        return false;
    }
    return true;
}

void copyChartImage(ChartBase* chart, const ExportOptions& options)
{
    QPixmap image;
    {
        const ExportScale scale(chart, options.fontScale);
        chart->ensureCurrent();
        image = chart->toPixmap(options.size.width(), options.size.height(), options.scale);
    }
    chart->ensureCurrent();
    QApplication::clipboard()->setPixmap(image);
}

} // namespace shardscope::ui
