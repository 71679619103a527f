#pragma once
#include <QList>
#include <QPointer>

#include "core/data/samplers.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// How N samples fall on R data-parallel ranks: a grid with a row per rank and a column per
// reading position, each cell the sample that rank reads there; padding duplicates are
// highlighted and the samples no rank reads are listed in a row of their own.
class DataShardingChart : public ChartBase {
    Q_OBJECT
public:
    explicit DataShardingChart(QWidget* parent = nullptr);
    void setSharding(DataSpec spec, DataSharding sharding);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "data-sharding";
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    void fitCellLabels();
    void setRankTicks(int stride);

    DataSpec spec_;
    DataSharding sharding_;
    QList<QPointer<QCPItemText>> cellLabels_;  // shown where the cell holds them (fitCellLabels)
    QSharedPointer<QCPAxisTickerText> rankTicks_;
    int rows_ = 0;             // ranks drawn
    bool droppedRow_ = false;  // a row of dropped samples below them
    int tickStride_ = 1;       // every how many ranks a tick label (fitCellLabels)
};

} // namespace shardscope::ui
