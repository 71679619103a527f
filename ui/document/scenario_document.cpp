#include "ui/document/scenario_document.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include "core/scenario/scenario_json.h"
#include "ui/document/scenario_command.h"
#include "ui/i18n/ui_text.h"

namespace shardscope::ui {

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent)
{
    apply(defaultScenario());
    connect(&undo_, &QUndoStack::cleanChanged, this, &ScenarioDocument::fileChanged);
}

void ScenarioDocument::apply(const Scenario& scenario)
{
    scenario_ = scenario;
    estimate_ = shardscope::estimate(scenario_);
    emit changed();
}

void ScenarioDocument::setScenario(const Scenario& scenario, const QString& description, int mergeKey)
{
    const Scenario before = scenario_;
    apply(scenario);
    undo_.push(new ScenarioCommand(this, before, scenario, description, mergeKey));
    mergeOpen_ = mergeKey >= 0;
}

void ScenarioDocument::endMerge() { mergeOpen_ = false; }

void ScenarioDocument::applyFromUndo(const Scenario& scenario)
{
    mergeOpen_ = false;
    apply(scenario);
}

void ScenarioDocument::reset(const Scenario& scenario, const QString& filePath)
{
    filePath_ = filePath;
    undo_.clear();
    mergeOpen_ = false;
    apply(scenario);
    emit fileChanged();
}

bool ScenarioDocument::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot open %1: %2").arg(QFileInfo(path).fileName(), file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    const nlohmann::json document = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (document.is_discarded()) {
        *error = tr("%1 is not valid JSON.").arg(QFileInfo(path).fileName());
        return false;
    }
    Diagnostics problems;
    const auto scenario = scenarioFromJson(document, QFileInfo(path).absolutePath().toStdString(), problems);
    if (!scenario) {
        QStringList lines;
        for (const Diagnostic& d : problems) {
            if (d.severity == Severity::Error)
                lines << diagnosticText(d);
        }
        *error = tr("%1 is not a valid scenario:\n%2").arg(QFileInfo(path).fileName(), lines.join('\n'));
        return false;
    }
    reset(*scenario, path);
    return true;
}

bool ScenarioDocument::save(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    const std::string text = scenarioToJson(scenario_).dump(2) + "\n";
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    filePath_ = path;
    undo_.setClean();
    emit fileChanged();
    return true;
}

} // namespace shardscope::ui
