#include "ui/i18n/ui_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

#include "core/common/messages.h"

namespace shardscope::ui {
namespace {

QString translateCatalog(const std::string& text)
{
    // An argument can itself be a catalog phrase ("a whole number"): translate it too.
    for (const char* templ : msg::catalog()) {
        if (text == templ)
            return QCoreApplication::translate("Diagnostic", templ);
    }
    return QString::fromStdString(text);
}

} // namespace

QString diagnosticText(const Diagnostic& d)
{
    if (d.templ == nullptr)
        return QString::fromStdString(d.message);
    QString text = QCoreApplication::translate("Diagnostic", d.templ);
    for (const std::string& arg : d.args)
        text = text.arg(translateCatalog(arg));
    return text;
}

QString fieldLabel(const std::string& field)
{
    struct Entry {
        const char* field;
        const char* label;
    };
    static const Entry entries[] = {
        {"model", QT_TRANSLATE_NOOP("UiText", "Model")},
        {"model.model", QT_TRANSLATE_NOOP("UiText", "Model preset")},
        {"model.hf_config", QT_TRANSLATE_NOOP("UiText", "Hugging Face config.json")},
        {"model.params", QT_TRANSLATE_NOOP("UiText", "Parameters")},
        {"model.layers", QT_TRANSLATE_NOOP("UiText", "Layers")},
        {"model.heads", QT_TRANSLATE_NOOP("UiText", "Attention heads")},
        {"model.kv_heads", QT_TRANSLATE_NOOP("UiText", "KV heads")},
        {"model.top_k", QT_TRANSLATE_NOOP("UiText", "Experts per token")},
        {"training.seq_len", QT_TRANSLATE_NOOP("UiText", "Sequence length")},
        {"training.micro_batch", QT_TRANSLATE_NOOP("UiText", "Micro-batch")},
        {"training.global_batch", QT_TRANSLATE_NOOP("UiText", "Global batch")},
        {"training.grad_dtype", QT_TRANSLATE_NOOP("UiText", "Gradient dtype")},
        {"training.lora_rank", QT_TRANSLATE_NOOP("UiText", "LoRA rank")},
        {"training.lora_targets", QT_TRANSLATE_NOOP("UiText", "LoRA targets")},
        {"training.flash_attention", QT_TRANSLATE_NOOP("UiText", "FlashAttention")},
        {"parallel.gpus", QT_TRANSLATE_NOOP("UiText", "GPUs")},
        {"parallel.dp", QT_TRANSLATE_NOOP("UiText", "Data parallel (DP)")},
        {"parallel.tp", QT_TRANSLATE_NOOP("UiText", "Tensor parallel (TP)")},
        {"parallel.pp", QT_TRANSLATE_NOOP("UiText", "Pipeline parallel (PP)")},
        {"parallel.cp", QT_TRANSLATE_NOOP("UiText", "Context parallel (CP)")},
        {"parallel.ep", QT_TRANSLATE_NOOP("UiText", "Expert parallel (EP)")},
        {"parallel.vpp", QT_TRANSLATE_NOOP("UiText", "Virtual pipeline stages")},
        {"parallel.zero", QT_TRANSLATE_NOOP("UiText", "ZeRO stage")},
        {"parallel.sequence_parallel", QT_TRANSLATE_NOOP("UiText", "Sequence parallelism")},
        {"parallel.offload", QT_TRANSLATE_NOOP("UiText", "Offload")},
        {"cluster.gpu", QT_TRANSLATE_NOOP("UiText", "GPU")},
        {"cluster.gpus_per_node", QT_TRANSLATE_NOOP("UiText", "GPUs per node")},
        {"memory", QT_TRANSLATE_NOOP("UiText", "Memory")},
        {"scenario", QT_TRANSLATE_NOOP("UiText", "Scenario")},
    };
    for (const Entry& e : entries) {
        if (field == e.field)
            return QCoreApplication::translate("UiText", e.label);
    }
    return QString::fromStdString(field);
}

QString modelDisplayName(const ModelSpec& model)
{
    if (model.exactParams)
        return QCoreApplication::translate("UiText", "%1 parameters, Llama-2 family shape").arg(countLabel(static_cast<double>(*model.exactParams)));
    if (model.name.empty() || model.name == "custom shape")
        return QCoreApplication::translate("UiText", "custom shape");
    return QString::fromStdString(model.name);
}

QString severityLabel(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QCoreApplication::translate("UiText", "Error");
    case Severity::Warning: return QCoreApplication::translate("UiText", "Warning");
    case Severity::Info: return QCoreApplication::translate("UiText", "Note");
    }
    return {};
}

QString collectiveLabel(Collective c)
{
    switch (c) {
    case Collective::AllReduce: return QCoreApplication::translate("UiText", "all-reduce");
    case Collective::AllGather: return QCoreApplication::translate("UiText", "all-gather");
    case Collective::ReduceScatter: return QCoreApplication::translate("UiText", "reduce-scatter");
    case Collective::SendRecv: return QCoreApplication::translate("UiText", "send/recv");
    case Collective::AllToAll: return QCoreApplication::translate("UiText", "all-to-all");
    }
    return {};
}

QString dimensionLabel(ParallelDim d)
{
    switch (d) {
    case ParallelDim::DP: return QCoreApplication::translate("UiText", "DP");
    case ParallelDim::TP: return QCoreApplication::translate("UiText", "TP");
    case ParallelDim::PP: return QCoreApplication::translate("UiText", "PP");
    case ParallelDim::CP: return QCoreApplication::translate("UiText", "CP");
    case ParallelDim::EP: return QCoreApplication::translate("UiText", "EP");
    }
    return {};
}

QString purposeLabel(const char* purpose)
{
    static const char* const purposes[] = {
        QT_TRANSLATE_NOOP("UiText", "gradients"),
        QT_TRANSLATE_NOOP("UiText", "expert gradients"),
        QT_TRANSLATE_NOOP("UiText", "parameters"),
        QT_TRANSLATE_NOOP("UiText", "expert parameters"),
        QT_TRANSLATE_NOOP("UiText", "parameters (forward)"),
        QT_TRANSLATE_NOOP("UiText", "parameters (backward)"),
        QT_TRANSLATE_NOOP("UiText", "expert parameters (forward)"),
        QT_TRANSLATE_NOOP("UiText", "expert parameters (backward)"),
        QT_TRANSLATE_NOOP("UiText", "activations"),
        QT_TRANSLATE_NOOP("UiText", "activations (sequence parallel)"),
        QT_TRANSLATE_NOOP("UiText", "routed tokens"),
        QT_TRANSLATE_NOOP("UiText", "keys and values (ring attention)"),
        QT_TRANSLATE_NOOP("UiText", "activations between stages"),
    };
    for (const char* p : purposes) {
        if (std::string_view(p) == purpose)
            return QCoreApplication::translate("UiText", p);
    }
    return QString::fromUtf8(purpose);
}

QString precisionLabel(Precision p)
{
    switch (p) {
    case Precision::Bf16Mixed: return QCoreApplication::translate("UiText", "bf16 mixed precision");
    case Precision::Fp16Mixed: return QCoreApplication::translate("UiText", "fp16 mixed precision");
    case Precision::Fp32: return QCoreApplication::translate("UiText", "fp32");
    case Precision::Bf16: return QCoreApplication::translate("UiText", "pure bf16");
    case Precision::Fp8Mixed: return QCoreApplication::translate("UiText", "fp8 mixed precision");
    }
    return {};
}

QString gradDtypeLabel(GradDtype g)
{
    switch (g) {
    case GradDtype::Bf16: return QStringLiteral("bf16");
    case GradDtype::Fp16: return QStringLiteral("fp16");
    case GradDtype::Fp32: return QStringLiteral("fp32");
    }
    return {};
}

QString optimizerLabel(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW: return QCoreApplication::translate("UiText", "AdamW");
    case Optimizer::SgdMomentum: return QCoreApplication::translate("UiText", "SGD with momentum");
    case Optimizer::Adafactor: return QCoreApplication::translate("UiText", "Adafactor");
    case Optimizer::AdamW8bit: return QCoreApplication::translate("UiText", "8-bit AdamW");
    }
    return {};
}

QString recomputeLabel(Recompute r)
{
    switch (r) {
    case Recompute::None: return QCoreApplication::translate("UiText", "none");
    case Recompute::Selective: return QCoreApplication::translate("UiText", "selective");
    case Recompute::Full: return QCoreApplication::translate("UiText", "full");
    }
    return {};
}

QString finetuneLabel(FineTune f)
{
    switch (f) {
    case FineTune::Full: return QCoreApplication::translate("UiText", "full training");
    case FineTune::Lora: return QCoreApplication::translate("UiText", "LoRA");
    case FineTune::Qlora: return QCoreApplication::translate("UiText", "QLoRA (4-bit base)");
    }
    return {};
}

QString offloadLabel(Offload o)
{
    switch (o) {
    case Offload::None: return QCoreApplication::translate("UiText", "none");
    case Offload::Optimizer: return QCoreApplication::translate("UiText", "optimizer to CPU");
    case Offload::OptimizerAndParams: return QCoreApplication::translate("UiText", "optimizer and parameters to CPU");
    }
    return {};
}

QString strategyLabel(DriftStrategy s)
{
    switch (s) {
    case DriftStrategy::Naive: return QCoreApplication::translate("UiText", "naive (weights in the low format)");
    case DriftStrategy::Fp32Master: return QCoreApplication::translate("UiText", "fp32 master weights");
    case DriftStrategy::Kahan: return QCoreApplication::translate("UiText", "Kahan compensation");
    case DriftStrategy::Stochastic: return QCoreApplication::translate("UiText", "stochastic rounding");
    }
    return {};
}

QString formatLabel(FloatFormat f) { return QString::fromUtf8(formatSpec(f).name); }

QString bytesLabel(double bytes)
{
    const QLocale locale;
    const double gb = bytes / 1e9;
    if (std::fabs(gb) >= 100)
        return QCoreApplication::translate("UiText", "%1 GB").arg(locale.toString(gb, 'f', 0));
    if (std::fabs(gb) >= 1)
        return QCoreApplication::translate("UiText", "%1 GB").arg(locale.toString(gb, 'f', 2));
    return QCoreApplication::translate("UiText", "%1 MB").arg(locale.toString(bytes / 1e6, 'f', 1));
}

QString secondsLabel(double seconds)
{
    const QLocale locale;
    if (seconds >= 1)
        return QCoreApplication::translate("UiText", "%1 s").arg(locale.toString(seconds, 'f', 2));
    if (seconds >= 1e-3)
        return QCoreApplication::translate("UiText", "%1 ms").arg(locale.toString(seconds * 1e3, 'f', 1));
    return QCoreApplication::translate("UiText", "%1 us").arg(locale.toString(seconds * 1e6, 'f', 0));
}

QString countLabel(double count)
{
    const QLocale locale;
    if (count >= 1e12)
        return QCoreApplication::translate("UiText", "%1T").arg(locale.toString(count / 1e12, 'g', 3));
    if (count >= 1e9)
        return QCoreApplication::translate("UiText", "%1B").arg(locale.toString(count / 1e9, 'g', 3));
    if (count >= 1e6)
        return QCoreApplication::translate("UiText", "%1M").arg(locale.toString(count / 1e6, 'g', 3));
    return locale.toString(count, 'f', 0);
}

} // namespace shardscope::ui
