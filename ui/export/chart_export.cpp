#include "ui/export/chart_export.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
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
    CaptionRow(ChartBase* chart, const QString& text) : chart_(chart)
    {
        if (text.isEmpty())
            return;
        QCPLayoutGrid* grid = chart->plotLayout();
        const int row = grid->rowCount();
        grid->insertRow(row);
        QFont font = chart->font();
        font.setPointSizeF(std::max(7.0, font.pointSizeF() * 0.85));
        element_ = new QCPTextElement(chart, text, font);
        element_->setTextColor(chart->xAxis != nullptr ? chart->xAxis->tickLabelColor() : QColor(Qt::black));
        element_->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap);
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

// Renders into a temporary file first, then moves it into place with writeFileAtomically (core/common/atomic_file.h), so that a
// failure never destroys an existing file and never leaves a partial one.
bool renderTo(ChartBase* chart, const QString& temporary, const QString& suffix, const ExportOptions& o)
{
    chart->ensureCurrent();
    const CaptionRow caption(chart, o.caption);
    const int w = o.size.width(), h = o.size.height();
    if (suffix == QLatin1String("png"))
        return chart->savePng(temporary, w, h, o.scale);
    if (suffix == QLatin1String("pdf"))
        return chart->savePdf(temporary, w, h, QCP::epNoCosmetic, QStringLiteral("ShardScope"), chart->title());
    // SVG: QCustomPlot has no saveSvg; paint into a QSvgGenerator through a QCPPainter.
    QSvgGenerator generator;
    generator.setFileName(temporary);
    generator.setSize(QSize(w, h));
    generator.setViewBox(QRect(0, 0, w, h));
    generator.setTitle(chart->title());
    generator.setDescription(QStringLiteral("ShardScope"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    chart->toPainter(&painter, w, h);
    return painter.end();
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

void copyChartImage(ChartBase* chart, const ExportOptions& options)
{
    chart->ensureCurrent();
    const QPixmap image = chart->toPixmap(options.size.width(), options.size.height(), options.scale);
    QApplication::clipboard()->setPixmap(image);
}

} // namespace shardscope::ui
