// Data sharding and seeds: DistributedSampler's counts, padding and drops; torch.randperm's exact
// permutation (values printed by PyTorch 1.13); Megatron-LM's samplers and seeds; the manifest.
#include <QtTest>

#include <algorithm>
#include <set>
#include <string_view>

#include "core/common/messages.h"
#include "core/common/sha256.h"
#include "core/data/samplers.h"
#include "core/data/torch_randperm.h"

using namespace shardscope;

namespace {

DataSpec pytorch(std::int64_t n, int r, bool dropLast, bool shuffle = false, std::uint64_t seed = 0, std::int64_t epoch = 0)
{
    DataSpec s;
    s.samples = n;
    s.ranks = r;
    s.dropLast = dropLast;
    s.shuffle = shuffle;
    s.seed = seed;
    s.epoch = epoch;
    return s;
}

std::vector<std::int64_t> samplesOf(const DataSharding& d, int rank)
{
    std::vector<std::int64_t> out;
    for (const RankRead& r : d.ranks[static_cast<std::size_t>(rank)])
        out.push_back(r.sample);
    return out;
}

} // namespace

class TestData : public QObject {
    Q_OBJECT
private slots:
    void randpermMatchesPyTorch()
    {
        // torch.Generator().manual_seed(5); torch.randperm(10, generator=g) in PyTorch 1.13.
        QCOMPARE(torchRandperm(10, 5), (std::vector<std::int64_t>{1, 4, 9, 6, 3, 5, 0, 2, 8, 7}));
        // The generator keeps the low 32 bits of the seed.
        QCOMPARE(torchRandperm(100, (1ull << 32) + 5), torchRandperm(100, 5));
        const auto p = torchRandperm(1000, 42);
        QCOMPARE(std::set<std::int64_t>(p.begin(), p.end()).size(), std::size_t{1000});
    }

    void paddingWrapsFromTheStart()
    {
        // 10 samples on 4 ranks: 3 each, samples 0 and 1 read twice (indices += indices[:2]).
        const DataSharding d = shardData(pytorch(10, 4, false));
        QCOMPARE(d.perRank, std::int64_t{3});
        QCOMPARE(d.duplicates, std::int64_t{2});
        QCOMPARE(d.dropped, std::int64_t{0});
        QCOMPARE(samplesOf(d, 0), (std::vector<std::int64_t>{0, 4, 8}));
        QCOMPARE(samplesOf(d, 2), (std::vector<std::int64_t>{2, 6, 0}));
        QVERIFY(d.ranks[2][2].duplicate);
        QCOMPARE(d.duplicateSamples, (std::vector<std::int64_t>{0, 1}));
        // Fewer samples than ranks: the padding wraps around more than once.
        const DataSharding tiny = shardData(pytorch(3, 8, false));
        QCOMPARE(tiny.perRank, std::int64_t{1});
        QCOMPARE(tiny.duplicates, std::int64_t{5});
        QCOMPARE(samplesOf(tiny, 7), (std::vector<std::int64_t>{1}));
    }

    void dropLastDropsTheTail()
    {
        const DataSharding d = shardData(pytorch(10, 4, true));
        QCOMPARE(d.perRank, std::int64_t{2});
        QCOMPARE(d.dropped, std::int64_t{2});
        QCOMPARE(d.droppedSamples, (std::vector<std::int64_t>{8, 9}));
        QCOMPARE(shardData(pytorch(3, 8, true)).perRank, std::int64_t{0});
        // Counts for a dataset too large to list.
        const DataSharding big = shardData(pytorch(1'000'000'007, 64, true));
        QVERIFY(!big.listed);
        QCOMPARE(big.perRank, std::int64_t{15625000});
        QCOMPARE(big.dropped, std::int64_t{7});
    }

    void shuffleFollowsSeedPlusEpoch()
    {
        const DataSharding a = shardData(pytorch(20, 4, false, true, 3, 2));
        const DataSharding b = shardData(pytorch(20, 4, false, true, 5, 0));
        QCOMPARE(a.shuffleSeed, std::uint64_t{5});
        QCOMPARE(samplesOf(a, 1), samplesOf(b, 1));   // same seed + epoch, same order
        QCOMPARE(a.ranks.size(), std::size_t{4});
        const auto p = torchRandperm(20, 5);
        QCOMPARE(samplesOf(a, 1), (std::vector<std::int64_t>{p[1], p[5], p[9], p[13], p[17]}));
        QVERIFY(a.manifest != b.manifest);  // the manifest covers seed and epoch separately
    }

    void megatronSamplers()
    {
        DataSpec s;
        s.sampler = SamplerKind::Megatron;
        s.samples = 23;
        s.ranks = 2;
        s.microBatch = 2;
        s.consumed = 4;
        // Windows of 4 from sample 4 on: rank 1 reads 6, 7, then 10, 11, ...; the last 3 are dropped.
        const DataSharding d = shardData(s);
        QCOMPARE(samplesOf(d, 1), (std::vector<std::int64_t>{6, 7, 10, 11, 14, 15, 18, 19}));
        QCOMPARE(d.dropped, std::int64_t{3});
        // The cyclic sampler asserts the position is a whole window of the new dp.
        s.shuffle = true;
        s.consumed = 2;
        const Diagnostics problems = checkDataSpec(s);
        QVERIFY(hasErrors(problems));
        QCOMPARE(problems.front().templ, msg::kDataResumeWindow);
        s.consumed = 4;
        const DataSharding cyclic = shardData(s);
        QCOMPARE(cyclic.perRank, std::int64_t{10 - 2});  // buckets of (23 // 4) x 2 = 10, offset 4 / 2
        QCOMPARE(cyclic.shuffleSeed, std::uint64_t{0}); // seeded with the epoch alone
        // A resume with another dp is noted.
        s.shuffle = false;
        s.resumeRanks = 4;
        bool noted = false;
        for (const Diagnostic& n : shardData(s).notes)
            noted = noted || (n.templ != nullptr && std::string_view(n.templ) == msg::kDataResume);
        QVERIFY(noted);
        // Megatron: 'no samples left to consume'.
        s.consumed = 23;
        QVERIFY(hasErrors(checkDataSpec(s)));
    }

    void megatronSeeds()
    {
        // megatron/training/initialize.py: seed + 100 x pp rank; TP regions + 2718 + tp rank.
        DataSpec s = pytorch(8, 2, false);
        s.seed = 1234;
        s.tp = 2;
        s.pp = 2;
        const DataSharding d = shardData(s);
        QCOMPARE(d.seeds.size(), std::size_t{8});
        const RankSeeds& r = d.seeds[7];  // tp 1, dp 1, pp 1
        QCOMPARE(r.tpRank, 1);
        QCOMPARE(r.dpRank, 1);
        QCOMPARE(r.ppRank, 1);
        QCOMPARE(r.base, std::uint64_t{1334});
        QCOMPARE(r.tensorParallel, std::uint64_t{1334 + 2718 + 1});
    }

    void sha256()
    {
        QCOMPARE(sha256Hex(""), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256Hex("abc"), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        const std::string long64(64, 'a');
        QCOMPARE(sha256Hex(long64), std::string("ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"));
    }
};

QTEST_APPLESS_MAIN(TestData)
#include "tst_data.moc"
