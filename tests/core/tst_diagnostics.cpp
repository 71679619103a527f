// Diagnostics: a message's English text is built only when asked for, from its catalog template
// and its arguments, text packed into one string and numbers kept as numbers until shown
// (core/common/diagnostics.h).
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/common/diagnostics.h"
#include "core/common/messages.h"
#include "core/common/round_whole.h"

using namespace shardscope;

class TestDiagnostics : public QObject {
    Q_OBJECT

private slots:
    void diagnosticTextOnRequest()
    {
        QCOMPARE(formatTemplate("%1 of %2, %3%", {"a", "b"}), std::string("a of b, %"));
        QCOMPARE(formatTemplate("100% sure: %1", {"x"}), std::string("100% sure: x"));
        QCOMPARE(formatTemplate("ends with %", {}), std::string("ends with %"));
        QCOMPARE(formatTemplate(nullptr, {"a"}), std::string());
        const Diagnostic templated = makeDiagnostic(Severity::Info, "memory", msg::kSingleGpuNeeds, {"1.0 GB", "0.5 GB", "GPU"});
        QVERIFY(templated.text.empty());  // nothing built until asked
        QCOMPARE(templated.message(), formatTemplate(msg::kSingleGpuNeeds, templated.args));
        Diagnostic free;
        free.text = "free text";
        QCOMPARE(free.message(), std::string("free text"));
    }

    // The packed arguments give back what went in, empty ones and long ones included, in order;
    // a tenth argument (no %10 exists) is dropped, and the vector form agrees.
    void diagnosticArgumentsPacked()
    {
        const std::string longArg(300, 'x');
        const DiagnosticArgs args{"", "NVIDIA H100 SXM5 80GB", longArg, std::to_string(48), ""};
        QCOMPARE(args.size(), std::size_t{5});
        QCOMPARE(std::string(args[0]), std::string());
        QCOMPARE(std::string(args[1]), std::string("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(std::string(args[2]), longArg);
        QCOMPARE(std::string(args[3]), std::string("48"));
        QCOMPARE(std::string(args[4]), std::string());
        QCOMPARE(std::string(args[5]), std::string());  // past the end: empty, not a read outside
        QCOMPARE(DiagnosticArgs(args.toVector()).toVector(), args.toVector());
        const DiagnosticArgs ten{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"};
        QCOMPARE(ten.size(), DiagnosticArgs::kMax);
        QCOMPARE(formatTemplate("%9%1", ten), std::string("91"));
        DiagnosticArgs grown;
        QVERIFY(grown.empty());
        for (const char* a : {"a", "", "ccc"})
            grown.push_back(a);
        QCOMPARE(formatTemplate("[%1|%2|%3]", grown), std::string("[a||ccc]"));
        Diagnostic copied = makeDiagnostic(Severity::Warning, "f", "%2 %1", {"x", longArg});
        const Diagnostic moved = std::move(copied);
        QCOMPARE(moved.message(), longArg + " x");
    }

    // Arguments live in an inline buffer up to DiagnosticArgs::kInline characters and on the heap
    // beyond: each side of the boundary, and the step across it in the middle of a list, gives back
    // what went in, also after a copy and a move (the copy must not point into the original).
    void diagnosticArgumentsAcrossTheInlineBuffer()
    {
        constexpr std::size_t kInline = DiagnosticArgs::kInline;
        for (const std::size_t first : {std::size_t{0}, std::size_t{1}, kInline - 1, kInline, kInline + 1}) {
            for (const std::size_t second : {std::size_t{0}, std::size_t{1}, std::size_t{2}, kInline}) {
                const std::string a(first, 'a');
                const std::string b(second, 'b');
                DiagnosticArgs args{a, "", b};
                args.push_back("tail");
                const std::vector<std::string> expected{a, "", b, "tail"};
                QCOMPARE(args.toVector(), expected);
                const DiagnosticArgs copy = args;
                args = DiagnosticArgs{"gone"};  // the copy keeps its own characters
                QCOMPARE(copy.toVector(), expected);
                DiagnosticArgs source = copy;
                const DiagnosticArgs moved = std::move(source);
                QCOMPARE(moved.toVector(), expected);
                QCOMPARE(formatTemplate("%4%2%1", moved), "tail" + a);
            }
        }
    }

    // Numbers are kept as numbers and written out when shown: gigabytes with one decimal, rounded
    // to nearest (as the memory diagnostics always showed them), whole numbers as std::to_string
    // does, between and beside text arguments; copies keep them.
    void numberArgumentsWrittenWhenShown()
    {
        using GB = DiagnosticArgs::Gigabytes;
        const DiagnosticArgs args{GB{132.46e9}, std::int64_t{-48}, "NVIDIA H100 SXM5 80GB", GB{0.04e9}, 3072,
                                  GB{85.899345920e9}, GB{1.96e9}, std::int64_t{1} << 62};
        const std::vector<std::string> expected{"132.5 GB", "-48", "NVIDIA H100 SXM5 80GB", "0.0 GB", "3072",
                                                "85.9 GB", "2.0 GB", "4611686018427387904"};
        QCOMPARE(args.toVector(), expected);
        const DiagnosticArgs copy = args;
        QCOMPARE(formatTemplate("%3: %1 (%2, x%5), %8", copy), std::string("NVIDIA H100 SXM5 80GB: 132.5 GB (-48, x3072), 4611686018427387904"));
        // The figures of the article's scenario as the estimate shows them.
        const Diagnostic d = makeDiagnostic(Severity::Info, "memory", msg::kSingleGpuNeeds,
                                            {GB{132.5e9}, GB{46.6e9}, "NVIDIA A100 SXM4 80GB"});
        QCOMPARE(d.message(), formatTemplate(msg::kSingleGpuNeeds, {"132.5 GB", "46.6 GB", "NVIDIA A100 SXM4 80GB"}));
    }

    // addDiagnostic with its arguments one by one stores numbers through their own push_back
    // overloads (no Arg built) and text through Arg: the same arguments as the list form, in order,
    // for every kind and integer width, and a tenth argument dropped as there.
    void argumentsOneByOneAsInAList()
    {
        using GB = DiagnosticArgs::Gigabytes;
        const std::string name = "NVIDIA H100 SXM5 80GB";
        Diagnostics out;
        const Diagnostic& byOne = addDiagnostic(out, Severity::Info, "memory", "%1", GB{132.46e9}, 7, std::int64_t{-48},
                                                name, "text", std::size_t{3072}, GB{1.96e9}, true, std::string_view("v"), 99);
        const DiagnosticArgs listed{GB{132.46e9}, 7, std::int64_t{-48}, name, "text", std::int64_t{3072}, GB{1.96e9}, 1, "v"};
        QCOMPARE(byOne.args.size(), DiagnosticArgs::kMax);
        QCOMPARE(byOne.args.toVector(), listed.toVector());
        QCOMPARE(byOne.args.toVector(),
                 (std::vector<std::string>{"132.5 GB", "7", "-48", name, "text", "3072", "2.0 GB", "1", "v"}));
        QCOMPARE(std::string(byOne.field), std::string("memory"));
    }

    // A Lasting argument (a preset's name, viewed, not copied) reads back as its text wherever it
    // stands: first, last, empty, beside copied text before and after it (whose start skips over
    // it), next to numbers, across the inline buffer's end, and in copies.
    void lastingArgumentsViewedNotCopied()
    {
        using L = DiagnosticArgs::Lasting;
        static const std::string name = "NVIDIA H100 SXM5 80GB";
        const std::string longArg(DiagnosticArgs::kInline + 5, 'x');
        DiagnosticArgs args;
        args.push_back(L{name});
        args.push_back("ab");
        args.push_back(L{name});
        args.push_back(L{std::string_view()});
        args.push_back("cde");
        args.push_back(std::int64_t{7});
        args.push_back(longArg);
        args.push_back(L{name});
        const std::vector<std::string> expected{name, "ab", name, "", "cde", "7", longArg, name};
        QCOMPARE(args.toVector(), expected);
        const DiagnosticArgs copy = args;
        QCOMPARE(copy.toVector(), expected);
        QCOMPARE(formatTemplate("%2%5%1", copy), "abcde" + name);
        Diagnostics out;
        const Diagnostic& d = addDiagnostic(out, Severity::Info, "memory", msg::kSingleGpuNeeds,
                                            DiagnosticArgs::Gigabytes{132.5e9}, DiagnosticArgs::Gigabytes{46.6e9}, L{name});
        QCOMPARE(d.message(), formatTemplate(msg::kSingleGpuNeeds, {"132.5 GB", "46.6 GB", name}));
    }

    // A field name up to 31 characters stays inline, a longer one goes to the heap; copies, moves
    // and assignments between the two keep the text (ASan checks the heap side in scripts/test).
    void fieldPathsInlineAndOnTheHeap()
    {
        const std::string longest = "parallel.pp_first_stage_layers";  // the longest field name, 30
        const std::string thirtyOne(31, 'a');
        const std::string thirtyTwo(32, 'b');
        const std::string veryLong(1000, 'c');
        for (const std::string& text : {std::string(), std::string("memory"), longest, thirtyOne, thirtyTwo, veryLong}) {
            FieldPath path(text);
            QCOMPARE(path.str(), text);
            QCOMPARE(path.size(), text.size());
            QCOMPARE(path.empty(), text.empty());
            QCOMPARE(std::strlen(path.c_str()), text.size());
            QVERIFY(path == text);
            FieldPath copy = path;
            QVERIFY(copy == text);
            FieldPath moved = std::move(copy);
            QVERIFY(moved == text);
            QVERIFY(copy.empty());  // a moved-from path is empty, not dangling
            for (const std::string& other : {std::string("x"), veryLong}) {
                FieldPath target(other);
                target = path;
                QVERIFY(target == text);
                FieldPath source = moved;
                target = std::move(source);
                QVERIFY(target == text);
                target = other;
                QVERIFY(target == other);
            }
        }
        // Assigned a part of its own text, inline and on the heap.
        for (const std::string& text : {longest, veryLong}) {
            FieldPath own(text);
            own = own.view().substr(1);
            QCOMPARE(own.str(), text.substr(1));
        }
        Diagnostic d = makeDiagnostic(Severity::Info, "training.micro_batch", "%1", {1});
        QVERIFY(d.field == "training.micro_batch");
        QVERIFY(d.field != "training.micro");
        QCOMPARE(std::string(d.field), std::string("training.micro_batch"));
    }

    // The whole numbers the estimate and its advice round (active parameters under --params,
    // percentages, call counts) are std::llround's: halves away from zero, the largest double
    // below a half down, every binade up to 2^62 and beyond, both signs.
    void roundWholeIsLlround()
    {
        std::vector<double> values{0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                   std::nextafter(0.5, 1.0), 4503599627370495.5, -4503599627370495.5, 0x1p52, 0x1p53 + 2.0,
                                   0x1p62 - 1024.0, -(0x1p62 - 1024.0), 0x1p62, -0x1p62, 1e300, -1e300,
                                   std::numeric_limits<double>::denorm_min(), 7e9 * 0.3333333333333333};
        std::mt19937_64 random(20261207);
        for (int i = 0; i < 200000; ++i) {
            const double magnitude = std::ldexp(1.0, static_cast<int>(random() % 66) - 2);  // 2^-2 to 2^63
            const double v = std::uniform_real_distribution<double>(-magnitude, magnitude)(random);
            values.push_back(v);
            values.push_back(std::floor(v) + 0.5);  // a half: ties go away from zero
        }
        for (const double v : values)
            QVERIFY2(roundWhole(v) == std::llround(v), qPrintable(QString::number(v, 'g', 17)));
    }
};

QTEST_APPLESS_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
