#pragma once
#include <array>
#include <optional>

#include "core/precision/drift.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 5a: a weight receiving the same (or random) update step after step, stored in a low
// format under each strategy, against the exact value. Opens on the article's example.
class DriftChart : public ChartBase {
    Q_OBJECT
public:
    explicit DriftChart(QWidget* parent = nullptr);
    // One result per strategy (index = DriftStrategy); missing ones are not drawn.
    void setResults(const DriftSpec& spec, const std::array<std::optional<DriftResult>, 4>& results, double threshold);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "drift";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    DriftSpec spec_;
    std::array<std::optional<DriftResult>, 4> results_;
    double threshold_ = 0;
};

} // namespace shardscope::ui
