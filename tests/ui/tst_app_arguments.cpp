// The desktop app's own options (app/main.cpp): a bad value exits 2 naming the option and writes
// nothing; a good one is applied (here: --text-scale with --screenshot).
#include <QtTest>

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

namespace {

struct Run {
    int status = -1;
    QString errors;
};

Run runApp(const QStringList& arguments, const QString& configHome)
{
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome);
    env.insert(QStringLiteral("XDG_STATE_HOME"), configHome);
    app.setProcessEnvironment(env);
    app.start(QStringLiteral(SHARDSCOPE_APP), arguments);
    Run run;
    if (!app.waitForFinished(60000))
        return run;
    run.status = app.exitStatus() == QProcess::NormalExit ? app.exitCode() : -1;
    run.errors = QString::fromUtf8(app.readAllStandardError());
    return run;
}

} // namespace

class TestAppArguments : public QObject {
    Q_OBJECT
    QTemporaryDir scratch_;

private slots:
    void badValueIsRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("option");
        for (const char* value : {"nan", "inf", "-1", "0.5", "3.5", "abc", "", "1e400"})
            QTest::addRow("text-scale '%s'", value) << QStringList{QStringLiteral("--text-scale"), QString::fromLatin1(value)}
                                                    << QStringLiteral("--text-scale");
        QTest::addRow("lang") << QStringList{QStringLiteral("--lang"), QStringLiteral("fr")} << QStringLiteral("--lang");
        QTest::addRow("theme") << QStringList{QStringLiteral("--theme"), QStringLiteral("blue")} << QStringLiteral("--theme");
        QTest::addRow("view") << QStringList{QStringLiteral("--view"), QStringLiteral("nowhere")} << QStringLiteral("--view");
    }

    void badValueIsRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, option);
        const QString shot = scratch_.filePath(QStringLiteral("refused.png"));
        const Run run = runApp(arguments + QStringList{QStringLiteral("--screenshot"), shot}, scratch_.path());
        QCOMPARE(run.status, 2);
        QVERIFY2(run.errors.contains(option), qPrintable(run.errors));
        QVERIFY(!QFile::exists(shot));
    }

    // The picture is the asked size (a 1366-px window holds text x1.5) and differs from the
    // default text's.
    void textScaleIsApplied()
    {
        QImage shots[2];
        const char* scales[2] = {"1", "1.5"};
        for (int i = 0; i < 2; ++i) {
            const QString shot = scratch_.filePath(QStringLiteral("text-%1.png").arg(i));
            const Run run = runApp({QStringLiteral("--text-scale"), QString::fromLatin1(scales[i]), QStringLiteral("--size"),
                                    QStringLiteral("1366x768"), QStringLiteral("--screenshot"), shot},
                                   scratch_.path());
            QCOMPARE(run.status, 0);
            shots[i] = QImage(shot);
            QCOMPARE(shots[i].size(), QSize(1366, 768));
        }
        QVERIFY(shots[0] != shots[1]);
    }
};

QTEST_MAIN(TestAppArguments)
#include "tst_app_arguments.moc"
