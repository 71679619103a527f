// The GEMM model (core/perf/gemm_model.h): wave quantization as NVIDIA's Matrix Multiplication
// Background guide describes it, and the linear-layer form the step model prices each layer with.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

#include "core/hardware/gpu_spec.h"
#include "core/perf/gemm_model.h"
#include "core/scenario/scenario.h"

using namespace shardscope;

namespace {

GemmDevice h100()
{
    const Scenario s = defaultScenario();
    return gemmDevice(s, *standardGpuPresets().find("h100-sxm"), GemmFormat::Bf16);
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

} // namespace

class TestGemmModel : public QObject {
    Q_OBJECT
private slots:
    // One more 128 x 256 tile than the SMs hold needs a second wave that runs one tile: about
    // half the slots of the two waves do useful work (the guide's section 3.2).
    void aPartialLastWaveCostsAFullOne()
    {
        const GemmDevice d = h100();
        QVERIFY(d.sms > 0);
        const double k = 8192;
        const double full = gemmSeconds(d, 128.0 * d.sms, 256, k);
        const double oneMore = gemmSeconds(d, 128.0 * (d.sms + 1), 256, k);
        QVERIFY(std::fabs(oneMore / full - 2.0) < 1e-12);  // twice the time for 1/sms more work
        // Tiles that fill the SMs exactly cost the same per FLOP whatever their number of waves.
        QVERIFY(std::fabs(gemmSeconds(d, 128.0 * d.sms * 3, 256, k) / full - 3.0) < 1e-12);
    }

    // linearGemmSeconds tests whole sizes once for a layer's three GEMMs: each of its times must be
    // gemmSeconds of that GEMM to the last bit, for whole and fractional sizes (a routed expert's
    // tokens are b s k / E), sizes past the integer path's 2^31, equal sides (one GEMM's time taken
    // from another), a flat efficiency and no SMs; and a transposed weight gives the same three.
    void linearLayerIsThreeGemms()
    {
        std::mt19937_64 random(20261205);
        std::uniform_int_distribution<int> size(1, 70000);
        GemmDevice devices[3] = {h100(), h100(), h100()};
        devices[1].flat = true;
        devices[1].efficiency = 0.6;
        devices[2].sms = 0;
        int cases = 0;
        int wholeCases = 0;
        for (const GemmDevice& d : devices) {
            for (int i = 0; i < 2000; ++i) {
                double m = size(random), n = size(random), k = size(random);
                if (i % 4 == 1)
                    m = m * 2.0 / 3.0;  // fractional tokens
                if (i % 4 == 2)
                    k += 0.5;
                if (i % 97 == 0)
                    m *= 65536.0;       // past 2^31
                if (i % 89 == 0)
                    n *= 65536.0;       // a weight side past 2^31 (an MLA up projection can be)
                // Equal sides, where linearGemmSeconds takes one GEMM's time from another.
                if (i % 5 == 3)
                    n = k;              // a square weight: the data gradient is the forward
                if (i % 7 == 4)
                    m = n;              // tokens equal to the weight's rows: the weight gradient is the data gradient
                if (i % 11 == 5)
                    m = k;              // tokens equal to its columns: the weight gradient is the forward
                for (bool weightGradient : {true, false}) {
                    const GemmTimes t = linearGemmSeconds(d, m, n, k, weightGradient);
                    QVERIFY(sameBits(t.forward, gemmSeconds(d, m, n, k)));
                    QVERIFY(sameBits(t.dataGradient, gemmSeconds(d, m, k, n)));
                    QVERIFY(sameBits(t.weightGradient, weightGradient ? gemmSeconds(d, n, k, m) : 0.0));
                    // The transposed weight's GEMMs are the same three in other roles (the kernel
                    // times reuse them for the output projection and the MLP's down projection).
                    const GemmTimes tr = linearGemmSeconds(d, m, k, n, weightGradient);
                    QVERIFY(sameBits(tr.forward, t.dataGradient));
                    QVERIFY(sameBits(tr.dataGradient, t.forward));
                    QVERIFY(sameBits(tr.weightGradient, t.weightGradient));
                    ++cases;
                    if (k != std::floor(k) || n != std::floor(n))
                        continue;
                    // The form for a weight's whole sides: the same times, to the last bit.
                    const GemmTimes w = linearGemmSeconds(d, m, WholeSizes{static_cast<std::int64_t>(n), static_cast<std::int64_t>(k)},
                                                          weightGradient);
                    QVERIFY(sameBits(w.forward, t.forward));
                    QVERIFY(sameBits(w.dataGradient, t.dataGradient));
                    QVERIFY(sameBits(w.weightGradient, t.weightGradient));
                    ++wholeCases;
                }
            }
        }
        QCOMPARE(cases, 12000);
        QVERIFY(wholeCases > 8000);
    }
};

QTEST_APPLESS_MAIN(TestGemmModel)
#include "tst_gemm_model.moc"
