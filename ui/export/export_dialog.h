#pragma once
#include <QDialog>

#include <optional>

#include "ui/export/chart_export.h"
#include "ui/i18n/language.h"

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace shardscope::ui {

// Asks where and how big to export a chart: file (PNG, SVG or PDF by extension), size in
// pixels and, for PNG, the scale (2 for a sharp image on a projector); the theme and the
// language of the exported chart (a Chinese slide from an English session, and back).
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);
    QString path() const;
    ExportOptions options() const;
    std::optional<Language> language() const;  // empty: the window's

private:
    void browse();
    QLineEdit* path_;
    QSpinBox* width_;
    QSpinBox* height_;
    QDoubleSpinBox* scale_;
    QComboBox* preset_;
    QComboBox* theme_;
    QComboBox* language_;
};

} // namespace shardscope::ui
