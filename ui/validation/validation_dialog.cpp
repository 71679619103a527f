#include "ui/validation/case_text.h"
#include "ui/validation/validation_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/validation/validation_report.h"

namespace shardscope::ui {
namespace {

enum Column { ColumnCase, ColumnReference, ColumnOurs, ColumnError, ColumnTolerance, ColumnStatus, ColumnCount };
constexpr int kSourceRole = Qt::UserRole + 1;
constexpr int kCaseRole = Qt::UserRole + 2;

// Okabe-Ito bluish green and vermillion: distinguishable in both themes and for colour-blind readers.
const QColor kPass(0, 158, 115);
const QColor kFail(213, 94, 0);
const QColor kOutlier(230, 159, 0);  // Okabe-Ito orange: outside the tolerance, for a stated reason

QString q(const std::string& text) { return QString::fromStdString(text); }

// Core writes a case's figures with its unit id after the number ("117 minutes", "±0.5 minutes",
// "7 B parameters"); the units that are words are translated here, the symbols (GB, GiB, MiB,
// EFLOPs, tokens/s) read the same in both languages.
QString withUnit(const std::string& formatted, const std::string& unit)
{
    const QString text = q(formatted);
    const QString suffix = QLatin1Char(' ') + q(unit);
    QString word;
    if (unit == "minutes")
        word = ValidationDialog::tr("minutes");
    else if (unit == "hours")
        word = ValidationDialog::tr("hours");
    else if (unit == "updates")
        word = ValidationDialog::tr("updates");
    else if (unit == "bytes")
        word = ValidationDialog::tr("bytes");
    else if (unit == "parameters")
        word = ValidationDialog::tr("parameters");
    else if (unit == "B parameters")
        word = ValidationDialog::tr("B parameters");
    if (word.isEmpty() || !text.endsWith(suffix))
        return text;
    return text.left(text.size() - suffix.size()) + QLatin1Char(' ') + word;
}

// The words around core's numbers, in the current language.
ReportWords reportWords()
{
    ReportWords words;
    words.exact = ValidationDialog::tr("exact").toStdString();
    words.rounding = ValidationDialog::tr("rounding").toStdString();
    words.points = ValidationDialog::tr("%1 points").toStdString();
    words.known = ValidationDialog::tr("%1 known, %2").toStdString();
    return words;
}

QString kindText(ReferenceKind kind)
{
    switch (kind) {
    case ReferenceKind::Published: return ValidationDialog::tr("published");
    case ReferenceKind::EngineCode: return ValidationDialog::tr("engine code");
    case ReferenceKind::Measured: return ValidationDialog::tr("measured");
    }
    return {};
}

} // namespace

ValidationDialog::ValidationDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("validationDialog"));
    resize(1100, 720);
    summary_ = new QLabel;
    summary_->setWordWrap(true);
    onlyDifferences_ = new QCheckBox;
    tree_ = new QTreeWidget;
    tree_->setColumnCount(ColumnCount);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(ColumnCase, QHeaderView::Stretch);
    // Fixed, adjustable widths for the figures leave the description most of the row (fitting
    // them to their longest cell would squeeze it).
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const int widths[ColumnCount] = {0, 12 * em, 12 * em, 9 * em, 14 * em, 5 * em};
    for (int c = ColumnReference; c < ColumnCount; ++c) {
        tree_->header()->setSectionResizeMode(c, QHeaderView::Interactive);
        tree_->header()->resizeSection(c, widths[c]);
    }
    details_ = new QTextBrowser;
    details_->setOpenExternalLinks(false);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(tree_);
    split->addWidget(details_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto* buttons = new QDialogButtonBox;
    copyButton_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);  // worded by Qt's own catalogue, as in every dialog
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copyButton_, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(q(validationMarkdown(run_))); });
    connect(onlyDifferences_, &QCheckBox::toggled, this, &ValidationDialog::fill);
    connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) { showDetails(item); });

    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(onlyDifferences_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    retranslate();
    evaluate();
}

void ValidationDialog::evaluate()
{
    Diagnostics problems;
    std::vector<ReferenceSource> sources = builtInReferenceSources(problems);
    loadProblem_ = problems.empty() ? QString() : q(problems.front().message());
    run_ = runValidation(std::move(sources));
    fill();
}

void ValidationDialog::fill()
{
    tree_->clear();
    const bool differencesOnly = onlyDifferences_->isChecked();
    const ReportWords words = reportWords();
    for (std::size_t s = 0; s < run_.sources.size(); ++s) {
        const SourceResults& source = run_.sources[s];
        auto* parent = new QTreeWidgetItem(tree_);
        parent->setText(ColumnCase, caseText(source.source.title) + QStringLiteral("  [") + kindText(source.source.kind)
                                        + QStringLiteral("]"));
        parent->setToolTip(ColumnCase, q(source.source.citation));
        parent->setData(ColumnCase, kSourceRole, static_cast<int>(s));
        parent->setData(ColumnCase, kCaseRole, -1);
        QFont bold = parent->font(ColumnCase);
        bold.setBold(true);
        parent->setFont(ColumnCase, bold);
        int failed = 0;
        int outliers = 0;
        for (std::size_t i = 0; i < source.results.size(); ++i) {
            const ReferenceCase& c = source.source.cases[i];
            const CaseResult& r = source.results[i];
            failed += r.pass || r.outlier ? 0 : 1;
            outliers += r.outlier ? 1 : 0;
            if (differencesOnly && r.pass && r.error == 0)
                continue;
            auto* item = new QTreeWidgetItem(parent);
            item->setText(ColumnCase, caseText(c.what.empty() ? c.id : c.what));
            item->setToolTip(ColumnCase, q(c.id));
            item->setText(ColumnReference, withUnit(formatCaseValue(c.expected, c.unit), c.unit));
            item->setText(ColumnOurs, r.problem.empty() ? withUnit(formatCaseValue(r.ours, c.unit), c.unit) : tr("cannot compute"));
            item->setText(ColumnError, withUnit(formatCaseError(c, r, words), c.unit));
            item->setText(ColumnTolerance, withUnit(formatTolerance(c, words), c.unit));
            item->setText(ColumnStatus, r.pass ? tr("ok") : (r.outlier ? tr("outlier") : tr("FAIL")));
            item->setForeground(ColumnStatus, r.pass ? kPass : (r.outlier ? kOutlier : kFail));
            for (int col = ColumnReference; col < ColumnCount; ++col) {
                item->setTextAlignment(col, Qt::AlignRight | Qt::AlignVCenter);
                item->setToolTip(col, item->text(col));  // in full when the column is narrow
            }
            item->setData(ColumnCase, kSourceRole, static_cast<int>(s));
            item->setData(ColumnCase, kCaseRole, static_cast<int>(i));
        }
        // The source's title spans the row, so long titles are not cut; its verdict follows it.
        QString verdict = failed == 0 && outliers == 0
                              ? tr("all %n within tolerance", nullptr, static_cast<int>(source.results.size()))
                              : (failed > 0 ? tr("%n failed", nullptr, failed) : tr("%n outliers", nullptr, outliers));
        const ErrorSummary errors = summarizeErrors(source);
        if (errors.cases > 0 && errors.largestAbs > 0)
            verdict += QStringLiteral("  ·  ")
                       + tr("median |error| %1 %, largest %2 %")
                             .arg(QLocale().toString(100.0 * errors.medianAbs, 'f', 1), QLocale().toString(100.0 * errors.largestAbs, 'f', 1));
        parent->setText(ColumnCase, parent->text(ColumnCase) + QStringLiteral("  ·  ") + verdict);
        parent->setForeground(ColumnCase, failed == 0 ? palette().color(QPalette::Text) : kFail);
        parent->setFirstColumnSpanned(true);
        parent->setExpanded(true);
    }
    QString text = tr("%1 of %2 reference cases within tolerance.").arg(run_.cases - run_.failed - run_.outliers).arg(run_.cases);
    if (run_.outliers > 0)
        text += QLatin1Char(' ') + tr("%n outside it as outliers, each with the evidence that the published figure is the odd one.", nullptr, run_.outliers);
    if (!loadProblem_.isEmpty())
        text += QLatin1Char(' ') + tr("A built-in reference file could not be read: %1").arg(loadProblem_);
    text += QLatin1Char(' ')
            + tr("Published figures, other engines' estimators and PyTorch measurements, compared with the current "
                 "models; citations are quoted as published.");
    summary_->setText(text);
    if (tree_->topLevelItemCount() > 0)
        tree_->setCurrentItem(tree_->topLevelItem(0));
}

void ValidationDialog::showDetails(QTreeWidgetItem* item)
{
    if (item == nullptr) {
        details_->clear();
        return;
    }
    const int s = item->data(ColumnCase, kSourceRole).toInt();
    const int i = item->data(ColumnCase, kCaseRole).toInt();
    if (s < 0 || s >= static_cast<int>(run_.sources.size()))
        return;
    const ReferenceSource& source = run_.sources[static_cast<std::size_t>(s)].source;
    QString html = QStringLiteral("<h3>%1</h3><p><i>%2</i> · %3").arg(caseText(source.title).toHtmlEscaped(), kindText(source.kind),
                                                                    q(source.citation).toHtmlEscaped());
    if (!source.version.empty())
        html += QStringLiteral(" · ") + q(source.version).toHtmlEscaped();
    html += QStringLiteral("</p>");
    if (i < 0) {
        html += QStringLiteral("<p>%1</p>").arg(caseText(source.note).toHtmlEscaped());
        details_->setHtml(html);
        return;
    }
    const ReferenceCase& c = source.cases[static_cast<std::size_t>(i)];
    const CaseResult& r = run_.sources[static_cast<std::size_t>(s)].results[static_cast<std::size_t>(i)];
    const ReportWords words = reportWords();
    html += QStringLiteral("<p><b>%1</b> (<code>%2</code>)</p>").arg(caseText(c.what).toHtmlEscaped(), q(c.id).toHtmlEscaped());
    html += QStringLiteral("<p>%1: %2<br>%3: %4<br>%5: %6 (%7 %8)</p>")
                .arg(tr("Reference"), withUnit(formatCaseValue(c.expected, c.unit), c.unit).toHtmlEscaped(), tr("ShardScope"),
                     r.problem.empty() ? withUnit(formatCaseValue(r.ours, c.unit), c.unit).toHtmlEscaped() : q(r.problem).toHtmlEscaped(),
                     tr("Error"), withUnit(formatCaseError(c, r, words), c.unit).toHtmlEscaped(), tr("tolerance"), withUnit(formatTolerance(c, words), c.unit).toHtmlEscaped());
    if (!c.note.empty())
        html += QStringLiteral("<p>%1</p>").arg(caseText(c.note).toHtmlEscaped());
    if (!c.outlier.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Outlier:"), caseText(c.outlier).toHtmlEscaped());
    for (const OtherValue& o : c.others)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("%1 gives %2. %3")
                             .arg(q(o.source).toHtmlEscaped(), withUnit(formatCaseValue(o.value, c.unit), c.unit).toHtmlEscaped(),
                                  caseText(o.note).toHtmlEscaped()));
    QString quantity;
    for (const std::string& path : c.quantity)
        quantity += (quantity.isEmpty() ? QString() : QStringLiteral(" + ")) + q(path);
    html += QStringLiteral("<p>%1: <code>%2</code></p><pre>%3</pre>")
                .arg(tr("Quantity"), quantity.toHtmlEscaped(), q(c.inputs.dump(1)).toHtmlEscaped());
    details_->setHtml(html);
}

void ValidationDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        fill();
    }
    QDialog::changeEvent(event);
}

void ValidationDialog::retranslate()
{
    setWindowTitle(tr("Validation: ShardScope against its sources"));
    onlyDifferences_->setText(tr("Only cases that differ"));
    onlyDifferences_->setToolTip(tr("Hide the cases that agree exactly"));
    tree_->setHeaderLabels(
        {tr("Case"), tr("Reference"), tr("ShardScope"), tr("Error"), tr("Tolerance"), tr("Status")});
    copyButton_->setText(tr("Copy as Markdown"));
    copyButton_->setToolTip(tr("Copy every table, with citations and notes, as Markdown"));
}

} // namespace shardscope::ui
