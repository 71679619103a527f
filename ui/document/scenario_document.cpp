#include "ui/document/scenario_document.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/input_file.h"
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
    // One reader for every input (core/common/input_file.h): size and depth limits, special
    // files refused, duplicate keys named.
    Diagnostics unreadable;
    const std::optional<nlohmann::json> document = readJsonFile(QFile::encodeName(path).toStdString(), "scenario", unreadable);
    if (!document) {
        *error = tr("Cannot open %1: %2").arg(QFileInfo(path).fileName(),
                                               unreadable.empty() ? QString() : diagnosticText(unreadable.front()));
        return false;
    }
    Diagnostics problems;
    const auto scenario = scenarioFromJson(*document, QFileInfo(path).absolutePath().toStdString(), problems);
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
    // The one safe writer (core/common/atomic_file.h): exclusive temporary file, mode kept,
    // fsync, rename; devices and FIFOs refused.
    std::string problem;
    if (!writeFileAtomically(QFile::encodeName(path).toStdString(), scenarioToJson(scenario_).dump(2) + "\n", problem)) {
        *error = tr("Cannot write %1: %2").arg(path, QString::fromStdString(problem));
        return false;
    }
    filePath_ = path;
    undo_.setClean();
    emit fileChanged();
    return true;
}

} // namespace shardscope::ui
