#include "core/common/input_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <set>
#include <vector>

#include "core/common/messages.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shardscope {
namespace {

std::string limitText() { return std::to_string(kMaxInputBytes >> 20) + " MiB"; }

// The deepest nesting of [ and { outside strings; stops counting once past the limit.
int jsonDepth(std::string_view text)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (const char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > kMaxJsonDepth)
                return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

} // namespace

bool isValidUtf8(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        int more = 0;
        std::uint32_t code = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            more = 1, code = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            more = 2, code = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            more = 3, code = c & 0x07u;
        } else {
            return false;
        }
        if (i + static_cast<std::size_t>(more) >= text.size())  // the sequence is cut short
            return false;
        for (int k = 1; k <= more; ++k) {
            const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
            if ((next & 0xC0) != 0x80)
                return false;
            code = (code << 6) | (next & 0x3Fu);
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        static constexpr std::uint32_t kMinimum[] = {0, 0x80, 0x800, 0x10000};
        if (code < kMinimum[more] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return false;
        i += static_cast<std::size_t>(more) + 1;
    }
    return true;
}

std::optional<std::string> readInputFile(const std::filesystem::path& path, const std::string& field, Diagnostics& out)
{
    const std::string name = path.string();
    const auto problem = [&](const char* templ, std::initializer_list<DiagnosticArgs::Arg> args) {
        out.push_back(makeDiagnostic(Severity::Error, field, templ, args));
        return std::nullopt;
    };
    if (name.empty())
        return problem(msg::kEmptyPath, {});
    if (!isValidUtf8(name))
        return problem(msg::kPathNotUtf8, {});
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the fstat below refuses it anyway.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return problem(msg::kCannotReadBecause, {name, std::strerror(errno)});
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        return problem(msg::kCannotReadBecause, {name, std::strerror(errno)});
    if (S_ISDIR(info.st_mode))
        return problem(msg::kReadFolder, {name});
    if (!S_ISREG(info.st_mode))
        return problem(msg::kNotRegularFile, {name});
    if (static_cast<std::size_t>(info.st_size) > kMaxInputBytes)
        return problem(msg::kFileTooLarge, {name, limitText()});
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return problem(msg::kCannotReadBecause, {name, std::strerror(errno)});
        if (n == 0)
            break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > kMaxInputBytes)  // it grew while we read it
            return problem(msg::kFileTooLarge, {name, limitText()});
    }
    return text;
}

std::optional<nlohmann::json> parseJsonStrict(std::string_view text, const std::string& origin, const std::string& field,
                                              Diagnostics& out)
{
    if (text.size() > kMaxInputBytes) {
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kFileTooLarge, {origin, limitText()}));
        return std::nullopt;
    }
    if (jsonDepth(text) > kMaxJsonDepth) {
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kJsonTooDeep, {origin, std::to_string(kMaxJsonDepth)}));
        return std::nullopt;
    }
    // The callback sees every key as it is read: a key seen twice in one object is refused.
    std::vector<std::set<std::string>> keys;
    std::string duplicate;
    bool duplicated = false;
    const nlohmann::json::parser_callback_t check = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using E = nlohmann::json::parse_event_t;
        if (event == E::object_start) {
            keys.emplace_back();
        } else if (event == E::object_end) {
            if (!keys.empty())
                keys.pop_back();
        } else if (event == E::key && !keys.empty() && parsed.is_string()) {
            if (!keys.back().insert(parsed.get<std::string>()).second && !duplicated) {
                duplicated = true;
                duplicate = parsed.get<std::string>();
            }
        }
        return true;
    };
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text.begin(), text.end(), check);
    } catch (const nlohmann::json::parse_error& e) {
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kNotJson, {origin, std::to_string(e.byte)}));
        return std::nullopt;
    } catch (const nlohmann::json::exception& e) {  // out_of_range: a number such as 1e400
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kJsonNumberTooLarge, {origin, e.what()}));
        return std::nullopt;
    }
    if (duplicated) {
        out.push_back(makeDiagnostic(Severity::Error, field, msg::kDuplicateKey, {origin, duplicate}));
        return std::nullopt;
    }
    return document;
}

std::optional<nlohmann::json> readJsonFile(const std::filesystem::path& path, const std::string& field, Diagnostics& out)
{
    const std::optional<std::string> text = readInputFile(path, field, out);
    if (!text)
        return std::nullopt;
    return parseJsonStrict(*text, path.string(), field, out);
}

} // namespace shardscope
