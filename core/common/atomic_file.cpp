#include "core/common/atomic_file.h"

#include <fstream>
#include <system_error>

namespace shardscope {

bool writeFileAtomically(const std::filesystem::path& path, const std::string& text, std::string& error)
{
    const std::filesystem::path temporary = path.string() + ".tmp";
    {
        std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
        if (!stream) {
            error = "cannot write " + temporary.string();
            return false;
        }
        stream << text;
        stream.flush();
        if (!stream) {
            error = "writing " + temporary.string() + " failed";
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return false;
        }
    }
    std::error_code code;
    std::filesystem::rename(temporary, path, code);
    if (code) {
        error = "cannot replace " + path.string() + ": " + code.message();
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        return false;
    }
    return true;
}

} // namespace shardscope
