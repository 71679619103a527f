#pragma once
#include "core/estimate/placement.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Topology placement: for the layout's rank order, each parallel dimension's communication per
// step, green when its groups stay inside a node and red when they cross the network, and the
// step time the same layout would take under each rank order (TP first is the article's rule).
class PlacementChart : public ChartBase {
    Q_OBJECT
public:
    explicit PlacementChart(QWidget* parent = nullptr);
    void setPlacement(TopologyPlacement placement, int gpusPerNode, bool valid);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "placement";
    QString exportName() const override { return QLatin1String(kExportName); }

protected:
    void rebuild() override;

private:
    TopologyPlacement placement_;
    int gpusPerNode_ = 8;
    bool valid_ = false;
};

} // namespace shardscope::ui
