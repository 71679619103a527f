#pragma once
// Units are converted once, at the boundary: inside core, bytes are bytes, seconds are seconds.

namespace shardscope::units {

inline constexpr double kGB = 1e9;                        // decimal gigabyte, as the article and the ZeRO paper count
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;  // binary gibibyte, as nvidia-smi and PyTorch count
inline constexpr double kMiB = 1024.0 * 1024.0;
inline constexpr double kMB = 1e6;                         // decimal megabyte (PyTorch DDP's bucket_cap_mb)

} // namespace shardscope::units
