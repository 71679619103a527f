#include "core/data/samplers.h"

#include <numeric>

#include "core/common/messages.h"
#include "core/common/sha256.h"
#include "core/common/translatable.h"
#include "core/data/torch_randperm.h"

namespace shardscope {
namespace {

constexpr EnumChoice kSamplers[] = {
    {int(SamplerKind::PyTorch), "pytorch", SHARDSCOPE_TR_NOOP("UiText", "PyTorch DistributedSampler"),
     SHARDSCOPE_TR_NOOP("UiText", "strided: rank r reads positions r, r + R, ...; pads by repeating from the start, or drops the tail")},
    {int(SamplerKind::Megatron), "megatron", SHARDSCOPE_TR_NOOP("UiText", "Megatron-LM pretraining sampler"),
     SHARDSCOPE_TR_NOOP("UiText", "blocked: each micro-batch x dp window is cut into contiguous per-rank slices, from the consumed-samples position")},
};

std::string str(std::int64_t v) { return std::to_string(v); }

void note(DataSharding& d, Severity severity, const char* templ, std::initializer_list<DiagnosticArgs::Arg> args)
{
    d.notes.push_back(makeDiagnostic(severity, "", templ, args));
}

// torch.utils.data.DistributedSampler.__init__ and __iter__ (torch/utils/data/distributed.py; the
// arithmetic is the same in PyTorch 1.13 and today).
void pytorchSampler(const DataSpec& s, DataSharding& d)
{
    const std::int64_t n = s.samples;
    const std::int64_t r = s.ranks;
    // With drop_last, num_samples = ceil((N - R) / R), which is floor(N / R) whenever N % R != 0.
    d.perRank = s.dropLast && n % r != 0 ? n / r : (n + r - 1) / r;
    d.totalSize = d.perRank * r;
    d.duplicates = s.dropLast ? 0 : d.totalSize - n;
    d.dropped = s.dropLast ? n - d.totalSize : 0;
    d.epoch = s.epoch;
    d.shuffleSeed = s.seed + static_cast<std::uint64_t>(s.epoch);
    if (d.duplicates > 0)
        note(d, Severity::Warning, msg::kDataPadded, {str(n), str(r), str(d.duplicates), str(d.perRank)});
    if (d.dropped > 0)
        note(d, Severity::Warning, msg::kDataDropped, {str(d.dropped), str(d.perRank)});
    if (s.shuffle)
        note(d, Severity::Info, msg::kDataPermutation, {std::to_string(d.shuffleSeed)});
    if (n > kListLimit)
        return;
    d.listed = true;
    std::vector<std::int64_t> indices;
    if (s.shuffle) {
        indices = torchRandperm(n, d.shuffleSeed);
    } else {
        indices.resize(static_cast<std::size_t>(n));
        std::iota(indices.begin(), indices.end(), std::int64_t{0});
    }
    // Padding repeats the list from its start (indices += indices[:padding_size], wrapping when
    // the padding is longer than the list): padded position p holds indices[p % N].
    d.ranks.assign(static_cast<std::size_t>(r), {});
    for (std::int64_t p = 0; p < d.totalSize; ++p)
        d.ranks[static_cast<std::size_t>(p % r)].push_back({indices[static_cast<std::size_t>(p % n)], p >= n});
    for (std::int64_t p = n; p < d.totalSize; ++p)
        d.duplicateSamples.push_back(indices[static_cast<std::size_t>(p % n)]);
    for (std::int64_t p = d.totalSize; p < n; ++p)
        d.droppedSamples.push_back(indices[static_cast<std::size_t>(p)]);
}

// MegatronPretrainingSampler (--dataloader-type single, the default): from consumed_samples on,
// windows of micro_batch x dp samples, rank r taking the contiguous slice [r x mbs, (r + 1) x mbs);
// the last partial window is dropped (build_pretraining_data_loader leaves drop_last=True).
void megatronSequential(const DataSpec& s, DataSharding& d)
{
    const std::int64_t window = s.microBatch * s.ranks;
    const std::int64_t remaining = s.samples - s.consumed;
    const std::int64_t full = remaining / window;
    d.perRank = full * s.microBatch;
    d.totalSize = full * window;
    d.dropped = remaining - d.totalSize;
    if (d.dropped > 0)
        note(d, Severity::Warning, msg::kDataMegatronTail, {str(d.dropped), str(window)});
    if (s.samples > kListLimit)
        return;
    d.listed = true;
    d.ranks.assign(static_cast<std::size_t>(s.ranks), {});
    for (std::int64_t k = 0; k < full; ++k)
        for (int rank = 0; rank < s.ranks; ++rank)
            for (std::int64_t j = 0; j < s.microBatch; ++j)
                d.ranks[static_cast<std::size_t>(rank)].push_back({s.consumed + k * window + rank * s.microBatch + j, false});
    for (std::int64_t i = s.consumed + d.totalSize; i < s.samples; ++i)
        d.droppedSamples.push_back(i);
}

// MegatronPretrainingRandomSampler (--dataloader-type cyclic) with data sharding (the default):
// each rank owns a contiguous bucket of (N // window) x mbs samples and shuffles it with a
// generator seeded with the epoch alone (g.manual_seed(self.epoch)), resuming at
// current_epoch_samples // dp inside it; the N % window samples past the buckets are never read.
void megatronCyclic(const DataSpec& s, DataSharding& d)
{
    const std::int64_t window = s.microBatch * s.ranks;
    const std::int64_t lastBatch = s.samples % window;
    const std::int64_t active = s.samples - lastBatch;
    d.epoch = active > 0 ? s.consumed / active : 0;
    const std::int64_t current = active > 0 ? s.consumed % active : 0;
    const std::int64_t bucket = (s.samples / window) * s.microBatch;
    const std::int64_t offset = current / s.ranks;
    d.perRank = bucket - offset;
    d.totalSize = d.perRank * s.ranks;
    d.dropped = lastBatch;
    d.shuffleSeed = static_cast<std::uint64_t>(d.epoch);
    if (lastBatch > 0)
        note(d, Severity::Warning, msg::kDataMegatronTail, {str(lastBatch), str(window)});
    if (bucket > kListLimit || s.samples > kListLimit)
        return;
    d.listed = true;
    const std::vector<std::int64_t> order = torchRandperm(bucket, d.shuffleSeed);
    d.ranks.assign(static_cast<std::size_t>(s.ranks), {});
    for (int rank = 0; rank < s.ranks; ++rank)
        for (std::int64_t k = offset; k < bucket; ++k)
            d.ranks[static_cast<std::size_t>(rank)].push_back({rank * bucket + order[static_cast<std::size_t>(k)], false});
    for (std::int64_t i = active; i < s.samples; ++i)
        d.droppedSamples.push_back(i);
}

void seeds(const DataSpec& s, DataSharding& d)
{
    const std::int64_t world = static_cast<std::int64_t>(s.ranks) * s.tp * s.pp;
    for (int rank = 0; rank < world && rank < kSeedLimit; ++rank) {
        RankSeeds r;
        r.rank = rank;
        r.tpRank = rank % s.tp;                 // order tp-cp-ep-dp-pp (cp = ep = 1 here)
        r.dpRank = (rank / s.tp) % s.ranks;
        r.ppRank = static_cast<int>(rank / (static_cast<std::int64_t>(s.tp) * s.ranks));
        r.base = s.seed + 100u * static_cast<std::uint64_t>(r.ppRank);
        r.tensorParallel = r.base + 2718u + static_cast<std::uint64_t>(r.tpRank);
        d.seeds.push_back(r);
    }
}

} // namespace

template <> const EnumTable& enumTable<SamplerKind>() { static const EnumTable t{"sampler", kSamplers}; return t; }

Diagnostics checkDataSpec(const DataSpec& s)
{
    Diagnostics out;
    if (s.samples < 1)
        out.push_back(makeDiagnostic(Severity::Error, "--samples", msg::kAtLeastOne, {str(s.samples)}));
    if (s.ranks < 1)
        out.push_back(makeDiagnostic(Severity::Error, "--ranks", msg::kAtLeastOne, {str(s.ranks)}));
    if (s.sampler == SamplerKind::Megatron) {
        // MegatronPretrainingSampler: assert self.consumed_samples < self.total_samples, 'no samples left to consume'
        if (s.consumed >= s.samples)
            out.push_back(makeDiagnostic(Severity::Error, "--consumed", msg::kAtMost, {str(s.samples - 1), str(s.consumed)}));
        if (s.shuffle && s.samples >= 1 && s.samples < s.microBatch * s.ranks)
            out.push_back(makeDiagnostic(Severity::Error, "--samples", msg::kAtLeast, {str(s.microBatch * s.ranks), str(s.samples)}));
        if (s.shuffle && s.samples >= s.microBatch * s.ranks) {
            const std::int64_t window = s.microBatch * s.ranks;
            const std::int64_t active = s.samples - s.samples % window;
            if ((s.consumed % active) % window != 0)
                out.push_back(makeDiagnostic(Severity::Error, "--consumed", msg::kDataResumeWindow, {str(s.consumed), str(window)}));
        }
    }
    return out;
}

DataSharding shardData(const DataSpec& s)
{
    DataSharding d;
    if (hasErrors(checkDataSpec(s)))
        return d;
    if (s.sampler == SamplerKind::PyTorch)
        pytorchSampler(s, d);
    else if (s.shuffle)
        megatronCyclic(s, d);
    else
        megatronSequential(s, d);
    if (s.sampler == SamplerKind::Megatron && s.resumeRanks && *s.resumeRanks != s.ranks)
        note(d, Severity::Info, msg::kDataResume, {str(s.consumed), str(s.ranks), str(*s.resumeRanks)});
    seeds(s, d);
    d.manifestText = std::string("sampler=") + enumId(s.sampler) + "\nsamples=" + str(s.samples) + "\nranks=" + str(s.ranks)
                     + "\ndrop_last=" + (s.dropLast ? "1" : "0") + "\nshuffle=" + (s.shuffle ? "1" : "0")
                     + "\nseed=" + std::to_string(s.seed) + "\nepoch=" + str(d.epoch) + "\nconsumed=" + str(s.consumed)
                     + "\nmicro_batch=" + str(s.microBatch) + "\n";
    d.manifest = sha256Hex(d.manifestText);
    return d;
}

} // namespace shardscope
