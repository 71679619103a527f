#pragma once
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace shardscope {

// The scenario-file name of the input a diagnostic is about ("parallel.pp_first_stage_layers").
// A std::string keeps 15 characters without allocating; field names run to 30, so diagnostics
// such as "training.micro_batch"'s, which an estimate makes on nearly every call, paid an
// allocation and a release each (about 200 instructions; docs/performance.md). This keeps up to
// 31 characters inline and longer text (free-form names from callers) on the heap, in the same
// 32 bytes as a std::string.
class FieldPath {
public:
    FieldPath() { assign(std::string_view()); }
    FieldPath(std::string_view text) { assign(text); }
    FieldPath(const char* text) { assign(text != nullptr ? std::string_view(text) : std::string_view()); }
    FieldPath(const std::string& text) { assign(text); }
    FieldPath(const FieldPath& other) { assign(other.view()); }
    FieldPath(FieldPath&& other) noexcept { take(other); }
    ~FieldPath() { release(); }

    FieldPath& operator=(const FieldPath& other)
    {
        if (this != &other) {
            release();
            assign(other.view());
        }
        return *this;
    }
    FieldPath& operator=(FieldPath&& other) noexcept
    {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    FieldPath& operator=(std::string_view text)
    {
        if (onHeap())  // `text` may be our own heap text: copy it before releasing it
            return *this = FieldPath(text);
        assign(text);  // in place (an estimate names the field of each diagnostic it makes this way)
        return *this;
    }
    FieldPath& operator=(const char* text) { return *this = FieldPath(text); }
    FieldPath& operator=(const std::string& text) { return *this = FieldPath(text); }

    std::string_view view() const { return onHeap() ? std::string_view(heapData(), heapSize()) : std::string_view(bytes_, inlineSize()); }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const { return view(); }
    operator std::string() const { return str(); }
    const char* c_str() const { return onHeap() ? heapData() : bytes_; }
    std::size_t size() const { return view().size(); }
    bool empty() const { return size() == 0; }

    friend bool operator==(const FieldPath& a, std::string_view b) { return a.view() == b; }

private:
    static constexpr std::size_t kInline = 31;     // characters kept without allocating
    static constexpr unsigned char kHeap = 0xff;   // in the last byte: the text is on the heap

    // Inline: the characters, a terminator, and in the last byte kInline - size (0 for a full
    // buffer, where it is the terminator). On the heap: the pointer and the size at the start.
    unsigned char tag() const { return static_cast<unsigned char>(bytes_[kInline]); }
    bool onHeap() const { return tag() == kHeap; }
    std::size_t inlineSize() const { return kInline - tag(); }
    char* heapData() const
    {
        char* data;
        std::memcpy(&data, bytes_, sizeof data);
        return data;
    }
    std::size_t heapSize() const
    {
        std::size_t size;
        std::memcpy(&size, bytes_ + sizeof(char*), sizeof size);
        return size;
    }

    void assign(std::string_view text)
    {
        if (text.size() <= kInline) {
            if (!text.empty())  // an empty view's data() may be null, which memcpy must not get
                std::memmove(bytes_, text.data(), text.size());  // `text` may be part of our own
            bytes_[text.size()] = '\0';
            bytes_[kInline] = static_cast<char>(kInline - text.size());
            return;
        }
        char* data = new char[text.size() + 1];
        std::memcpy(data, text.data(), text.size());
        data[text.size()] = '\0';
        const std::size_t size = text.size();
        std::memcpy(bytes_, &data, sizeof data);
        std::memcpy(bytes_ + sizeof data, &size, sizeof size);
        bytes_[kInline] = static_cast<char>(kHeap);
    }
    void take(FieldPath& other) noexcept
    {
        std::memcpy(bytes_, other.bytes_, sizeof bytes_);  // the heap pointer too, when there is one
        other.assign(std::string_view());
    }
    void release() noexcept
    {
        if (onHeap())
            delete[] heapData();
    }

    alignas(8) char bytes_[kInline + 1];
};

static_assert(sizeof(FieldPath) == sizeof(std::string), "a diagnostic keeps its size (docs/performance.md)");

} // namespace shardscope
