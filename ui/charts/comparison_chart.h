#pragma once
#include <QStringList>

#include "core/estimate/sweeps.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// The article's comparison table, single card against cluster, filled with this scenario's
// numbers instead of adjectives: architecture limit, memory, communication, precision upkeep,
// bottleneck, operations, time to train and typical use. Drawn as a chart so that it exports as
// an image for slides like every other chart.
class ComparisonChart : public ChartBase {
    Q_OBJECT
public:
    explicit ComparisonChart(QWidget* parent = nullptr);
    void setEstimates(const Scenario& scenario, const Estimate& cluster, const SingleGpuComparison& single);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "single-vs-cluster";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QList<QStringList> rows() const;  // aspect, one GPU, cluster

    Scenario scenario_;
    Estimate cluster_;
    SingleGpuComparison single_;
};

} // namespace shardscope::ui
