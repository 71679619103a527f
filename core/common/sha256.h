#pragma once
#include <string>
#include <string_view>

namespace shardscope {

// SHA-256 (FIPS 180-4) of `data`, as 64 lowercase hex digits: the manifest hashes of the data
// command, which Python's hashlib.sha256 reproduces.
std::string sha256Hex(std::string_view data);

} // namespace shardscope
