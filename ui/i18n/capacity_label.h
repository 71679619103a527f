#pragma once
#include <QString>

#include <string>

namespace shardscope::ui {

// A GPU's memory named the way a reader checks it against the card: its preset's name, the bytes
// in GB (1e9, as the article and the charts count) and in GiB (2^30, as "80GB" on an H100's
// datasheet means): "H100 SXM5 80GB: 85.52 GB = 79.65 GiB". Unknown ids show as given.
QString capacityLabel(const std::string& gpuId, double bytes);

} // namespace shardscope::ui
