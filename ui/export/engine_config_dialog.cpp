#include "ui/export/engine_config_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/common/atomic_file.h"
#include "ui/controls/enum_combo.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

EngineConfigDialog::EngineConfigDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), scenario_(scenario), engine_(new QComboBox(this)), target_(new QLabel(this)),
      findings_(new QLabel(this)), text_(new QPlainTextEdit(this)), launch_(new QLineEdit(this)),
      save_(new QPushButton(tr("&Save..."), this))
{
    setWindowTitle(tr("Export training config"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    fillEnumCombo(engine_, enumTable<Engine>());
    form->addRow(tr("&Engine:"), engine_);
    form->addRow(tr("Targets:"), target_);
    layout->addLayout(form);
    findings_->setWordWrap(true);
    findings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(findings_);
    text_->setReadOnly(true);
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(text_, 1);
    auto* launchForm = new QFormLayout;
    launch_->setReadOnly(true);
    launchForm->addRow(tr("Launch:"), launch_);
    layout->addLayout(launchForm);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(save_, QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save_, &QPushButton::clicked, this, &EngineConfigDialog::saveInteractive);
    connect(engine_, &QComboBox::currentIndexChanged, this, &EngineConfigDialog::regenerate);
    resize(900, 680);
    regenerate();
}

void EngineConfigDialog::setEngine(Engine engine)
{
    selectEnumValue(engine_, static_cast<int>(engine));
    regenerate();
}

QString EngineConfigDialog::shownText() const { return text_->toPlainText(); }

void EngineConfigDialog::regenerate()
{
    const Engine engine = static_cast<Engine>(engine_->currentData().toInt());
    config_ = exportConfig(scenario_, engine);
    const EngineTarget& target = engineTarget(engine);
    target_->setText(QStringLiteral("%1 %2 (%3)").arg(QString::fromUtf8(target.name), QString::fromUtf8(target.version),
                                                      QString::fromUtf8(target.source)));
    target_->setWordWrap(true);
    QStringList lines;
    for (const Diagnostic& d : config_.diagnostics)
        lines << QStringLiteral("%1: %2").arg(severityLabel(d.severity), diagnosticText(d));
    findings_->setText(lines.isEmpty() ? tr("Every rule of this engine holds for the scenario.") : lines.join(QLatin1Char('\n')));
    findings_->setStyleSheet(config_.ok() ? QString() : QStringLiteral("color: #c0392b; font-weight: bold;"));
    text_->setPlainText(config_.ok() ? QString::fromStdString(config_.text)
                                     : tr("The scenario cannot be expressed in this engine: change what the message above names."));
    launch_->setText(QString::fromStdString(config_.launch));
    save_->setEnabled(config_.ok());
}

bool EngineConfigDialog::saveTo(const QString& path, QString* error)
{
    std::string problem;
    if (!config_.ok() || !writeFileAtomically(path.toStdString(), config_.text, problem)) {
        if (error != nullptr)
            *error = QString::fromStdString(problem);
        return false;
    }
    return true;
}

void EngineConfigDialog::saveInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save training config"), QString::fromStdString(config_.fileName));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        QMessageBox::warning(this, tr("Export training config"), tr("Cannot write %1: %2").arg(path, error));
}

} // namespace shardscope::ui
