#include "ui/i18n/capacity_label.h"

#include <QCoreApplication>
#include <QLocale>

#include "core/hardware/gpu_spec.h"

namespace shardscope::ui {

QString capacityLabel(const std::string& gpuId, double bytes)
{
    const GpuSpec* gpu = standardGpuPresets().find(gpuId);
    const QString name = QString::fromStdString(gpu != nullptr ? gpu->name : gpuId);
    const QLocale locale;
    return QCoreApplication::translate("UiText", "%1: %2 GB = %3 GiB")
        .arg(name, locale.toString(bytes / 1e9, 'f', 2), locale.toString(bytes / (1024.0 * 1024.0 * 1024.0), 'f', 2));
}

} // namespace shardscope::ui
