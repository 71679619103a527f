#include "ui/views/plan_view.h"

#include <algorithm>

#include <QEvent>
#include <QShowEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include "core/plan/plan_reasons.h"
#include "core/plan/planner.h"
#include "core/scenario/scenario_json.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/plan_chart.h"
#include "ui/document/scenario_document.h"
#include "ui/i18n/plan_text.h"
#include "ui/i18n/ui_text.h"
#include "ui/views/plan_controls.h"

namespace shardscope::ui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::string scenarioKey(const Scenario& s) { return scenarioToJson(s).dump(); }

// Whether a finished search answers this request (a superseded one may still arrive first).
bool sameRequest(const PlanRequest& a, const PlanRequest& b)
{
    const PlanConstraints& x = a.constraints;
    const PlanConstraints& y = b.constraints;
    return a.objective == b.objective && a.top == b.top && x.maxTp == y.maxTp && x.maxPp == y.maxPp && x.maxCp == y.maxCp
           && x.maxEp == y.maxEp && x.zero == y.zero && x.recompute == y.recompute && x.allowOffload == y.allowOffload
           && scenarioKey(a.base) == scenarioKey(b.base);
}

} // namespace

PlanView::PlanView(const ViewContext& context, QWidget* parent)
    : View(parent), context_(context), controls_(new PlanControls), chart_(new PlanChart), panel_(new ChartPanel(chart_)),
      table_(new QTableWidget), summary_(new QLabel), rejected_(new QLabel), error_(new QLabel), apply_(new QPushButton)
{
    // Left: the scene, the objective, the constraints, then what the rules excluded.
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(controls_);
    // One short line per rule, no word wrap: a wrapped label's height-for-width is settled a
    // layout pass late inside the scroll area, which left only the first line on screen.
    rejected_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    rejected_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    leftLayout->addWidget(rejected_);
    leftLayout->addStretch();
    auto* scroll = new QScrollArea;
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    left_ = scroll;

    // Right: the chart above, the ranked plans below.
    auto* plans = new QWidget;
    auto* plansLayout = new QVBoxLayout(plans);
    plansLayout->setContentsMargins(0, 0, 0, 0);
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("QLabel { color: #d55e00; font-weight: bold; }"));
    error_->setVisible(false);
    plansLayout->addWidget(error_);
    auto* row = new QHBoxLayout;
    summary_->setWordWrap(true);
    row->addWidget(summary_, 1);
    apply_->setEnabled(false);
    row->addWidget(apply_);
    plansLayout->addLayout(row);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    plansLayout->addWidget(table_, 1);
    // The ranked table below replaces the panel's own (the Pareto front), which Copy table still copies.
    panel_->tableWidget()->hide();
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(panel_);
    split->addWidget(plans);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setSizes({600, 300});  // the chart two thirds: its axis titles need the height

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addWidget(split, 1);

    fitToFont();
    connect(controls_, &PlanControls::changed, this, &PlanView::replan);
    connect(controls_, &PlanControls::sceneChosen, this, &PlanView::chooseScene);
    connect(controls_, &PlanControls::sceneCleared, this, [this] { scene_.reset(); });
    connect(context_.runner, &BackgroundRunner::planReady, this, &PlanView::showRun);
    connect(apply_, &QPushButton::clicked, this, [this] { applyRow(table_->currentRow()); });
    connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int r, int) { applyRow(r); });
    connect(table_, &QTableWidget::currentCellChanged, this, [this] { apply_->setEnabled(current_ && table_->currentRow() >= 0); });
    retranslate();
}

void PlanView::scenarioChanged(const Scenario& scenario, const Estimate&)
{
    // A scene holds while the document keeps its scenario; an edit ends it (its advice with it).
    if (scene_ && scenarioKey(scenario) != sceneBase_) {
        scene_.reset();
        controls_->clearScene();
    }
    // A search of every layout costs tens of milliseconds of CPU: a hidden view searches when it
    // is shown, not on every slider step made in another view (which it would slow down).
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    replan();
}

void PlanView::catchUp()
{
    if (stale_)
        replan();
}

void PlanView::showEvent(QShowEvent* event)
{
    View::showEvent(event);
    if (stale_)
        replan();
}

void PlanView::replan()
{
    PlanRequest r;
    r.base = context_.document->scenario();
    r.constraints = controls_->constraints();
    r.objective = controls_->objective();
    r.top = controls_->top();
    r.keepPoints = true;  // the scatter shows every feasible layout (the search then runs unpruned)
    // All cores but one: the search runs beside the GUI thread, never on it, and leaves it a core
    // so that a slider drag stays smooth while the search runs.
    r.threads = std::max(1, QThread::idealThreadCount() - 1);
    stale_ = false;
    current_ = false;
    apply_->setEnabled(false);
    summary_->setText(tr("Planning\u2026"));
    context_.runner->requestPlan(r);
}

void PlanView::showRun(const PlanRun& run)
{
    PlanRequest now;
    now.base = context_.document->scenario();
    now.constraints = controls_->constraints();
    now.objective = controls_->objective();
    now.top = controls_->top();
    current_ = sameRequest(run.request, now);
    run_ = run;
    chart_->setResult(run.result, planMarkOf(context_.document->estimate()));
    if (scene_ && scenarioKey(run.request.base) == sceneBase_)
        controls_->setAdvice(sceneAdvice(*scene_, run.result).advice);
    fillTable();
}

void PlanView::fillTable()
{
    table_->clearContents();
    table_->setRowCount(0);
    if (!run_)
        return;
    const PlanResult& result = run_->result;
    const QLocale locale;
    // Nothing runs (or the scenario is bad input): the planner's errors, on the chart and above the table.
    const QString message = planErrorText(result);
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
    chart_->setInvalid(message);
    const QString rejected = planRejectedText(result);
    rejected_->setText(rejected.isEmpty() ? QString() : tr("Layouts each rule excluded:") + QLatin1Char('\n') + rejected);
    summary_->setText(tr("%1 layouts searched in %2 ms; %3 run. Best first by %4.")
                          .arg(locale.toString(static_cast<qulonglong>(result.searched)))
                          .arg(locale.toString(result.seconds * 1000.0, 'f', 0))
                          .arg(locale.toString(static_cast<qulonglong>(result.feasible)))
                          .arg(enumText(run_->request.objective)));

    const PlanLayout currentLayout = planLayoutOf(context_.document->scenario());
    table_->setRowCount(static_cast<int>(result.plans.size()));
    for (int r = 0; r < table_->rowCount(); ++r) {
        const Plan& p = result.plans[static_cast<std::size_t>(r)];
        QStringList reasons;
        for (const Diagnostic& d : planReasons(run_->request.base, p))
            reasons << diagnosticText(d);
        // The numbers first, so that they stay in sight on a small screen; the layout and the
        // reasons (long) after them.
        const QString cells[] = {locale.toString(r + 1),
                                 locale.toString(p.tokensPerSecond, 'f', 0),
                                 locale.toString(p.memoryPerGpu / kGiB, 'f', 1),
                                 locale.toString(p.stepSeconds, 'f', 2),
                                 locale.toString(100.0 * p.mfu, 'f', 1),
                                 locale.toString(p.days, 'f', 1),
                                 planLayoutText(p.layout),
                                 reasons.join(QStringLiteral("; "))};
        const bool isCurrent = p.layout == currentLayout;
        for (int c = 0; c < static_cast<int>(std::size(cells)); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(reasons.join(QLatin1Char('\n')));
            if (c >= 1 && c <= 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (isCurrent) {  // the layout the scenario already has
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            table_->setItem(r, c, item);
        }
    }
    fitToFont();
    if (table_->rowCount() > 0 && current_)
        table_->selectRow(0);
    apply_->setEnabled(current_ && table_->currentRow() >= 0);
}

bool PlanView::applyRow(int row)
{
    if (!run_ || !current_ || row < 0 || row >= static_cast<int>(run_->result.plans.size()))
        return false;
    const PlanLayout& layout = run_->result.plans[static_cast<std::size_t>(row)].layout;
    ScenarioDocument* doc = context_.document;
    doc->setScenario(applyPlan(doc->scenario(), layout), tr("Apply plan: %1").arg(planLayoutText(layout)));
    return true;
}

void PlanView::chooseScene(PlanScene scene)
{
    const PlanRequest r = sceneRequest(scene);
    controls_->setRequest(r);
    controls_->sceneBox()->setCurrentIndex(controls_->sceneBox()->findData(static_cast<int>(scene)));
    scene_ = scene;
    sceneBase_ = scenarioKey(r.base);
    context_.document->setScenario(r.base, tr("Scene: %1").arg(enumText(scene)));
    replan();
}

void PlanView::fitToFont()
{
    // Wide enough for its longest unwrapped line (a rule count, a combo box) at this type size.
    const int content = left_->widget()->sizeHint().width() + left_->verticalScrollBar()->sizeHint().width()
                        + 2 * left_->frameWidth();
    left_->setMinimumWidth(std::min(content, 250));
    left_->setMaximumWidth(std::max(content, 300));
    table_->resizeColumnsToContents();
    table_->setColumnWidth(7, std::min(table_->columnWidth(7), 50 * fontMetrics().averageCharWidth()));
}

void PlanView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        fitToFont();
    View::changeEvent(event);
}

void PlanView::retranslate()
{
    table_->setColumnCount(8);
    table_->setHorizontalHeaderLabels({tr("#"), tr("Tokens/s (cluster)"), tr("Memory/GPU (GiB)"), tr("Step (s)"),
                                       tr("MFU (%)"), tr("Days"), tr("Layout"), tr("Why")});
    apply_->setText(tr("&Apply plan"));
    apply_->setToolTip(tr("Sets the scenario's layout to the selected plan (one undo step)"));
    fillTable();
}

} // namespace shardscope::ui
