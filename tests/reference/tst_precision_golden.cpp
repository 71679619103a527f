// ShardScope's low-precision emulation against a real engine: validation/precision_reference.py
// runs the same weight-update loops in PyTorch (bf16, fp16, fp32 on the CPU) and records every
// stored value; each must match bit for bit. scripts/test re-runs the script first.
#include <QtTest>

#include <bit>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/precision/drift.h"
#include "core/precision/rounding.h"

using namespace shardscope;

namespace {

nlohmann::json loadReference()
{
    std::ifstream stream(SHARDSCOPE_SOURCE_DIR "/validation/results/precision_reference.json");
    if (!stream)
        qFatal("validation/results/precision_reference.json is missing: run validation/precision_reference.py");
    return nlohmann::json::parse(stream);
}

std::uint32_t hexWord(const std::string& text, std::size_t index, int digits)
{
    return static_cast<std::uint32_t>(std::stoul(text.substr(index * digits, digits), nullptr, 16));
}

// The low-format bit pattern of a value, as PyTorch stores it.
std::uint32_t storedBits(float value, FloatFormat format)
{
    const std::uint32_t fp32 = std::bit_cast<std::uint32_t>(value);
    switch (format) {
    case FloatFormat::Bf16: return fp32 >> 16;
    case FloatFormat::Fp16: return encodeBits(value, FloatFormat::Fp16);
    default: return fp32;
    }
}

} // namespace

class TestPrecisionGolden : public QObject {
    Q_OBJECT
    nlohmann::json reference_;

private slots:
    void initTestCase()
    {
        reference_ = loadReference();
        QVERIFY(reference_["engine"].get<std::string>().rfind("PyTorch", 0) == 0);
        QVERIFY(reference_["cases"].size() >= 30);
    }

    void bitForBit_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < reference_["cases"].size(); ++i) {
            const auto& c = reference_["cases"][i];
            const std::string name = c["label"].get<std::string>() + " " + c["dtype"].get<std::string>() + " "
                                     + c["strategy"].get<std::string>();
            QTest::newRow(name.c_str()) << static_cast<int>(i);
        }
    }
    void bitForBit()
    {
        QFETCH(int, index);
        const auto& c = reference_["cases"][static_cast<std::size_t>(index)];
        const FloatFormat format = *parseEnum<FloatFormat>(c["dtype"].get<std::string>());
        const auto parsedStrategy = parseEnum<DriftStrategy>(c["strategy"].get<std::string>());
        QVERIFY(parsedStrategy.has_value());
        const DriftStrategy strategy = *parsedStrategy;
        const auto steps = c["steps"].get<std::size_t>();
        std::vector<float> updates;
        if (c.contains("update_bits")) {
            const std::string text = c["update_bits"];
            for (std::size_t i = 0; i < steps; ++i)
                updates.push_back(std::bit_cast<float>(hexWord(text, i, 8)));
        } else {
            updates.assign(steps, static_cast<float>(c["update"].get<double>()));
        }
        float master = 0;
        const std::vector<float> ours = replayDrift(format, strategy, c["start"].get<double>(), updates, &master);
        const std::string values = c["values"];
        const int digits = format == FloatFormat::Fp32 ? 8 : 4;
        QCOMPARE(values.size(), steps * static_cast<std::size_t>(digits));
        for (std::size_t i = 0; i < steps; ++i) {
            const std::uint32_t expected = hexWord(values, i, digits);
            const std::uint32_t actual = storedBits(ours[i], format);
            if (expected != actual)
                QFAIL(qPrintable(QString("step %1: PyTorch %2, ShardScope %3").arg(i + 1).arg(expected, 0, 16).arg(actual, 0, 16)));
        }
        if (!c["master"].is_null())
            QCOMPARE(std::bit_cast<std::uint32_t>(master), hexWord(c["master"].get<std::string>(), 0, 8));
    }

    void theArticlesLoop()
    {
        // The recorded PyTorch run itself says what the article says: bf16 stays at 1.0.
        for (const auto& c : reference_["cases"]) {
            if (c["label"] != "article" || c["strategy"] != "naive")
                continue;
            const std::string values = c["values"];
            const std::string dtype = c["dtype"];
            const std::string last = values.substr(values.size() - (dtype == "fp32" ? 8 : 4));
            if (dtype == "bf16")
                QCOMPARE(QString::fromStdString(last), QStringLiteral("3f80"));  // 1.0
            else if (dtype == "fp16")
                QCOMPARE(QString::fromStdString(last), QStringLiteral("3c00"));  // 1.0
            else
                QCOMPARE(std::bit_cast<float>(hexWord(last, 0, 8)), 2.0001657009124756f);
        }
    }
};

QTEST_APPLESS_MAIN(TestPrecisionGolden)
#include "tst_precision_golden.moc"
