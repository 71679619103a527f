#pragma once
#include <filesystem>
#include <string>

namespace shardscope {

// The one way ShardScope writes a file (scenarios, exports, engine configs, validation docs,
// settings). The rule, documented in docs/architecture.md ("Writing files"):
// - A regular file is replaced atomically: the text goes to a new temporary file created
//   exclusively (O_CREAT | O_EXCL | O_NOFOLLOW, a random name, so a planted symlink or a stale
//   temporary is never followed or reused) in the target's own folder, is fsync'ed, takes the
//   old file's mode (and owner where permitted), and is renamed over the target; the folder is
//   then fsync'ed. A failure at any step removes the temporary file and leaves the old one intact.
// - A symbolic link is followed to its final target, which must be a regular file or not exist;
//   that file is replaced and the link is kept.
// - Anything else (a folder, a device such as /dev/null or /dev/full, a FIFO, a socket, or a
//   link to one of them) is refused, never replaced and never written into.
// On failure returns false with `error` set (a sentence naming the path).
bool writeFileAtomically(const std::filesystem::path& path, const std::string& text, std::string& error);

} // namespace shardscope
