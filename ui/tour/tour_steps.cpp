// The guided tour of the article "大模型训练为何这么难：单卡与分布式方案的对比" (why training a large
// model is hard: one GPU versus distributed training): its four arguments, its comparison table
// and its advice, each quoted as the article words it and worked out live by core.
#include "ui/tour/tour_steps.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

#include "core/plan/plan_scenes.h"
#include "core/precision/rounding.h"
#include "ui/i18n/capacity_label.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {
namespace {

// Marked with QT_TRANSLATE_NOOP("Tour", ...) where used, so lupdate finds every phrase.
QString tourText(const char* text) { return QCoreApplication::translate("Tour", text); }

// 7e9, 1e-4, 7.5e9: the article's own way of writing counts.
QString scientific(double v)
{
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    const double mantissa = v / std::pow(10.0, exponent);
    return QStringLiteral("%1e%2").arg(QString::number(mantissa, 'g', 3)).arg(exponent);
}

QString capacityText(const Scenario& s, const Estimate& e) { return capacityLabel(s.cluster.gpu, e.memory.gpuCapacity); }

void singleGpu(Scenario& s)
{
    s.parallel.gpus = 1;
    s.parallel.tp = s.parallel.pp = s.parallel.cp = 1;
    s.parallel.dp.reset();
}

void articleLayout(Scenario& s)
{
    // The article's example: 7B on 64 GPUs, model states sharded by ZeRO-3 (its "如64张卡").
    s.parallel.gpus = 64;
    s.parallel.tp = s.parallel.pp = s.parallel.cp = 1;
    s.parallel.zero = 3;
    s.parallel.dp.reset();
}

QString ledger(const Scenario& s, const Estimate& e)
{
    const double states = e.memory.singleGpu.device.modelStates();
    return tourText(QT_TRANSLATE_NOOP("Tour", "%1 B x %2 = %3 of model states on one GPU, before any activation; %4"))
        .arg(QLocale().toString(e.model.stateBytesPerParam, 'g', 3), scientific(static_cast<double>(e.model.params)),
             bytesLabel(states), capacityText(s, e));
}

QString sharded(const Scenario& s, const Estimate& e)
{
    const double states = e.memory.singleGpu.device.modelStates();
    return tourText(QT_TRANSLATE_NOOP("Tour", "%1 / %2 GPUs = %3 of model states per GPU with ZeRO-3 (the article rounds to 1.8 GB); "
                    "the ledger's most loaded GPU: %4"))
        .arg(bytesLabel(states))
        .arg(s.parallel.gpus)
        .arg(bytesLabel(states / s.parallel.gpus), bytesLabel(e.memory.perGpu.device.modelStates()));
}

QString bf16Update(const Scenario&, const Estimate&)
{
    const double step = roundToFormat(1e-4, FloatFormat::Bf16);
    double w = 1.0;
    for (int i = 0; i < 10000; ++i)
        w = roundToFormat(w + step, FloatFormat::Bf16);
    const double spacing = nextUp(1.0, FloatFormat::Bf16) - 1.0;
    return tourText(QT_TRANSLATE_NOOP("Tour", "1.0 + 1e-4 in bf16 = %1, because the spacing of bf16 at 1 is 2^-7 = %2 and 1e-4 is less than half "
                    "of it; after 10,000 such updates w = %3"))
        .arg(QString::number(roundToFormat(1.0 + step, FloatFormat::Bf16), 'f', 1), QString::number(spacing, 'g', 8),
             QString::number(w, 'f', 4));
}

QString masterWeights(const Scenario&, const Estimate&)
{
    double master = 1.0;
    for (int i = 0; i < 10000; ++i)
        master = roundToFormat(master + roundToFormat(1e-4, FloatFormat::Fp32), FloatFormat::Fp32);
    const double spacing = nextUp(1.0, FloatFormat::Fp32) - 1.0;
    return tourText(QT_TRANSLATE_NOOP("Tour", "fp32 master weight: 1.0 + 10,000 x 1e-4 = %1 (fp32 spacing at 1 is 2^-23 = %2); its bf16 copy "
                    "for the next forward pass: %3"))
        .arg(QString::number(master, 'f', 5), QString::number(spacing, 'g', 4),
             QString::number(roundToFormat(master, FloatFormat::Bf16), 'f', 4));
}

QString scaling(const Scenario& s, const Estimate& e)
{
    if (!e.valid())
        return tourText(QT_TRANSLATE_NOOP("Tour", "This layout cannot run: see the messages above the charts"));
    const QLocale locale;
    return tourText(QT_TRANSLATE_NOOP("Tour", "%1 GPUs: MFU %2% of peak; communication %3 per step, %4 of it exposed, of a %5 step"))
        .arg(s.parallel.gpus)
        .arg(locale.toString(100 * e.step.mfu, 'f', 1), secondsLabel(e.step.commSeconds), secondsLabel(e.step.exposedCommSeconds),
             secondsLabel(e.step.stepSeconds));
}

QString operations(const Scenario& s, const Estimate& e)
{
    if (!e.valid())
        return tourText(QT_TRANSLATE_NOOP("Tour", "This layout cannot run: see the messages above the charts"));
    const QLocale locale;
    return tourText(QT_TRANSLATE_NOOP("Tour", "%1 GPUs: %2 interruptions per day; a checkpoint every %3; %4 to train without failures, %5 with them "
                    "(ETTR %6%)"))
        .arg(s.parallel.gpus)
        .arg(locale.toString(24 * e.ops.failuresPerHour, 'f', 2), durationLabel(e.ops.intervalSeconds),
             durationLabel(e.ops.failureFreeSeconds), durationLabel(e.ops.trainSeconds), locale.toString(100 * e.ops.ettr, 'f', 1));
}

QString comparison(const Scenario& s, const Estimate& e)
{
    return tourText(QT_TRANSLATE_NOOP("Tour", "One GPU needs %1 (%2); %3 GPUs need %4 on the most loaded GPU (%5). %6"))
        .arg(bytesLabel(e.memory.singleGpu.device.total()),
             e.memory.singleGpuFits ? tourText(QT_TRANSLATE_NOOP("Tour", "fits")) : tourText(QT_TRANSLATE_NOOP("Tour", "does not fit")))
        .arg(s.parallel.gpus)
        .arg(bytesLabel(e.memory.perGpu.device.total()), e.memory.fits ? tourText(QT_TRANSLATE_NOOP("Tour", "fits")) : tourText(QT_TRANSLATE_NOOP("Tour", "does not fit")),
             capacityText(s, e));
}

// The planner's scene "70B+ pretraining on a cluster" (core/plan/plan_scenes.h): its scenario, so
// the Plan view beside the tour ranks every layout of it.
void pretrainScene(Scenario& s) { s = sceneRequest(PlanScene::PretrainCluster).base; }

QString pretraining(const Scenario& s, const Estimate& e)
{
    if (!e.valid())
        return tourText(QT_TRANSLATE_NOOP("Tour", "This layout cannot run: see the messages above the charts"));
    return tourText(QT_TRANSLATE_NOOP("Tour", "%1 parameters on %2 GPUs: one GPU would need %3 (%4). The Plan view searches "
                                              "every layout of these GPUs and ranks those that fit; compare its best with "
                                              "the article's rule (TP inside a node, PP and DP across nodes)."))
        .arg(countLabel(static_cast<double>(e.model.params)))
        .arg(s.parallel.gpus)
        .arg(bytesLabel(e.memory.singleGpu.device.total()), capacityText(s, e));
}

QString advice(const Scenario& s, const Estimate& e)
{
    return tourText(QT_TRANSLATE_NOOP("Tour", "LoRA on %1 GPU: weights frozen, optimizer states only for the adapters: %2 of model states, %3 in "
                    "all (%4). %5"))
        .arg(s.parallel.gpus)
        .arg(bytesLabel(e.memory.perGpu.device.modelStates()), bytesLabel(e.memory.perGpu.device.total()),
             e.memory.fits ? tourText(QT_TRANSLATE_NOOP("Tour", "fits")) : tourText(QT_TRANSLATE_NOOP("Tour", "does not fit")), capacityText(s, e));
}

constexpr TourStep kSteps[] = {
    {QT_TRANSLATE_NOOP("Tour", "1. The memory ledger: 16 bytes per parameter"),
     "以一个7B（70亿参数）的模型为例，如果使用bf16混合精度训练并配合Adam优化器……总计每参数16字节。"
     "这意味着，光模型状态就需要112GB显存，这还没有计算随着序列长度急剧膨胀的激活值。",
     "Take a 7B (7 billion parameter) model trained in bf16 mixed precision with Adam ... 16 bytes per parameter in all. "
     "So the model states alone need 112 GB of GPU memory, before the activations that grow steeply with the sequence "
     "length.",
     "memory", singleGpu, ledger,
     QT_TRANSLATE_NOOP("Tour", "Try: drag Parameters from 7B to 70B and watch the one-GPU bar pass the capacity line.")},
    {QT_TRANSLATE_NOOP("Tour", "1. The memory ledger: ZeRO shards the states"),
     "而分布式方案通过ZeRO等策略，将这112GB的状态切分到多张卡上（如64张卡每卡仅需1.8GB状态显存），"
     "从架构上打破了单卡的物理边界。",
     "Distributed training shards these 112 GB of states across many GPUs with strategies such as ZeRO (on 64 GPUs, only "
     "1.8 GB of states per GPU), breaking the physical limit of one GPU by design.",
     "memory", articleLayout, sharded,
     QT_TRANSLATE_NOOP("Tour", "Try: drag GPUs from 64 down to 8 and watch the model-state part of the bar grow.")},
    {QT_TRANSLATE_NOOP("Tour", "2. Precision: bf16 swallows small updates"),
     "bf16虽然有与fp32相同的动态范围，但尾数位只有7位，精度极低。"
     "如果直接用bf16进行参数更新，微小的梯度（如1e-4）加上去后会直接被舍入抹平。",
     "bf16 has the same dynamic range as fp32 but only 7 mantissa bits, so its precision is very low. Update the "
     "parameters directly in bf16 and a tiny gradient (such as 1e-4) is rounded away as it is added.",
     "precision", articleLayout, bf16Update,
     QT_TRANSLATE_NOOP("Tour", "Try: set Update from 1e-4 to 1e-2 and watch the bf16 line start to move.")},
    {QT_TRANSLATE_NOOP("Tour", "2. Precision: fp32 master weights, sharded"),
     "为了解决这个问题，业界普遍采用混合精度训练，即保留一份fp32的“主权重”用于参数更新。"
     "单卡方案中，主权重直接驻留本地；而在分布式方案中，主权重也需要被切分和同步。",
     "To solve this, the industry trains in mixed precision: it keeps an fp32 \"master\" copy of the weights for the "
     "update. On one GPU the master weights stay local; in distributed training they too must be sharded and "
     "synchronised.",
     "precision", articleLayout, masterWeights,
     QT_TRANSLATE_NOOP("Tour", "Try: compare bf16 alone with the fp32 master weights, then open the tab \"Sharded fp32 "
                                   "master\": sharding alone is bit-identical, a bf16 or ring reduction is not.")},
    {QT_TRANSLATE_NOOP("Tour", "3. Communication: more GPUs, more waiting"),
     "卡数越多，单卡计算量越少，通信占比越高。"
     "如果切法不当，GPU的大部分时间将处于“等待网络”状态，导致整体MFU（模型算力利用率）极低。",
     "The more GPUs, the less each computes and the larger the share of communication. Split the model badly and the "
     "GPUs spend most of their time \"waiting for the network\", so the overall MFU (model FLOPs utilisation) is very "
     "low.",
     "scaling",
     [](Scenario& s) {
         articleLayout(s);
         s.parallel.gpus = 8;
     },
     scaling, QT_TRANSLATE_NOOP("Tour", "Try: drag GPUs from 8 to 1024 and watch MFU.")},
    {QT_TRANSLATE_NOOP("Tour", "4. Operations: failures grow with scale"),
     "分布式训练节点故障率随规模上升。必须配置定期的分布式Check-point保存机制，并测试从异常中断中恢复的时间成本。",
     "Node failures in distributed training rise with scale. Periodic distributed checkpoints are a must, and so is "
     "measuring how long recovery from an interruption takes.",
     "operations",
     [](Scenario& s) {
         articleLayout(s);
         s.parallel.gpus = 1024;
     },
     operations, QT_TRANSLATE_NOOP("Tour", "Try: drag GPUs from 1024 to 16384 and watch ETTR fall.")},
    {QT_TRANSLATE_NOOP("Tour", "The comparison table: one GPU versus many"),
     "架构边界：受限于单卡显存物理上限 / 跨卡跨节点，显存与算力可线性扩展。"
     "显存使用：独占全量状态与激活，易OOM / 状态切分（如ZeRO），激活重计算或切分。",
     "Architecture limit: bound by one GPU's physical memory / across GPUs and nodes, memory and compute scale "
     "linearly. Memory use: holds all states and activations, easily out of memory / states sharded (ZeRO), "
     "activations recomputed or split.",
     "memory", articleLayout, comparison,
     QT_TRANSLATE_NOOP("Tour", "Try: drag Sequence length from 4,096 to 32,768 and watch the activations fill the GPU.")},
    {QT_TRANSLATE_NOOP("Tour", "Which to choose: fine-tuning on one GPU"),
     "轻量级微调：当模型参数在7B以下，且采用LoRA等参数高效微调技术时，原有权重被冻结，不引入优化器状态，单卡即可胜任。",
     "Light fine-tuning: when the model has 7B parameters or fewer and a parameter-efficient method such as LoRA is "
     "used, the original weights are frozen and no optimizer states are added, so one GPU is enough.",
     "memory",
     [](Scenario& s) {
         singleGpu(s);
         s.parallel.zero = 0;
         s.training.finetune = FineTune::Lora;
     },
     advice, QT_TRANSLATE_NOOP("Tour", "Try: drag Parameters from 7B to 13B and see whether one GPU still holds it.")},
    {QT_TRANSLATE_NOOP("Tour", "Which to choose: pretraining on a cluster"),
     "大模型从头预训练：面对百亿至千亿参数规模的预训练，分布式方案是唯一可行解，必须通过TP、PP、ZeRO等组合策略进行多维切分。",
     "Pretraining a large model from scratch: at tens to hundreds of billions of parameters, distributed training is the "
     "only feasible way, and the model must be split along several dimensions by combining TP, PP, ZeRO and other "
     "strategies.",
     "plan", pretrainScene, pretraining,
     QT_TRANSLATE_NOOP("Tour", "Try: drag GPUs from 512 down to 64 and watch which layouts still fit.")},
};

} // namespace

std::span<const TourStep> tourSteps() { return kSteps; }

} // namespace shardscope::ui
