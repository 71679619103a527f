#pragma once
#include <filesystem>
#include <string>

// Scratch folders (an export renders into one before the atomic write) are named
// "shardscope-<pid>-XXXXXX" in the system's temporary folder. A process killed with SIGKILL
// cannot remove its own, so every start of the app and of shardscope-cli removes those whose
// process no longer runs (docs/architecture.md, "Writing files").
namespace shardscope {

// "shardscope-<this process id>-": the start of this process's scratch folder names.
std::string scratchFolderPrefix();

// Removes the scratch folders in `temporaryFolder` left by processes that no longer run; returns
// how many it removed. Folders of running processes and every other name are left alone.
int removeStaleScratchFolders(const std::filesystem::path& temporaryFolder);

} // namespace shardscope
