#pragma once
#include <vector>

#include "core/estimate/sweeps.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 2: memory versus sequence length (log axes), one GPU beside the layout's most loaded
// GPU, with the capacity line and the first length at which each runs out of memory marked.
class SequenceChart : public ChartBase {
    Q_OBJECT
public:
    explicit SequenceChart(QWidget* parent = nullptr);
    void setPoints(std::vector<SequencePoint> points, double capacityBytes, int gpus, std::int64_t currentSeq);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "sequence";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    std::vector<SequencePoint> points_;
    double capacity_ = 0;
    int gpus_ = 1;
    std::int64_t current_ = 0;
};

// "4K", "128K", "1M" for powers of two of tokens.
QString tokensLabel(double tokens);

} // namespace shardscope::ui
