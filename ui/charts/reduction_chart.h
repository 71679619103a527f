#pragma once
#include <vector>

#include "core/precision/reduction.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 5b: the relative error of summing N ranks' gradients, bf16 versus fp32 accumulation,
// in sequential, ring and tree order, N from 2 to 4096 (log-log).
class ReductionChart : public ChartBase {
    Q_OBJECT
public:
    explicit ReductionChart(QWidget* parent = nullptr);
    void setPoints(std::vector<ReductionPoint> points);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "reduction";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    std::vector<ReductionPoint> points_;
};

} // namespace shardscope::ui
