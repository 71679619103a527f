#include "core/comm/collectives.h"

#include "core/common/translatable.h"

namespace shardscope {

namespace {


constexpr EnumChoice kCollectives[] = {
    {int(Collective::AllReduce), "all-reduce", SHARDSCOPE_TR_NOOP("UiText", "all-reduce"), SHARDSCOPE_TR_NOOP("UiText", "every rank ends with the sum of every rank's buffer")},
    {int(Collective::AllGather), "all-gather", SHARDSCOPE_TR_NOOP("UiText", "all-gather"), SHARDSCOPE_TR_NOOP("UiText", "every rank ends with every rank's shard")},
    {int(Collective::ReduceScatter), "reduce-scatter", SHARDSCOPE_TR_NOOP("UiText", "reduce-scatter"), SHARDSCOPE_TR_NOOP("UiText", "every rank ends with its shard of the sum")},
    {int(Collective::SendRecv), "send-recv", SHARDSCOPE_TR_NOOP("UiText", "send/recv"), SHARDSCOPE_TR_NOOP("UiText", "point-to-point: one rank sends, its neighbour receives")},
    {int(Collective::AllToAll), "all-to-all", SHARDSCOPE_TR_NOOP("UiText", "all-to-all"), SHARDSCOPE_TR_NOOP("UiText", "every rank sends a different part to every other rank")},
};

constexpr EnumChoice kDimensions[] = {
    {int(ParallelDim::DP), "dp", SHARDSCOPE_TR_NOOP("UiText", "DP"), SHARDSCOPE_TR_NOOP("UiText", "data parallelism (with ZeRO/FSDP sharding)")},
    {int(ParallelDim::TP), "tp", SHARDSCOPE_TR_NOOP("UiText", "TP"), SHARDSCOPE_TR_NOOP("UiText", "tensor parallelism (Megatron-LM)")},
    {int(ParallelDim::PP), "pp", SHARDSCOPE_TR_NOOP("UiText", "PP"), SHARDSCOPE_TR_NOOP("UiText", "pipeline parallelism")},
    {int(ParallelDim::CP), "cp", SHARDSCOPE_TR_NOOP("UiText", "CP"), SHARDSCOPE_TR_NOOP("UiText", "context parallelism (ring attention)")},
    {int(ParallelDim::EP), "ep", SHARDSCOPE_TR_NOOP("UiText", "EP"), SHARDSCOPE_TR_NOOP("UiText", "expert parallelism (MoE)")},
};


} // namespace

template <> const EnumTable& enumTable<Collective>() { static const EnumTable t{"collective", kCollectives}; return t; }
template <> const EnumTable& enumTable<ParallelDim>() { static const EnumTable t{"dimension", kDimensions}; return t; }

} // namespace shardscope
