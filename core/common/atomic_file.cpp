#include "core/common/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shardscope {
namespace {

std::string reason(int code) { return std::strerror(code); }

// A name no other writer is using: ".<target>.<16 random hex digits>.tmp" beside the target.
std::filesystem::path temporaryName(const std::filesystem::path& target)
{
    static thread_local std::mt19937_64 generator{std::random_device{}() ^ static_cast<std::uint64_t>(::getpid())};
    static const char* digits = "0123456789abcdef";
    std::string suffix;
    std::uint64_t bits = generator();
    for (int i = 0; i < 16; ++i, bits >>= 4)
        suffix += digits[bits & 15u];
    std::string name = ".";
    name += target.filename().string();
    name += '.';
    name += suffix;
    name += ".tmp";
    return target.parent_path() / name;
}

bool writeAll(int fd, const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// Resolves symbolic links to the file that will be replaced, and refuses what must not be.
bool resolveTarget(const std::filesystem::path& path, std::filesystem::path& target, struct stat& existing,
                   bool& exists, std::string& error)
{
    std::error_code code;
    target = path;
    struct stat link {};
    if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        target = std::filesystem::weakly_canonical(path, code);
        if (code) {
            error = "cannot resolve the link " + path.string() + ": " + code.message();
            return false;
        }
    }
    exists = ::stat(target.c_str(), &existing) == 0;
    if (!exists && errno != ENOENT) {
        error = "cannot write " + path.string() + ": " + reason(errno);
        return false;
    }
    if (exists && S_ISDIR(existing.st_mode)) {
        error = "cannot write " + path.string() + ": it is a folder";
        return false;
    }
    if (exists && !S_ISREG(existing.st_mode)) {
        error = "refusing to write " + path.string()
                + ": it is not a regular file (a device, FIFO or socket, or a link to one), which ShardScope never replaces";
        return false;
    }
    return true;
}

} // namespace

bool writeFileAtomically(const std::filesystem::path& path, const std::string& text, std::string& error)
{
    if (path.empty() || path.filename().empty()) {
        error = "cannot write '" + path.string() + "': it names no file";
        return false;
    }
    std::filesystem::path target;
    struct stat existing {};
    bool exists = false;
    if (!resolveTarget(path, target, existing, exists, error))
        return false;

    std::filesystem::path temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        temporary = temporaryName(target);
        // O_EXCL with O_CREAT fails on any existing name, a symlink included; O_NOFOLLOW says so twice.
        fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        error = "cannot write " + path.string() + ": " + reason(errno);
        return false;
    }
    const auto fail = [&](const std::string& what, int code) {
        ::close(fd);
        ::unlink(temporary.c_str());
        error = what + path.string() + ": " + reason(code);
        return false;
    };
    if (exists) {
        // Keep the replaced file's permissions and, when allowed (root), its owner.
        if (::fchmod(fd, existing.st_mode & 07777) != 0)
            return fail("cannot keep the permissions of ", errno);
        if (::fchown(fd, existing.st_uid, existing.st_gid) != 0 && errno != EPERM)
            return fail("cannot keep the owner of ", errno);
    }
    if (!writeAll(fd, text))
        return fail("writing failed for ", errno == 0 ? EIO : errno);
    if (::fsync(fd) != 0)
        return fail("writing failed for ", errno);
    if (::close(fd) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        error = "writing failed for " + path.string() + ": " + reason(code);
        return false;
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        error = "cannot replace " + path.string() + ": " + reason(code);
        return false;
    }
    // The rename itself survives a crash only once the folder is on disk too.
    const std::filesystem::path folder = target.parent_path().empty() ? "." : target.parent_path();
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
}

} // namespace shardscope
