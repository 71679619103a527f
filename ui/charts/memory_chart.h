#pragma once
#include <array>
#include <QPointer>

#include "core/estimate/estimate.h"
#include "ui/charts/chart_base.h"

namespace shardscope::ui {

// Chart 1: stacked bars of weights, gradients, fp32 master weights, optimizer states,
// activations and overhead, one GPU beside the layout's most loaded GPU, with the GPU's
// capacity as a line, totals on top, and the article's derivation (16 B x 7e9 = 112 GB).
class MemoryChart : public ChartBase {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);
    void setEstimate(const Scenario& scenario, const Estimate& estimate);

    QString title() const override;
    TableData table() const override;
    static constexpr const char* kExportName = "memory";  // the file stem and `export --chart` name
    QString exportName() const override { return QLatin1String(kExportName); }

    // The plotted heights in GB (1e9 bytes), [part][0 = one GPU, 1 = most loaded], for tests.
    double plotted(int part, int bar) const;

protected:
    void rebuild() override;

private:
    // Once the layout is known (the labels' pixel sizes depend on the chart's size and type
    // scale): raises the y range where a total would be cut at the plot's top, widens the x range where the capacity label needs room beside the second bar, hides
    // the first bar's model-state label where it would lie over the second bar, then puts the
    // capacity label where it covers no text and the least of the bars, hiding the second bar's
    // model-state label where only that frees a place; a model-state label still over other text
    // gives way (its figure is in the subtitle).
    void placeLabels();
    bool raiseForTotals();  // true when it changed the range
    void widenForCapacityLabel();
    void placeCapacityLabel();
    std::array<QRectF, 2> barRects() const;  // in pixels: the one-GPU bar, the most loaded GPU's

    Scenario scenario_;
    Estimate estimate_;
    QList<QCPBars*> bars_;
    QStringList xTicks_;  // the bars' labels under the axis
    // Owned by the plot, which deletes them with its items (also when the chart shows only why
    // a layout is invalid): guarded pointers.
    QPointer<QCPItemText> capacityText_;
    double capacityGb_ = 0;  // where its line is
    QList<QPointer<QCPItemText>> dataLabels_;  // the totals and model-state labels, placed by the data
    QPointer<QCPItemText> firstStatesLabel_;   // the one-GPU bar's model states, right of it
    QPointer<QCPItemText> secondStatesLabel_;  // the most loaded GPU's, right of its bar
    std::array<QPointer<QCPItemText>, 2> totalLabels_;  // above each bar
    double yUpper_ = 0;  // the y range's top before raiseForTotals
    bool relayingOut_ = false;  // placeLabels' second layout is under way
};

} // namespace shardscope::ui
