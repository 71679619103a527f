#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "core/common/field_path.h"

namespace shardscope {

enum class Severity { Error, Warning, Info };

// A diagnostic's arguments (%1 to %9): text, packed one after another with their end offsets,
// or numbers kept as numbers and written out only when the message is shown. Most diagnostics
// have two to five short arguments (a few numbers and a GPU's name): text is kept in an inline
// buffer, so building a diagnostic allocates nothing; longer text moves to one heap string. The
// numbers of the diagnostics an estimate makes on every call (the article's scenario shows two:
// docs/performance.md) cost nothing to format until something shows them.
class DiagnosticArgs {
public:
    static constexpr std::size_t kMax = 9;       // %1 to %9: more are dropped
    static constexpr std::size_t kInline = 96;   // characters kept without allocating

    // Bytes shown in decimal gigabytes with one decimal ("132.5 GB").
    struct Gigabytes {
        double bytes;
    };
    // Text that lives as long as the program, kept as a view instead of copied: a preset's name
    // (the preset registries are built once, on first use, and never rebuilt). The GPU's name goes
    // into a diagnostic of nearly every estimate; copying it cost about 50 instructions.
    struct Lasting {
        std::string_view text;
    };
    // One argument: text (copied when the diagnostic is built), a whole number, or Gigabytes.
    class Arg {
    public:
        Arg(std::string_view text) : text_(text) {}
        Arg(const char* text) : text_(text != nullptr ? std::string_view(text) : std::string_view()) {}
        Arg(const std::string& text) : text_(text) {}
        Arg(std::int64_t whole) : kind_(Kind::Whole), whole_(whole) {}
        Arg(int whole) : kind_(Kind::Whole), whole_(whole) {}
        Arg(Gigabytes gigabytes) : kind_(Kind::Gigabytes), bytes_(gigabytes.bytes) {}

    private:
        friend class DiagnosticArgs;
        enum class Kind : std::uint8_t { Text, Whole, Gigabytes, Lasting };
        Kind kind_ = Kind::Text;
        std::string_view text_;
        std::int64_t whole_ = 0;
        double bytes_ = 0;
    };

    DiagnosticArgs() = default;
    DiagnosticArgs(std::initializer_list<Arg> args);
    explicit DiagnosticArgs(const std::vector<std::string>& args);

    void push_back(const Arg& arg);
    // A number stored as it is (no Arg to build and then test for its kind): inline, because the
    // diagnostics an estimate makes on nearly every call are mostly numbers. Only integers, so a
    // double still has no implicit way in (as with Arg).
    template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
    void push_back(T whole)
    {
        if (count_ < kMax)
            storeNumber(Arg::Kind::Whole, Number{.whole = static_cast<std::int64_t>(whole)});
    }
    void push_back(Gigabytes gigabytes)
    {
        if (count_ < kMax)
            storeNumber(Arg::Kind::Gigabytes, Number{.bytes = gigabytes.bytes});
    }
    // Its view in the number's place and its length in the text end's (textBegin steps over it).
    void push_back(Lasting lasting)
    {
        if (count_ < kMax) {
            kinds_[count_] = Arg::Kind::Lasting;
            numbers_[count_] = Number{.text = lasting.text.data()};
            ends_[count_++] = static_cast<std::uint32_t>(std::min<std::size_t>(lasting.text.size(), UINT32_MAX));
        }
    }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    std::string operator[](std::size_t i) const;  // as shown: numbers written out; empty past the end
    std::vector<std::string> toVector() const;

private:
    union Number {
        std::int64_t whole;
        double bytes;
        const char* text;  // a Lasting argument's
    };
    const char* data() const { return heap_.empty() ? inline_.data() : heap_.data(); }
    // Where argument i's text starts among the copied text: the end of the last argument before
    // it that is not Lasting (a Lasting argument's end slot holds its own length).
    std::uint32_t textBegin(std::size_t i) const
    {
        while (i > 0 && kinds_[i - 1] == Arg::Kind::Lasting)
            --i;
        return i == 0 ? 0 : ends_[i - 1];
    }
    void storeNumber(Arg::Kind kind, Number number)
    {
        kinds_[count_] = kind;
        numbers_[count_] = number;
        ends_[count_++] = length_;  // no text: the text so far ends where it did
    }

    std::array<char, kInline> inline_;   // the first kInline characters' home; not zeroed (length_ says what is set)
    std::string heap_;                   // all of them, once they exceed kInline (never empty then)
    std::uint32_t length_ = 0;
    std::array<std::uint32_t, kMax> ends_;  // the first count_ are set: each argument's text end
    std::array<Arg::Kind, kMax> kinds_;  // the first count_ are set
    std::array<Number, kMax> numbers_;   // a Whole's or Gigabytes' value, by kinds_
    std::uint8_t count_ = 0;
};

// A user-facing finding about a scenario. `field` names the input at fault in the
// scenario-file spelling (for example "parallel.tp"), so the CLI can name the flag and the GUI
// can highlight the control. `templ` (from the catalog in messages.h) with `args` lets the GUI
// show the message translated; message() builds the English text only when a caller asks for it:
// building it on every estimate was about a fifth of an estimate's cost (docs/performance.md),
// while most estimates (slider drags, the planner, sweeps) never show their text.
struct Diagnostic {
    Severity severity = Severity::Error;
    FieldPath field;
    std::string text;                // free text, used when there is no template
    const char* templ = nullptr;     // English template with %1, %2, ...; null for free text
    DiagnosticArgs args;

    std::string message() const;     // English: templ filled with args, or text
};

// A scenario's findings. Most estimates make two or three (the article's scenario makes two:
// docs/performance.md), kept inline: a heap vector's allocation and release were about 150
// instructions of every estimate. More than three move to the heap as a vector's would.
using Diagnostics = boost::container::small_vector<Diagnostic, 3>;

// Fills %1..%9 of `templ` with `args`.
std::string formatTemplate(const char* templ, const DiagnosticArgs& args);

// A diagnostic from a catalog template; its message() is formatTemplate(templ, args).
// The arguments are copied before it returns, so they may view temporaries.
Diagnostic makeDiagnostic(Severity severity, std::string field, const char* templ,
                          std::initializer_list<DiagnosticArgs::Arg> args = {});

// A diagnostic without arguments appended to `out`, built where it will stay instead of moved
// there (a Diagnostic with its inline arguments is a few hundred bytes to move). Inline, so that a
// field name written as a literal is copied with its length known: a move or two instead of a call
// to memmove (the diagnostics an estimate makes on nearly every call).
inline Diagnostic& emplaceDiagnostic(Diagnostics& out, Severity severity, std::string_view field, const char* templ)
{
    // Default-initialised (boost's default_init): emplace_back() value-initialises, which zeroes
    // the whole 344-byte Diagnostic before its member initialisers run.
    Diagnostic& d = out.emplace_back(boost::container::default_init);
    d.severity = severity;
    d.field = field;
    d.templ = templ;
    return d;
}

// Appends makeDiagnostic(...) to `out`, built in place (emplaceDiagnostic).
Diagnostic& addDiagnostic(Diagnostics& out, Severity severity, std::string_view field, const char* templ,
                          std::initializer_list<DiagnosticArgs::Arg> args = {});

// The same with the arguments passed one by one: each argument's kind (text, whole number,
// gigabytes) is then known where it is stored, so storing it is a few instructions instead of a
// loop over a list that tests each kind. The form for the diagnostics made on every estimate.
template <typename... Args>
Diagnostic& addDiagnostic(Diagnostics& out, Severity severity, std::string_view field, const char* templ, const Args&... args)
{
    Diagnostic& d = emplaceDiagnostic(out, severity, field, templ);
    (d.args.push_back(args), ...);  // numbers by their own overloads, text through Arg
    return d;
}

const char* severityName(Severity severity);
bool hasErrors(const Diagnostics& diagnostics);

} // namespace shardscope
