#include "ui/export/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace shardscope::ui {

ExportDialog::ExportDialog(const QString& suggestedPath, QWidget* parent)
    : QDialog(parent), path_(new QLineEdit(suggestedPath, this)), width_(new QSpinBox(this)), height_(new QSpinBox(this)),
      scale_(new QDoubleSpinBox(this)), preset_(new QComboBox(this)), theme_(new QComboBox(this)),
      language_(new QComboBox(this))
{
    setWindowTitle(tr("Export chart"));
    auto* form = new QFormLayout(this);
    auto* fileRow = new QHBoxLayout;
    auto* browse = new QPushButton(tr("&Browse..."), this);
    fileRow->addWidget(path_);
    fileRow->addWidget(browse);
    // A label with a buddy: addRow(QString, QLayout*) would show the "&" of the accelerator.
    auto* fileLabel = new QLabel(tr("&File (.png, .svg, .pdf):"), this);
    fileLabel->setBuddy(path_);
    form->addRow(fileLabel, fileRow);
    width_->setRange(16, 20000);
    width_->setValue(1600);
    width_->setSuffix(tr(" px"));
    height_->setRange(16, 20000);
    height_->setValue(900);
    height_->setSuffix(tr(" px"));
    scale_->setRange(0.5, 8.0);
    scale_->setValue(2.0);
    scale_->setSingleStep(0.5);
    // Slides first: a teacher pastes charts into 16:9 decks.
    preset_->addItem(tr("Custom size"), 0);
    preset_->addItem(tr("Slide, 1920 x 1080 (large type)"), 1);
    preset_->addItem(tr("Slide, 3840 x 2160 (large type)"), 2);
    form->addRow(tr("&Preset:"), preset_);
    connect(preset_, &QComboBox::activated, this, [this](int) {
        const int kind = preset_->currentData().toInt();
        if (kind == 0)
            return;
        const ExportOptions o = slideOptions(kind == 2);
        width_->setValue(o.size.width());
        height_->setValue(o.size.height());
        scale_->setValue(o.scale);
    });
    theme_->addItem(tr("As the window"), -1);
    theme_->addItem(tr("Light"), static_cast<int>(ThemeKind::Light));
    theme_->addItem(tr("Dark"), static_cast<int>(ThemeKind::Dark));
    form->addRow(tr("T&heme:"), theme_);
    language_->addItem(tr("As the window"), -1);
    // Each language named in itself, so a user who cannot read the other one still finds theirs.
    language_->addItem(QStringLiteral("English"), static_cast<int>(Language::English));
    language_->addItem(QStringLiteral("中文"), static_cast<int>(Language::Chinese));
    form->addRow(tr("&Language:"), language_);
    form->addRow(tr("&Width:"), width_);
    form->addRow(tr("&Height:"), height_);
    form->addRow(tr("PNG &scale:"), scale_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export chart"), path_->text(),
                                                        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty())
        path_->setText(chosen);
}

std::optional<Language> ExportDialog::language() const
{
    const int chosen = language_->currentData().toInt();
    return chosen < 0 ? std::nullopt : std::optional<Language>(static_cast<Language>(chosen));
}

QString ExportDialog::path() const { return path_->text().trimmed(); }

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.size = QSize(width_->value(), height_->value());
    o.scale = scale_->value();
    if (preset_->currentData().toInt() != 0)
        o.fontScale = slideOptions(false).fontScale;
    if (theme_->currentData().toInt() >= 0)
        o.theme = static_cast<ThemeKind>(theme_->currentData().toInt());
    return o;
}

} // namespace shardscope::ui
