#pragma once
// Runs the built shardscope-cli as users do, for the suites that test the command line.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace shardscope::testing {

struct CliRun {
    int status = -1;   // exit status; -1 when it crashed
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess process;
    process.start(QStringLiteral(SHARDSCOPE_CLI), args);
    if (!process.waitForFinished(timeoutMs))
        qFatal("shardscope-cli did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

// The run's standard output as a JSON object; fails the test run when it is not JSON.
inline QJsonObject cliJson(const CliRun& run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace shardscope::testing
