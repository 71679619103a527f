#pragma once
#include <QString>

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

namespace shardscope::ui {

// What a chart shows instead of numbers when the layout cannot run: each broken rule, translated,
// and the nearest layouts that do run (core's nearestValidLayouts). Empty when the layout runs.
QString invalidLayoutText(const Scenario& scenario, const Estimate& estimate);

} // namespace shardscope::ui
