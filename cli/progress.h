#pragma once
#include <functional>
#include <optional>
#include <ostream>

// A long experiment's progress and interrupt (drift, reduce): a progress line on stderr,
// rewritten in place, only when stderr is a terminal (as users of long CLI jobs expect; a pipe or
// a log gets nothing); and Ctrl-C (SIGINT) or SIGTERM asks the experiment to stop at its next
// report instead of killing the process mid-write, so the command can say so and exit 130.
namespace shardscope::cli {

class Progress {
public:
    Progress(const char* what, std::ostream& err);
    ~Progress();  // clears the line and restores the previous signal handlers
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Reports `fraction` done; false once an interrupt has arrived.
    bool operator()(double fraction);
    bool interrupted() const;

private:
    const char* what_;
    std::ostream& err_;
    bool terminal_;
    int lastPercent_ = -1;
};

// Exit status of a command stopped by an interrupt (128 + SIGINT, as shells report it).
inline constexpr int kExitInterrupted = 130;

// Runs `work(keepGoing)` under a Progress line; when an interrupt arrived, says so on `err`
// ("<what>: interrupted; nothing written") and returns nothing, for the caller to exit 130.
template <typename Work>
auto runWithProgress(const char* what, std::ostream& err, Work work)
    -> std::optional<decltype(work(std::function<bool(double)>{}))>
{
    Progress progress(what, err);
    auto result = work(std::function<bool(double)>([&progress](double fraction) { return progress(fraction); }));
    if (progress.interrupted()) {
        err << "shardscope-cli: " << what << ": interrupted; nothing written\n";
        return std::nullopt;
    }
    return result;
}

} // namespace shardscope::cli
