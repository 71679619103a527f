#include "core/common/scratch_folder.h"

#include <cerrno>
#include <charconv>
#include <string_view>
#include <system_error>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shardscope {
namespace {

constexpr std::string_view kPrefix = "shardscope-";

// The process id in "shardscope-<pid>-XXXXXX", or 0 when the name is not a scratch folder's.
long ownerOf(std::string_view name)
{
    if (name.substr(0, kPrefix.size()) != kPrefix)
        return 0;
    name.remove_prefix(kPrefix.size());
    long pid = 0;
    const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), pid);
    if (error != std::errc() || end == name.data() || end == name.data() + name.size() || *end != '-' || pid <= 0)
        return 0;
    return pid;
}

bool running(long pid)
{
    // kill(pid, 0) delivers nothing: it only asks whether the process exists (EPERM: it does,
    // as another user's).
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

} // namespace

std::string scratchFolderPrefix() { return std::string(kPrefix) + std::to_string(::getpid()) + "-"; }

int removeStaleScratchFolders(const std::filesystem::path& temporaryFolder)
{
    int removed = 0;
    std::error_code code;
    for (std::filesystem::directory_iterator it(temporaryFolder, code), end; !code && it != end; it.increment(code)) {
        const std::string name = it->path().filename().string();
        const long pid = ownerOf(name);
        struct stat info {};
        // Only real folders this user owns: never a link, never someone else's.
        if (pid == 0 || running(pid) || ::lstat(it->path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode)
            || info.st_uid != ::getuid())
            continue;
        std::error_code ignored;
        if (std::filesystem::remove_all(it->path(), ignored) > 0)
            ++removed;
    }
    return removed;
}

} // namespace shardscope
