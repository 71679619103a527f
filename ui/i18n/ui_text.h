#pragma once
#include <QString>

#include "core/comm/collectives.h"
#include "core/common/diagnostics.h"
#include "core/precision/drift.h"
#include "core/precision/float_format.h"
#include "core/scenario/scenario.h"

// Every user-visible name of a core value, translated. Core speaks English identifiers; the GUI
// shows these (Qt Linguist context "UiText"), so switching language changes every string.
namespace shardscope::ui {

QString diagnosticText(const Diagnostic& diagnostic);  // the message, translated (context "Diagnostic")
QString fieldLabel(const std::string& field);          // "parallel.tp" -> "Tensor parallel (TP)"
QString modelDisplayName(const ModelSpec& model);      // a preset's name, or "7B parameters, Llama-2 family shape"
QString severityLabel(Severity severity);

QString collectiveLabel(Collective collective);
QString dimensionLabel(ParallelDim dimension);
QString purposeLabel(const char* purpose);              // "gradients", "activations (sequence parallel)", ...

QString precisionLabel(Precision precision);
QString gradDtypeLabel(GradDtype dtype);
QString optimizerLabel(Optimizer optimizer);
QString recomputeLabel(Recompute recompute);
QString finetuneLabel(FineTune finetune);
QString offloadLabel(Offload offload);
QString strategyLabel(DriftStrategy strategy);
QString formatLabel(FloatFormat format);

// Sizes and times for labels and tables: "112 GB", "1.75 GB", "3.2 ms", "7.0B".
QString bytesLabel(double bytes);
QString secondsLabel(double seconds);
QString countLabel(double count);

} // namespace shardscope::ui
