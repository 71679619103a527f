<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>shardscope::ui::CheckpointChart</name>
    <message numerus="yes">
        <source>Whole job (%n GPUs)</source>
        <translation>
            <numerusform>Whole job (%n GPU)</numerusform>
            <numerusform>Whole job (%n GPUs)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs:
the whole checkpoint</source>
        <translation>
            <numerusform>%n GPU:
the whole checkpoint</numerusform>
            <numerusform>%n GPUs:
the whole checkpoint</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs:
the rank that writes most</source>
        <translation>
            <numerusform>%n GPU:
the rank that writes most</numerusform>
            <numerusform>%n GPUs:
the rank that writes most</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ComparisonChart</name>
    <message numerus="yes">
        <source>One GPU against %n GPUs, in this scenario&apos;s numbers</source>
        <translation>
            <numerusform>One GPU against %n GPU, in this scenario&apos;s numbers</numerusform>
            <numerusform>One GPU against %n GPUs, in this scenario&apos;s numbers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs = DP %1 x TP %2 x PP %3 x CP %4, %5 to a node</source>
        <translation>
            <numerusform>%n GPU = DP %1 x TP %2 x PP %3 x CP %4, %5 to a node</numerusform>
            <numerusform>%n GPUs = DP %1 x TP %2 x PP %3 x CP %4, %5 to a node</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per GPU, sharded over %n ranks</source>
        <translation>
            <numerusform>%1 per GPU, sharded over %n rank</numerusform>
            <numerusform>%1 per GPU, sharded over %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per GPU, copied on %n ranks</source>
        <translation>
            <numerusform>%1 per GPU, copied on %n rank</numerusform>
            <numerusform>%1 per GPU, copied on %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; gradients summed over %n ranks</source>
        <translation>
            <numerusform>; gradients summed over %n rank</numerusform>
            <numerusform>; gradients summed over %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::DataShardingChart</name>
    <message numerus="yes">
        <source>DistributedSampler: %1 samples on %n ranks, %2 each; %3 duplicates (orange), %4 dropped (grey)</source>
        <translation>
            <numerusform>DistributedSampler: %1 samples on %n rank, %2 each; %3 duplicates (orange), %4 dropped (grey)</numerusform>
            <numerusform>DistributedSampler: %1 samples on %n ranks, %2 each; %3 duplicates (orange), %4 dropped (grey)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Megatron-LM sampler: %1 samples on %n ranks, %2 each this epoch; %3 duplicates, %4 dropped (grey)</source>
        <translation>
            <numerusform>Megatron-LM sampler: %1 samples on %n rank, %2 each this epoch; %3 duplicates, %4 dropped (grey)</numerusform>
            <numerusform>Megatron-LM sampler: %1 samples on %n ranks, %2 each this epoch; %3 duplicates, %4 dropped (grey)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::LayoutPanel</name>
    <message numerus="yes">
        <source>Data parallel (DP): %1 = %n GPUs / (TP %2 x PP %3 x CP %4)</source>
        <translation>
            <numerusform>Data parallel (DP): %1 = %n GPU / (TP %2 x PP %3 x CP %4)</numerusform>
            <numerusform>Data parallel (DP): %1 = %n GPUs / (TP %2 x PP %3 x CP %4)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::MainWindow</name>
    <message numerus="yes">
        <source>%1 parameters on %n GPUs: %2 on the most loaded GPU of %3 (%4); step %5, MFU %6%</source>
        <translation>
            <numerusform>%1 parameters on %n GPU: %2 on the most loaded GPU of %3 (%4); step %5, MFU %6%</numerusform>
            <numerusform>%1 parameters on %n GPUs: %2 on the most loaded GPU of %3 (%4); step %5, MFU %6%</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::MemoryChart</name>
    <message numerus="yes">
        <source>Memory per GPU: one GPU versus %n GPUs</source>
        <translation>
            <numerusform>Memory per GPU: one GPU versus %n GPU</numerusform>
            <numerusform>Memory per GPU: one GPU versus %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Most loaded of %n GPUs
(pipeline stage %1)</source>
        <translatorcomment>One GPU is not the most loaded of anything: the singular names it only.</translatorcomment>
        <translation>
            <numerusform>%n GPU
(pipeline stage %1)</numerusform>
            <numerusform>Most loaded of %n GPUs
(pipeline stage %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Model states: %1 bytes × %2 parameters = %3 on one GPU
%4 on each of %n GPUs (ZeRO-%5, TP %6, PP %7)</source>
        <translation>
            <numerusform>Model states: %1 bytes × %2 parameters = %3 on one GPU
%4 on each of %n GPU (ZeRO-%5, TP %6, PP %7)</numerusform>
            <numerusform>Model states: %1 bytes × %2 parameters = %3 on one GPU
%4 on each of %n GPUs (ZeRO-%5, TP %6, PP %7)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::PlacementChart</name>
    <message numerus="yes">
        <source>%1: %n GPUs</source>
        <translation>
            <numerusform>%1: %n GPU</numerusform>
            <numerusform>%1: %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ranks numbered %1, %n GPUs per node. Step: %2 with TP first (tp-cp-ep-dp-pp), %3 with DP outermost (tp-cp-ep-pp-dp), %4 with DP first, TP across nodes</source>
        <translation>
            <numerusform>Ranks numbered %1, %n GPU per node. Step: %2 with TP first (tp-cp-ep-dp-pp), %3 with DP outermost (tp-cp-ep-pp-dp), %4 with DP first, TP across nodes</numerusform>
            <numerusform>Ranks numbered %1, %n GPUs per node. Step: %2 with TP first (tp-cp-ep-dp-pp), %3 with DP outermost (tp-cp-ep-pp-dp), %4 with DP first, TP across nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ScalingChart</name>
    <message numerus="yes">
        <source>beyond %n GPUs (one node):
NVLink → network</source>
        <translation>
            <numerusform>beyond %n GPU (one node):
NVLink → network</numerusform>
            <numerusform>beyond %n GPUs (one node):
NVLink → network</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ends at %n GPUs: more data-parallel
ranks than sequences in the global batch</source>
        <translation>
            <numerusform>ends at %n GPU: more data-parallel
ranks than sequences in the global batch</numerusform>
            <numerusform>ends at %n GPUs: more data-parallel
ranks than sequences in the global batch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ends at %n GPUs: no layout runs beyond</source>
        <translation>
            <numerusform>ends at %n GPU: no layout runs beyond</numerusform>
            <numerusform>ends at %n GPUs: no layout runs beyond</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::SequenceChart</name>
    <message numerus="yes">
        <source>Most loaded of %n GPUs</source>
        <translatorcomment>One GPU is not the most loaded of anything: the singular names it only.</translatorcomment>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>Most loaded of %n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::StepTimeChart</name>
    <message numerus="yes">
        <source>%n GPUs, bubble %1%, %2 tokens/s, %3 days for %4 tokens</source>
        <translation>
            <numerusform>%n GPU, bubble %1%, %2 tokens/s, %3 days for %4 tokens</numerusform>
            <numerusform>%n GPUs, bubble %1%, %2 tokens/s, %3 days for %4 tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shardscope::ui::ValidationDialog</name>
    <message numerus="yes">
        <source>all %n within tolerance</source>
        <translation>
            <numerusform>%n within tolerance</numerusform>
            <numerusform>all %n within tolerance</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outliers</source>
        <translation>
            <numerusform>%n outlier</numerusform>
            <numerusform>%n outliers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outside it as outliers, each with the evidence that the published figure is the odd one.</source>
        <translation>
            <numerusform>%n outside it as an outlier, with the evidence that the published figure is the odd one.</numerusform>
            <numerusform>%n outside it as outliers, each with the evidence that the published figure is the odd one.</numerusform>
        </translation>
    </message>
</context>
</TS>
