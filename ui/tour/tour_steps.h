#pragma once
#include <QString>

#include <span>

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

namespace shardscope::ui {

// One step of the guided tour of the article: the view to show, the scenario to set, the
// article's sentence (its Chinese original and an English translation), the number the step
// derives live from core, and one slider move to invite.
struct TourStep {
    const char* title;         // translatable ("Tour")
    const char* quoteChinese;  // the article's words, shown as written in both languages
    const char* quoteEnglish;  // our translation, shown in both languages beside the original
    const char* viewId;        // a view of the registry (ui/views/view_registry.cpp)
    void (*setup)(Scenario& scenario);
    // The derived number, worked out on screen ("16 B x 7e9 = 112 GB"), from the scenario in
    // sight and its estimate (translated).
    QString (*derived)(const Scenario& scenario, const Estimate& estimate);
    const char* invite;        // translatable ("Tour"): the one slider move to try
};

std::span<const TourStep> tourSteps();

} // namespace shardscope::ui
