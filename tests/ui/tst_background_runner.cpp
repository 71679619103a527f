// The background runner's promise to screenshots, exports and tests: waitForIdle returns only
// once every job's result has been delivered. A job's future stops running in its worker before
// its finished signal reaches the main thread through the event loop, so a wait that trusted the
// future's state could return with a result still on its way (on a slow CI machine a view then
// measured its layout before the result's text was in it).
#include <QSignalSpy>
#include <QtTest>

#include "core/precision/reduction.h"
#include "ui/document/background_runner.h"

using namespace shardscope;
using namespace shardscope::ui;

class TestBackgroundRunner : public QObject {
    Q_OBJECT

private slots:
    void waitForIdleDeliversEveryResult()
    {
        BackgroundRunner runner;
        QSignalSpy delivered(&runner, &BackgroundRunner::reductionReady);
        ReductionSpec spec;  // a job of well under a millisecond: the race is with the worker's last steps
        spec.maxRanks = 2;
        spec.elements = 1;
        for (int i = 1; i <= 500; ++i) {
            runner.requestReduction(spec);
            runner.waitForIdle();
            QCOMPARE(delivered.count(), i);
        }
    }

    // A request made while the lane's job runs waits for it, and both results arrive in order.
    void queuedRequestRunsAfterTheRunningOne()
    {
        BackgroundRunner runner;
        QSignalSpy delivered(&runner, &BackgroundRunner::reductionReady);
        ReductionSpec first;
        first.maxRanks = 1024;
        ReductionSpec second = first;
        second.maxRanks = 2;
        runner.requestReduction(first);
        runner.requestReduction(second);
        runner.waitForIdle();
        QCOMPARE(delivered.count(), 2);
        QCOMPARE(delivered.at(1).at(0).value<std::vector<ReductionPoint>>().size(), std::size_t{1});
    }
};

QTEST_MAIN(TestBackgroundRunner)
#include "tst_background_runner.moc"
