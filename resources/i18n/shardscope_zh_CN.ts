<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Diagnostic</name>
    <message>
        <source>must be at least 1 (got %1)</source>
        <translation>必须至少为 1（当前为 %1）</translation>
    </message>
    <message>
        <source>must be a positive whole number (got %1)</source>
        <translation>必须是正整数（当前为 %1）</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <source>must be between 0 and 1</source>
        <translation>必须在 0 到 1 之间</translation>
    </message>
    <message>
        <source>must be above 0 and at most 1</source>
        <translation>必须大于 0 且不超过 1</translation>
    </message>
    <message>
        <source>must be a positive number</source>
        <translation>必须是正数</translation>
    </message>
    <message>
        <source>%1 must be %2</source>
        <translation>%1 必须是%2</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a finite number</source>
        <translation>有限数值</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>布尔值（true 或 false）</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a JSON object</source>
        <translation>JSON 对象</translation>
    </message>
    <message>
        <source>%1 must be one of %2 (got &apos;%3&apos;)</source>
        <translation>%1 必须是 %2 之一（当前为 &apos;%3&apos;）</translation>
    </message>
    <message>
        <source>%1 must be on or off</source>
        <translation>%1 必须是 on 或 off</translation>
    </message>
    <message>
        <source>unknown field %1 ignored</source>
        <translation>未知字段 %1，已忽略</translation>
    </message>
    <message>
        <source>kv heads, head dim, experts, top-k and positions must not be negative</source>
        <translation>KV 头数、head_dim、专家数、top-k 和位置数不能为负数</translation>
    </message>
    <message>
        <source>kv heads (%1) must divide attention heads (%2) for grouped-query attention</source>
        <translation>分组查询注意力要求 KV 头数（%1）整除注意力头数（%2）</translation>
    </message>
    <message>
        <source>heads (%1) must divide hidden size (%2) unless head_dim is given</source>
        <translation>未给出 head_dim 时，注意力头数（%1）必须整除隐藏维度（%2）</translation>
    </message>
    <message>
        <source>top-k (%1) must be between 1 and the number of experts (%2)</source>
        <translation>top-k（%1）必须在 1 到专家数（%2）之间</translation>
    </message>
    <message>
        <source>top-k needs experts</source>
        <translation>top-k 需要专家（MoE）模型</translation>
    </message>
    <message>
        <source>learned position embeddings need max_positions</source>
        <translation>可学习位置编码需要 max_positions</translation>
    </message>
    <message>
        <source>ZeRO stage must be 0, 1, 2 or 3 (got %1)</source>
        <translation>ZeRO 阶段必须是 0、1、2 或 3（当前为 %1）</translation>
    </message>
    <message>
        <source>dp x tp x pp x cp = %1 x %2 x %3 x %4 = %5, but gpus is %6</source>
        <translation>dp x tp x pp x cp = %1 x %2 x %3 x %4 = %5，但 gpus 为 %6</translation>
    </message>
    <message>
        <source>gpus (%1) must be a multiple of tp x pp x cp = %2</source>
        <translation>gpus（%1）必须是 tp x pp x cp = %2 的倍数</translation>
    </message>
    <message>
        <source>tp (%1) must divide the attention heads (%2)</source>
        <translation>tp（%1）必须整除注意力头数（%2）</translation>
    </message>
    <message>
        <source>tp (%1) must divide the kv heads (%2)</source>
        <translation>tp（%1）必须整除 KV 头数（%2）</translation>
    </message>
    <message>
        <source>tp (%1) must divide the FFN hidden size (%2)</source>
        <translation>tp（%1）必须整除 FFN 隐藏维度（%2）</translation>
    </message>
    <message>
        <source>tp (%1) must divide the expert FFN size (%2)</source>
        <translation>tp（%1）必须整除专家 FFN 维度（%2）</translation>
    </message>
    <message>
        <source>virtual pipeline stages (vpp %1) need pp of at least 2</source>
        <translation>虚拟流水线阶段（vpp %1）要求 pp 至少为 2</translation>
    </message>
    <message>
        <source>the interleaved schedule needs micro-batches per step (%1) to be a multiple of pp (%2)</source>
        <translation>交错调度要求每步微批次数（%1）是 pp（%2）的倍数</translation>
    </message>
    <message>
        <source>2 x cp (%1) must divide the sequence length (%2)</source>
        <translation>2 x cp（%1）必须整除序列长度（%2）</translation>
    </message>
    <message>
        <source>context parallelism in Megatron-LM runs on fused (flash) attention; without it the per-GPU score matrix is counted as (s/cp) x s</source>
        <translation>Megatron-LM 的上下文并行基于融合（Flash）注意力；未启用 FlashAttention 时，每个 GPU 的注意力分数矩阵按 (s/cp) x s 计算</translation>
    </message>
    <message>
        <source>expert parallelism (ep %1) needs a mixture-of-experts model</source>
        <translation>专家并行（ep %1）需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <source>ep (%1) must divide the experts (%2)</source>
        <translation>ep（%1）必须整除专家数（%2）</translation>
    </message>
    <message>
        <source>ep (%1) must divide dp x cp (%2)</source>
        <translation>ep（%1）必须整除 dp x cp（%2）</translation>
    </message>
    <message>
        <source>sequence parallelism needs tp &gt; 1; ignored</source>
        <translation>序列并行要求 tp &gt; 1；已忽略</translation>
    </message>
    <message>
        <source>optimizer offload (ZeRO-Offload) needs ZeRO stage 1, 2 or 3</source>
        <translation>优化器卸载（ZeRO-Offload）需要 ZeRO 阶段 1、2 或 3</translation>
    </message>
    <message>
        <source>parameter offload (ZeRO-Infinity) needs ZeRO stage 3</source>
        <translation>参数卸载（ZeRO-Infinity）需要 ZeRO 阶段 3</translation>
    </message>
    <message>
        <source>global batch (%1) must be a multiple of micro-batch x dp = %2</source>
        <translation>全局批次（%1）必须是微批次 x dp = %2 的倍数</translation>
    </message>
    <message>
        <source>LoRA needs at least one target projection</source>
        <translation>LoRA 至少需要一个目标投影层</translation>
    </message>
    <message>
        <source>fp32 training keeps fp32 gradients; gradient dtype %1 ignored</source>
        <translation>fp32 训练使用 fp32 梯度；梯度类型 %1 已忽略</translation>
    </message>
    <message>
        <source>unknown GPU &apos;%1&apos;; known: %2</source>
        <translation>未知 GPU &apos;%1&apos;；可选：%2</translation>
    </message>
    <message>
        <source>does not fit: the most loaded GPU (pipeline stage %1) needs %2, %3 more than the %4 of one %5</source>
        <translation>显存不足：负载最高的 GPU（流水线第 %1 级）需要 %2，比单张 %5 的 %4 多出 %3</translation>
    </message>
    <message>
        <source>on a single GPU the same training needs %1, %2 more than one %3 holds</source>
        <translation>若只用一张 GPU，同样的训练需要 %1，比一张 %3 的容量多出 %2</translation>
    </message>
    <message>
        <source>%1 has no fp8 tensor cores; its GEMMs run at the bf16 rate</source>
        <translation>%1 没有 fp8 Tensor Core，其 GEMM 按 bf16 算力运行</translation>
    </message>
    <message>
        <source>the CPU optimizer step and its PCIe transfers under offload are not part of the step time</source>
        <translation>卸载时 CPU 上的优化器步及其 PCIe 传输不计入步时间</translation>
    </message>
    <message>
        <source>a scenario file must hold a JSON object</source>
        <translation>场景文件必须包含一个 JSON 对象</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (byte %2)</source>
        <translation>%1 不是有效的 JSON（第 %2 字节）</translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos;; known: %2</source>
        <translation>未知模型 &apos;%1&apos;；可选：%2</translation>
    </message>
    <message>
        <source>give either a model preset or a config.json, not both</source>
        <translation>模型预设和 config.json 只能二选一</translation>
    </message>
    <message>
        <source>LoRA targets must list projections from q, k, v, o, gate, up, down (or all), got &apos;%1&apos;</source>
        <translation>LoRA 目标必须是 q、k、v、o、gate、up、down 中的投影（或 all），当前为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>config.json is missing &quot;%1&quot;</source>
        <translation>config.json 缺少 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>config.json &quot;%1&quot; must be a positive integer</source>
        <translation>config.json 中的 &quot;%1&quot; 必须是正整数</translation>
    </message>
    <message>
        <source>config.json must be a JSON object</source>
        <translation>config.json 必须是 JSON 对象</translation>
    </message>
    <message>
        <source>config.json has no &quot;model_type&quot;; supported: %1</source>
        <translation>config.json 缺少 &quot;model_type&quot;；支持：%1</translation>
    </message>
    <message>
        <source>config.json model_type &quot;%1&quot; is not supported; supported: %2</source>
        <translation>不支持 config.json 的 model_type &quot;%1&quot;；支持：%2</translation>
    </message>
    <message>
        <source>config.json: %1</source>
        <translation>config.json：%1</translation>
    </message>
    <message>
        <source>must be at least %1 (got %2)</source>
        <translation>必须至少为 %1（当前为 %2）</translation>
    </message>
    <message>
        <source>must be at most %1 (got %2)</source>
        <translation>必须至多为 %1（当前为 %2）</translation>
    </message>
    <message>
        <source>steps must be between 1 and 1,000,000,000</source>
        <translation>步数必须在 1 到 1,000,000,000 之间</translation>
    </message>
    <message>
        <source>%1 must be a finite number</source>
        <translation>%1 必须是有限数</translation>
    </message>
    <message>
        <source>spread must be a finite number, at least 0</source>
        <translation>spread 必须是不小于 0 的有限数</translation>
    </message>
    <message>
        <source>spread is too small against the update to draw from</source>
        <translation>spread 相对更新量太小，无法据此抽样</translation>
    </message>
    <message>
        <source>the curve needs at least 2 points</source>
        <translation>曲线至少需要 2 个点</translation>
    </message>
    <message>
        <source>start %1 is beyond the range of %2</source>
        <translation>起始值 %1 超出 %2 的表示范围</translation>
    </message>
    <message>
        <source>start is not representable in %1; the weight starts at its rounding</source>
        <translation>起始值无法用 %1 精确表示；权重从其舍入值开始</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3</source>
        <translation>%1 必须在 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>mean must be finite and spread positive</source>
        <translation>均值必须有限，spread 必须为正</translation>
    </message>
    <message>
        <source>%1 must be a positive number</source>
        <translation>%1 必须为正数</translation>
    </message>
    <message>
        <source>peak_flops must be an object with fp32, tf32, bf16 and fp8</source>
        <translation>peak_flops 必须是包含 fp32、tf32、bf16 和 fp8 的对象</translation>
    </message>
    <message>
        <source>%1: not a JSON object; skipped</source>
        <translation>%1：不是 JSON 对象，已跳过</translation>
    </message>
    <message>
        <source>missing id</source>
        <translation>缺少 id</translation>
    </message>
    <message>
        <source>%1: %2; skipped</source>
        <translation>%1：%2；已跳过</translation>
    </message>
    <message>
        <source>pp (%1) is more than the layers (%2): a stage would hold none</source>
        <translation>pp（%1）大于层数（%2）：会有阶段一层也没有</translation>
    </message>
    <message>
        <source>layers per stage must be whole numbers from 1 separated by commas (got &apos;%1&apos;)</source>
        <translation>每阶段层数必须是用逗号分隔、不小于 1 的整数（收到的是“%1”）</translation>
    </message>
    <message>
        <source>%1 stages listed, but pp is %2</source>
        <translation>列出了 %1 个阶段，但 pp 为 %2</translation>
    </message>
    <message>
        <source>the stages hold %1 layers, but the model has %2</source>
        <translation>各阶段合计 %1 层，但模型有 %2 层</translation>
    </message>
    <message>
        <source>%1 middle layers remaining but %2 middle pipeline stages available (Megatron-LM)</source>
        <translation>剩余 %1 个中间层，但只有 %2 个中间流水线阶段（Megatron-LM）</translation>
    </message>
    <message>
        <source>with uneven pipelining the left-over layers (%1) must be divisible by the left-over stages (%2) (Megatron-LM)</source>
        <translation>不均匀流水线切分时，剩余层数（%1）必须能被剩余阶段数（%2）整除（Megatron-LM）</translation>
    </message>
    <message>
        <source>stage %1 holds %2 layers, not divisible by the virtual pipeline degree %3 (Megatron-LM)</source>
        <translation>阶段 %1 有 %2 层，不能被虚拟流水线度 %3 整除（Megatron-LM）</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s pipeline engine refuses ZeRO-2 and ZeRO-3 (&quot;ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism&quot;); this layout is priced as torchtitan&apos;s FSDP runs it</source>
        <translation>DeepSpeed 的流水线引擎拒绝 ZeRO-2 和 ZeRO-3（“ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism”）；此布局按 torchtitan 的 FSDP 运行方式计价</translation>
    </message>
    <message>
        <source>ZeRO-3 re-gathers each stage&apos;s weights for every micro-batch: %1 all-gathers per step; torchtitan keeps them gathered through the step (--fsdp-reshard auto) and Megatron-LM uses ZeRO-1</source>
        <translation>ZeRO-3 为每个微批次重新聚合各阶段的权重：每步 %1 次 all-gather；torchtitan 在整个步内保持聚合（--fsdp-reshard auto），Megatron-LM 则用 ZeRO-1</translation>
    </message>
    <message>
        <source>Megatron-LM needs pp x vpp (%1) to divide the layers (%2) unless the first and last stages&apos; layers are given</source>
        <translation>Megatron-LM 要求 pp x vpp（%1）整除层数（%2），除非给出首末阶段的层数</translation>
    </message>
    <message>
        <source>give either %1 or %2, not both</source>
        <translation>%1 与 %2 只能给出其一</translation>
    </message>
    <message>
        <source>asynchronous saves would overlap: an interval of %1 is shorter than one write (%2), so checkpoints are taken every %2</source>
        <translation>异步保存会相互重叠：间隔 %1 短于一次写入（%2），因此改为每 %2 保存一次检查点</translation>
    </message>
    <message>
        <source>failures leave only %1% of the time for training: the cluster is interrupted every %2 and each interruption costs %3</source>
        <translation>故障之后只剩 %1% 的时间用于训练：集群每 %2 中断一次，每次中断损失 %3</translation>
    </message>
    <message>
        <source>%1: %2 = %3, not the world size %4 (%5)</source>
        <translation>%1：%2 = %3，不等于总进程数 %4（%5）</translation>
    </message>
    <message>
        <source>%1: global batch %2 is not micro-batch %3 x gradient accumulation x data-parallel size %4 (%5)</source>
        <translation>%1：全局批大小 %2 不等于微批 %3 × 梯度累积步数 × 数据并行规模 %4（%5）</translation>
    </message>
    <message>
        <source>%1: %2 = %3 must be divisible by %4 = %5 (%6)</source>
        <translation>%1：%2 = %3 必须能被 %4 = %5 整除（%6）</translation>
    </message>
    <message>
        <source>%1: %2 = %3 must be at least %4 = %5 (%6)</source>
        <translation>%1：%2 = %3 必须不小于 %4 = %5（%6）</translation>
    </message>
    <message>
        <source>%1: expert parallelism with tensor parallelism needs sequence parallelism (%2)</source>
        <translation>%1：专家并行与张量并行同时使用时必须开启序列并行（%2）</translation>
    </message>
    <message>
        <source>%1: ZeRO stage %2 cannot run with pipeline parallelism (%3)</source>
        <translation>%1：ZeRO 第 %2 阶段不能与流水线并行同时使用（%3）</translation>
    </message>
    <message>
        <source>%1 has no setting for %2 %3; it offers %4 (%5)</source>
        <translation>%1 没有对应 %2 %3 的设置；它只支持 %4（%5）</translation>
    </message>
    <message>
        <source>%1 picks the model by flavor from its registry (%2); this shape (%3) matches none of them</source>
        <translation>%1 按注册表中的规格（flavor）选择模型（%2）；当前形状（%3）与其中任何一个都不匹配</translation>
    </message>
    <message>
        <source>%1: tensor and context parallelism need sharded data parallelism (ZeRO stage 2 or 3 through FSDP2), not stage %2 (%3)</source>
        <translation>%1：张量并行和上下文并行需要分片数据并行（通过 FSDP2 的 ZeRO 第 2 或 3 阶段），不能是第 %2 阶段（%3）</translation>
    </message>
    <message>
        <source>%1 accumulates and reduces gradients in fp32: %2 more bytes per parameter than this scenario&apos;s %3 gradients</source>
        <translation>%1 以 fp32 累积并规约梯度：比本场景的 %3 梯度每参数多 %2 字节</translation>
    </message>
    <message>
        <source>%1 takes %2 from the training code, not from this file</source>
        <translation>%1 的%2由训练代码决定，而不是由此文件决定</translation>
    </message>
    <message>
        <source>%1 pads the vocabulary from %2 to %3 rows (a multiple of %4 x tp); this scenario counts %2</source>
        <translation>%1 将词表从 %2 行填充到 %3 行（%4 × tp 的整数倍）；本场景按 %2 行计算</translation>
    </message>
    <message>
        <source>%1: ZeroRedundancyOptimizer gives each rank whole parameter tensors, so a rank&apos;s optimizer states are close to, not exactly, 1/dp of the total</source>
        <translation>%1：ZeroRedundancyOptimizer 以整个参数张量为单位分给各 rank，因此每个 rank 的优化器状态只是接近而非恰好等于总量的 1/dp</translation>
    </message>
    <message>
        <source>no LoRA adapters</source>
        <translation>没有 LoRA 适配器</translation>
    </message>
    <message>
        <source>--bf16 and --fp16 keep fp32 main parameters in the optimizer</source>
        <translation>--bf16 和 --fp16 在优化器中保留 fp32 主参数</translation>
    </message>
    <message>
        <source>--fp16 keeps fp16 or fp32 main gradients</source>
        <translation>--fp16 保留 fp16 或 fp32 主梯度</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s Ulysses sequence parallelism is all-to-all, not ring attention</source>
        <translation>DeepSpeed 的 Ulysses 序列并行基于 all-to-all，而不是环形注意力</translation>
    </message>
    <message>
        <source>LoRA adapters (PEFT)</source>
        <translation>LoRA 适配器（PEFT）</translation>
    </message>
    <message>
        <source>tensor parallelism (Megatron-DeepSpeed&apos;s mpu)</source>
        <translation>张量并行（Megatron-DeepSpeed 的 mpu）</translation>
    </message>
    <message>
        <source>pipeline parallelism (deepspeed.pipe.PipelineModule num_stages)</source>
        <translation>流水线并行（deepspeed.pipe.PipelineModule 的 num_stages）</translation>
    </message>
    <message>
        <source>expert parallelism (deepspeed.moe.layer.MoE ep_size)</source>
        <translation>专家并行（deepspeed.moe.layer.MoE 的 ep_size）</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>activation checkpointing (model.gradient_checkpointing_enable())</source>
        <translation>激活检查点（model.gradient_checkpointing_enable()）</translation>
    </message>
    <message>
        <source>the optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>FSDP2&apos;s CPU offload moves parameters, gradients and optimizer states together</source>
        <translation>FSDP2 的 CPU 卸载会同时移走参数、梯度和优化器状态</translation>
    </message>
    <message>
        <source>the script is data-parallel only: DistributedDataParallel or ZeroRedundancyOptimizer</source>
        <translation>该脚本只做数据并行：DistributedDataParallel 或 ZeroRedundancyOptimizer</translation>
    </message>
    <message>
        <source>the script&apos;s MLP is dense</source>
        <translation>该脚本的 MLP 是稠密的</translation>
    </message>
    <message>
        <source>the script keeps fp32 weights, gradients and states so that its bytes can be checked exactly</source>
        <translation>该脚本使用 fp32 权重、梯度和状态，以便逐字节精确核对</translation>
    </message>
    <message>
        <source>the script trains every parameter</source>
        <translation>该脚本训练全部参数</translation>
    </message>
    <message>
        <source>the script keeps every state on its device</source>
        <translation>该脚本把所有状态都留在本设备上</translation>
    </message>
    <message>
        <source>one process per data-parallel rank</source>
        <translation>每个数据并行 rank 一个进程</translation>
    </message>
    <message>
        <source>the script runs global_batch / (micro_batch x world) micro-batches per step</source>
        <translation>该脚本每步运行 global_batch / (micro_batch × world) 个微批</translation>
    </message>
    <message>
        <source>rotary embeddings rotate pairs of channels</source>
        <translation>旋转位置编码按通道成对旋转</translation>
    </message>
    <message>
        <source>%1: expected key=value pairs of tp, pp, dp, zero, ep, vpp separated by commas (got &apos;%2&apos;)</source>
        <translation>%1：应为以逗号分隔的 tp、pp、dp、zero、ep、vpp 的 键=值 对（收到 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>%1: tp x pp x dp = %2 GPUs; at most %3 ranks can be mapped</source>
        <translation>%1：tp × pp × dp = %2 张 GPU；最多只能映射 %3 个 rank</translation>
    </message>
    <message>
        <source>kv heads (%1) are not divisible by the target tp (%2): a rank would hold part of a KV group; Megatron-LM core_v0.15.0 refuses it (num_query_groups must be a multiple of tensor_model_parallel_size)</source>
        <translation>KV 头数（%1）不能被目标 tp（%2）整除：某个 rank 将只持有一个 KV 组的一部分；Megatron-LM core_v0.15.0 会拒绝（num_query_groups 必须是 tensor_model_parallel_size 的整数倍）</translation>
    </message>
    <message>
        <source>multi-query attention (one kv head) at tp %1: the K and V heads must be replicated on every tensor-parallel rank, never split</source>
        <translation>tp %1 下的多查询注意力（只有一个 KV 头）：K 和 V 头必须在每个张量并行 rank 上复制，绝不能切分</translation>
    </message>
    <message>
        <source>tied embeddings with pp %1: the last stage keeps its own copy of the embedding as the output layer (their gradients are all-reduced); a checkpoint stores it on the first and the last stage</source>
        <translation>pp %1 下的共享嵌入：最后一个流水级保留一份嵌入副本作为输出层（两者的梯度做 all-reduce）；检查点在第一级和最后一级都存有它</translation>
    </message>
    <message>
        <source>the padded vocabulary grows from %1 to %2 rows: the new rows must be filled (Megatron-LM&apos;s converter repeats the last row) and are never predicted</source>
        <translation>填充后的词表从 %1 行增加到 %2 行：新行必须填充（Megatron-LM 的转换器重复最后一行），且永远不会被预测</translation>
    </message>
    <message>
        <source>the padded vocabulary shrinks from %1 to %2 rows: padding rows are cut, the %3 rows of the true vocabulary are kept</source>
        <translation>填充后的词表从 %1 行缩减到 %2 行：填充行被截去，真实词表的 %3 行保留</translation>
    </message>
    <message>
        <source>fused QKV with grouped-query attention: split it per KV group ([q of group; k; v] blocks); an even split of [all Q; all K; all V] gives the first ranks only queries</source>
        <translation>分组查询注意力下的融合 QKV：必须按 KV 组切分（[本组 q; k; v] 块）；若把 [全部 Q; 全部 K; 全部 V] 均匀切分，前面的 rank 只会拿到查询</translation>
    </message>
    <message>
        <source>SwiGLU&apos;s fused gate and up projection: chunk gate and up separately over tp and put each rank&apos;s pair together; an even split of [gate; up] gives the first half of the ranks only gates</source>
        <translation>SwiGLU 融合的 gate 与 up 投影：gate 和 up 要分别按 tp 切块，再把每个 rank 的一对拼在一起；若把 [gate; up] 均匀切分，前一半 rank 只会拿到 gate</translation>
    </message>
    <message>
        <source>pp %1 does not divide the %2 layers: stages hold %3 to %4 layers</source>
        <translation>pp %1 不能整除 %2 层：各流水级持有 %3 到 %4 层</translation>
    </message>
    <message>
        <source>expert parallelism %1 -&gt; %2: experts move between ranks (%3 per rank after)</source>
        <translation>专家并行 %1 -&gt; %2：专家在 rank 之间迁移（之后每个 rank %3 个）</translation>
    </message>
    <message>
        <source>optimizer states sharded by ZeRO over dp %1 are re-cut for dp %2: each target rank reads its flat range from the source ranks that hold it</source>
        <translation>按 ZeRO 在 dp %1 上分片的优化器状态要为 dp %2 重新切分：每个目标 rank 从持有其扁平区间的源 rank 读取</translation>
    </message>
    <message>
        <source>%1: tp %2 must divide the attention heads (%3) and the FFN size (%4)</source>
        <translation>%1：tp %2 必须整除注意力头数（%3）和 FFN 宽度（%4）</translation>
    </message>
    <message>
        <source>%1: ep %2 must divide the experts (%3) and dp (%4)</source>
        <translation>%1：ep %2 必须整除专家数（%3）和 dp（%4）</translation>
    </message>
    <message>
        <source>%1 samples on %2 ranks without drop_last: %3 samples are repeated from the start so that every rank gets %4</source>
        <translation>%1 个样本分到 %2 个 rank 且不设 drop_last：从头重复 %3 个样本，使每个 rank 得到 %4 个</translation>
    </message>
    <message>
        <source>drop_last: the last %1 samples are never read; every rank gets %2</source>
        <translation>drop_last：最后 %1 个样本永远不会被读取；每个 rank 得到 %2 个</translation>
    </message>
    <message>
        <source>the shuffled order is torch.randperm&apos;s with a generator seeded seed + epoch = %1 (reproduced here, checked against PyTorch 1.13&apos;s DistributedSampler)</source>
        <translation>打乱顺序即 torch.randperm 在种子 seed + epoch = %1 的生成器下的结果（此处精确复现，已与 PyTorch 1.13 的 DistributedSampler 核对）</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s sampler drops the last %1 samples: they do not fill a micro-batch x dp window of %2</source>
        <translation>Megatron-LM 的采样器丢弃最后 %1 个样本：它们凑不满一个 微批 × dp = %2 的窗口</translation>
    </message>
    <message>
        <source>resuming at %1 consumed samples with dp %2 (was %3): Megatron-LM&apos;s position is a global sample count, so no sample is skipped or repeated, but each rank now reads different samples than before</source>
        <translation>以 dp %2（原为 %3）从已消耗 %1 个样本处恢复：Megatron-LM 的位置是全局样本计数，因此不会跳过或重复样本，但每个 rank 读到的样本与之前不同</translation>
    </message>
    <message>
        <source>consumed samples %1 is not a multiple of micro-batch x dp = %2: the cyclic sampler asserts it (assert current_epoch_samples mod micro_batch_times_data_parallel_size == 0)</source>
        <translation>已消耗样本数 %1 不是 微批 × dp = %2 的整数倍：cyclic 采样器会断言失败（assert current_epoch_samples mod micro_batch_times_data_parallel_size == 0）</translation>
    </message>
    <message>
        <source>tensor-parallel groups of %1 GPUs span %2 nodes: every layer&apos;s activations cross the network; numbered TP first (tp-cp-ep-dp-pp) the step takes %3 s instead of %4 s</source>
        <translation>由 %1 张 GPU 组成的张量并行组跨越 %2 个节点：每一层的激活都要经过网络；若按 TP 优先编号（tp-cp-ep-dp-pp），一步只需 %3 秒而不是 %4 秒</translation>
    </message>
    <message>
        <source>tp (%1) is larger than a node (%2 GPUs): tensor-parallel collectives cross the network whatever the rank order</source>
        <translation>tp（%1）大于一个节点（%2 张 GPU）：无论如何编号，张量并行的集合通信都要跨网络</translation>
    </message>
    <message>
        <source>dense layers (%1) must be fewer than the layers (%2): the rest are mixture-of-experts layers</source>
        <translation>稠密层数（%1）必须少于总层数（%2）：其余为混合专家层</translation>
    </message>
    <message>
        <source>%1: the resharding map follows Megatron-LM&apos;s GPT model tensors and does not map this layer yet; the plan would be wrong, so none is made</source>
        <translation>%1：重分片映射遵循 Megatron-LM GPT 模型的张量，尚未映射这种层；计划会出错，因此不生成计划</translation>
    </message>
    <message>
        <source>--ffn-hidden not given: %1 from hidden %2 by the %3 rule (%4)</source>
        <translation>未给出 --ffn-hidden：按 %3 规则由 hidden %2 推出 %1（%4）</translation>
    </message>
    <message>
        <source>%1 = %2 is kept from the preset %3 although %4 was given; give %1 to change it</source>
        <translation>%1 = %2 沿用预设 %3 的值，尽管给出了 %4；如需修改请给出 %1</translation>
    </message>
    <message>
        <source>ZeRO-2 with pp %1 and %2 micro-batches per step: gradients are reduce-scattered for every micro-batch (x%2 reduce-scatters per step instead of one); DeepSpeed refuses this and Megatron-LM&apos;s distributed optimizer is ZeRO-1: --zero 1</source>
        <translation>ZeRO-2 配合 pp %1、每步 %2 个微批次：每个微批次都要对梯度做 reduce-scatter（每步 x%2 次 reduce-scatter，而非一次）；DeepSpeed 拒绝这种组合，Megatron-LM 的分布式优化器即 ZeRO-1：--zero 1</translation>
    </message>
    <message>
        <source>ZeRO-3 with pp %1 and %2 micro-batches per step: re-gathering the weights for each would take x%3 all-gathers per step, so each stage&apos;s weights are priced as kept gathered through the step (torchtitan&apos;s default); engines run this layout with ZeRO-1: --zero 1</source>
        <translation>ZeRO-3 配合 pp %1、每步 %2 个微批次：若每个微批次都重新收集权重，每步需 x%3 次 all-gather，因此按每个流水级的权重在整步内保持收集状态计价（torchtitan 的默认做法）；各引擎以 ZeRO-1 运行此布局：--zero 1</translation>
    </message>
    <message>
        <source>ZeRO-3 with micro-batch 1 and %1 accumulation steps: the weights are gathered twice and the gradients reduce-scattered for every micro-batch, one layer at a time (x%2 collectives per step); a larger micro-batch needs fewer: --micro-batch %3</source>
        <translation>ZeRO-3 配合微批次 1 与 %1 步梯度累积：每个微批次都要逐层收集两次权重并对梯度做 reduce-scatter（每步 x%2 次集合通信）；更大的微批次需要的次数更少：--micro-batch %3</translation>
    </message>
    <message>
        <source>global batch %1 gives each pipeline %2 micro-batches for pp %3: GPUs sit idle %4% of the step in the pipeline bubble; %5 micro-batches (4 x pp) bring it to %6%: --global-batch %7</source>
        <translation>全局批次 %1 使每条流水线在 pp %3 下只有 %2 个微批次：GPU 在流水线气泡中空闲一步时间的 %4%；%5 个微批次（4 x pp）可降至 %6%：--global-batch %7</translation>
    </message>
    <message>
        <source>elements x (2 + 4 + ... + max-ranks) is %1 rank values; the limit is %2 (about ten seconds): use fewer elements or ranks</source>
        <translation>元素数 x (2 + 4 + ... + max-ranks) 为 %1 个秩值；上限为 %2（约十秒）：请减少元素数或秩数</translation>
    </message>
    <message>
        <source>needs a file path, not an empty string</source>
        <translation>需要一个文件路径，而不是空字符串</translation>
    </message>
    <message>
        <source>the file path is not valid UTF-8</source>
        <translation>文件路径不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1: it is a folder</source>
        <translation>无法读取 %1：它是一个文件夹</translation>
    </message>
    <message>
        <source>refusing to read %1: it is not a regular file (a device, FIFO or socket)</source>
        <translation>拒绝读取 %1：它不是普通文件（而是设备、FIFO 或套接字）</translation>
    </message>
    <message>
        <source>%1 is larger than the %2 MiB limit on input files</source>
        <translation>%1 超过了输入文件 %2 MiB 的上限</translation>
    </message>
    <message>
        <source>%1 is nested deeper than %2 levels</source>
        <translation>%1 的嵌套深度超过 %2 层</translation>
    </message>
    <message>
        <source>%1: the key &quot;%2&quot; appears twice in one object</source>
        <translation>%1：键 &quot;%2&quot; 在同一个对象中出现了两次</translation>
    </message>
    <message>
        <source>config.json &quot;%1&quot; must be between %2 and %3 (got %4)</source>
        <translation>config.json 的 &quot;%1&quot; 必须在 %2 到 %3 之间（实际为 %4）</translation>
    </message>
    <message>
        <source>ZeRO-3 needs %1 more per GPU than ZeRO-2 would: it keeps gathered full-size parameters of %2 (the layer being computed and the one prefetched), more than the %3 that sharding the weights over dp %4 saves</source>
        <translation>ZeRO-3 每个 GPU 比 ZeRO-2 多需要 %1：它保留了 %2 的已收集完整参数（正在计算的层和预取的层），多于在 dp %4 上切分权重所节省的 %3</translation>
    </message>
    <message>
        <source>none of the %1 layouts can run with this GPU count (%2); excluded by: %3</source>
        <translation>在这个 GPU 数（%2）下，%1 种布局都无法运行；排除原因：%3</translation>
    </message>
    <message>
        <source>tp 1: every GPU holds whole layers, no per-layer collectives</source>
        <translation>tp 1：每块 GPU 持有完整的层，没有逐层的集合通信</translation>
    </message>
    <message>
        <source>tp %1: inside one node of %2 GPUs, so its per-layer collectives stay on the fast links</source>
        <translation>tp %1：位于一个 %2 卡节点之内，逐层集合通信走高速互联</translation>
    </message>
    <message>
        <source>tp %1: spans nodes of %2 GPUs; its per-layer collectives cross the slower network</source>
        <translation>tp %1：跨越 %2 卡节点，逐层集合通信要经过较慢的网络</translation>
    </message>
    <message>
        <source>pp %1: stages exchange only activations point to point, which tolerates the slower network; bubble %2 % of the step</source>
        <translation>pp %1：各阶段之间只点对点传递激活值，能容忍较慢的网络；气泡占步长的 %2 %</translation>
    </message>
    <message>
        <source>vpp %1: interleaved stages shrink the bubble by %1x</source>
        <translation>vpp %1：交错的虚拟阶段把气泡缩小为 1/%1</translation>
    </message>
    <message>
        <source>cp %1: the sequence is split over %1 GPUs, dividing attention activations</source>
        <translation>cp %1：序列切分到 %1 块 GPU 上，注意力激活值随之分摊</translation>
    </message>
    <message>
        <source>ep %1: each GPU holds 1/%1 of the experts</source>
        <translation>ep %1：每块 GPU 持有 1/%1 的专家</translation>
    </message>
    <message>
        <source>dp %1: replicas that only synchronise gradients once per step</source>
        <translation>dp %1：各副本每步只同步一次梯度</translation>
    </message>
    <message>
        <source>ZeRO-0: states fit unsharded, so no gathering or sharded update</source>
        <translation>ZeRO-0：状态不切分也放得下，无需收集或分片更新</translation>
    </message>
    <message>
        <source>ZeRO-1: optimizer states sharded; weights stay whole, no re-gathering</source>
        <translation>ZeRO-1：优化器状态分片；权重保持完整，无需重新收集</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer states and gradients sharded; weights stay whole</source>
        <translation>ZeRO-2：优化器状态和梯度分片；权重保持完整</translation>
    </message>
    <message>
        <source>ZeRO-3: weights sharded too and gathered layer by layer</source>
        <translation>ZeRO-3：权重也分片，逐层收集</translation>
    </message>
    <message>
        <source>ZeRO-3 with pipelining: weights gathered once per step and kept until the last backward</source>
        <translation>ZeRO-3 配合流水线：权重每步收集一次，保留到最后一次反向</translation>
    </message>
    <message>
        <source>sequence parallel: norm and dropout activations split over tp</source>
        <translation>序列并行：归一化和 dropout 的激活值在 tp 上切分</translation>
    </message>
    <message>
        <source>no recomputation: the activations fit, no extra forward work</source>
        <translation>不重计算：激活值放得下，没有额外的前向计算</translation>
    </message>
    <message>
        <source>selective recomputation: drops the attention scores for a few % more compute</source>
        <translation>选择性重计算：丢弃注意力分数，只多几个百分点的计算</translation>
    </message>
    <message>
        <source>full recomputation: keeps only layer inputs, at about one extra forward pass</source>
        <translation>完全重计算：只保留每层输入，代价约为多一次前向</translation>
    </message>
    <message>
        <source>recomputation %1, as the scenario sets it</source>
        <translation>重计算 %1，沿用场景的设置</translation>
    </message>
    <message>
        <source>offload %1: states kept in host memory (its transfers are not timed)</source>
        <translation>卸载 %1：状态保存在主机内存中（其传输时间未计入）</translation>
    </message>
    <message>
        <source>micro-batch %1: %2 micro-batches per step on each pipeline</source>
        <translation>微批次 %1：每条流水线每步 %2 个微批次</translation>
    </message>
    <message>
        <source>%1 GB of %2 GB per GPU (%3 % headroom)</source>
        <translation>每块 GPU 用 %1 GB / %2 GB（余量 %3 %）</translation>
    </message>
    <message>
        <source>under 10B, fine-tune with LoRA on one card</source>
        <translation>10B 以下，用 LoRA 在单卡上微调</translation>
    </message>
    <message>
        <source>under 10B, one machine with data parallelism</source>
        <translation>10B 以下，单机数据并行</translation>
    </message>
    <message>
        <source>pretraining combines TP inside a node with PP and ZeRO across nodes</source>
        <translation>预训练把节点内的 TP 与跨节点的 PP 和 ZeRO 结合起来</translation>
    </message>
    <message>
        <source>long context needs context parallelism</source>
        <translation>长上下文需要上下文并行</translation>
    </message>
    <message>
        <source>The numbers agree with the article (%1): the best plan is %2</source>
        <translation>数字与文章一致（%1）：最佳方案是 %2</translation>
    </message>
    <message>
        <source>The numbers contradict the article&apos;s rule of thumb (%1): the best plan is %2</source>
        <translation>数字与文章的经验法则相矛盾（%1）：最佳方案是 %2</translation>
    </message>
    <message>
        <source>Nothing can run in this scene, so the numbers contradict the article (%1)</source>
        <translation>此场景下没有任何布局能运行，因此数字与文章相矛盾（%1）</translation>
    </message>
    <message>
        <source>%1: a number is too large (beyond 1.8e308, the largest double): %2</source>
        <translation>%1：数字过大（超过双精度浮点数的上限 1.8e308）：%2</translation>
    </message>
    <message>
        <source>ZeRO-3 that keeps the weights gathered through the step needs %1 more per GPU than ZeRO-2 would: like ZeRO-1 it holds its stage&apos;s full weights and gradients and shards only the optimizer states over dp %2</source>
        <translation>在整个步骤中保持权重已收集的 ZeRO-3 每个 GPU 比 ZeRO-2 多需要 %1：它像 ZeRO-1 一样保留本阶段的完整权重和梯度，只在 dp %2 上切分优化器状态</translation>
    </message>
    <message>
        <source>this shape has about %1 parameters, more than 10^16 (5,000 times the largest published model): choose smaller layers, hidden size, FFN or experts</source>
        <translation>这个结构约有 %1 个参数，超过 10^16（已发表最大模型的 5,000 倍）：请减小层数、隐藏维度、FFN 或专家数</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Unknown image format &quot;%1&quot;: use .png, .svg or .pdf</source>
        <translation>未知图像格式 &quot;%1&quot;：请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Image size must be between 16 and 20000 pixels, scale between 0 and 8</source>
        <translation>图像尺寸必须在 16 到 20000 像素之间，缩放比例在 0 到 8 之间</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>Rendering the chart failed</source>
        <translation>图表渲染失败</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message>
        <source>recompute: %1</source>
        <translation>重计算：%1</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>offload: %1</source>
        <translation>卸载：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ShardedMaster</name>
    <message>
        <source>single GPU</source>
        <translation>单卡</translation>
    </message>
    <message>
        <source>single GPU, clipped</source>
        <translation>单卡，梯度裁剪</translation>
    </message>
    <message>
        <source>DDP, fp32 all-reduce in rank order</source>
        <translation>DDP，按 rank 顺序的 fp32 all-reduce</translation>
    </message>
    <message>
        <source>replicated master; the same sums in the same order as accumulating micro-batches on one GPU</source>
        <translation>主权重全量复制；求和的数与顺序都与单卡累积微批次相同</translation>
    </message>
    <message>
        <source>ZeRO-1/2, fp32 reduce-scatter in rank order</source>
        <translation>ZeRO-1/2，按 rank 顺序的 fp32 reduce-scatter</translation>
    </message>
    <message>
        <source>sharding the master is elementwise: each rank applies the same fp32 arithmetic to its slice</source>
        <translation>切分主权重是逐元素的：每个 rank 对自己的切片做相同的 fp32 运算</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP, fp32 reduce-scatter in rank order</source>
        <translation>ZeRO-3 / FSDP，按 rank 顺序的 fp32 reduce-scatter</translation>
    </message>
    <message>
        <source>parameters are sharded too; gathered for compute, updated per slice with the same arithmetic</source>
        <translation>参数也被切分；计算时聚合，按切片以相同运算更新</translation>
    </message>
    <message>
        <source>ZeRO-1/2, fp32 ring reduce-scatter</source>
        <translation>ZeRO-1/2，环形 fp32 reduce-scatter</translation>
    </message>
    <message>
        <source>the ring starts each chunk&apos;s sum at a different rank; fp32 addition is not associative</source>
        <translation>环形算法让每块的求和从不同 rank 开始；fp32 加法不满足结合律</translation>
    </message>
    <message>
        <source>DDP, fp32 ring all-reduce</source>
        <translation>DDP，环形 fp32 all-reduce</translation>
    </message>
    <message>
        <source>the same ring order as the sharded run above: identical to it, not to one GPU</source>
        <translation>与上面切分的运行环序相同：与它一致，而不与单卡一致</translation>
    </message>
    <message>
        <source>ZeRO-1/2, bf16 reduce-scatter in rank order</source>
        <translation>ZeRO-1/2，按 rank 顺序的 bf16 reduce-scatter</translation>
    </message>
    <message>
        <source>partial sums rounded to bf16 lose up to 2^-9 of each gradient</source>
        <translation>部分和舍入到 bf16，每个梯度最多损失 2^-9</translation>
    </message>
    <message>
        <source>ZeRO-1/2, clipping by a norm summed per shard</source>
        <translation>ZeRO-1/2，按切片求和范数后裁剪</translation>
    </message>
    <message>
        <source>the global norm is added up shard by shard, in a different order than one GPU sums it</source>
        <translation>全局范数逐切片累加，顺序与单卡求和不同</translation>
    </message>
</context>
<context>
    <name>Tour</name>
    <message>
        <source>%1 B x %2 = %3 of model states on one GPU, before any activation; %4</source>
        <translation>%1 B x %2 = %3 单卡模型状态（尚未计入激活值）；%4</translation>
    </message>
    <message>
        <source>%1 / %2 GPUs = %3 of model states per GPU with ZeRO-3 (the article rounds to 1.8 GB); the ledger&apos;s most loaded GPU: %4</source>
        <translation>%1 / %2 张 GPU = 每卡 %3 模型状态（ZeRO-3，文章四舍五入为 1.8 GB）；显存账中负载最重的 GPU：%4</translation>
    </message>
    <message>
        <source>1.0 + 1e-4 in bf16 = %1, because the spacing of bf16 at 1 is 2^-7 = %2 and 1e-4 is less than half of it; after 10,000 such updates w = %3</source>
        <translation>bf16 中 1.0 + 1e-4 = %1，因为 bf16 在 1 附近的间距是 2^-7 = %2，而 1e-4 不到它的一半；这样更新 10,000 次后 w = %3</translation>
    </message>
    <message>
        <source>fp32 master weight: 1.0 + 10,000 x 1e-4 = %1 (fp32 spacing at 1 is 2^-23 = %2); its bf16 copy for the next forward pass: %3</source>
        <translation>fp32 主权重：1.0 + 10,000 x 1e-4 = %1（fp32 在 1 附近的间距是 2^-23 = %2）；下一次前向传播用的 bf16 副本：%3</translation>
    </message>
    <message>
        <source>This layout cannot run: see the messages above the charts</source>
        <translation>此布局无法运行：请查看图表上方的提示</translation>
    </message>
    <message>
        <source>%1 GPUs: MFU %2% of peak; communication %3 per step, %4 of it exposed, of a %5 step</source>
        <translation>%1 张 GPU：MFU 为峰值的 %2%；每步通信 %3，其中 %4 未被掩盖，每步共 %5</translation>
    </message>
    <message>
        <source>%1 GPUs: %2 interruptions per day; a checkpoint every %3; %4 to train without failures, %5 with them (ETTR %6%)</source>
        <translation>%1 张 GPU：每天中断 %2 次；每 %3 保存一次检查点；无故障训练需 %4，计入故障需 %5（ETTR %6%）</translation>
    </message>
    <message>
        <source>One GPU needs %1 (%2); %3 GPUs need %4 on the most loaded GPU (%5). %6</source>
        <translation>单卡需要 %1（%2）；%3 张 GPU 时负载最重的 GPU 需要 %4（%5）。%6</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>装得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <source>LoRA on %1 GPU: weights frozen, optimizer states only for the adapters: %2 of model states, %3 in all (%4). %5</source>
        <translation>%1 张 GPU 上的 LoRA：原权重冻结，只有适配器有优化器状态：模型状态 %2，总计 %3（%4）。%5</translation>
    </message>
    <message>
        <source>1. The memory ledger: 16 bytes per parameter</source>
        <translation>1. 显存账：每参数 16 字节</translation>
    </message>
    <message>
        <source>Try: drag Parameters from 7B to 70B and watch the one-GPU bar pass the capacity line.</source>
        <translation>试一试：把参数量从 7B 拖到 70B，看单卡柱子越过显存容量线。</translation>
    </message>
    <message>
        <source>1. The memory ledger: ZeRO shards the states</source>
        <translation>1. 显存账：ZeRO 切分模型状态</translation>
    </message>
    <message>
        <source>Try: drag GPUs from 64 down to 8 and watch the model-state part of the bar grow.</source>
        <translation>试一试：把 GPU 数从 64 拖到 8，看柱子中模型状态部分变大。</translation>
    </message>
    <message>
        <source>2. Precision: bf16 swallows small updates</source>
        <translation>2. 精度账：bf16 吞掉微小更新</translation>
    </message>
    <message>
        <source>Try: set Update from 1e-4 to 1e-2 and watch the bf16 line start to move.</source>
        <translation>试一试：把“更新量”从 1e-4 改为 1e-2，看 bf16 曲线开始移动。</translation>
    </message>
    <message>
        <source>2. Precision: fp32 master weights, sharded</source>
        <translation>2. 精度账：切分的 fp32 主权重</translation>
    </message>
    <message>
        <source>3. Communication: more GPUs, more waiting</source>
        <translation>3. 通信账：卡越多，等待越多</translation>
    </message>
    <message>
        <source>Try: drag GPUs from 8 to 1024 and watch MFU.</source>
        <translation>试一试：把 GPU 数从 8 拖到 1024，观察 MFU。</translation>
    </message>
    <message>
        <source>4. Operations: failures grow with scale</source>
        <translation>4. 运维账：故障随规模增长</translation>
    </message>
    <message>
        <source>Try: drag GPUs from 1024 to 16384 and watch ETTR fall.</source>
        <translation>试一试：把 GPU 数从 1024 拖到 16384，看 ETTR 下降。</translation>
    </message>
    <message>
        <source>The comparison table: one GPU versus many</source>
        <translation>对比表格：单卡与多卡</translation>
    </message>
    <message>
        <source>Try: drag Sequence length from 4,096 to 32,768 and watch the activations fill the GPU.</source>
        <translation>试一试：把序列长度从 4,096 拖到 32,768，看激活值占满显存。</translation>
    </message>
    <message>
        <source>Which to choose: fine-tuning on one GPU</source>
        <translation>如何选型：单卡微调</translation>
    </message>
    <message>
        <source>Try: drag Parameters from 7B to 13B and see whether one GPU still holds it.</source>
        <translation>试一试：把参数量从 7B 拖到 13B，看单卡是否还装得下。</translation>
    </message>
    <message>
        <source>Try: compare bf16 alone with the fp32 master weights, then open the tab &quot;Sharded fp32 master&quot;: sharding alone is bit-identical, a bf16 or ring reduction is not.</source>
        <translation>试一试：对比纯 bf16 与 fp32 主权重，再打开“切分的 fp32 主权重”标签页：仅切分是逐位一致的，bf16 或环形归约则不是。</translation>
    </message>
    <message>
        <source>%1 parameters on %2 GPUs: one GPU would need %3 (%4). The Plan view searches every layout of these GPUs and ranks those that fit; compare its best with the article&apos;s rule (TP inside a node, PP and DP across nodes).</source>
        <translation>%1 参数、%2 张 GPU：单卡需要 %3（%4）。规划视图搜索这些 GPU 上的每一种布局，并对放得下的布局排序；请把其中最优者与文章的原则（TP 放在机内，PP 与 DP 跨机）对比。</translation>
    </message>
    <message>
        <source>Which to choose: pretraining on a cluster</source>
        <translation>如何选型：在集群上预训练</translation>
    </message>
    <message>
        <source>Try: drag GPUs from 512 down to 64 and watch which layouts still fit.</source>
        <translation>试一试：把 GPU 数从 512 拖到 64，看哪些布局还放得下。</translation>
    </message>
</context>
<context>
    <name>UiText</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model preset</source>
        <translation>模型预设</translation>
    </message>
    <message>
        <source>Hugging Face config.json</source>
        <translation>Hugging Face config.json</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每 token 激活专家数</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Gradient dtype</source>
        <translation>梯度类型</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation>虚拟流水线阶段</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>all-reduce</source>
        <translation>全规约 (All-Reduce)</translation>
    </message>
    <message>
        <source>all-gather</source>
        <translation>全收集 (All-Gather)</translation>
    </message>
    <message>
        <source>reduce-scatter</source>
        <translation>规约分发 (Reduce-Scatter)</translation>
    </message>
    <message>
        <source>send/recv</source>
        <translation>点对点收发</translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation>全交换 (All-to-All)</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>expert gradients</source>
        <translation>专家梯度</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>expert parameters</source>
        <translation>专家参数</translation>
    </message>
    <message>
        <source>parameters (forward)</source>
        <translation>参数（前向）</translation>
    </message>
    <message>
        <source>parameters (backward)</source>
        <translation>参数（反向）</translation>
    </message>
    <message>
        <source>expert parameters (forward)</source>
        <translation>专家参数（前向）</translation>
    </message>
    <message>
        <source>expert parameters (backward)</source>
        <translation>专家参数（反向）</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>activations (sequence parallel)</source>
        <translation>激活值（序列并行）</translation>
    </message>
    <message>
        <source>routed tokens</source>
        <translation>路由的 token</translation>
    </message>
    <message>
        <source>keys and values (ring attention)</source>
        <translation>键和值（环形注意力）</translation>
    </message>
    <message>
        <source>activations between stages</source>
        <translation>阶段间激活值</translation>
    </message>
    <message>
        <source>bf16 mixed precision</source>
        <translation>bf16 混合精度</translation>
    </message>
    <message>
        <source>fp16 mixed precision</source>
        <translation>fp16 混合精度</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>pure bf16</source>
        <translation>纯 bf16</translation>
    </message>
    <message>
        <source>fp8 mixed precision</source>
        <translation>fp8 混合精度</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>8-bit AdamW</source>
        <translation>8 位 AdamW</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>full training</source>
        <translation>全参数训练</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA (4-bit base)</source>
        <translation>QLoRA（4 位基座）</translation>
    </message>
    <message>
        <source>optimizer to CPU</source>
        <translation>优化器卸载到 CPU</translation>
    </message>
    <message>
        <source>optimizer and parameters to CPU</source>
        <translation>优化器和参数卸载到 CPU</translation>
    </message>
    <message>
        <source>naive (weights in the low format)</source>
        <translation>朴素（权重直接存为低精度格式）</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32 主权重</translation>
    </message>
    <message>
        <source>Kahan compensation</source>
        <translation>Kahan 补偿求和</translation>
    </message>
    <message>
        <source>stochastic rounding</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 us</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1T</source>
        <translation>%1T</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1B</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1 parameters, Llama-2 family shape</source>
        <translation>%1 参数，Llama-2 系列结构</translation>
    </message>
    <message>
        <source>custom shape</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>every rank ends with the sum of every rank&apos;s buffer</source>
        <translation>每个 rank 最终得到所有 rank 缓冲区之和</translation>
    </message>
    <message>
        <source>every rank ends with every rank&apos;s shard</source>
        <translation>每个 rank 最终得到所有 rank 的分片</translation>
    </message>
    <message>
        <source>every rank ends with its shard of the sum</source>
        <translation>每个 rank 最终得到总和中属于自己的分片</translation>
    </message>
    <message>
        <source>point-to-point: one rank sends, its neighbour receives</source>
        <translation>点对点：一个 rank 发送，相邻 rank 接收</translation>
    </message>
    <message>
        <source>every rank sends a different part to every other rank</source>
        <translation>每个 rank 向其他每个 rank 发送不同的部分</translation>
    </message>
    <message>
        <source>data parallelism (with ZeRO/FSDP sharding)</source>
        <translation>数据并行（含 ZeRO/FSDP 分片）</translation>
    </message>
    <message>
        <source>tensor parallelism (Megatron-LM)</source>
        <translation>张量并行（Megatron-LM）</translation>
    </message>
    <message>
        <source>pipeline parallelism</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>context parallelism (ring attention)</source>
        <translation>上下文并行（环形注意力）</translation>
    </message>
    <message>
        <source>expert parallelism (MoE)</source>
        <translation>专家并行（MoE）</translation>
    </message>
    <message>
        <source>GELU MLP</source>
        <translation>GELU MLP</translation>
    </message>
    <message>
        <source>two matrices, h x f and f x h, with a GELU between (GPT, Megatron-LM)</source>
        <translation>两个矩阵 h x f 与 f x h，中间为 GELU（GPT、Megatron-LM）</translation>
    </message>
    <message>
        <source>SwiGLU MLP</source>
        <translation>SwiGLU MLP</translation>
    </message>
    <message>
        <source>three matrices: gate and up (h x f), down (f x h) (Shazeer 2020; Llama)</source>
        <translation>三个矩阵：gate 与 up（h x f），down（f x h）（Shazeer 2020；Llama）</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>scale and bias per channel (Ba et al. 2016)</source>
        <translation>每个通道一个缩放和偏置（Ba 等，2016）</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>scale per channel, no bias or mean (Zhang and Sennrich 2019)</source>
        <translation>每个通道一个缩放，无偏置、不减均值（Zhang 与 Sennrich，2019）</translation>
    </message>
    <message>
        <source>rotary (RoPE)</source>
        <translation>旋转位置编码（RoPE）</translation>
    </message>
    <message>
        <source>rotary position embeddings, no parameters (Su et al. 2021)</source>
        <translation>旋转位置编码，无参数（Su 等，2021）</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>a learned table of max_positions x hidden (GPT-2)</source>
        <translation>可学习的 max_positions x hidden 位置表（GPT-2）</translation>
    </message>
    <message>
        <source>gradients summed (or sharded) over data-parallel ranks</source>
        <translation>在数据并行 rank 间求和（或分片）的梯度</translation>
    </message>
    <message>
        <source>expert gradients over the ranks that hold the same experts</source>
        <translation>在持有相同专家的 rank 间同步的专家梯度</translation>
    </message>
    <message>
        <source>updated parameter shards gathered after the optimizer step</source>
        <translation>优化器步后收集的已更新参数分片</translation>
    </message>
    <message>
        <source>updated expert parameter shards gathered after the optimizer step</source>
        <translation>优化器步后收集的已更新专家参数分片</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP gathers each layer&apos;s parameters before its forward pass</source>
        <translation>ZeRO-3 / FSDP 在每层前向前收集该层参数</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP gathers them again before the backward pass</source>
        <translation>ZeRO-3 / FSDP 在反向前再次收集参数</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers of expert parameters before the forward pass</source>
        <translation>ZeRO-3 在前向前收集专家参数</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers of expert parameters before the backward pass</source>
        <translation>ZeRO-3 在反向前收集专家参数</translation>
    </message>
    <message>
        <source>tensor-parallel partial sums of each layer&apos;s outputs (Megatron-LM)</source>
        <translation>每层输出的张量并行部分和（Megatron-LM）</translation>
    </message>
    <message>
        <source>the same traffic as all-gathers and reduce-scatters over sequence shards</source>
        <translation>同样的流量，按序列分片改为 all-gather 和 reduce-scatter</translation>
    </message>
    <message>
        <source>tokens dispatched to their experts and combined back</source>
        <translation>分发到专家再合并回来的 token</translation>
    </message>
    <message>
        <source>each context-parallel rank&apos;s keys and values passed around the ring</source>
        <translation>每个上下文并行 rank 的键和值沿环传递</translation>
    </message>
    <message>
        <source>activations forward and their gradients backward between pipeline stages</source>
        <translation>流水线阶段之间前向传递激活、反向传递其梯度</translation>
    </message>
    <message>
        <source>IEEE 754 binary32: 8 exponent bits, 23 stored mantissa bits</source>
        <translation>IEEE 754 binary32：8 位指数，23 位存储尾数</translation>
    </message>
    <message>
        <source>tf32</source>
        <translation>tf32</translation>
    </message>
    <message>
        <source>NVIDIA TensorFloat-32: fp32&apos;s range, 10 stored mantissa bits</source>
        <translation>NVIDIA TensorFloat-32：fp32 的范围，10 位存储尾数</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>bfloat16: fp32&apos;s range, 7 stored mantissa bits (the article&apos;s format)</source>
        <translation>bfloat16：fp32 的范围，7 位存储尾数（文章讨论的格式）</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>IEEE 754 binary16: 5 exponent bits, 10 stored mantissa bits</source>
        <translation>IEEE 754 binary16：5 位指数，10 位存储尾数</translation>
    </message>
    <message>
        <source>fp8 E4M3</source>
        <translation>fp8 E4M3</translation>
    </message>
    <message>
        <source>OCP OFP8 E4M3: 4 exponent bits, 3 mantissa bits, largest 448</source>
        <translation>OCP OFP8 E4M3：4 位指数，3 位尾数，最大 448</translation>
    </message>
    <message>
        <source>fp8 E5M2</source>
        <translation>fp8 E5M2</translation>
    </message>
    <message>
        <source>OCP OFP8 E5M2: 5 exponent bits, 2 mantissa bits, largest 57344</source>
        <translation>OCP OFP8 E5M2：5 位指数，2 位尾数，最大 57344</translation>
    </message>
    <message>
        <source>the weights are stored in the low format and every update is rounded into them (the article&apos;s loop)</source>
        <translation>权重以低精度格式存储，每次更新都舍入到该格式（文章中的循环）</translation>
    </message>
    <message>
        <source>updates go to an fp32 master copy; compute reads its rounding (Micikevicius et al. 2018)</source>
        <translation>更新写入 fp32 主权重副本；计算读取其舍入值（Micikevicius 等，2018）</translation>
    </message>
    <message>
        <source>a low-format compensation term carries what each rounding lost (Kahan 1965)</source>
        <translation>用低精度补偿项保存每次舍入丢失的部分（Kahan，1965）</translation>
    </message>
    <message>
        <source>each update rounds up or down with probability proportional to its distance (Gupta et al. 2015)</source>
        <translation>每次更新按与相邻值距离成比例的概率向上或向下舍入（Gupta 等，2015）</translation>
    </message>
    <message>
        <source>model preset id</source>
        <translation>模型预设 id</translation>
    </message>
    <message>
        <source>Hugging Face config.json to import</source>
        <translation>要导入的 Hugging Face config.json</translation>
    </message>
    <message>
        <source>exactly N parameters (7e9, 7B) on the Llama-2 family of shapes; at most 1e15, 500 times the largest published model</source>
        <translation>恰好 N 个参数（7e9、7B），采用 Llama-2 系列形状；至多 1e15，即已发表最大模型的 500 倍</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>the model&apos;s display name</source>
        <translation>模型的显示名称</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>transformer layers (at most 16,384)</source>
        <translation>Transformer 层数（至多 16,384）</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>hidden size (at most 2^20, 16 times the widest published model)</source>
        <translation>隐藏维度（至多 2^20，即已发表最宽模型的 16 倍）</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头</translation>
    </message>
    <message>
        <source>attention heads (at most 65,536)</source>
        <translation>注意力头数（至多 65,536）</translation>
    </message>
    <message>
        <source>key/value heads (GQA/MQA); 0 means as many as attention heads</source>
        <translation>键/值头数（GQA/MQA）；0 表示与注意力头数相同</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>head dimension (default hidden / heads)</source>
        <translation>头维度（默认为 hidden / heads）</translation>
    </message>
    <message>
        <source>FFN hidden size</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <source>MLP hidden size (at most 2^22)</source>
        <translation>MLP 隐藏维度（至多 2^22）</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>the MLP block</source>
        <translation>MLP 模块</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>vocabulary size (at most 2^24, 64 times the largest published vocabulary)</source>
        <translation>词表大小（至多 2^24，即已发表最大词表的 64 倍）</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>share input and output embeddings</source>
        <translation>输入与输出嵌入共享权重</translation>
    </message>
    <message>
        <source>Normalisation</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>the normalisation layers</source>
        <translation>归一化层</translation>
    </message>
    <message>
        <source>QKV bias</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <source>biases on the query, key and value projections (GPT-2, Qwen2)</source>
        <translation>查询、键、值投影带偏置（GPT-2、Qwen2）</translation>
    </message>
    <message>
        <source>Output projection bias</source>
        <translation>输出投影偏置</translation>
    </message>
    <message>
        <source>bias on the attention output projection</source>
        <translation>注意力输出投影带偏置</translation>
    </message>
    <message>
        <source>MLP bias</source>
        <translation>MLP 偏置</translation>
    </message>
    <message>
        <source>biases on the MLP projections</source>
        <translation>MLP 投影带偏置</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>position embeddings</source>
        <translation>位置编码方式</translation>
    </message>
    <message>
        <source>Learned positions</source>
        <translation>可学习位置数</translation>
    </message>
    <message>
        <source>rows of a learned position table</source>
        <translation>可学习位置表的行数</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>attention and hidden dropout in training</source>
        <translation>训练时的注意力与隐藏层 dropout</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>routed experts per MoE layer (0: a dense model)</source>
        <translation>每个 MoE 层的路由专家数（0 表示稠密模型）</translation>
    </message>
    <message>
        <source>routed experts each token uses</source>
        <translation>每个 token 使用的路由专家数</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>experts every token uses</source>
        <translation>每个 token 都使用的专家</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>expert MLP hidden size (0: the FFN hidden size)</source>
        <translation>专家 MLP 隐藏维度（0 表示与 FFN 隐藏维度相同）</translation>
    </message>
    <message>
        <source>sequence length in tokens (at most 2^26)</source>
        <translation>序列长度，单位 token（至多 2^26）</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>sequences per micro-batch</source>
        <translation>每个微批次的序列数</translation>
    </message>
    <message>
        <source>sequences per optimizer step (default micro-batch x dp)</source>
        <translation>每个优化器步的序列数（默认为 微批次 x dp）</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>数值精度</translation>
    </message>
    <message>
        <source>the mixed-precision recipe</source>
        <translation>混合精度方案</translation>
    </message>
    <message>
        <source>gradient storage (default: the recipe&apos;s)</source>
        <translation>梯度存储类型（默认：随精度方案）</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>the optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>fused attention that keeps no score matrix (Dao et al. 2022)</source>
        <translation>融合注意力，不保存分数矩阵（Dao 等，2022）</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>what is trained</source>
        <translation>训练哪些参数</translation>
    </message>
    <message>
        <source>LoRA rank r</source>
        <translation>LoRA 秩 r</translation>
    </message>
    <message>
        <source>q,k,v,o,gate,up,down or all</source>
        <translation>q,k,v,o,gate,up,down 或 all</translation>
    </message>
    <message>
        <source>Fused SwiGLU</source>
        <translation>融合 SwiGLU</translation>
    </message>
    <message>
        <source>SwiGLU saves only its input (Megatron); =off for eager PyTorch</source>
        <translation>SwiGLU 只保存其输入（Megatron）；eager PyTorch 用 =off</translation>
    </message>
    <message>
        <source>Norm statistics</source>
        <translation>归一化统计量</translation>
    </message>
    <message>
        <source>count norm mean/rstd</source>
        <translation>计入归一化的均值/rstd</translation>
    </message>
    <message>
        <source>Fused cross-entropy</source>
        <translation>融合交叉熵</translation>
    </message>
    <message>
        <source>loss gradient in place (Megatron); =off for PyTorch&apos;s</source>
        <translation>损失梯度原地计算（Megatron）；PyTorch 的实现用 =off</translation>
    </message>
    <message>
        <source>GPUs in the job (at most 2^24)</source>
        <translation>作业中的 GPU 数（至多 2^24）</translation>
    </message>
    <message>
        <source>data-parallel size (default gpus / (tp x pp x cp))</source>
        <translation>数据并行规模（默认 gpus / (tp x pp x cp)）</translation>
    </message>
    <message>
        <source>tensor-parallel size</source>
        <translation>张量并行规模</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线阶段数</translation>
    </message>
    <message>
        <source>context-parallel size</source>
        <translation>上下文并行规模</translation>
    </message>
    <message>
        <source>expert-parallel size</source>
        <translation>专家并行规模</translation>
    </message>
    <message>
        <source>ZeRO stage: 0 none, 1 optimizer states, 2 and gradients, 3 and parameters (FSDP)</source>
        <translation>ZeRO 阶段：0 不分片，1 分片优化器状态，2 再加梯度，3 再加参数（FSDP）</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism</source>
        <translation>Megatron 序列并行</translation>
    </message>
    <message>
        <source>virtual pipeline stages (interleaved 1F1B)</source>
        <translation>虚拟流水线阶段（交错式 1F1B）</translation>
    </message>
    <message>
        <source>states kept in host memory</source>
        <translation>保存在主机内存中的状态</translation>
    </message>
    <message>
        <source>GPU preset id</source>
        <translation>GPU 预设 id</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Intra-node bandwidth</source>
        <translation>节点内带宽</translation>
    </message>
    <message>
        <source>intra-node bandwidth per GPU, GB/s (at most 100,000: 50 times NVLink 5)</source>
        <translation>每块 GPU 的节点内带宽，GB/s（至多 100,000，即 NVLink 5 的 50 倍）</translation>
    </message>
    <message>
        <source>Inter-node bandwidth</source>
        <translation>节点间带宽</translation>
    </message>
    <message>
        <source>inter-node bandwidth per GPU, GB/s (a 400 Gb/s NIC is 50)</source>
        <translation>每块 GPU 的节点间带宽，GB/s（400 Gb/s 网卡为 50）</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>Peak TFLOP/s</source>
        <translation>峰值 TFLOP/s</translation>
    </message>
    <message>
        <source>dense peak of the GEMM format, TFLOP/s</source>
        <translation>GEMM 所用格式的稠密峰值，TFLOP/s</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>HBM bandwidth, GB/s</source>
        <translation>HBM 带宽，GB/s</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>CUDA context and workspaces, MiB</source>
        <translation>CUDA 上下文与工作区，MiB</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>allocator slack, fraction of activations</source>
        <translation>分配器余量，占激活的比例</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲区</translation>
    </message>
    <message>
        <source>NCCL buffers per communicator, MiB</source>
        <translation>每个通信组的 NCCL 缓冲区，MiB</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Gradient bucket</source>
        <translation>梯度桶</translation>
    </message>
    <message>
        <source>gradient bucket, MB</source>
        <translation>梯度桶大小，MB</translation>
    </message>
    <message>
        <source>ZeRO-3 prefetch</source>
        <translation>ZeRO-3 预取</translation>
    </message>
    <message>
        <source>ZeRO-3 gathered layers live</source>
        <translation>ZeRO-3 同时保留的已收集层数</translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation>GEMM 效率</translation>
    </message>
    <message>
        <source>Memory efficiency</source>
        <translation>显存带宽效率</translation>
    </message>
    <message>
        <source>Link efficiency</source>
        <translation>链路效率</translation>
    </message>
    <message>
        <source>us</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>Intra-node latency</source>
        <translation>节点内延迟</translation>
    </message>
    <message>
        <source>latency per ring step in a node, us</source>
        <translation>节点内每个环步的延迟，微秒</translation>
    </message>
    <message>
        <source>Inter-node latency</source>
        <translation>节点间延迟</translation>
    </message>
    <message>
        <source>latency per ring step across nodes, us</source>
        <translation>跨节点每个环步的延迟，微秒</translation>
    </message>
    <message>
        <source>DP overlap</source>
        <translation>DP 重叠</translation>
    </message>
    <message>
        <source>share of backward that hides DP traffic</source>
        <translation>反向计算中可隐藏 DP 通信的比例</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 重叠</translation>
    </message>
    <message>
        <source>share of TP traffic hidden</source>
        <translation>被隐藏的 TP 通信比例</translation>
    </message>
    <message>
        <source>CP overlap</source>
        <translation>CP 重叠</translation>
    </message>
    <message>
        <source>share of attention that hides CP traffic</source>
        <translation>注意力计算中可隐藏 CP 通信的比例</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重叠</translation>
    </message>
    <message>
        <source>share of MoE all-to-all hidden</source>
        <translation>被隐藏的 MoE all-to-all 比例</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>tokens to train (1T, 2e12)</source>
        <translation>要训练的 token 数（1T、2e12）</translation>
    </message>
    <message>
        <source>bf16 weights and gradients for compute, fp32 master weights and moments (Micikevicius et al. 2018): the article&apos;s 16 bytes per parameter</source>
        <translation>计算用 bf16 权重和梯度，fp32 主权重和动量（Micikevicius 等，2018）：即文章中每参数 16 字节</translation>
    </message>
    <message>
        <source>fp16 compute with loss scaling, fp32 master weights and moments (Micikevicius et al. 2018)</source>
        <translation>fp16 计算加损失缩放，fp32 主权重和动量（Micikevicius 等，2018）</translation>
    </message>
    <message>
        <source>fp8 GEMMs as NVIDIA Transformer Engine runs them: bf16 weights plus an fp8 copy, fp32 master weights and moments</source>
        <translation>按 NVIDIA Transformer Engine 的方式用 fp8 做 GEMM：bf16 权重外加一份 fp8 副本，fp32 主权重和动量</translation>
    </message>
    <message>
        <source>weights, gradients and moments in bf16 with no fp32 master copy: 8 bytes per parameter, and the article&apos;s lost updates</source>
        <translation>权重、梯度和动量都用 bf16，没有 fp32 主权重：每参数 8 字节，会出现文章所说的更新丢失</translation>
    </message>
    <message>
        <source>everything in fp32: 4-byte weights and gradients, no master copy</source>
        <translation>全部使用 fp32：4 字节权重和梯度，无主权重副本</translation>
    </message>
    <message>
        <source>gradients stored in bf16 (the article&apos;s 2 bytes)</source>
        <translation>梯度以 bf16 存储（文章中的 2 字节）</translation>
    </message>
    <message>
        <source>gradients stored in fp16</source>
        <translation>梯度以 fp16 存储</translation>
    </message>
    <message>
        <source>gradients accumulated in fp32, as Megatron-LM does by default (its 18 bytes per parameter)</source>
        <translation>梯度以 fp32 累加，即 Megatron-LM 的默认做法（每参数 18 字节）</translation>
    </message>
    <message>
        <source>first and second moments per parameter (Loshchilov and Hutter 2019)</source>
        <translation>每个参数保存一阶和二阶动量（Loshchilov 与 Hutter，2019）</translation>
    </message>
    <message>
        <source>one momentum buffer per parameter (torch.optim.SGD)</source>
        <translation>每个参数一个动量缓冲（torch.optim.SGD）</translation>
    </message>
    <message>
        <source>factored second moment, no first moment: rows + columns per matrix (Shazeer and Stern 2018)</source>
        <translation>分解的二阶矩、无一阶矩：每个矩阵保存 行数 + 列数 个值（Shazeer 与 Stern，2018）</translation>
    </message>
    <message>
        <source>AdamW moments in 8 bits with one fp32 scale per 256-element block (bitsandbytes; Dettmers et al. 2022)</source>
        <translation>AdamW 动量以 8 位存储，每 256 个元素一个 fp32 缩放（bitsandbytes；Dettmers 等，2022）</translation>
    </message>
    <message>
        <source>keep every activation the backward pass needs</source>
        <translation>保存反向所需的全部激活</translation>
    </message>
    <message>
        <source>recompute the attention core&apos;s score-sized activations (Korthikanti et al. 2022)</source>
        <translation>重计算注意力核心中与分数矩阵同尺寸的激活（Korthikanti 等，2022）</translation>
    </message>
    <message>
        <source>keep each layer&apos;s input and recompute the layer in the backward pass</source>
        <translation>只保存每层输入，反向时重算整层</translation>
    </message>
    <message>
        <source>every parameter is trained</source>
        <translation>训练全部参数</translation>
    </message>
    <message>
        <source>frozen base, trainable low-rank adapters (Hu et al. 2021)</source>
        <translation>冻结基座，训练低秩适配器（Hu 等，2021）</translation>
    </message>
    <message>
        <source>LoRA on a frozen 4-bit NormalFloat base with double-quantised scales (Dettmers et al. 2023)</source>
        <translation>在冻结的 4 位 NormalFloat 基座（缩放因子双重量化）上做 LoRA（Dettmers 等，2023）</translation>
    </message>
    <message>
        <source>every state stays on the GPU</source>
        <translation>所有状态都留在 GPU 上</translation>
    </message>
    <message>
        <source>ZeRO-Offload: gradients, master weights and optimizer states in host memory (Ren et al. 2021)</source>
        <translation>ZeRO-Offload：梯度、主权重和优化器状态放在主机内存（Ren 等，2021）</translation>
    </message>
    <message>
        <source>ZeRO-Infinity: the parameters too (ZeRO stage 3 only)</source>
        <translation>ZeRO-Infinity：参数也放到主机内存（仅 ZeRO 阶段 3）</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>sign of an interpolated momentum; one momentum per parameter, half of AdamW&apos;s states (Chen et al. 2023)</source>
        <translation>对插值动量取符号；每个参数只有一个动量，状态是 AdamW 的一半（Chen 等，2023）</translation>
    </message>
    <message>
        <source>Muon</source>
        <translation>Muon</translation>
    </message>
    <message>
        <source>momentum orthogonalised by Newton-Schulz on the layers&apos; 2-D matrices, AdamW on embeddings, head, norms and biases (Jordan et al. 2024)</source>
        <translation>对各层二维矩阵用 Newton-Schulz 正交化的动量，嵌入、输出头、归一化与偏置用 AdamW（Jordan 等，2024）</translation>
    </message>
    <message>
        <source>Engine and kernels</source>
        <translation>引擎与内核</translation>
    </message>
    <message>
        <source>Recompute every</source>
        <translation>每隔几层重计算</translation>
    </message>
    <message>
        <source>k for --recompute every-k: every k-th layer is fully recomputed</source>
        <translation>--recompute every-k 的 k：每 k 层中有一层完整重计算</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>which FlashAttention runs (with FlashAttention on)</source>
        <translation>运行哪个 FlashAttention（开启 FlashAttention 时）</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>how the memory-bound ops run</source>
        <translation>访存受限算子的运行方式</translation>
    </message>
    <message>
        <source>fp8 recipe</source>
        <translation>fp8 方案</translation>
    </message>
    <message>
        <source>which fp8 implementation (with fp8-mixed precision)</source>
        <translation>哪种 fp8 实现（fp8 混合精度时）</translation>
    </message>
    <message>
        <source>fp8 all-gather</source>
        <translation>fp8 all-gather</translation>
    </message>
    <message>
        <source>FSDP all-gathers linear weights in fp8, 1 byte each (torchao enable_fsdp_float8_all_gather)</source>
        <translation>FSDP 以 fp8 聚合线性层权重，每个 1 字节（torchao enable_fsdp_float8_all_gather）</translation>
    </message>
    <message>
        <source>FSDP reshard</source>
        <translation>FSDP 重新分片</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: free gathered weights after forward</source>
        <translation>ZeRO-3 / FSDP：前向后释放聚合的权重</translation>
    </message>
    <message>
        <source>First stage layers</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <source>layers on the first pipeline stage (Megatron-LM --decoder-first-pipeline-num-layers; 0: even split)</source>
        <translation>第一个流水线阶段的层数（Megatron-LM --decoder-first-pipeline-num-layers；0：均分）</translation>
    </message>
    <message>
        <source>Last stage layers</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <source>layers on the last pipeline stage (Megatron-LM --decoder-last-pipeline-num-layers; 0: even split)</source>
        <translation>最后一个流水线阶段的层数（Megatron-LM --decoder-last-pipeline-num-layers；0：均分）</translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation>每阶段层数</translation>
    </message>
    <message>
        <source>an explicit split, layers per pipeline stage (16,16,15,...), or per virtual stage with vpp (pp x vpp entries); overrides the first and last</source>
        <translation>显式切分：每个流水线阶段的层数（16,16,15,...），使用 vpp 时为每个虚拟阶段（pp x vpp 项）；优先于首末阶段设置</translation>
    </message>
    <message>
        <source>MFU convention</source>
        <translation>MFU 口径</translation>
    </message>
    <message>
        <source>how attention FLOPs count toward MFU</source>
        <translation>注意力 FLOPs 如何计入 MFU</translation>
    </message>
    <message>
        <source>op-level selective</source>
        <translation>算子级选择性</translation>
    </message>
    <message>
        <source>PyTorch&apos;s per-op policy as torchtitan sets it: save GEMM and attention outputs, recompute every second GEMM and all other ops</source>
        <translation>torchtitan 设置的 PyTorch 逐算子策略：保存 GEMM 与注意力输出，重算每隔一个的 GEMM 及其余所有算子</translation>
    </message>
    <message>
        <source>every k-th layer</source>
        <translation>每 k 层一层</translation>
    </message>
    <message>
        <source>full recomputation of every k-th layer only (torchtitan&apos;s selective_ac_option = k)</source>
        <translation>仅对每 k 层中的一层完整重计算（torchtitan 的 selective_ac_option = k）</translation>
    </message>
    <message>
        <source>FlashAttention-2</source>
        <translation>FlashAttention-2</translation>
    </message>
    <message>
        <source>FlashAttention-2 (Dao 2023), PyTorch&apos;s scaled_dot_product_attention flash backend</source>
        <translation>FlashAttention-2（Dao，2023），即 PyTorch scaled_dot_product_attention 的 flash 后端</translation>
    </message>
    <message>
        <source>FlashAttention-1</source>
        <translation>FlashAttention-1</translation>
    </message>
    <message>
        <source>FlashAttention-3</source>
        <translation>FlashAttention-3</translation>
    </message>
    <message>
        <source>FlashAttention-3 (Shah et al. 2024): Hopper&apos;s asynchronous tensor cores, about 75% of H100&apos;s peak</source>
        <translation>FlashAttention-3（Shah 等，2024）：利用 Hopper 的异步张量核心，约达 H100 峰值的 75%</translation>
    </message>
    <message>
        <source>Triton FlashAttention</source>
        <translation>Triton FlashAttention</translation>
    </message>
    <message>
        <source>fused kernels</source>
        <translation>融合内核</translation>
    </message>
    <message>
        <source>norms, rotary embedding and SwiGLU as one kernel each (Megatron-LM&apos;s fused kernels, or torch.compile)</source>
        <translation>归一化、旋转位置编码和 SwiGLU 各为一个内核（Megatron-LM 的融合内核或 torch.compile）</translation>
    </message>
    <message>
        <source>eager PyTorch</source>
        <translation>PyTorch eager</translation>
    </message>
    <message>
        <source>one kernel per PyTorch op: a Python RMSNorm, complex-number RoPE and SwiGLU each make several passes over memory</source>
        <translation>每个 PyTorch 算子一个内核：Python 写的 RMSNorm、复数 RoPE 和 SwiGLU 各要多次遍历显存</translation>
    </message>
    <message>
        <source>Transformer Engine</source>
        <translation>Transformer Engine</translation>
    </message>
    <message>
        <source>NVIDIA Transformer Engine: an fp8 copy of each weight cached for the step, fp8 inputs saved for backward</source>
        <translation>NVIDIA Transformer Engine：每个权重在一步内缓存一份 fp8 副本，反向所需输入以 fp8 保存</translation>
    </message>
    <message>
        <source>torchao float8</source>
        <translation>torchao float8</translation>
    </message>
    <message>
        <source>torchao&apos;s dynamic float8: weights cast every pass, nothing fp8 kept between passes</source>
        <translation>torchao 的动态 float8：每次前向/反向都转换权重，不在两次之间保留 fp8 副本</translation>
    </message>
    <message>
        <source>as torchtitan</source>
        <translation>同 torchtitan</translation>
    </message>
    <message>
        <source>free gathered weights after each forward, except with pipeline parallelism (torchtitan&apos;s default)</source>
        <translation>每次前向后释放聚合的权重，流水线并行时除外（torchtitan 的默认）</translation>
    </message>
    <message>
        <source>always</source>
        <translation>总是</translation>
    </message>
    <message>
        <source>gather weights again for every micro-batch&apos;s forward and backward (ZeRO-3)</source>
        <translation>每个微批次的前向和反向都重新聚合权重（ZeRO-3）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>keep a stage&apos;s weights gathered from its first forward to its last backward</source>
        <translation>从第一次前向到最后一次反向，始终保持本阶段权重处于聚合状态</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>完整注意力</translation>
    </message>
    <message>
        <source>attention FLOPs over every query-key pair, as Megatron-LM, Korthikanti et al. and PaLM count them</source>
        <translation>按所有查询-键对计算注意力 FLOPs，同 Megatron-LM、Korthikanti 等和 PaLM 的算法</translation>
    </message>
    <message>
        <source>causal attention</source>
        <translation>因果注意力</translation>
    </message>
    <message>
        <source>attention FLOPs over the causal half, as NVIDIA NeMo and Megatron-Core&apos;s recent reports count them</source>
        <translation>只计因果一半的注意力 FLOPs，同 NVIDIA NeMo 和 Megatron-Core 近期报告的算法</translation>
    </message>
    <message>
        <source>FlashAttention-1 (Dao et al. 2022): about half FlashAttention-2&apos;s speed</source>
        <translation>FlashAttention-1（Dao 等，2022）：约为 FlashAttention-2 速度的一半</translation>
    </message>
    <message>
        <source>FlashAttention written in Triton (llm-foundry&apos;s attn_impl triton), about FlashAttention-2&apos;s speed / 1.8</source>
        <translation>用 Triton 编写的 FlashAttention（llm-foundry 的 attn_impl triton），速度约为 FlashAttention-2 的 1/1.8</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运维</translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>PyTorch DistributedSampler</source>
        <translation>PyTorch DistributedSampler</translation>
    </message>
    <message>
        <source>strided: rank r reads positions r, r + R, ...; pads by repeating from the start, or drops the tail</source>
        <translation>跨步分配：rank r 读取位置 r、r + R、……；不足时从头重复补齐，或丢弃尾部</translation>
    </message>
    <message>
        <source>Megatron-LM pretraining sampler</source>
        <translation>Megatron-LM 预训练采样器</translation>
    </message>
    <message>
        <source>blocked: each micro-batch x dp window is cut into contiguous per-rank slices, from the consumed-samples position</source>
        <translation>分块分配：从已消耗样本的位置起，每个 微批 × dp 窗口切成各 rank 连续的片段</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>a torchrun launch of pretrain_gpt.py with Megatron-LM&apos;s arguments (core_v0.15.0)</source>
        <translation>用 Megatron-LM 参数通过 torchrun 启动 pretrain_gpt.py（core_v0.15.0）</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>a DeepSpeed JSON configuration: batch, precision, ZeRO stage and offload (v0.16.4)</source>
        <translation>DeepSpeed JSON 配置：批大小、精度、ZeRO 阶段与卸载（v0.16.4）</translation>
    </message>
    <message>
        <source>torchtitan</source>
        <translation>torchtitan</translation>
    </message>
    <message>
        <source>a torchtitan TOML job configuration (v0.2.2, the last release with TOML files)</source>
        <translation>torchtitan TOML 任务配置（v0.2.2，最后一个使用 TOML 文件的版本）</translation>
    </message>
    <message>
        <source>Hugging Face Accelerate</source>
        <translation>Hugging Face Accelerate</translation>
    </message>
    <message>
        <source>an accelerate launch YAML configuration (v1.14.0)</source>
        <translation>accelerate launch 的 YAML 配置（v1.14.0）</translation>
    </message>
    <message>
        <source>torchrun (PyTorch script)</source>
        <translation>torchrun（PyTorch 脚本）</translation>
    </message>
    <message>
        <source>a self-contained PyTorch training script for a small Llama-style model and its torchrun line (CPU and gloo, or GPUs and NCCL)</source>
        <translation>一个自包含的 PyTorch 训练脚本（小型 Llama 式模型）及其 torchrun 启动命令（CPU 与 gloo，或 GPU 与 NCCL）</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>the trained weights as the model stores them (adapters only for LoRA and QLoRA)</source>
        <translation>按模型存储精度保存的训练权重（LoRA 与 QLoRA 只保存适配器）</translation>
    </message>
    <message>
        <source>the fp32 copy mixed precision updates</source>
        <translation>混合精度所更新的 fp32 副本</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>the optimizer&apos;s moments (AdamW: two per parameter)</source>
        <translation>优化器的动量（AdamW：每个参数两个）</translation>
    </message>
    <message>
        <source>step counters</source>
        <translation>步数计数器</translation>
    </message>
    <message>
        <source>AdamW&apos;s step count, one fp32 scalar per parameter tensor (torch.optim)</source>
        <translation>AdamW 的步数，每个参数张量一个 fp32 标量（torch.optim）</translation>
    </message>
    <message>
        <source>random number generators</source>
        <translation>随机数生成器</translation>
    </message>
    <message>
        <source>CPU and GPU generator states of every rank, so dropout and sampling resume exactly</source>
        <translation>每个 rank 的 CPU 与 GPU 生成器状态，使 dropout 与采样精确续接</translation>
    </message>
    <message>
        <source>data-loader position</source>
        <translation>数据加载位置</translation>
    </message>
    <message>
        <source>iteration, epoch and samples consumed, so no sample is seen twice</source>
        <translation>迭代数、轮次与已消耗样本数，保证没有样本被重复使用</translation>
    </message>
    <message>
        <source>gradients (not saved)</source>
        <translation>梯度（不保存）</translation>
    </message>
    <message>
        <source>consumed by the optimizer step before the checkpoint; never saved</source>
        <translation>在保存检查点之前已被优化器步骤用掉，从不保存</translation>
    </message>
    <message>
        <source>column-parallel</source>
        <translation>列并行</translation>
    </message>
    <message>
        <source>split on the output dimension (rows of the weight): megatron/core/tensor_parallel/layers.py ColumnParallelLinear, partition_dim=0</source>
        <translation>按输出维度（权重的行）切分：megatron/core/tensor_parallel/layers.py 的 ColumnParallelLinear，partition_dim=0</translation>
    </message>
    <message>
        <source>row-parallel</source>
        <translation>行并行</translation>
    </message>
    <message>
        <source>split on the input dimension (columns of the weight): RowParallelLinear, partition_dim=1; its bias is not split</source>
        <translation>按输入维度（权重的列）切分：RowParallelLinear，partition_dim=1；其偏置不切分</translation>
    </message>
    <message>
        <source>replicated</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>every tensor-parallel rank holds all of it: norms, row-parallel biases, the router</source>
        <translation>每个张量并行 rank 都持有完整副本：归一化层、行并行偏置、路由器</translation>
    </message>
    <message>
        <source>vocabulary-parallel</source>
        <translation>词表并行</translation>
    </message>
    <message>
        <source>split on the padded vocabulary rows: VocabParallelEmbedding and the output layer</source>
        <translation>按填充后的词表行切分：VocabParallelEmbedding 与输出层</translation>
    </message>
    <message>
        <source>expert-parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>whole experts per expert-parallel rank, each cut by tp like a dense layer</source>
        <translation>每个专家并行 rank 持有完整的若干专家，每个专家再像稠密层一样按 tp 切分</translation>
    </message>
    <message>
        <source>rows grouped per KV group: [q heads of the group; k; v]; an even split gives each rank whole groups</source>
        <translation>行按 KV 组分组：[本组的 q 头; k; v]；均匀切分时每个 rank 得到完整的组</translation>
    </message>
    <message>
        <source>[gate; up] chunked separately: rank r holds gate part r and up part r, side by side</source>
        <translation>[gate; up] 分别切块：rank r 并排持有 gate 的第 r 块和 up 的第 r 块</translation>
    </message>
    <message>
        <source>row-parallel bias: added once after the reduction, replicated</source>
        <translation>行并行偏置：在规约之后只加一次，各 rank 复制</translation>
    </message>
    <message>
        <source>padded to a multiple of 128 x tp; rows past the true vocabulary are padding</source>
        <translation>填充到 128 × tp 的整数倍；超出真实词表的行是填充</translation>
    </message>
    <message>
        <source>tied to the word embeddings: the last stage keeps a copy when pp &gt; 1</source>
        <translation>与词嵌入共享：pp &gt; 1 时最后一级保留一份副本</translation>
    </message>
    <message>
        <source>replicated on every tensor-parallel rank</source>
        <translation>在每个张量并行 rank 上复制</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>Rank 编号顺序</translation>
    </message>
    <message>
        <source>how ranks are numbered, innermost first; GPUs fill nodes in rank order</source>
        <translation>rank 的编号方式，最内层在前；GPU 按 rank 顺序填满节点</translation>
    </message>
    <message>
        <source>Failure rate from</source>
        <translation>故障率来源</translation>
    </message>
    <message>
        <source>a published cluster&apos;s failure rate</source>
        <translation>某个已公开集群的故障率</translation>
    </message>
    <message>
        <source>h</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>Cluster MTBF</source>
        <translation>集群平均中断间隔</translation>
    </message>
    <message>
        <source>measured mean time between interruptions of this job, hours (at most a year); replaces the failure rate</source>
        <translation>实测的本作业平均中断间隔，单位小时（至多一年）；替代故障率</translation>
    </message>
    <message>
        <source>per GPU-day</source>
        <translation>次/(GPU·天)</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source>interruptions per GPU per day (at most 10, 20,000 times Llama 3&apos;s 4.7e-4); replaces the preset</source>
        <translation>每个 GPU 每天的中断次数（至多 10，即 Llama 3 的 4.7e-4 的 2 万倍）；替代预设</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>Checkpoint write time</source>
        <translation>检查点写入时间</translation>
    </message>
    <message>
        <source>measured time to write one checkpoint, minutes (at most a week); replaces the storage bandwidth</source>
        <translation>实测的写入一次检查点所需时间，单位分钟（至多一周）；替代存储带宽</translation>
    </message>
    <message>
        <source>Storage bandwidth</source>
        <translation>存储带宽</translation>
    </message>
    <message>
        <source>aggregate checkpoint storage bandwidth, GB/s (default 2,000: Llama 3&apos;s Tectonic, sustained)</source>
        <translation>检查点存储的总带宽，GB/s（默认 2,000：Llama 3 所用 Tectonic 的持续吞吐）</translation>
    </message>
    <message>
        <source>Storage per node</source>
        <translation>每节点存储带宽</translation>
    </message>
    <message>
        <source>one node&apos;s link to storage, GB/s (50: a 400 Gb/s port)</source>
        <translation>单个节点到存储的链路，GB/s（50：一个 400 Gb/s 端口）</translation>
    </message>
    <message>
        <source>Device-to-host copy</source>
        <translation>设备到主机拷贝</translation>
    </message>
    <message>
        <source>GPU-to-host copy per GPU, GB/s (32: PCIe 4.0 x16): the blocking part of an asynchronous save</source>
        <translation>每个 GPU 到主机内存的拷贝带宽，GB/s（32：PCIe 4.0 x16）：异步保存中阻塞训练的部分</translation>
    </message>
    <message>
        <source>Failure detection</source>
        <translation>故障检测</translation>
    </message>
    <message>
        <source>time to notice a failure and decide to restart, minutes</source>
        <translation>发现故障并决定重启所需时间，单位分钟</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message>
        <source>measured time to restart and load the checkpoint, minutes (default: 5 plus the load time)</source>
        <translation>实测的重启并加载检查点所需时间，单位分钟（默认：5 分钟加上加载时间）</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>minutes between checkpoints (at most a year; default: Daly&apos;s optimum)</source>
        <translation>两次检查点之间的分钟数（至多一年；默认：Daly 最优值）</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>training waits only for the copy to host memory; storage is written in the background</source>
        <translation>训练只等待拷贝到主机内存，存储在后台写入</translation>
    </message>
    <message>
        <source>Llama 3 (16,384 H100)</source>
        <translation>Llama 3（16,384 张 H100）</translation>
    </message>
    <message>
        <source>419 unexpected interruptions in 54 days on 16,384 H100 GPUs: 4.7e-4 per GPU-day (Dubey et al. 2024, Table 5)</source>
        <translation>16,384 张 H100 上 54 天内 419 次意外中断：每 GPU·天 4.7e-4 次（Dubey 等，2024，表 5）</translation>
    </message>
    <message>
        <source>Meta RSC-1 (A100)</source>
        <translation>Meta RSC-1（A100）</translation>
    </message>
    <message>
        <source>6.50 failures per 1,000 node-days (Kokolis et al. 2024, RSC-1)</source>
        <translation>每 1,000 节点·天 6.50 次故障（Kokolis 等，2024，RSC-1）</translation>
    </message>
    <message>
        <source>Meta RSC-2 (A100)</source>
        <translation>Meta RSC-2（A100）</translation>
    </message>
    <message>
        <source>2.34 failures per 1,000 node-days (Kokolis et al. 2024, RSC-2)</source>
        <translation>每 1,000 节点·天 2.34 次故障（Kokolis 等，2024，RSC-2）</translation>
    </message>
    <message>
        <source>OPT-175B (1,024 A100)</source>
        <translation>OPT-175B（1,024 张 A100）</translation>
    </message>
    <message>
        <source>about 2 of 128 machines down every day (OPT-175B logbook, final update)</source>
        <translation>128 台机器中每天约 2 台宕机（OPT-175B 训练日志，最终更新）</translation>
    </message>
    <message>
        <source>TP innermost (Megatron-LM default)</source>
        <translation>TP 最内层（Megatron-LM 默认）</translation>
    </message>
    <message>
        <source>ranks numbered tensor-parallel first, pipeline last: TP groups stay inside a node (megatron/core/parallel_state.py)</source>
        <translation>先按张量并行编号、流水线最后：TP 组留在节点内（megatron/core/parallel_state.py）</translation>
    </message>
    <message>
        <source>TP innermost, DP outermost</source>
        <translation>TP 最内层，DP 最外层</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s --use-tp-pp-dp-mapping: pipeline stages before data-parallel replicas</source>
        <translation>Megatron-LM 的 --use-tp-pp-dp-mapping：流水级排在数据并行副本之前</translation>
    </message>
    <message>
        <source>DP innermost (TP across nodes)</source>
        <translation>DP 最内层（TP 跨节点）</translation>
    </message>
    <message>
        <source>data-parallel ranks numbered first: a node holds replicas, and every TP group crosses the network</source>
        <translation>先按数据并行编号：一个节点放的是副本，每个 TP 组都要跨网络</translation>
    </message>
    <message>
        <source>LayerNorm without bias</source>
        <translation>无偏置 LayerNorm</translation>
    </message>
    <message>
        <source>LayerNorm with a scale and no bias (MPT&apos;s no_bias)</source>
        <translation>只有缩放、没有偏置的 LayerNorm（MPT 的 no_bias）</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>linear biases on the attention scores, no parameters (Press et al. 2022; BLOOM, MPT)</source>
        <translation>在注意力分数上加线性偏置，没有参数（Press 等 2022；BLOOM、MPT）</translation>
    </message>
    <message>
        <source>grouped-query attention</source>
        <translation>分组查询注意力</translation>
    </message>
    <message>
        <source>queries, keys and values projected from the hidden state; kv_heads groups (multi-head when equal to heads)</source>
        <translation>查询、键和值由隐藏状态投影得到；按 kv_heads 分组（与头数相等时即多头注意力）</translation>
    </message>
    <message>
        <source>multi-head latent attention</source>
        <translation>多头潜在注意力</translation>
    </message>
    <message>
        <source>DeepSeek&apos;s low-rank queries and keys/values (q_lora_rank, kv_lora_rank) with a separate rotary part</source>
        <translation>DeepSeek 的低秩查询与键/值（q_lora_rank、kv_lora_rank），旋转位置部分单独计算</translation>
    </message>
    <message>
        <source>Embedding norm</source>
        <translation>嵌入层归一化</translation>
    </message>
    <message>
        <source>a LayerNorm right after the token embedding (BLOOM)</source>
        <translation>紧接在词嵌入之后的 LayerNorm（BLOOM）</translation>
    </message>
    <message>
        <source>Parallel residual</source>
        <translation>并行残差</translation>
    </message>
    <message>
        <source>attention and MLP read the same input and add to one residual (GPT-J, GPT-NeoX, PaLM): one tensor-parallel all-reduce per layer instead of two</source>
        <translation>注意力和 MLP 读取同一输入并加到同一残差上（GPT-J、GPT-NeoX、PaLM）：每层一次张量并行 all-reduce，而不是两次</translation>
    </message>
    <message>
        <source>QK norm</source>
        <translation>QK 归一化</translation>
    </message>
    <message>
        <source>RMSNorm on every query and key head (Qwen3)</source>
        <translation>对每个查询头和键头做 RMSNorm（Qwen3）</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>grouped-query attention, or DeepSeek&apos;s multi-head latent attention (low-rank queries, keys and values)</source>
        <translation>分组查询注意力，或 DeepSeek 的多头潜在注意力（低秩的查询、键和值）</translation>
    </message>
    <message>
        <source>Query latent rank</source>
        <translation>查询潜在秩</translation>
    </message>
    <message>
        <source>MLA: rank of the query projection (0: queries projected directly)</source>
        <translation>MLA：查询投影的秩（0：直接投影查询）</translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation>KV 潜在秩</translation>
    </message>
    <message>
        <source>MLA: rank of the compressed key/value latent</source>
        <translation>MLA：压缩后的键/值潜在向量的秩</translation>
    </message>
    <message>
        <source>Rotary head dimension</source>
        <translation>旋转位置头维度</translation>
    </message>
    <message>
        <source>MLA: the rotary part of each query/key head (head dimension is the rest)</source>
        <translation>MLA：每个查询/键头中旋转位置编码的部分（头维度为其余部分）</translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation>值头维度</translation>
    </message>
    <message>
        <source>MLA: width of each value head</source>
        <translation>MLA：每个值头的宽度</translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>the first k layers keep a dense MLP of the FFN hidden size (DeepSeek&apos;s first_k_dense_replace)</source>
        <translation>前 k 层保留 FFN 隐藏维度的稠密 MLP（DeepSeek 的 first_k_dense_replace）</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>the defaults an engine or paper used (explicit fields override them)</source>
        <translation>某个引擎或论文所用的默认值（显式给出的字段优先）</translation>
    </message>
    <message>
        <source>ShardScope defaults</source>
        <translation>ShardScope 默认值</translation>
    </message>
    <message>
        <source>no engine&apos;s defaults: each field keeps ShardScope&apos;s own (docs/model.md)</source>
        <translation>不采用任何引擎的默认值：每个字段保留 ShardScope 自己的默认值（docs/model.md）</translation>
    </message>
    <message>
        <source>Megatron-LM 2021</source>
        <translation>Megatron-LM 2021</translation>
    </message>
    <message>
        <source>Narayanan et al. 2021: no FlashAttention, dropout on, no ZeRO, fused kernels, full recomputation</source>
        <translation>Narayanan 等 2021：不用 FlashAttention，开启 dropout，不用 ZeRO，融合内核，完全重计算</translation>
    </message>
    <message>
        <source>Megatron-Core</source>
        <translation>Megatron-Core</translation>
    </message>
    <message>
        <source>Megatron-LM core_v0.15.0: distributed optimizer (ZeRO-1), FlashAttention, selective recomputation, fused kernels, fp32 gradients</source>
        <translation>Megatron-LM core_v0.15.0：分布式优化器（ZeRO-1）、FlashAttention、选择性重计算、融合内核、fp32 梯度</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO-3</source>
        <translation>DeepSpeed ZeRO-3</translation>
    </message>
    <message>
        <source>DeepSpeed v0.16.4 stage 3 on a Hugging Face model: eager kernels, full recomputation, the model&apos;s own loss</source>
        <translation>在 Hugging Face 模型上运行 DeepSpeed v0.16.4 stage 3：eager 内核、完全重计算、模型自带的损失函数</translation>
    </message>
    <message>
        <source>torchtitan FSDP2</source>
        <translation>torchtitan FSDP2</translation>
    </message>
    <message>
        <source>torchtitan v0.2.2 defaults: FSDP2 (ZeRO-3), eager PyTorch kernels, SDPA, op-level selective checkpointing</source>
        <translation>torchtitan v0.2.2 默认值：FSDP2（ZeRO-3）、eager PyTorch 内核、SDPA、算子级选择性检查点</translation>
    </message>
    <message>
        <source>Hugging Face Trainer</source>
        <translation>Hugging Face Trainer</translation>
    </message>
    <message>
        <source>transformers Trainer with --bf16: DDP (no ZeRO), eager modules, SDPA, no gradient checkpointing</source>
        <translation>带 --bf16 的 transformers Trainer：DDP（不用 ZeRO）、eager 模块、SDPA、不做梯度检查点</translation>
    </message>
    <message>
        <source>%1: %2 GB = %3 GiB</source>
        <translation>%1：%2 GB = %3 GiB</translation>
    </message>
    <message>
        <source>This layout cannot run, so no numbers are shown:</source>
        <translation>此布局无法运行，因此不显示任何数字：</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Nearest layouts that run: %1</source>
        <translation>最接近的可运行布局：%1</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>the most tokens per second</source>
        <translation>每秒 token 数最多</translation>
    </message>
    <message>
        <source>time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>the fewest days for the scenario&apos;s training tokens</source>
        <translation>完成场景训练 token 所需天数最少</translation>
    </message>
    <message>
        <source>memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>the least memory on the most loaded GPU</source>
        <translation>负载最重的 GPU 显存占用最少</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>the fewest GPU-hours for the scenario&apos;s training tokens</source>
        <translation>完成场景训练 token 所需 GPU 小时最少</translation>
    </message>
    <message>
        <source>tp divides heads and widths</source>
        <translation>tp 整除头数和宽度</translation>
    </message>
    <message>
        <source>tp must divide the attention heads, KV groups and FFN widths</source>
        <translation>tp 必须整除注意力头数、KV 组数和 FFN 宽度</translation>
    </message>
    <message>
        <source>cp splits the sequence</source>
        <translation>cp 切分序列</translation>
    </message>
    <message>
        <source>the sequence must split into 2 x cp chunks</source>
        <translation>序列必须能切成 2 x cp 块</translation>
    </message>
    <message>
        <source>ep divides the experts</source>
        <translation>ep 整除专家数</translation>
    </message>
    <message>
        <source>ep must divide the experts of a MoE model</source>
        <translation>ep 必须整除 MoE 模型的专家数</translation>
    </message>
    <message>
        <source>sequence parallel needs tp</source>
        <translation>序列并行需要 tp</translation>
    </message>
    <message>
        <source>sequence parallelism splits over tp: with tp 1 it is the same layout</source>
        <translation>序列并行在 tp 上切分：tp 为 1 时与原布局相同</translation>
    </message>
    <message>
        <source>degrees multiply to the GPUs</source>
        <translation>各并行度之积等于 GPU 数</translation>
    </message>
    <message>
        <source>dp x tp x pp x cp must equal the GPU count</source>
        <translation>dp x tp x pp x cp 必须等于 GPU 数</translation>
    </message>
    <message>
        <source>layers split over pp</source>
        <translation>层数可分到 pp 上</translation>
    </message>
    <message>
        <source>the layers must split over the pipeline stages</source>
        <translation>层必须能分配到各流水线阶段</translation>
    </message>
    <message>
        <source>ep divides dp x cp</source>
        <translation>ep 整除 dp x cp</translation>
    </message>
    <message>
        <source>expert parallelism lives inside the dp x cp ranks</source>
        <translation>专家并行位于 dp x cp 的进程之内</translation>
    </message>
    <message>
        <source>global batch divisible</source>
        <translation>全局批次可整除</translation>
    </message>
    <message>
        <source>the global batch must be a multiple of micro-batch x dp</source>
        <translation>全局批次必须是 微批次 x dp 的倍数</translation>
    </message>
    <message>
        <source>ZeRO needs data parallelism</source>
        <translation>ZeRO 需要数据并行</translation>
    </message>
    <message>
        <source>ZeRO shards over dp x cp ranks: with one rank it is ZeRO-0</source>
        <translation>ZeRO 在 dp x cp 个进程上分片：只有一个进程时等同 ZeRO-0</translation>
    </message>
    <message>
        <source>offload needs ZeRO</source>
        <translation>卸载需要 ZeRO</translation>
    </message>
    <message>
        <source>optimizer offload needs ZeRO-1 or more, parameter offload ZeRO-3</source>
        <translation>优化器卸载需要 ZeRO-1 及以上，参数卸载需要 ZeRO-3</translation>
    </message>
    <message>
        <source>interleaving schedule</source>
        <translation>交错调度</translation>
    </message>
    <message>
        <source>vpp needs pp &gt; 1, stage layers divisible by vpp and micro-batches by pp</source>
        <translation>vpp 需要 pp &gt; 1、每阶段层数能被 vpp 整除、微批次数能被 pp 整除</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>the most loaded GPU needs more memory than it has</source>
        <translation>负载最重的 GPU 所需显存超过其容量</translation>
    </message>
    <message>
        <source>data parallel only</source>
        <translation>仅数据并行</translation>
    </message>
    <message>
        <source>dp (with ZeRO), no model parallelism</source>
        <translation>dp（可带 ZeRO），无模型并行</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>tp &gt; 1, pp 1</source>
        <translation>tp &gt; 1，pp 1</translation>
    </message>
    <message>
        <source>pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>pp &gt; 1, tp 1</source>
        <translation>pp &gt; 1，tp 1</translation>
    </message>
    <message>
        <source>tensor + pipeline</source>
        <translation>张量 + 流水线</translation>
    </message>
    <message>
        <source>tp &gt; 1 and pp &gt; 1</source>
        <translation>tp &gt; 1 且 pp &gt; 1</translation>
    </message>
    <message>
        <source>context or expert parallel</source>
        <translation>上下文或专家并行</translation>
    </message>
    <message>
        <source>cp &gt; 1 or ep &gt; 1</source>
        <translation>cp &gt; 1 或 ep &gt; 1</translation>
    </message>
    <message>
        <source>7B LoRA fine-tune on one GPU</source>
        <translation>单卡 7B LoRA 微调</translation>
    </message>
    <message>
        <source>the article: under 10B, fine-tune with LoRA on one card</source>
        <translation>文章：10B 以下，用 LoRA 在单卡上微调</translation>
    </message>
    <message>
        <source>prototype on one node</source>
        <translation>单节点原型</translation>
    </message>
    <message>
        <source>the article: under 10B, one machine with data parallelism</source>
        <translation>文章：10B 以下，单机数据并行</translation>
    </message>
    <message>
        <source>70B pretraining on a cluster</source>
        <translation>集群上预训练 70B</translation>
    </message>
    <message>
        <source>the article: TP inside a node, PP and DP across nodes, with ZeRO</source>
        <translation>文章：TP 放在节点内，PP 和 DP 跨节点，配合 ZeRO</translation>
    </message>
    <message>
        <source>128K context</source>
        <translation>128K 上下文</translation>
    </message>
    <message>
        <source>the article: long context needs context parallelism</source>
        <translation>文章：长上下文需要上下文并行</translation>
    </message>
    <message>
        <source>a flat fraction of peak for every GEMM, 0.01 to 1 (no real GEMM runs below 1 % of peak), instead of the GPU&apos;s measured one and each GEMM&apos;s shape</source>
        <translation>每个 GEMM 使用统一的峰值比例，0.01 到 1（真实的 GEMM 不会低于峰值的 1%），代替该 GPU 的实测值和每个 GEMM 的形状</translation>
    </message>
    <message>
        <source>achieved fraction of HBM bandwidth, 0.01 to 1 (no real kernel reaches less than 1 %)</source>
        <translation>实际达到的 HBM 带宽比例，0.01 到 1（真实的内核不会低于 1%）</translation>
    </message>
    <message>
        <source>NCCL bus bandwidth / link bandwidth, 0.01 to 1 (no real collective reaches less than 1 %)</source>
        <translation>NCCL 总线带宽 / 链路带宽，0.01 到 1（真实的集合通信不会低于 1%）</translation>
    </message>
    <message>
        <source>PP overlap</source>
        <translation>PP 重叠</translation>
    </message>
    <message>
        <source>share of the interleaved schedule&apos;s steady-state pipeline send/recv hidden (Megatron-LM overlap_p2p_comm: 1; 0 waits on each)</source>
        <translation>交错调度稳态阶段中被隐藏的流水线 send/recv 比例（Megatron-LM overlap_p2p_comm：1；0 表示每次都等待）</translation>
    </message>
</context>
<context>
    <name>ViewTitle</name>
    <message>
        <source>Memory and step time</source>
        <translation>显存与步时间</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>数值精度</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Data sharding</source>
        <translation>数据分片</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运维</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ChartBase</name>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ChartPanel</name>
    <message>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <source>Save this chart as PNG, SVG or PDF</source>
        <translation>将此图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Copy this chart to the clipboard as an image</source>
        <translation>将此图表作为图像复制到剪贴板</translation>
    </message>
    <message>
        <source>Copy table</source>
        <translation>复制表格</translation>
    </message>
    <message>
        <source>Copy the numbers as tab-separated text (Ctrl+C in the table)</source>
        <translation>将数值复制为制表符分隔的文本（在表格中按 Ctrl+C）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::CheckpointChart</name>
    <message>
        <source>%1 kB</source>
        <translation>%1 kB</translation>
    </message>
    <message>
        <source>Checkpoint size chart</source>
        <translation>检查点大小图</translation>
    </message>
    <message>
        <source>What a checkpoint holds and how long it takes to write</source>
        <translation>检查点里有什么，写入要多久</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>One GPU</source>
        <translation>单 GPU</translation>
    </message>
    <message>
        <source>Most loaded rank</source>
        <translation>负载最重的 rank</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>不保存</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>Load on restart</source>
        <translation>重启时加载</translation>
    </message>
    <message>
        <source>Training stops</source>
        <translation>训练暂停</translation>
    </message>
    <message>
        <source>step counters, generators, data-loader position</source>
        <translation>步数计数器、随机数生成器、数据加载位置</translation>
    </message>
    <message>
        <source>One GPU:
the whole checkpoint</source>
        <translation>单卡：
整个检查点</translation>
    </message>
    <message>
        <source>Checkpoint (GB, 10^9 bytes)</source>
        <translation>检查点（GB，10^9 字节）</translation>
    </message>
    <message>
        <source>%1
write %2</source>
        <translation>%1
写入 %2</translation>
    </message>
    <message>
        <source>%1
training stops %2</source>
        <translation>%1
训练暂停 %2</translation>
    </message>
    <message>
        <source>asynchronous: training waits only for the copy to host memory</source>
        <translation>异步：训练只等待拷贝到主机内存</translation>
    </message>
    <message>
        <source>synchronous: training waits for the write</source>
        <translation>同步：训练等待写入完成</translation>
    </message>
    <message>
        <source>Gradients are not saved. Measured write time %1; %2</source>
        <translation>梯度不保存。实测写入时间 %1；%2</translation>
    </message>
    <message>
        <source>Gradients are not saved. Storage %1 GB/s in all, %2 GB/s per node; %3</source>
        <translation>梯度不保存。存储总带宽 %1 GB/s，每节点 %2 GB/s；%3</translation>
    </message>
    <message numerus="yes">
        <source>Whole job (%n GPUs)</source>
        <translation>
            <numerusform>整个作业（%n 张 GPU）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs:
the whole checkpoint</source>
        <translation>
            <numerusform>%n 张 GPU：
整个检查点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs:
the rank that writes most</source>
        <translation>
            <numerusform>%n 张 GPU：
写入最多的 rank</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ComparisonChart</name>
    <message>
        <source>Single GPU versus cluster table</source>
        <translation>单卡与集群对比表</translation>
    </message>
    <message>
        <source>Architecture limit</source>
        <translation>架构上限</translation>
    </message>
    <message>
        <source>one %1 with %2</source>
        <translation>一张 %1，显存 %2</translation>
    </message>
    <message>
        <source>Memory use</source>
        <translation>显存占用</translation>
    </message>
    <message>
        <source>%1 needed: %2</source>
        <translation>需要 %1：%2</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1 on the most loaded GPU (ZeRO-%2): %3</source>
        <translation>负载最重的 GPU 上 %1（ZeRO-%2）：%3</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 per step, %2 of it exposed (%3% of the step)</source>
        <translation>每步 %1，其中暴露 %2（占步时间 %3%）</translation>
    </message>
    <message>
        <source>Precision upkeep</source>
        <translation>精度维护</translation>
    </message>
    <message>
        <source>fp32 master weights and optimizer states: %1</source>
        <translation>fp32 主权重与优化器状态：%1</translation>
    </message>
    <message>
        <source>compute: %1 per step</source>
        <translation>计算：每步 %1</translation>
    </message>
    <message>
        <source>memory: needs %1 times the GPU</source>
        <translation>显存：需要该 GPU 的 %1 倍</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <source>memory: %1 over the GPU</source>
        <translation>显存：超出该 GPU %1</translation>
    </message>
    <message>
        <source>%1 %2% and %3 %4% of the step</source>
        <translation>%1 占步时间 %2%，%3 占 %4%</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运维</translation>
    </message>
    <message>
        <source>checkpoint %1 written in %2; interrupted every %3; ETTR %4%</source>
        <translation>检查点 %1，写入 %2；每 %3 中断一次；ETTR %4%</translation>
    </message>
    <message>
        <source>checkpoint %1, %2 per rank, written in %3; interrupted every %4, %5 times over the run; ETTR %6%</source>
        <translation>检查点 %1，每个 rank %2，写入 %3；每 %4 中断一次，全程 %5 次；ETTR %6%</translation>
    </message>
    <message>
        <source>Time to train %1 tokens</source>
        <translation>训练 %1 个 token 所需时间</translation>
    </message>
    <message>
        <source>%1, %2 with failures</source>
        <translation>%1，计入故障 %2</translation>
    </message>
    <message>
        <source>Typical use</source>
        <translation>典型用途</translation>
    </message>
    <message>
        <source>LoRA fine-tuning of this model: %1, %2</source>
        <translation>对该模型做 LoRA 微调：%1，%2</translation>
    </message>
    <message>
        <source>pre-training: %1 tokens in %2</source>
        <translation>预训练：%1 个 token 用时 %2</translation>
    </message>
    <message>
        <source>One GPU</source>
        <translation>单 GPU</translation>
    </message>
    <message>
        <source>%1, %2 tokens; every figure comes from the same estimate as the other charts</source>
        <translation>%1，%2 个 token；每个数字都来自与其他图表相同的估算</translation>
    </message>
    <message numerus="yes">
        <source>One GPU against %n GPUs, in this scenario&apos;s numbers</source>
        <translation>
            <numerusform>单卡对比 %n 张 GPU：本场景的具体数字</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs = DP %1 x TP %2 x PP %3 x CP %4, %5 to a node</source>
        <translation>
            <numerusform>%n 张 GPU = DP %1 x TP %2 x PP %3 x CP %4，每节点 %5 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per GPU, sharded over %n ranks</source>
        <translation>
            <numerusform>每张 GPU %1，切分到 %n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per GPU, copied on %n ranks</source>
        <translation>
            <numerusform>每张 GPU %1，在 %n 个 rank 上各存一份</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; gradients summed over %n ranks</source>
        <translation>
            <numerusform>；梯度在 %n 个 rank 间求和</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 张 GPU</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::DataShardingChart</name>
    <message>
        <source>Data sharding chart</source>
        <translation>数据分片图</translation>
    </message>
    <message>
        <source>Every rank reads different samples</source>
        <translation>每个 rank 读取不同的样本</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Samples read</source>
        <translation>读取样本数</translation>
    </message>
    <message>
        <source>Of which duplicates</source>
        <translation>其中重复</translation>
    </message>
    <message>
        <source>First samples</source>
        <translation>前几个样本</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Reading position on the rank</source>
        <translation>在该 rank 上的读取位置</translation>
    </message>
    <message>
        <source>Data-parallel rank</source>
        <translation>数据并行 rank</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>shuffled by torch.randperm, generator seed %1</source>
        <translation>由 torch.randperm 打乱，生成器种子 %1</translation>
    </message>
    <message>
        <source>more than 10,000 samples: counts only</source>
        <translation>样本超过 10,000 个：只给出计数</translation>
    </message>
    <message>
        <source>showing the first %1 ranks and %2 positions</source>
        <translation>仅显示前 %1 个 rank 和前 %2 个位置</translation>
    </message>
    <message>
        <source>manifest %1</source>
        <translation>清单哈希 %1</translation>
    </message>
    <message numerus="yes">
        <source>DistributedSampler: %1 samples on %n ranks, %2 each; %3 duplicates (orange), %4 dropped (grey)</source>
        <translation>
            <numerusform>DistributedSampler：%1 个样本分到 %n 个 rank，每个 %2 个；%3 个重复（橙色），%4 个丢弃（灰色）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Megatron-LM sampler: %1 samples on %n ranks, %2 each this epoch; %3 duplicates, %4 dropped (grey)</source>
        <translation>
            <numerusform>Megatron-LM 采样器：%1 个样本分到 %n 个 rank，本轮每个 %2 个；%3 个重复，%4 个丢弃（灰色）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::DataView</name>
    <message>
        <source>Manifest (SHA-256 of sampler, N, R, drop_last, shuffle, seed, epoch, consumed, micro-batch): %1</source>
        <translation>清单哈希（采样器、N、R、drop_last、shuffle、seed、epoch、已消耗样本、微批的 SHA-256）：%1</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>样本数(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Ranks:</source>
        <translation>Rank 数(&amp;R)：</translation>
    </message>
    <message>
        <source>Sa&amp;mpler:</source>
        <translation>采样器(&amp;M)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>E&amp;poch:</source>
        <translation>轮次(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Micro-batch:</source>
        <translation>微批(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Consumed:</source>
        <translation>已消耗(&amp;C)：</translation>
    </message>
    <message>
        <source>S&amp;huffle</source>
        <translation>打乱(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Drop last</source>
        <translation>丢弃尾部(&amp;D)</translation>
    </message>
    <message>
        <source>DistributedSampler: torch.randperm seeded with seed + epoch. Megatron-LM: the cyclic sampler, seeded with the epoch</source>
        <translation>DistributedSampler：以 seed + epoch 为种子的 torch.randperm。Megatron-LM：cyclic 采样器，只以轮次为种子</translation>
    </message>
    <message>
        <source>Drop the tail instead of repeating samples from the start</source>
        <translation>丢弃尾部，而不是从头重复样本补齐</translation>
    </message>
    <message>
        <source>Megatron-LM: samples consumed before a resume (a global count)</source>
        <translation>Megatron-LM：恢复训练前已消耗的样本数（全局计数）</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>TP rank</translation>
    </message>
    <message>
        <source>DP rank</source>
        <translation>DP rank</translation>
    </message>
    <message>
        <source>PP rank</source>
        <translation>PP rank</translation>
    </message>
    <message>
        <source>Python, NumPy, torch seed</source>
        <translation>Python、NumPy、torch 种子</translation>
    </message>
    <message>
        <source>Dropout seed in TP regions</source>
        <translation>TP 区域的 dropout 种子</translation>
    </message>
    <message>
        <source>Megatron-LM: seed + 100 x pipeline rank; tensor-parallel regions add 2718 + tensor-parallel rank (megatron/training/initialize.py, megatron/core/tensor_parallel/random.py)</source>
        <translation>Megatron-LM：seed + 100 × 流水线 rank；张量并行区域再加 2718 + 张量并行 rank（megatron/training/initialize.py、megatron/core/tensor_parallel/random.py）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::DiagnosticsView</name>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#208040&apos;&gt;&lt;b&gt;OK&lt;/b&gt;&lt;/span&gt; The layout is valid and fits in memory.</source>
        <translation>&lt;span style=&apos;color:#208040&apos;&gt;&lt;b&gt;正常&lt;/b&gt;&lt;/span&gt; 并行布局有效，且显存足够。</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::DriftChart</name>
    <message>
        <source>Weight drift chart</source>
        <translation>权重漂移图</translation>
    </message>
    <message>
        <source>%1 weight starting at %2, plus %3, %4 times</source>
        <translation>%1 权重：初值 %2，每步加 %3，共 %4 次</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Final value</source>
        <translation>最终值</translation>
    </message>
    <message>
        <source>Exact</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>Update step</source>
        <translation>更新步</translation>
    </message>
    <message>
        <source>Weight value</source>
        <translation>权重值</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>In %1 the smallest update that still moves %2 is %3; anything smaller is rounded away</source>
        <translation>在 %1 中，仍能改变 %2 的最小更新量是 %3；更小的更新会被舍入抹平</translation>
    </message>
    <message>
        <source>Steps the stored value did not move</source>
        <translation>存储值未变化的步数</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::EngineConfigDialog</name>
    <message>
        <source>&amp;Save...</source>
        <translation>保存(&amp;S)...</translation>
    </message>
    <message>
        <source>Export training config</source>
        <translation>导出训练配置</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>引擎(&amp;E)：</translation>
    </message>
    <message>
        <source>Targets:</source>
        <translation>目标版本：</translation>
    </message>
    <message>
        <source>Launch:</source>
        <translation>启动命令：</translation>
    </message>
    <message>
        <source>Every rule of this engine holds for the scenario.</source>
        <translation>该场景满足此引擎的全部规则。</translation>
    </message>
    <message>
        <source>The scenario cannot be expressed in this engine: change what the message above names.</source>
        <translation>此引擎无法表达该场景：请修改上面消息所指出的设置。</translation>
    </message>
    <message>
        <source>Save training config</source>
        <translation>保存训练配置</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ExportDialog</name>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;File (.png, .svg, .pdf):</source>
        <translation>文件 (.png, .svg, .pdf)(&amp;F):</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W):</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H):</translation>
    </message>
    <message>
        <source>PNG &amp;scale:</source>
        <translation>PNG 缩放比例(&amp;S):</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>自定义尺寸</translation>
    </message>
    <message>
        <source>Slide, 1920 x 1080 (large type)</source>
        <translation>幻灯片，1920 x 1080（大字）</translation>
    </message>
    <message>
        <source>Slide, 3840 x 2160 (large type)</source>
        <translation>幻灯片，3840 x 2160（大字）</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>As the window</source>
        <translation>与窗口相同</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation>主题(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::FieldPanel</name>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::LayoutPanel</name>
    <message>
        <source>Change GPU count</source>
        <translation>修改 GPU 数</translation>
    </message>
    <message>
        <source>Change tensor parallelism</source>
        <translation>修改张量并行</translation>
    </message>
    <message>
        <source>Change pipeline parallelism</source>
        <translation>修改流水线并行</translation>
    </message>
    <message>
        <source>Change context parallelism</source>
        <translation>修改上下文并行</translation>
    </message>
    <message>
        <source>Change expert parallelism</source>
        <translation>修改专家并行</translation>
    </message>
    <message>
        <source>Change virtual pipeline stages</source>
        <translation>修改虚拟流水线阶段</translation>
    </message>
    <message>
        <source>Change GPUs per node</source>
        <translation>修改每节点 GPU 数</translation>
    </message>
    <message>
        <source>Change ZeRO stage</source>
        <translation>修改 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Change offload</source>
        <translation>修改卸载</translation>
    </message>
    <message>
        <source>Toggle sequence parallelism</source>
        <translation>切换序列并行</translation>
    </message>
    <message>
        <source>Change GPU</source>
        <translation>修改 GPU</translation>
    </message>
    <message>
        <source>Data parallel (DP): the GPU count is not a multiple of TP x PP x CP</source>
        <translation>数据并行（DP）：GPU 数不是 TP x PP x CP 的倍数</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>How many GPUs train together; data parallelism fills what TP, PP and CP leave</source>
        <translation>参与训练的 GPU 总数；TP、PP、CP 之外的部分由数据并行填满</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Splits every weight matrix across GPUs; needs fast links, so it stays inside a node</source>
        <translation>将每个权重矩阵切分到多个 GPU 上；需要高速互联，因此通常限于节点内</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>级</translation>
    </message>
    <message>
        <source>Splits the layers into stages on different GPUs; costs a pipeline bubble</source>
        <translation>将各层划分为若干级放在不同 GPU 上；代价是流水线气泡</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Splits the sequence across GPUs: the cure for very long contexts</source>
        <translation>将序列切分到多个 GPU 上：超长上下文的解决之道</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Places different experts of a mixture-of-experts model on different GPUs</source>
        <translation>将混合专家模型的不同专家放到不同 GPU 上</translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation>虚拟流水线阶段</translation>
    </message>
    <message>
        <source>Model chunks per GPU for the interleaved schedule: a smaller bubble</source>
        <translation>交错调度下每个 GPU 上的模型块数：气泡更小</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPUs that share the fast intra-node links (NVLink)</source>
        <translation>共享节点内高速互联（NVLink）的 GPU 数</translation>
    </message>
    <message>
        <source>&amp;ZeRO / FSDP:</source>
        <translation>ZeRO / FSDP(&amp;Z):</translation>
    </message>
    <message>
        <source>0: replicate everything (plain DP)</source>
        <translation>0：全部复制（普通 DP）</translation>
    </message>
    <message>
        <source>1: shard optimizer states</source>
        <translation>1：切分优化器状态</translation>
    </message>
    <message>
        <source>2: also shard gradients</source>
        <translation>2：再切分梯度</translation>
    </message>
    <message>
        <source>3: also shard weights (FSDP)</source>
        <translation>3：再切分权重（FSDP）</translation>
    </message>
    <message>
        <source>ZeRO shards model states across the data-parallel GPUs instead of copying them</source>
        <translation>ZeRO 将模型状态切分到各数据并行 GPU 上，而不是每个 GPU 复制一份</translation>
    </message>
    <message>
        <source>&amp;Sequence parallelism</source>
        <translation>序列并行(&amp;S)</translation>
    </message>
    <message>
        <source>Also splits norms and dropout along the sequence across the TP GPUs</source>
        <translation>还会在 TP 组内沿序列维度切分归一化和 dropout</translation>
    </message>
    <message>
        <source>O&amp;ffload:</source>
        <translation>卸载(&amp;F):</translation>
    </message>
    <message>
        <source>Keep optimizer states (and parameters) in CPU memory: less GPU memory, slower steps</source>
        <translation>将优化器状态（和参数）放在 CPU 内存中：GPU 显存更省，训练步更慢</translation>
    </message>
    <message>
        <source>G&amp;PU:</source>
        <translation>GPU(&amp;P):</translation>
    </message>
    <message>
        <source>Memory, peak FLOP/s and link bandwidths come from the GPU&apos;s datasheet</source>
        <translation>显存、峰值 FLOP/s 和互联带宽取自 GPU 的规格书</translation>
    </message>
    <message>
        <source>Change rank order</source>
        <translation>更改 rank 编号顺序</translation>
    </message>
    <message>
        <source>&amp;Rank order:</source>
        <translation>Rank 顺序(&amp;R)：</translation>
    </message>
    <message>
        <source>How ranks are numbered, innermost first; GPUs fill nodes in rank order, so the innermost dimension stays inside a node</source>
        <translation>rank 的编号方式，最内层在前；GPU 按 rank 顺序填满节点，因此最内层的维度留在节点内</translation>
    </message>
    <message numerus="yes">
        <source>Data parallel (DP): %1 = %n GPUs / (TP %2 x PP %3 x CP %4)</source>
        <translation>
            <numerusform>数据并行（DP）：%1 = %n 张 GPU / (TP %2 x PP %3 x CP %4)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::MainWindow</name>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>This layout cannot run: see the messages above the charts</source>
        <translation>此布局无法运行：请查看图表上方的消息</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>%1[*] - ShardScope</source>
        <translation>%1[*] - ShardScope</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>About ShardScope</source>
        <translation>关于 ShardScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ShardScope&lt;/h3&gt;&lt;p&gt;Why training a large model is hard: memory, communication, time and numerical precision, one GPU versus many, computed live from cited models.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ShardScope&lt;/h3&gt;&lt;p&gt;为什么训练大模型这么难：显存、通信、时间与数值精度，单 GPU 与多 GPU 对比，基于有文献依据的模型实时计算。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start from the article&apos;s example: 7B parameters, 64 GPUs</source>
        <translation>从文章中的示例开始：7B 参数，64 个 GPU</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Save the scenario under a new name</source>
        <translation>以新名称保存场景</translation>
    </message>
    <message>
        <source>&amp;Import config.json...</source>
        <translation>导入 config.json(&amp;I)...</translation>
    </message>
    <message>
        <source>Take the model&apos;s shape from a Hugging Face config.json</source>
        <translation>从 Hugging Face config.json 读取模型结构</translation>
    </message>
    <message>
        <source>&amp;Export chart...</source>
        <translation>导出图表(&amp;E)...</translation>
    </message>
    <message>
        <source>Save the chart on this tab as PNG, SVG or PDF</source>
        <translation>将当前标签页的图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Export &amp;all charts...</source>
        <translation>导出全部图表(&amp;A)...</translation>
    </message>
    <message>
        <source>Save every chart into a folder</source>
        <translation>将所有图表保存到一个文件夹</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit ShardScope</source>
        <translation>退出 ShardScope</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Copy chart &amp;image</source>
        <translation>复制图表图像(&amp;I)</translation>
    </message>
    <message>
        <source>Copy the chart on this tab to the clipboard</source>
        <translation>将当前标签页的图表复制到剪贴板</translation>
    </message>
    <message>
        <source>Copy chart &amp;table</source>
        <translation>复制图表表格(&amp;T)</translation>
    </message>
    <message>
        <source>Copy the numbers of the chart on this tab</source>
        <translation>复制当前标签页图表的数值</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen for a projector (F11)</source>
        <translation>全屏显示，适合投影（F11）</translation>
    </message>
    <message>
        <source>&amp;Larger text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>Larger text in the window and the charts</source>
        <translation>放大窗口和图表中的文字</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>缩小文字(&amp;S)</translation>
    </message>
    <message>
        <source>Smaller text in the window and the charts</source>
        <translation>缩小窗口和图表中的文字</translation>
    </message>
    <message>
        <source>&amp;Normal text size</source>
        <translation>默认文字大小(&amp;N)</translation>
    </message>
    <message>
        <source>Reset the text size</source>
        <translation>恢复默认文字大小</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>Light theme</source>
        <translation>浅色主题</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <source>&amp;About ShardScope</source>
        <translation>关于 ShardScope(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;controls</source>
        <translation>显示控制面板(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Export all charts to</source>
        <translation>导出全部图表到</translation>
    </message>
    <message>
        <source>Export all charts</source>
        <translation>导出全部图表</translation>
    </message>
    <message>
        <source>Saved %1 charts in %2</source>
        <translation>已将 %1 个图表保存到 %2</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>ShardScope scenarios (%1)</source>
        <translation>ShardScope 场景 (%1)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The scenario has changed. Save the changes?</source>
        <translation>场景已修改。是否保存更改？</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json)</source>
        <translation>模型配置 (config.json *.json)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>&amp;Validation...</source>
        <translation>验证(&amp;V)...</translation>
    </message>
    <message>
        <source>Every number checked against papers, other engines and PyTorch</source>
        <translation>每个数字都与论文、其他引擎和 PyTorch 实测核对</translation>
    </message>
    <message>
        <source>; %1 to train, %2 with failures (ETTR %3%)</source>
        <translation>；训练需 %1，计入故障 %2（ETTR %3%）</translation>
    </message>
    <message>
        <source>Export &amp;training config...</source>
        <translation>导出训练配置(&amp;T)...</translation>
    </message>
    <message>
        <source>The scenario as Megatron-LM, DeepSpeed, torchtitan or Accelerate settings, or a torchrun script</source>
        <translation>把场景导出为 Megatron-LM、DeepSpeed、torchtitan 或 Accelerate 的配置，或 torchrun 脚本</translation>
    </message>
    <message>
        <source>Autosave is off: another ShardScope window is saving its scenario.</source>
        <translation>自动保存已关闭：另一个 ShardScope 窗口正在保存它的场景。</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <source>Restore scenario</source>
        <translation>恢复场景</translation>
    </message>
    <message>
        <source>ShardScope did not close normally. Restore the scenario saved automatically at %1?</source>
        <translation>ShardScope 上次未正常关闭。要恢复 %1 自动保存的场景吗？</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>Restore autosaved scenario</source>
        <translation>恢复自动保存的场景</translation>
    </message>
    <message>
        <source>Restored the autosaved scenario.</source>
        <translation>已恢复自动保存的场景。</translation>
    </message>
    <message>
        <source>Guided tour of the article</source>
        <translation>文章导览</translation>
    </message>
    <message>
        <source>The model and its formulas</source>
        <translation>模型与公式</translation>
    </message>
    <message>
        <source>&lt;h3&gt;How ShardScope computes&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Model states&lt;/b&gt; (the article): bf16 weights 2 B + bf16 gradients 2 B + fp32 master weights 4 B + Adam m 4 B + Adam v 4 B = 16 B per parameter; 7e9 x 16 B = 112 GB. ZeRO (Rajbhandari et al. 2020): stage 1 divides the optimizer states by the data-parallel size N&lt;sub&gt;d&lt;/sub&gt;, stage 2 also the gradients, stage 3 also the weights: 112 GB / 64 = 1.75 GB.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Activations&lt;/b&gt; per layer (Korthikanti et al. 2022, Table 2): s b h (34 + 5 a s / h) bytes without parallelism; tensor and sequence parallelism divide it by t; FlashAttention replaces the s&lt;sup&gt;2&lt;/sup&gt; terms (5 a s / h) by its small statistics; full recomputation keeps only each layer&apos;s input.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Communication&lt;/b&gt; (nccl-tests, alpha-beta): a ring all-reduce of B bytes over n GPUs takes 2 (n-1) x latency + 2 (n-1)/n x B / (bandwidth x link efficiency); all-gather and reduce-scatter (n-1) steps and (n-1)/n x B. Inside a node the bandwidth is NVLink&apos;s, across nodes the network&apos;s.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Step time&lt;/b&gt; (Narayanan et al. 2021): m micro-batches x (compute + exposed traffic) + the pipeline bubble (p-1)/(v m) + exposed data-parallel traffic + the optimizer step. &lt;b&gt;MFU&lt;/b&gt; = model FLOPs (6 N per token plus attention) / (GPUs x peak FLOP/s x step time): a percent of the GPUs&apos; peak.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Precision&lt;/b&gt;: round to nearest even in bf16 (8 significant bits): the spacing at 1 is 2&lt;sup&gt;-7&lt;/sup&gt; = 0.0078125, so 1.0 + 1e-4 rounds back to 1.0. Checked bit for bit against PyTorch.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Operations&lt;/b&gt;: failures grow with the GPU count; checkpoint interval by Young (1974) and Daly (2006); ETTR = failure-free time / wall-clock time.&lt;/p&gt;&lt;p&gt;Help &amp;gt; Validation lists every number checked against its published source.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ShardScope 如何计算&lt;/h3&gt;&lt;p&gt;&lt;b&gt;模型状态&lt;/b&gt;（文章）：bf16 权重 2 B + bf16 梯度 2 B + fp32 主权重 4 B + Adam m 4 B + Adam v 4 B = 每参数 16 B；7e9 x 16 B = 112 GB。ZeRO（Rajbhandari 等，2020）：阶段 1 把优化器状态除以数据并行规模 N&lt;sub&gt;d&lt;/sub&gt;，阶段 2 再切分梯度，阶段 3 再切分权重：112 GB / 64 = 1.75 GB。&lt;/p&gt;&lt;p&gt;&lt;b&gt;激活值&lt;/b&gt;每层（Korthikanti 等，2022，表 2）：不并行时为 s b h (34 + 5 a s / h) 字节；张量并行加序列并行把它除以 t；FlashAttention 用很小的统计量取代 s&lt;sup&gt;2&lt;/sup&gt; 项（5 a s / h）；完全重计算只保留每层的输入。&lt;/p&gt;&lt;p&gt;&lt;b&gt;通信&lt;/b&gt;（nccl-tests，alpha-beta 模型）：n 张 GPU 上 B 字节的环形 all-reduce 耗时 2 (n-1) x 延迟 + 2 (n-1)/n x B / (带宽 x 链路效率)；all-gather 与 reduce-scatter 为 (n-1) 步、(n-1)/n x B。节点内用 NVLink 带宽，跨节点用网络带宽。&lt;/p&gt;&lt;p&gt;&lt;b&gt;每步时间&lt;/b&gt;（Narayanan 等，2021）：m 个微批 x（计算 + 未被掩盖的通信）+ 流水线气泡 (p-1)/(v m) + 未被掩盖的数据并行通信 + 优化器更新。&lt;b&gt;MFU&lt;/b&gt; = 模型 FLOPs（每 token 6 N 加注意力）/（GPU 数 x 峰值 FLOP/s x 每步时间）：占 GPU 峰值的百分比。&lt;/p&gt;&lt;p&gt;&lt;b&gt;精度&lt;/b&gt;：bf16 按最近偶数舍入（8 位有效位）：1 附近的间距是 2&lt;sup&gt;-7&lt;/sup&gt; = 0.0078125，所以 1.0 + 1e-4 舍入后仍是 1.0。与 PyTorch 逐位核对。&lt;/p&gt;&lt;p&gt;&lt;b&gt;运维&lt;/b&gt;：故障随 GPU 数增长；检查点间隔按 Young（1974）与 Daly（2006）；ETTR = 无故障时间 / 实际耗时。&lt;/p&gt;&lt;p&gt;帮助 &amp;gt; 验证 列出每个与其公开来源核对过的数字。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The &amp;model and its formulas</source>
        <translation>模型与公式(&amp;M)</translation>
    </message>
    <message>
        <source>How every number is computed, and from which source</source>
        <translation>每个数字如何计算、出自何处</translation>
    </message>
    <message>
        <source>Guided &amp;tour of the article</source>
        <translation>文章导览(&amp;T)</translation>
    </message>
    <message>
        <source>The article&apos;s arguments step by step, each with its chart and its number (Page Down: next)</source>
        <translation>逐步讲解文章的论点，每一步配有图表和推导出的数字（Page Down：下一步）</translation>
    </message>
    <message numerus="yes">
        <source>%1 parameters on %n GPUs: %2 on the most loaded GPU of %3 (%4); step %5, MFU %6%</source>
        <translation>
            <numerusform>%1 参数，%n 张 GPU：负载最高的 GPU 占用 %2 / %3（%4）；每步 %5，MFU %6%</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::MemoryChart</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32 主权重</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <source>Memory per GPU chart</source>
        <translation>每个 GPU 的显存图</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>One GPU (GB)</source>
        <translation>单 GPU（GB）</translation>
    </message>
    <message>
        <source>Most loaded GPU (GB)</source>
        <translation>负载最高的 GPU（GB）</translation>
    </message>
    <message>
        <source>Model states</source>
        <translation>模型状态</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 容量</translation>
    </message>
    <message>
        <source>One GPU
(no parallelism)</source>
        <translation>单 GPU
（无并行）</translation>
    </message>
    <message>
        <source>Memory (GB, 10^9 bytes)</source>
        <translation>显存（GB，10^9 字节）</translation>
    </message>
    <message>
        <source>model states
%1</source>
        <translation>模型状态
%1</translation>
    </message>
    <message numerus="yes">
        <source>Memory per GPU: one GPU versus %n GPUs</source>
        <translation>
            <numerusform>每张 GPU 的显存：单 GPU 与 %n 张 GPU 对比</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Most loaded of %n GPUs
(pipeline stage %1)</source>
        <translation>
            <numerusform>%n 张 GPU 中负载最高者
（流水线第 %1 级）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Model states: %1 bytes × %2 parameters = %3 on one GPU
%4 on each of %n GPUs (ZeRO-%5, TP %6, PP %7)</source>
        <translation>
            <numerusform>模型状态：%1 字节 × %2 参数 = 单 GPU 上 %3
%n 张 GPU 上每张 %4（ZeRO-%5，TP %6，PP %7）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::MigrationView</name>
    <message>
        <source>first stage</source>
        <translation>第一级</translation>
    </message>
    <message>
        <source>every layer&apos;s stage</source>
        <translation>各层所在的流水级</translation>
    </message>
    <message>
        <source>last stage</source>
        <translation>最后一级</translation>
    </message>
    <message>
        <source>last stage (tied copy)</source>
        <translation>最后一级（共享副本）</translation>
    </message>
    <message>
        <source>Pitfall</source>
        <translation>陷阱</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Checkpoint &amp;from:</source>
        <translation>检查点来源布局(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;to:</source>
        <translation>目标布局(&amp;T)：</translation>
    </message>
    <message>
        <source>tp=8,pp=4,dp=2,zero=1 (also ep=, vpp=, first=, last= for uneven stages)</source>
        <translation>tp=8,pp=4,dp=2,zero=1（还可用 ep=、vpp=，以及用于不均匀流水级的 first=、last=）</translation>
    </message>
    <message>
        <source>Every tensor of the checkpoint and how tensor parallelism cuts it:</source>
        <translation>检查点中的每个张量及其在张量并行下的切分方式：</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Global shape</source>
        <translation>全局形状</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>切分</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Held by</source>
        <translation>所在位置</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ModelPanel</name>
    <message>
        <source>Change parameter count</source>
        <translation>修改参数量</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>修改序列长度</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>修改微批次</translation>
    </message>
    <message>
        <source>Change global batch</source>
        <translation>修改全局批次</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>修改 LoRA 秩</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>选择模型 %1</translation>
    </message>
    <message>
        <source>Change precision</source>
        <translation>修改精度</translation>
    </message>
    <message>
        <source>Change gradient dtype</source>
        <translation>修改梯度类型</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>修改优化器</translation>
    </message>
    <message>
        <source>Change fine-tuning mode</source>
        <translation>修改微调方式</translation>
    </message>
    <message>
        <source>Change recomputation</source>
        <translation>修改重计算</translation>
    </message>
    <message>
        <source>Toggle FlashAttention</source>
        <translation>切换 FlashAttention</translation>
    </message>
    <message>
        <source>Import config.json</source>
        <translation>导入 config.json</translation>
    </message>
    <message>
        <source>%1 cannot be imported:
%2</source>
        <translation>无法导入 %1：
%2</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Custom: %1</source>
        <translation>自定义：%1</translation>
    </message>
    <message>
        <source>Custom shape</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>, %1 experts, top-%2</source>
        <translation>，%1 个专家，top-%2</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P):</translation>
    </message>
    <message>
        <source>A published model; its shape and source are in the preset file</source>
        <translation>已发表的模型；其结构和出处见预设文件</translation>
    </message>
    <message>
        <source>Model preset</source>
        <translation>模型预设</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json...</source>
        <translation>导入 Hugging Face config.json...</translation>
    </message>
    <message>
        <source>Read the model&apos;s shape from a Hugging Face config.json (llama, mistral, mixtral, qwen2, gpt2, gpt_neox)</source>
        <translation>从 Hugging Face config.json 读取模型结构（llama、mistral、mixtral、qwen2、gpt2、gpt_neox）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Exactly this many parameters for the memory ledger, on the Llama-2 family of shapes (type 7B, 70e9, ...)</source>
        <translation>按此参数量精确计算显存账目，结构取 Llama-2 系列的形状（可输入 7B、70e9 等）</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Tokens per training sequence; activations grow with it</source>
        <translation>每条训练序列的 token 数；激活值随之增长</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>Sequences each GPU processes in one forward and backward pass</source>
        <translation>每个 GPU 在一次前向和反向传播中处理的序列数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Sequences per optimizer step across all GPUs; the rest is gradient accumulation</source>
        <translation>所有 GPU 每个优化器步处理的序列总数；超出部分通过梯度累积完成</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Rank r of the LoRA adapters A (r x in) and B (out x r)</source>
        <translation>LoRA 适配器 A（r x in）和 B（out x r）的秩 r</translation>
    </message>
    <message>
        <source>P&amp;recision:</source>
        <translation>精度(&amp;R):</translation>
    </message>
    <message>
        <source>Mixed precision keeps an fp32 master copy of the weights: 2 + 2 + 4 + 4 + 4 = 16 bytes per parameter with Adam</source>
        <translation>混合精度会保留一份 fp32 主权重：使用 Adam 时每个参数 2 + 2 + 4 + 4 + 4 = 16 字节</translation>
    </message>
    <message>
        <source>&amp;Gradients:</source>
        <translation>梯度(&amp;G):</translation>
    </message>
    <message>
        <source>The type gradients are kept in; fp32 accumulation is Megatron-LM&apos;s 18 bytes per parameter</source>
        <translation>梯度的存储类型；fp32 累加即 Megatron-LM 的每参数 18 字节</translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O):</translation>
    </message>
    <message>
        <source>Adam keeps two fp32 moments per parameter; 8-bit Adam and Adafactor keep much less</source>
        <translation>Adam 为每个参数保留两个 fp32 矩；8 位 Adam 和 Adafactor 占用少得多</translation>
    </message>
    <message>
        <source>&amp;Fine-tuning:</source>
        <translation>微调(&amp;F):</translation>
    </message>
    <message>
        <source>LoRA freezes the base weights and trains small adapters: no optimizer state for the base</source>
        <translation>LoRA 冻结基座权重，只训练小型适配器：基座不需要优化器状态</translation>
    </message>
    <message>
        <source>Re&amp;computation:</source>
        <translation>重计算(&amp;C):</translation>
    </message>
    <message>
        <source>Recomputing activations in the backward pass trades compute for memory</source>
        <translation>在反向传播中重计算激活值，用计算换显存</translation>
    </message>
    <message>
        <source>Flash&amp;Attention</source>
        <translation>FlashAttention(&amp;A)</translation>
    </message>
    <message>
        <source>FlashAttention never stores the s x s attention scores</source>
        <translation>FlashAttention 从不存储 s x s 的注意力分数矩阵</translation>
    </message>
    <message>
        <source>%1 heads (MLA, KV rank %2)</source>
        <translation>%1 个注意力头（MLA，KV 秩 %2）</translation>
    </message>
    <message>
        <source>%1 heads (%2 KV)</source>
        <translation>%1 个注意力头（%2 个 KV 头）</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2, %3, FFN %4, vocabulary %5%6</source>
        <translation>%1 层，隐藏维度 %2，%3，FFN %4，词表 %5%6</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::OpsIntervalChart</name>
    <message>
        <source>Checkpoint interval chart</source>
        <translation>检查点间隔图</translation>
    </message>
    <message>
        <source>How often to checkpoint: time lost against the interval</source>
        <translation>多久保存一次检查点：损失时间随间隔的变化</translation>
    </message>
    <message>
        <source>Interval (min)</source>
        <translation>间隔（分钟）</translation>
    </message>
    <message>
        <source>Time lost (%)</source>
        <translation>损失时间（%）</translation>
    </message>
    <message>
        <source>Stalled on checkpoints (%)</source>
        <translation>因检查点停顿（%）</translation>
    </message>
    <message>
        <source>Lost to failures (%)</source>
        <translation>因故障损失（%）</translation>
    </message>
    <message>
        <source>Young: %1</source>
        <translation>Young：%1</translation>
    </message>
    <message>
        <source>Daly: %1</source>
        <translation>Daly：%1</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>当前：%1</translation>
    </message>
    <message>
        <source>Checkpoint interval (minutes, log scale)</source>
        <translation>检查点间隔（分钟，对数坐标）</translation>
    </message>
    <message>
        <source>Wall-clock time lost (%)</source>
        <translation>损失的墙钟时间（%）</translation>
    </message>
    <message>
        <source>Time lost: 100% - ETTR</source>
        <translation>损失时间：100% - ETTR</translation>
    </message>
    <message>
        <source>Stalled on checkpoints</source>
        <translation>因检查点停顿</translation>
    </message>
    <message>
        <source>Lost to failures: rework, detection, restart</source>
        <translation>因故障损失：重算、检测、重启</translation>
    </message>
    <message>
        <source>Young %1</source>
        <translation>Young %1</translation>
    </message>
    <message>
        <source>Daly %1</source>
        <translation>Daly %1</translation>
    </message>
    <message>
        <source>in use %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <source>Interrupted every %1; a checkpoint stops training %2; a failure costs %3 of detection and restart plus the work since the last checkpoint. ETTR %4%</source>
        <translation>每 %1 中断一次；每次检查点使训练暂停 %2；每次故障耗费 %3 的检测与重启，外加自上次检查点以来的工作。ETTR %4%</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::OpsPanel</name>
    <message>
        <source>Change failure rate</source>
        <translation>修改故障率</translation>
    </message>
    <message>
        <source>Change restart time</source>
        <translation>修改重启时间</translation>
    </message>
    <message>
        <source>Change storage bandwidth</source>
        <translation>修改存储带宽</translation>
    </message>
    <message>
        <source>Change checkpoint interval</source>
        <translation>修改检查点间隔</translation>
    </message>
    <message>
        <source>Toggle Daly&apos;s interval</source>
        <translation>切换 Daly 间隔</translation>
    </message>
    <message>
        <source>Toggle asynchronous checkpoints</source>
        <translation>切换异步检查点</translation>
    </message>
    <message>
        <source>Change failure source</source>
        <translation>修改故障率来源</translation>
    </message>
    <message>
        <source>&amp;Failure rate from:</source>
        <translation>故障率来源(&amp;F):</translation>
    </message>
    <message>
        <source>A published cluster&apos;s interruption rate; the failure-rate slider replaces it, choosing a cluster here brings it back</source>
        <translation>某个已公开集群的中断率；拖动故障率滑块会替代它，在此重新选择集群即可恢复</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source>per GPU-day</source>
        <translation>次/(GPU·天)</translation>
    </message>
    <message>
        <source>Interruptions per GPU per day; the job&apos;s rate grows with its GPU count (Llama 3: 0.00047)</source>
        <translation>每个 GPU 每天的中断次数；作业的中断率随 GPU 数增长（Llama 3：0.00047）</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>From the decision to restart to training again, checkpoint load included: measure it</source>
        <translation>从决定重启到重新开始训练的时间，含加载检查点：请实测</translation>
    </message>
    <message>
        <source>Storage bandwidth</source>
        <translation>存储带宽</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Aggregate checkpoint bandwidth of the storage system (Llama 3&apos;s Tectonic: 2,000 GB/s sustained)</source>
        <translation>存储系统的检查点总带宽（Llama 3 所用 Tectonic：持续 2,000 GB/s）</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Minutes of training between checkpoints</source>
        <translation>两次检查点之间的训练分钟数</translation>
    </message>
    <message>
        <source>&amp;Daly&apos;s optimum</source>
        <translation>Daly 最优值(&amp;D)</translation>
    </message>
    <message>
        <source>Checkpoint at the interval that minimises the expected run time (Daly 2006)</source>
        <translation>按使期望运行时间最短的间隔保存检查点（Daly 2006）</translation>
    </message>
    <message>
        <source>&amp;Asynchronous checkpoints</source>
        <translation>异步检查点(&amp;A)</translation>
    </message>
    <message>
        <source>Training waits only for the copy to host memory; storage is written in the background</source>
        <translation>训练只等待拷贝到主机内存，存储在后台写入</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::OpsScalingChart</name>
    <message>
        <source>Effective training time chart</source>
        <translation>有效训练时间图</translation>
    </message>
    <message>
        <source>The more GPUs, the more often training stops</source>
        <translation>GPU 越多，训练中断越频繁</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Interrupted every</source>
        <translation>中断间隔</translation>
    </message>
    <message>
        <source>Checkpoint every</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Interruptions over the run</source>
        <translation>全程中断次数</translation>
    </message>
    <message>
        <source>ETTR (%)</source>
        <translation>ETTR（%）</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>Effective tokens per second</source>
        <translation>有效每秒 token 数</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Days with failures</source>
        <translation>计入故障的天数</translation>
    </message>
    <message>
        <source>impossible layout</source>
        <translation>无法实现的布局</translation>
    </message>
    <message>
        <source>GPUs (log scale; each replica keeps its work)</source>
        <translation>GPU 数（对数坐标；每个副本的工作量不变）</translation>
    </message>
    <message>
        <source>Tokens per second (log scale)</source>
        <translation>每秒 token 数（对数坐标）</translation>
    </message>
    <message>
        <source>ETTR: share of the time that trains</source>
        <translation>ETTR：用于训练的时间占比</translation>
    </message>
    <message>
        <source>Tokens per second without failures</source>
        <translation>无故障时的每秒 token 数</translation>
    </message>
    <message>
        <source>Goodput: tokens per second with failures</source>
        <translation>有效吞吐：计入故障的每秒 token 数</translation>
    </message>
    <message>
        <source>One GPU</source>
        <translation>单 GPU</translation>
    </message>
    <message>
        <source>one GPU: interrupted every %1</source>
        <translation>单卡：每 %1 中断一次</translation>
    </message>
    <message>
        <source>this layout</source>
        <translation>当前布局</translation>
    </message>
    <message>
        <source>Interruptions grow with the GPU count; each one costs detection, a restart and the work since the last checkpoint (Daly&apos;s interval at each size)</source>
        <translation>中断次数随 GPU 数增长；每次中断耗费检测、重启以及自上次检查点以来的工作（每个规模都采用 Daly 间隔）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::OpsView</name>
    <message>
        <source>Failures and scale</source>
        <translation>故障与规模</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <source>One GPU versus the cluster</source>
        <translation>单卡与集群</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PlacementChart</name>
    <message>
        <source>Topology placement chart</source>
        <translation>拓扑放置图</translation>
    </message>
    <message>
        <source>Which collectives cross the network</source>
        <translation>哪些集合通信要跨网络</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Ranks per group</source>
        <translation>每组 rank 数</translation>
    </message>
    <message>
        <source>Stride (ranks)</source>
        <translation>步长（rank）</translation>
    </message>
    <message>
        <source>Nodes a group touches</source>
        <translation>一组涉及的节点数</translation>
    </message>
    <message>
        <source>Crosses nodes</source>
        <translation>跨节点</translation>
    </message>
    <message>
        <source>Seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>Exposed seconds</source>
        <translation>未掩盖秒数</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>step, rank order %1</source>
        <translation>单步时间，rank 顺序 %1</translation>
    </message>
    <message>
        <source>One GPU, or data parallelism alone inside one node: nothing to place</source>
        <translation>单张 GPU，或只有节点内的数据并行：无需放置</translation>
    </message>
    <message>
        <source>No estimate: the layout breaks a rule</source>
        <translation>无法估算：该布局违反了规则</translation>
    </message>
    <message>
        <source>%1 across %2 nodes</source>
        <translation>%1，跨 %2 个节点</translation>
    </message>
    <message>
        <source>%1 inside one node</source>
        <translation>%1，在一个节点内</translation>
    </message>
    <message>
        <source>Communication per optimizer step (seconds)</source>
        <translation>每个优化器步的通信时间（秒）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n GPUs</source>
        <translation>
            <numerusform>%1：%n 张 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ranks numbered %1, %n GPUs per node. Step: %2 with TP first (tp-cp-ep-dp-pp), %3 with DP outermost (tp-cp-ep-pp-dp), %4 with DP first, TP across nodes</source>
        <translation>
            <numerusform>rank 按 %1 编号，每节点 %n 张 GPU。单步时间：TP 优先（tp-cp-ep-dp-pp）为 %2，DP 最外层（tp-cp-ep-pp-dp）为 %3，DP 优先、TP 跨节点为 %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PlanChart</name>
    <message>
        <source>Plan chart</source>
        <translation>规划图</translation>
    </message>
    <message>
        <source>Every layout that runs, by memory and speed</source>
        <translation>每种可运行的布局：显存与速度</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>每 GPU 显存（GiB）</translation>
    </message>
    <message>
        <source>Tokens per second (whole cluster)</source>
        <translation>每秒 token 数（整个集群）</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Memory on the most loaded GPU (GiB)</source>
        <translation>负载最重的 GPU 的显存（GiB）</translation>
    </message>
    <message>
        <source>k tokens/s, whole cluster</source>
        <translation>千 token/秒，整个集群</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <source>this scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>%1 of %2 layouts run; each point is one, coloured by which parallelism it adds to data parallelism</source>
        <translation>%2 种布局中 %1 种可运行；每个点是一种布局，颜色表示它在数据并行之外加了哪种并行</translation>
    </message>
    <message>
        <source> (%1 drawn: nearer than a marker&apos;s width)</source>
        <translation>（绘制 %1 个：其余与之相距不到一个标记宽度）</translation>
    </message>
    <message>
        <source>; this scenario&apos;s own layout does not run, so it is not marked</source>
        <translation>；当前场景自身的布局无法运行，因此未标出</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PlanControls</name>
    <message>
        <source>&amp;Scene:</source>
        <translation>场景(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Objective:</source>
        <translation>目标(&amp;O)：</translation>
    </message>
    <message>
        <source>Max &amp;TP:</source>
        <translation>最大 &amp;TP：</translation>
    </message>
    <message>
        <source>Max &amp;PP:</source>
        <translation>最大 &amp;PP：</translation>
    </message>
    <message>
        <source>Max &amp;CP:</source>
        <translation>最大 &amp;CP：</translation>
    </message>
    <message>
        <source>Max &amp;EP:</source>
        <translation>最大 &amp;EP：</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translation>&amp;ZeRO 阶段：</translation>
    </message>
    <message>
        <source>&amp;Recompute:</source>
        <translation>重计算(&amp;R)：</translation>
    </message>
    <message>
        <source>Plans &amp;listed:</source>
        <translation>列出的方案数(&amp;L)：</translation>
    </message>
    <message>
        <source>none: the current scenario</source>
        <translation>无：当前场景</translation>
    </message>
    <message>
        <source>any (searched)</source>
        <translation>任意（搜索）</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Also search &amp;offload to CPU memory</source>
        <translation>也搜索卸载到 CPU 内存(&amp;O)</translation>
    </message>
    <message>
        <source>The planner tries every layout of the scenario&apos;s GPUs: the engines&apos; rules first, then the memory fit, then the step model. Double-click a plan to apply it (one undo step).</source>
        <translation>规划器尝试场景中 GPU 的每一种布局：先检查引擎规则，再检查显存是否放得下，最后用步时模型估算。双击一个方案即可应用（一步撤销）。</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PlanView</name>
    <message>
        <source>Planning…</source>
        <translation>正在规划……</translation>
    </message>
    <message>
        <source>Layouts each rule excluded:</source>
        <translation>各规则排除的布局数：</translation>
    </message>
    <message>
        <source>%1 layouts searched in %2 ms; %3 run. Best first by %4.</source>
        <translation>%2 毫秒内搜索了 %1 种布局；%3 种可运行。按%4排序，最佳在前。</translation>
    </message>
    <message>
        <source>Apply plan: %1</source>
        <translation>应用方案：%1</translation>
    </message>
    <message>
        <source>Scene: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tokens/s (cluster)</source>
        <translation>token/秒（集群）</translation>
    </message>
    <message>
        <source>Memory/GPU (GiB)</source>
        <translation>显存/GPU（GiB）</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>步时（秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>&amp;Apply plan</source>
        <translation>应用方案(&amp;A)</translation>
    </message>
    <message>
        <source>Sets the scenario&apos;s layout to the selected plan (one undo step)</source>
        <translation>把场景的布局设为所选方案（一步撤销）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PrecisionPanel</name>
    <message>
        <source>Enter numbers, for example 1.0 and 1e-4</source>
        <translation>请输入数字，例如 1.0 和 1e-4</translation>
    </message>
    <message>
        <source>Running %1 steps...</source>
        <translation>正在运行 %1 步...</translation>
    </message>
    <message>
        <source>Done: %1 steps per strategy</source>
        <translation>完成：每种策略 %1 步</translation>
    </message>
    <message>
        <source>Weight updates in low precision</source>
        <translation>低精度下的权重更新</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F):</translation>
    </message>
    <message>
        <source>The format the weight is stored in; bf16 keeps 7 mantissa bits, fp16 10, fp32 23</source>
        <translation>权重的存储格式；bf16 有 7 位尾数，fp16 有 10 位，fp32 有 23 位</translation>
    </message>
    <message>
        <source>&amp;Start value:</source>
        <translation>初始值(&amp;S):</translation>
    </message>
    <message>
        <source>The weight before the first update</source>
        <translation>第一次更新前的权重</translation>
    </message>
    <message>
        <source>&amp;Update:</source>
        <translation>更新量(&amp;U):</translation>
    </message>
    <message>
        <source>Added at every step (the learning rate times the gradient)</source>
        <translation>每步加上的值（学习率乘以梯度）</translation>
    </message>
    <message>
        <source>&amp;Random spread:</source>
        <translation>随机波动(&amp;R):</translation>
    </message>
    <message>
        <source>0: the same update every step; above 0: updates drawn from a normal distribution with this spread</source>
        <translation>0：每步更新量相同；大于 0：更新量从以此为标准差的正态分布中抽取</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>updates</source>
        <translation>次更新</translation>
    </message>
    <message>
        <source>How many updates to apply</source>
        <translation>要执行的更新次数</translation>
    </message>
    <message>
        <source>Show this strategy in the chart</source>
        <translation>在图表中显示此策略</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E):</translation>
    </message>
    <message>
        <source>Random updates and stochastic rounding repeat exactly with the same seed</source>
        <translation>使用相同的种子时，随机更新和随机舍入的结果完全可复现</translation>
    </message>
    <message>
        <source>Summing gradients over N GPUs</source>
        <translation>在 N 个 GPU 上对梯度求和</translation>
    </message>
    <message>
        <source>&amp;Gradient format:</source>
        <translation>梯度格式(&amp;G):</translation>
    </message>
    <message>
        <source>The format each GPU&apos;s gradient arrives in</source>
        <translation>每个 GPU 传来的梯度所用的格式</translation>
    </message>
    <message>
        <source>Start value</source>
        <translation>初始值</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>更新量</translation>
    </message>
    <message>
        <source>Random spread</source>
        <translation>随机波动</translation>
    </message>
    <message>
        <source>Weight updates</source>
        <translation>权重更新</translation>
    </message>
    <message>
        <source>Gradient sums over N GPUs</source>
        <translation>N 张卡上的梯度求和</translation>
    </message>
    <message>
        <source>Sharded fp32 master</source>
        <translation>切分的 fp32 主权重</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PresentationStrip</name>
    <message>
        <source>Change parameter count</source>
        <translation>更改参数量</translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation>更改 GPU 数量</translation>
    </message>
    <message>
        <source>Change tensor parallelism</source>
        <translation>更改张量并行</translation>
    </message>
    <message>
        <source>Change pipeline parallelism</source>
        <translation>更改流水线并行</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>更改序列长度</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>更改微批大小</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>The model&apos;s parameter count</source>
        <translation>模型的参数量</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>How many GPUs train together</source>
        <translation>共同训练的 GPU 数量</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Splits every weight matrix across GPUs</source>
        <translation>把每个权重矩阵切分到多张 GPU 上</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Splits the layers into stages</source>
        <translation>把网络层切分为多个流水线阶段</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>个 token</translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation>每条序列的 token 数</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Sequences per GPU per forward pass</source>
        <translation>每张 GPU 每次前向传播处理的序列数</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ReductionChart</name>
    <message>
        <source>sequential</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>ring</source>
        <translation>环形</translation>
    </message>
    <message>
        <source>tree</source>
        <translation>树形</translation>
    </message>
    <message>
        <source>Gradient reduction error chart</source>
        <translation>梯度规约误差图</translation>
    </message>
    <message>
        <source>Summing gradients over N GPUs: bf16 versus fp32</source>
        <translation>在 N 个 GPU 上对梯度求和：bf16 与 fp32 对比</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank 数</translation>
    </message>
    <message>
        <source>bf16, %1</source>
        <translation>bf16，%1</translation>
    </message>
    <message>
        <source>fp32, %1</source>
        <translation>fp32，%1</translation>
    </message>
    <message>
        <source>Ranks N (log scale)</source>
        <translation>rank 数 N（对数坐标）</translation>
    </message>
    <message>
        <source>Each partial sum rounded to 8 significant bits loses more as the sum grows; fp32 keeps 24</source>
        <translation>每个部分和都舍入到 8 位有效位，和越大损失越多；fp32 保留 24 位</translation>
    </message>
    <message>
        <source>Relative error (log scale)</source>
        <translation>相对误差（对数刻度）</translation>
    </message>
    <message>
        <source>fp32: exact (zero error) up to %1 ranks, not drawable on a log axis</source>
        <translation>fp32：至 %1 个 rank 仍精确（误差为零），无法画在对数轴上</translation>
    </message>
    <message>
        <source>fp32: exact (zero error) at every N, not drawable on a log axis</source>
        <translation>fp32：每个 N 都精确（误差为零），无法画在对数轴上</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ReshardChart</name>
    <message>
        <source>Checkpoint resharding chart</source>
        <translation>检查点重分片图</translation>
    </message>
    <message>
        <source>Checkpoint resharding: which rank reads what from whom</source>
        <translation>检查点重分片：哪个 rank 从谁那里读取什么</translation>
    </message>
    <message>
        <source>Target rank</source>
        <translation>目标 rank</translation>
    </message>
    <message>
        <source>Source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <source>Weights (MB)</source>
        <translation>权重（MB）</translation>
    </message>
    <message>
        <source>Optimizer states (MB)</source>
        <translation>优化器状态（MB）</translation>
    </message>
    <message>
        <source>Total (MB)</source>
        <translation>合计（MB）</translation>
    </message>
    <message>
        <source>No plan: the layouts do not fit this model</source>
        <translation>无法规划：这些布局不适用于该模型</translation>
    </message>
    <message>
        <source>node %1: ranks %2-%3</source>
        <translation>节点 %1：rank %2-%3</translation>
    </message>
    <message>
        <source>ranks %1-%2</source>
        <translation>rank %1-%2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank %1: tp %2 dp %3 pp %4</source>
        <translation>rank %1：tp %2 dp %3 pp %4</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>从 %1</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>到 %1</translation>
    </message>
    <message>
        <source>%1 read in all; padded vocabulary %2 -&gt; %3 rows; %4 pitfalls (listed beside the chart)</source>
        <translation>共读取 %1；填充词表 %2 -&gt; %3 行；%4 个陷阱（列在图旁）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ScalingChart</name>
    <message>
        <source>Scaling chart</source>
        <translation>扩展性图</translation>
    </message>
    <message>
        <source>The more GPUs, the more time waiting on the network</source>
        <translation>GPU 越多，等待网络的时间越多</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>步时间（秒）</translation>
    </message>
    <message>
        <source>Compute (s)</source>
        <translation>计算（秒）</translation>
    </message>
    <message>
        <source>Exposed communication (s)</source>
        <translation>未掩盖的通信（秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>Communication share (%)</source>
        <translation>通信占比（%）</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>impossible layout</source>
        <translation>无法实现的布局</translation>
    </message>
    <message>
        <source>GPUs (log scale)</source>
        <translation>GPU 数（对数坐标）</translation>
    </message>
    <message>
        <source>this layout</source>
        <translation>当前布局</translation>
    </message>
    <message>
        <source>Data parallelism grows at a fixed global batch: each GPU gets less work, the gradients stay as large</source>
        <translation>在全局批次固定时增加数据并行：每个 GPU 的工作量变少，梯度大小却不变</translation>
    </message>
    <message>
        <source>Data parallelism grows with fixed work per GPU</source>
        <translation>在每个 GPU 工作量固定时增加数据并行</translation>
    </message>
    <message>
        <source>MFU, % of peak FLOP/s</source>
        <translation>MFU，占峰值 FLOP/s 的百分比</translation>
    </message>
    <message>
        <source>Waiting on communication, % of the step</source>
        <translation>等待通信，占每步时间的百分比</translation>
    </message>
    <message numerus="yes">
        <source>beyond %n GPUs (one node):
NVLink → network</source>
        <translation>
            <numerusform>超过 %n 张 GPU（一个节点）：
NVLink → 网络</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ends at %n GPUs: more data-parallel
ranks than sequences in the global batch</source>
        <translation>
            <numerusform>止于 %n 张 GPU：数据并行的进程数
超过全局批次中的序列数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ends at %n GPUs: no layout runs beyond</source>
        <translation>
            <numerusform>止于 %n 张 GPU：再往上没有可运行的布局</numerusform>
        </translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>百分比（%）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ScalingView</name>
    <message>
        <source>&amp;As GPUs grow:</source>
        <translation>GPU 数增加时(&amp;A):</translation>
    </message>
    <message>
        <source>keep the global batch (strong scaling)</source>
        <translation>保持全局批次不变（强扩展）</translation>
    </message>
    <message>
        <source>keep the work per GPU (weak scaling)</source>
        <translation>保持每个 GPU 的工作量不变（弱扩展）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ScenarioDocument</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario:
%2</source>
        <translation>%1 不是有效的场景：
%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::SequenceChart</name>
    <message>
        <source>Memory versus sequence length chart</source>
        <translation>显存随序列长度变化图</translation>
    </message>
    <message>
        <source>Memory per GPU versus sequence length</source>
        <translation>每个 GPU 的显存随序列长度的变化</translation>
    </message>
    <message>
        <source>Sequence length (tokens)</source>
        <translation>序列长度（token）</translation>
    </message>
    <message>
        <source>One GPU (GB)</source>
        <translation>单 GPU（GB）</translation>
    </message>
    <message>
        <source>Most loaded GPU (GB)</source>
        <translation>负载最高的 GPU（GB）</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>impossible layout</source>
        <translation>无法实现的布局</translation>
    </message>
    <message>
        <source>Sequence length (tokens, log scale)</source>
        <translation>序列长度（token，对数坐标）</translation>
    </message>
    <message>
        <source>Memory (GB, log scale)</source>
        <translation>显存（GB，对数坐标）</translation>
    </message>
    <message>
        <source>One GPU</source>
        <translation>单 GPU</translation>
    </message>
    <message>
        <source>out of memory from %1</source>
        <translation>从 %1 起显存不足</translation>
    </message>
    <message>
        <source>dashed line: GPU capacity %1</source>
        <translation>虚线：GPU 容量 %1</translation>
    </message>
    <message>
        <source>Activations grow with the sequence; sharding cuts the model states, context parallelism the activations</source>
        <translation>激活值随序列增长；切分可减少模型状态，上下文并行可减少激活值</translation>
    </message>
    <message numerus="yes">
        <source>Most loaded of %n GPUs</source>
        <translation>
            <numerusform>%n 张 GPU 中负载最高者</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ShardedMasterTable</name>
    <message>
        <source>bit-identical</source>
        <translation>逐位一致</translation>
    </message>
    <message>
        <source>differs in %1 of %2 (at most %3 ulp)</source>
        <translation>%2 个中有 %1 个不同（最多 %3 ulp）</translation>
    </message>
    <message>
        <source>Sharding the fp32 master weights (ZeRO / FSDP): %1 AdamW steps on %2 parameters over %3 data-parallel ranks, replayed exactly and compared bit for bit with one GPU</source>
        <translation>切分 fp32 主权重（ZeRO / FSDP）：在 %3 个数据并行 rank 上对 %2 个参数做 %1 步 AdamW，精确重放并与单卡逐位比较</translation>
    </message>
    <message>
        <source>Set-up</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Final fp32 master weights</source>
        <translation>最终 fp32 主权重</translation>
    </message>
    <message>
        <source>Compared with</source>
        <translation>对比对象</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::StepTimeChart</name>
    <message>
        <source>Step time chart</source>
        <translation>步时间图</translation>
    </message>
    <message>
        <source>Step time and communication: MFU %1%</source>
        <translation>步时间与通信：MFU %1%</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank 数</translation>
    </message>
    <message>
        <source>MB per call</source>
        <translation>每次调用 MB</translation>
    </message>
    <message>
        <source>Wire MB per call</source>
        <translation>每次调用实际传输 MB</translation>
    </message>
    <message>
        <source>Calls per step</source>
        <translation>每步调用次数</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Exposed seconds</source>
        <translation>未掩盖秒数</translation>
    </message>
    <message>
        <source>Compute: GEMMs</source>
        <translation>计算：GEMM</translation>
    </message>
    <message>
        <source>Compute: memory-bound kernels</source>
        <translation>计算：访存受限的 kernel</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>GEMMs</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>Memory-bound kernels</source>
        <translation>访存受限的 kernel</translation>
    </message>
    <message>
        <source>%1 communication, exposed</source>
        <translation>%1 通信（未掩盖）</translation>
    </message>
    <message>
        <source>Communication hidden behind compute</source>
        <translation>被计算掩盖的通信</translation>
    </message>
    <message>
        <source>Step
(critical path)</source>
        <translation>训练步
（关键路径）</translation>
    </message>
    <message>
        <source>All communication</source>
        <translation>全部通信</translation>
    </message>
    <message>
        <source>Time per optimizer step (seconds)</source>
        <translation>每个优化器步的时间（秒）</translation>
    </message>
    <message>
        <source>Compute: attention</source>
        <translation>计算：注意力</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs, bubble %1%, %2 tokens/s, %3 days for %4 tokens</source>
        <translation>
            <numerusform>%n 张 GPU，气泡 %1%，%2 token/秒，训练 %4 token 需 %3 天</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::TourPanel</name>
    <message>
        <source>Tour: %1</source>
        <translation>导览：%1</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>The previous step (Page Up)</source>
        <translation>上一步（Page Up）</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>The next step (Page Down)</source>
        <translation>下一步（Page Down）</translation>
    </message>
    <message>
        <source>&amp;End tour</source>
        <translation>结束导览(&amp;E)</translation>
    </message>
    <message>
        <source>Close the tour (Escape)</source>
        <translation>关闭导览（Esc）</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ValidationDialog</name>
    <message>
        <source>published</source>
        <translation>已发表</translation>
    </message>
    <message>
        <source>engine code</source>
        <translation>引擎代码</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>cannot compute</source>
        <translation>无法计算</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>未通过</translation>
    </message>
    <message numerus="yes">
        <source>all %n within tolerance</source>
        <translation>
            <numerusform>全部 %n 项在容差内</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n 项未通过</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 reference cases within tolerance.</source>
        <translation>%2 个参考案例中有 %1 个在容差内。</translation>
    </message>
    <message>
        <source>A built-in reference file could not be read: %1</source>
        <translation>无法读取内置参考文件：%1</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考值</translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>%1 gives %2. %3</source>
        <translation>%1 给出 %2。%3</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>Validation: ShardScope against its sources</source>
        <translation>验证：ShardScope 与其出处对照</translation>
    </message>
    <message>
        <source>Only cases that differ</source>
        <translation>仅显示有差异的案例</translation>
    </message>
    <message>
        <source>Hide the cases that agree exactly</source>
        <translation>隐藏完全一致的案例</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <source>Copy every table, with citations and notes, as Markdown</source>
        <translation>将所有表格连同引文和说明复制为 Markdown</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>rounding</source>
        <translation>舍入误差</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>%1 known, %2</source>
        <translation>已知差 %1，%2</translation>
    </message>
    <message>
        <source>outlier</source>
        <translation>离群</translation>
    </message>
    <message numerus="yes">
        <source>%n outliers</source>
        <translation>
            <numerusform>%n 个离群</numerusform>
        </translation>
    </message>
    <message>
        <source>median |error| %1 %, largest %2 %</source>
        <translation>|误差|中位数 %1 %，最大 %2 %</translation>
    </message>
    <message numerus="yes">
        <source>%n outside it as outliers, each with the evidence that the published figure is the odd one.</source>
        <translation>
            <numerusform>另有 %n 个超出容差的离群项，均附有证据说明是公开数据本身异常。</numerusform>
        </translation>
    </message>
    <message>
        <source>Outlier:</source>
        <translation>离群原因：</translation>
    </message>
    <message>
        <source>Published figures, other engines&apos; estimators and PyTorch measurements, compared with the current models; citations are quoted as published.</source>
        <translation>已发表的数据、其他引擎的估算函数以及 PyTorch 实测，与当前模型逐项比较；引文保留原文。</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>updates</source>
        <translation>次更新</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>个参数</translation>
    </message>
    <message>
        <source>B parameters</source>
        <translation>B 参数</translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ValueSlider</name>
    <message>
        <source>%1 · assumed</source>
        <translation>%1 · 假定</translation>
    </message>
</context>
</TS>
