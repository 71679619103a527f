#include "cli/progress.h"

#include <atomic>
#include <csignal>
#include <ostream>

#include <unistd.h>

namespace shardscope::cli {
namespace {

std::atomic<bool> gInterrupted{false};
struct sigaction gPreviousInt {}, gPreviousTerm {};

extern "C" void onInterrupt(int) { gInterrupted.store(true); }

} // namespace

Progress::Progress(const char* what, std::ostream& err) : what_(what), err_(err), terminal_(::isatty(STDERR_FILENO) == 1)
{
    gInterrupted.store(false);
    struct sigaction action {};
    action.sa_handler = &onInterrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &gPreviousInt);
    ::sigaction(SIGTERM, &action, &gPreviousTerm);
}

Progress::~Progress()
{
    if (terminal_ && lastPercent_ >= 0)
        err_ << "\r\033[K" << std::flush;  // leave the terminal as it was
    ::sigaction(SIGINT, &gPreviousInt, nullptr);
    ::sigaction(SIGTERM, &gPreviousTerm, nullptr);
}

bool Progress::operator()(double fraction)
{
    const int percent = static_cast<int>(fraction * 100.0);
    if (terminal_ && percent != lastPercent_) {
        lastPercent_ = percent;
        err_ << "\r" << what_ << ": " << percent << " %" << std::flush;
    }
    return !gInterrupted.load();
}

bool Progress::interrupted() const { return gInterrupted.load(); }

} // namespace shardscope::cli
