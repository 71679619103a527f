// From plan to engine: every engine writer's rules fire on the scenario that breaks them and name
// the field at fault; a valid scenario gives a file stamped with the engine version and the
// engine's own key names; the layout placement warns when tensor parallelism crosses nodes.
#include <QtTest>

#include <string_view>

#include <nlohmann/json.hpp>

#include "core/common/messages.h"
#include "core/engines/engine_export.h"
#include "core/estimate/estimate.h"
#include "core/estimate/placement.h"
#include "core/scenario/model_presets.h"

using namespace shardscope;

namespace {

Scenario llama8b(int gpus, int tp, int zero)
{
    Scenario s = defaultScenario();
    s.model = standardModelPresets().find("llama3-8b")->spec;
    s.modelId = "llama3-8b";
    s.parallel = ParallelSpec{};
    s.parallel.gpus = gpus;
    s.parallel.tp = tp;
    s.parallel.zero = zero;
    s.parallel.sequenceParallel = tp > 1;
    s.training.globalBatch = 512;
    return s;
}

// The first error's template and field, or empty.
std::pair<const char*, std::string> firstError(const EngineConfig& c)
{
    for (const Diagnostic& d : c.diagnostics)
        if (d.severity == Severity::Error)
            return {d.templ, d.field};
    return {nullptr, std::string()};
}

bool hasError(const EngineConfig& c, const std::string& field)
{
    for (const Diagnostic& d : c.diagnostics)
        if (d.severity == Severity::Error && d.field == field)
            return true;
    return false;
}

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

} // namespace

class TestEngines : public QObject {
    Q_OBJECT
private slots:
    void everyEngineWritesAValidLayoutWithItsVersion()
    {
        Scenario s = llama8b(64, 8, 3);
        s.training.recompute = Recompute::Selective;
        for (Engine e : {Engine::Megatron, Engine::DeepSpeed, Engine::Torchtitan, Engine::Accelerate}) {
            Scenario scenario = s;
            if (e == Engine::Megatron || e == Engine::DeepSpeed)
                scenario.parallel.zero = 1;
            const EngineConfig c = exportConfig(scenario, e);
            QVERIFY2(c.ok(), enumId(e));
            QVERIFY2(contains(c.text, engineTarget(e).version), enumId(e));
            QVERIFY(!c.launch.empty());
        }
    }

    void megatronKeyNames()
    {
        const EngineConfig c = exportConfig(llama8b(64, 8, 1), Engine::Megatron);
        QVERIFY(c.ok());
        for (const char* flag : {"--tensor-model-parallel-size 8", "--sequence-parallel", "--use-distributed-optimizer",
                                 "--group-query-attention", "--num-query-groups 8", "--swiglu", "--normalization RMSNorm",
                                 "--global-batch-size 512", "--micro-batch-size 1", "--bf16", "--vocab-size 128255"})
            QVERIFY2(contains(c.text, flag), flag);
        // There is no --virtual-pipeline-model-parallel-size flag in Megatron-LM.
        Scenario vpp = llama8b(64, 2, 1);
        vpp.parallel.pp = 4;
        vpp.parallel.vpp = 2;
        vpp.training.globalBatch = 512;
        const EngineConfig v = exportConfig(vpp, Engine::Megatron);
        QVERIFY(v.ok());
        QVERIFY(contains(v.text, "--num-layers-per-virtual-pipeline-stage 4"));
        QVERIFY(!contains(v.text, "virtual-pipeline-model-parallel-size"));
        // Send/recv overlap is Megatron-LM's default; pp_overlap 0 turns it off.
        QVERIFY(!contains(v.text, "--no-overlap-p2p-communication"));
        vpp.perf.ppOverlap = 0.0;
        QVERIFY(contains(exportConfig(vpp, Engine::Megatron).text, "--no-overlap-p2p-communication"));
    }

    void megatronMoeWithTpNeedsSequenceParallel()
    {
        Scenario s = defaultScenario();
        s.model = standardModelPresets().find("mixtral-8x7b")->spec;
        s.parallel = ParallelSpec{};
        s.parallel.gpus = 64;
        s.parallel.tp = 2;
        s.parallel.ep = 4;
        s.training.globalBatch = 512;
        const EngineConfig c = exportConfig(s, Engine::Megatron);
        QVERIFY(!c.ok());
        QVERIFY(c.text.empty());
        QCOMPARE(firstError(c).first, msg::kEngineMoeSequenceParallel);
        QCOMPARE(firstError(c).second, std::string("parallel.sequence_parallel"));
        s.parallel.sequenceParallel = true;
        QVERIFY(exportConfig(s, Engine::Megatron).ok());
    }

    void deepSpeedBatchAndPipelineRules()
    {
        Scenario s = llama8b(16, 1, 2);
        const EngineConfig ok = exportConfig(s, Engine::DeepSpeed);
        QVERIFY(ok.ok());
        const auto json = nlohmann::json::parse(ok.text);
        QCOMPARE(json["train_batch_size"].get<int>(), 512);
        QCOMPARE(json["train_micro_batch_size_per_gpu"].get<int>() * json["gradient_accumulation_steps"].get<int>() * 16, 512);
        QCOMPARE(json["zero_optimization"]["stage"].get<int>(), 2);
        // A global batch that is not micro x accumulation x dp: DeepSpeed's _batch_assertion.
        s.training.globalBatch = 500;
        const EngineConfig batch = exportConfig(s, Engine::DeepSpeed);
        QCOMPARE(firstError(batch).first, msg::kEngineBatch);
        QVERIFY(contains(batch.diagnostics.front().message(), "train_batch_size is not equal to micro_batch_per_gpu"));
        // Pipeline parallelism with ZeRO-2: deepspeed/runtime/pipe/engine.py.
        Scenario pipe = llama8b(16, 1, 2);
        pipe.parallel.pp = 2;
        QCOMPARE(firstError(exportConfig(pipe, Engine::DeepSpeed)).first, msg::kEnginePipelineZero);
        pipe.parallel.zero = 1;
        QVERIFY(exportConfig(pipe, Engine::DeepSpeed).ok());
    }

    void torchtitanSequenceDivisorAndFlavor()
    {
        Scenario s = llama8b(64, 8, 3);
        s.training.seqLen = 8192;
        const EngineConfig ok = exportConfig(s, Engine::Torchtitan);
        QVERIFY(ok.ok());
        QVERIFY(contains(ok.text, "flavor = \"8B\""));
        QVERIFY(contains(ok.text, "tensor_parallel_degree = 8"));
        QVERIFY(contains(ok.text, "data_parallel_shard_degree = 8"));
        // seq_len must be divisible by tp x 2 x cp = 16 even without context parallelism.
        s.training.seqLen = 8200;
        const EngineConfig seq = exportConfig(s, Engine::Torchtitan);
        QCOMPARE(firstError(seq).first, msg::kEngineDivisible);
        QCOMPARE(firstError(seq).second, std::string("training.seq_len"));
        // A shape that is no registered flavor.
        Scenario custom = defaultScenario();
        custom.parallel.zero = 3;
        QCOMPARE(firstError(exportConfig(custom, Engine::Torchtitan)).first, msg::kEngineFlavor);
        // ZeRO-1 has no torchtitan setting.
        Scenario zero1 = llama8b(64, 8, 1);
        QCOMPARE(firstError(exportConfig(zero1, Engine::Torchtitan)).second, std::string("parallel.zero"));
    }

    void degreesMustMultiplyToTheWorld()
    {
        // A scenario edited behind checkScenario's back: the engine's own rule still catches it.
        Scenario s = llama8b(64, 8, 3);
        s.parallel.dp = 4;
        const EngineConfig c = exportConfig(s, Engine::Torchtitan);
        QCOMPARE(firstError(c).first, msg::kEngineDegrees);
        QVERIFY(contains(c.diagnostics.front().message(), "Invalid parallel dims"));
    }

    void accelerateNeedsShardingForTensorParallelism()
    {
        Scenario s = llama8b(16, 2, 1);
        QCOMPARE(firstError(exportConfig(s, Engine::Accelerate)).first, msg::kEngineShardedDp);
        s.parallel.zero = 3;
        const EngineConfig c = exportConfig(s, Engine::Accelerate);
        QVERIFY(c.ok());
        QVERIFY(contains(c.text, "parallelism_config_tp_size: 2"));
        QVERIFY(contains(c.text, "num_processes: 16"));
        Scenario pipe = llama8b(16, 1, 2);
        pipe.parallel.pp = 2;
        QCOMPARE(firstError(exportConfig(pipe, Engine::Accelerate)).second, std::string("parallel.pp"));
    }

    void torchrunScriptIsDataParallelFp32()
    {
        Scenario s = llama8b(4, 1, 1);
        s.training.globalBatch = 8;
        QCOMPARE(firstError(exportConfig(s, Engine::Torchrun)).second, std::string("training.precision"));
        s.training.precision = Precision::Fp32;
        s.training.gradDtype = GradDtype::Fp32;
        const EngineConfig c = exportConfig(s, Engine::Torchrun);
        QVERIFY(c.ok());
        QVERIFY(contains(c.text, "ZeroRedundancyOptimizer"));
        QVERIFY(contains(c.text, "\"kv_heads\": 8"));
        QVERIFY(contains(c.launch, "--nproc_per_node 4"));
        s.parallel.tp = 2;
        s.parallel.gpus = 8;
        QVERIFY(hasError(exportConfig(s, Engine::Torchrun), "parallel.tp"));
    }

    void tensorParallelAcrossNodesWarnsWithTheCost()
    {
        Scenario s = llama8b(64, 8, 1);
        const Estimate local = estimate(s);
        QVERIFY(local.valid());
        for (const Diagnostic& d : local.diagnostics)
            QVERIFY(d.templ == nullptr || std::string_view(d.templ) != msg::kTpCrossesNodes);
        s.parallel.rankOrder = RankOrder::EpDpCpTpPp;
        const Estimate spread = estimate(s);
        QVERIFY(spread.valid());
        const Diagnostic* warning = nullptr;
        for (const Diagnostic& d : spread.diagnostics)
            if (d.templ != nullptr && std::string_view(d.templ) == msg::kTpCrossesNodes)
                warning = &d;
        QVERIFY(warning != nullptr);
        QCOMPARE(std::string(warning->args[1]), std::string("8"));  // every member of a TP group on its own node
        QVERIFY(spread.step.stepSeconds > local.step.stepSeconds);
        const TopologyPlacement p = topologyPlacement(s, spread);
        QCOMPARE(p.groups.front().dimension, ParallelDim::TP);
        QVERIFY(p.groups.front().crossesNodes);
        QCOMPARE(p.stepSecondsByOrder[0], local.step.stepSeconds);
        // tp larger than a node crosses in any order.
        Scenario wide = defaultScenario();  // 32 heads and 32 kv heads: tp 16 divides both
        wide.parallel.tp = 16;
        wide.parallel.zero = 1;
        bool larger = false;
        for (const Diagnostic& d : estimate(wide).diagnostics)
            larger = larger || (d.templ != nullptr && std::string_view(d.templ) == msg::kTpLargerThanNode);
        QVERIFY(larger);
    }
};

QTEST_APPLESS_MAIN(TestEngines)
#include "tst_engines.moc"
