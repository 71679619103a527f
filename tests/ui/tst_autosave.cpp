// Autosave and crash recovery: the real `shardscope` binary is killed with SIGKILL while it runs
// a scenario, and the next start offers (or, with --restore-autosave, restores) exactly that
// scenario. Writes are coalesced; a clean close leaves nothing; a second window does not fight
// the first over the file.
//
// The test's own main() points XDG_CONFIG_HOME and XDG_STATE_HOME at a temporary folder before
// Qt starts, so no test touches the user's settings or autosave.
#include <QtTest>

#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include <optional>

#include "core/scenario/scenario_json.h"
#include "ui/document/autosave.h"
#include "ui/document/scenario_document.h"
#include "ui/main_window.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

std::string asJson(const Scenario& s) { return scenarioToJson(s).dump(); }

Scenario edited()
{
    Scenario s = defaultScenario();
    s.parallel.gpus = 128;
    s.parallel.tp = 4;
    s.training.microBatch = 3;
    return s;
}

std::optional<Scenario> readScenario(const QString& path)
{
    Diagnostics ignored;
    return QFile::exists(path) ? loadScenarioFile(path.toStdString(), ignored) : std::nullopt;
}

// The scenario in a file as JSON text, or "" when there is none (a failed check, not a crash).
std::string savedJson(const QString& path)
{
    const auto scenario = readScenario(path);
    return scenario ? asJson(*scenario) : std::string();
}

// Starts the real app offscreen with this state folder; the settings folder is the test's own.
void startApp(QProcess& app, const QString& stateHome, const QStringList& arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_STATE_HOME"), stateHome);
    app.setProcessEnvironment(env);
    app.start(QStringLiteral(SHARDSCOPE_APP), arguments);
    QVERIFY2(app.waitForStarted(10000), qPrintable(app.errorString()));
}

} // namespace

class TestAutosave : public QObject {
    Q_OBJECT
    QTemporaryDir scratch_;
    int caseNumber_ = 0;
    QString stateHome_;  // this case's XDG_STATE_HOME

    QString autosavePath() const { return stateHome_ + QStringLiteral("/shardscope/autosave.json"); }

private slots:
    void init()
    {
        stateHome_ = scratch_.filePath(QStringLiteral("state%1").arg(++caseNumber_));
        QVERIFY(QDir().mkpath(stateHome_));
        qputenv("XDG_STATE_HOME", stateHome_.toLocal8Bit());
    }

    void directoryFollowsXdgStateHome()
    {
        QCOMPARE(Autosave::defaultDirectory(), stateHome_ + QStringLiteral("/shardscope"));
        qputenv("XDG_STATE_HOME", "relative/ignored");  // the specification: relative paths are invalid
        QCOMPARE(Autosave::defaultDirectory(), QDir::homePath() + QStringLiteral("/.local/state/shardscope"));
    }

    void coalescesChangesIntoOneWrite()
    {
        ScenarioDocument document;
        Autosave autosave(&document, Autosave::defaultDirectory());
        QVERIFY(autosave.start());
        QVERIFY(!autosave.recovered());
        Scenario s = defaultScenario();
        for (int gpus = 8; gpus <= 256; gpus += 8) {  // a slider dragged across 32 positions
            s.parallel.gpus = gpus;
            document.setScenario(s, QStringLiteral("drag"), 1);
        }
        QCOMPARE(autosave.writeCount(), 0);  // not on every pixel
        QTRY_COMPARE_WITH_TIMEOUT(autosave.writeCount(), 1, 5 * Autosave::kIntervalMs);
        QTest::qWait(2 * Autosave::kIntervalMs);
        QCOMPARE(autosave.writeCount(), 1);  // nothing changed since: no further write
        const auto saved = readScenario(autosave.filePath());
        QVERIFY(saved);
        QCOMPARE(saved->parallel.gpus, 256);  // the last position, not the first

        autosave.finish();  // a clean close
        QVERIFY(!QFile::exists(autosave.filePath()));
    }

    void secondWindowDoesNotAutosave()
    {
        ScenarioDocument first, second;
        Autosave a(&first, Autosave::defaultDirectory());
        Autosave b(&second, Autosave::defaultDirectory());
        QVERIFY(a.start());
        QVERIFY(!b.start());
        second.setScenario(edited(), QStringLiteral("edit"));
        QTest::qWait(2 * Autosave::kIntervalMs);
        QCOMPARE(b.writeCount(), 0);
        QVERIFY(!QFile::exists(a.filePath()));
    }

    // The acceptance test: the app is killed (SIGKILL: no handler runs, nothing is flushed) while
    // it runs an opened scenario; the next start restores exactly that scenario.
    void killedAppIsRestoredOnNextStart()
    {
        const QString scenarioFile = scratch_.filePath(QStringLiteral("edited.json"));
        std::string error;
        QVERIFY2(saveScenarioFile(edited(), scenarioFile.toStdString(), error), error.c_str());

        QProcess app;
        startApp(app, stateHome_, {QStringLiteral("--scenario"), scenarioFile});
        // The autosave appears a moment after the change (the open), as a full scenario file.
        QTRY_VERIFY_WITH_TIMEOUT(readScenario(autosavePath()).has_value(), 30000);
        QCOMPARE(savedJson(autosavePath()), asJson(edited()));
        app.kill();  // SIGKILL
        QVERIFY(app.waitForFinished(10000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFile::exists(autosavePath()));

        // Offscreen and without --restore-autosave nothing may block on a dialog: the app starts,
        // says where the autosave is, and keeps it.
        QProcess headless;
        startApp(headless, stateHome_, {});
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += headless.readAllStandardError()).contains("--restore-autosave"), 30000);
        QTest::qWait(2 * Autosave::kIntervalMs);
        headless.kill();
        QVERIFY(headless.waitForFinished(10000));
        QCOMPARE(savedJson(autosavePath()), asJson(edited()));  // kept, not overwritten

        // The next session (this process, the same code as the app's main) restores it, as one
        // undoable step marked unsaved, and autosaves from then on.
        MainWindow window(true);
        QVERIFY(window.autosave() && window.autosave()->active());  // the killed session's lock is stale
        QVERIFY(window.autosave()->recovered());
        QVERIFY(asJson(window.document()->scenario()) != asJson(edited()));
        window.recoverAutosave(MainWindow::Recovery::Restore);
        QCOMPARE(asJson(window.document()->scenario()), asJson(edited()));
        QVERIFY(window.document()->isModified());
        window.document()->undoStack()->undo();
        QVERIFY(asJson(window.document()->scenario()) != asJson(edited()));
        window.autosave()->finish();
        QVERIFY(!QFile::exists(autosavePath()));
    }

    // On a desktop the recovery is a dialog: Restore brings the scenario back, Discard removes it.
    void dialogRestoresOrDiscards_data()
    {
        QTest::addColumn<bool>("restore");
        QTest::newRow("restore") << true;
        QTest::newRow("discard") << false;
    }

    void dialogRestoresOrDiscards()
    {
        QFETCH(bool, restore);
        std::string error;
        QVERIFY(QDir().mkpath(stateHome_ + QStringLiteral("/shardscope")));
        QVERIFY2(saveScenarioFile(edited(), autosavePath().toStdString(), error), error.c_str());

        MainWindow window(true);
        window.show();
        bool answered = false;
        QTimer::singleShot(0, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box && box->objectName() == QLatin1String("RestoreAutosaveBox"));
            for (QAbstractButton* button : box->buttons()) {
                const bool isRestore = box->buttonRole(button) == QMessageBox::AcceptRole;
                if (isRestore == restore) {
                    answered = true;
                    button->click();
                    return;
                }
            }
        });
        window.recoverAutosave(MainWindow::Recovery::Ask);
        QVERIFY(answered);
        QCOMPARE(asJson(window.document()->scenario()) == asJson(edited()), restore);
        if (restore)
            QCOMPARE(savedJson(autosavePath()), asJson(edited()));  // written again at once
        else
            QVERIFY(!QFile::exists(autosavePath()));
        window.autosave()->finish();
    }
};

int main(int argc, char** argv)
{
    // Before QApplication (and any QSettings): the windows' settings go to a temporary folder.
    QTemporaryDir config;
    qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QApplication::setOrganizationName(QStringLiteral("ShardScope"));
    TestAutosave test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
