#include "ui/views/migration_view.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/estimate/placement.h"
#include "core/reshard/transfer_plan.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/placement_chart.h"
#include "ui/charts/reshard_chart.h"
#include "ui/controls/fitting_scroll_area.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList parts;
    for (std::int64_t d : shape)
        parts << QString::number(d);
    return parts.join(QStringLiteral(" x "));
}

QString homeText(TensorHome home)
{
    switch (home) {
    case TensorHome::FirstStage: return MigrationView::tr("first stage");
    case TensorHome::EveryLayer: return MigrationView::tr("every layer's stage");
    case TensorHome::LastStage: return MigrationView::tr("last stage");
    case TensorHome::TiedCopy: return MigrationView::tr("last stage (tied copy)");
    }
    return QString();
}

} // namespace

MigrationView::MigrationView(const ViewContext&, QWidget* parent)
    : View(parent), fromLabel_(new QLabel), toLabel_(new QLabel), from_(new QLineEdit), to_(new QLineEdit),
      problems_(new QLabel), tensorsLabel_(new QLabel), tensors_(new QTableWidget), flows_(new ReshardChart),
      placement_(new PlacementChart), flowsPanel_(new ChartPanel(flows_)), placementPanel_(new ChartPanel(placement_))
{
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    fromLabel_->setBuddy(from_);
    toLabel_->setBuddy(to_);
    row->addWidget(fromLabel_);
    row->addWidget(from_, 1);
    row->addWidget(toLabel_);
    row->addWidget(to_, 1);
    layout->addLayout(row);
    problems_->setWordWrap(true);
    problems_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The pitfalls and the table's caption scroll where the view is short (larger text on a
    // laptop screen): squeezed, the wrapped lines were drawn over each other.
    auto* notes = new QWidget;
    auto* notesLayout = new QVBoxLayout(notes);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(problems_);
    tensorsLabel_->setWordWrap(true);
    notesLayout->addWidget(tensorsLabel_);
    notesLayout->addStretch();
    auto* notesScroll = new FittingScrollArea(0);
    notesScroll->setObjectName(QStringLiteral("MigrationNotes"));
    notesScroll->setEmbeddedWidget(notes);
    notesScroll->setFollowContentHeight(true);
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(notesScroll);
    sideLayout->addWidget(tensors_, 1);
    tensors_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tensors_->verticalHeader()->setVisible(false);
    tensors_->horizontalHeader()->setStretchLastSection(true);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(flowsPanel_);
    top->addWidget(side);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    split_ = new QSplitter(Qt::Vertical);
    split_->addWidget(top);
    split_->addWidget(placementPanel_);
    split_->setStretchFactor(0, 3);
    split_->setStretchFactor(1, 2);
    layout->addWidget(split_, 1);
    for (QLineEdit* edit : {from_, to_})
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            edited_ = true;
            replan();
        });
    retranslate();
}

void MigrationView::setLayouts(const QString& from, const QString& to)
{
    from_->setText(from);
    to_->setText(to);
    edited_ = true;
    replan();
}

void MigrationView::scenarioChanged(const Scenario& scenario, const Estimate& estimate)
{
    scenario_ = scenario;
    if (!edited_) {
        from_->setText(QString::fromStdString(reshardLayoutText(layoutOf(scenario))));
        to_->setText(QString::fromStdString(reshardLayoutText(suggestedTarget(scenario))));
    }
    replan();
    placement_->setPlacement(estimate.valid() ? topologyPlacement(scenario, estimate) : TopologyPlacement{},
                             scenario.cluster.gpusPerNode, estimate.valid());
}

void MigrationView::replan()
{
    Diagnostics problems;
    const auto from = parseReshardLayout(from_->text().trimmed().toStdString(), "--from", problems);
    const auto to = parseReshardLayout(to_->text().trimmed().toStdString(), "--to", problems);
    ReshardPlan plan;
    if (from && to)
        plan = planReshard(scenario_, *from, *to);
    problems.insert(problems.end(), plan.pitfalls.begin(), plan.pitfalls.end());
    QStringList lines;
    for (const Diagnostic& d : problems)
        lines << QStringLiteral("%1: %2").arg(d.severity == Severity::Error     ? severityLabel(d.severity)
                                              : d.severity == Severity::Warning ? tr("Pitfall")
                                                                                : tr("Note"),
                                              diagnosticText(d));
    problems_->setText(lines.join(QLatin1Char('\n')));
    flows_->setPlan(plan, scenario_.cluster.gpusPerNode);

    tensors_->clearContents();
    tensors_->setRowCount(static_cast<int>(plan.tensors.size()));
    for (int r = 0; r < static_cast<int>(plan.tensors.size()); ++r) {
        const ReshardTensor& t = plan.tensors[static_cast<std::size_t>(r)];
        const QStringList cells = {QString::fromStdString(t.name), shapeText(t.shape), enumText(t.kind),
                                   t.splitDim < 0 ? QStringLiteral("-") : QString::number(t.splitDim), homeText(t.home),
                                   t.notes.empty() ? QString() : QCoreApplication::translate("UiText", t.notes.c_str())};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 2)
                item->setToolTip(enumHelpText(t.kind));
            tensors_->setItem(r, c, item);
        }
    }
    tensors_->resizeColumnsToContents();
}

void MigrationView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        replan();
    }
    // Larger type (presentation mode, Ctrl+Plus) grows the resharding row's text and table, and
    // the splitter took the room from the placement chart until its plot was a sliver: the two
    // rows go back to their 3:2 share of the height.
    if (event->type() == QEvent::FontChange && split_ != nullptr) {
        const int height = std::max(split_->height(), 2);
        split_->setSizes({height * 3 / 5, height - height * 3 / 5});
    }
    View::changeEvent(event);
}

void MigrationView::retranslate()
{
    fromLabel_->setText(tr("Checkpoint &from:"));
    toLabel_->setText(tr("&to:"));
    const QString help = tr("tp=8,pp=4,dp=2,zero=1 (also ep=, vpp=, first=, last= for uneven stages)");
    from_->setToolTip(help);
    to_->setToolTip(help);
    tensorsLabel_->setText(tr("Every tensor of the checkpoint and how tensor parallelism cuts it:"));
    tensors_->setColumnCount(6);
    tensors_->setHorizontalHeaderLabels({tr("Tensor"), tr("Global shape"), tr("Split"), tr("Dimension"), tr("Held by"), tr("Notes")});
}

} // namespace shardscope::ui
