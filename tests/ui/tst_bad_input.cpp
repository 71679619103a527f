// The desktop app under bad input (issue 16 item 4, issue 18 item 5), offscreen: every scenario of
// the fuzz corpus and its kept reproducers, mutations of them, and the files the audit used (not
// JSON, wrong types, deep nesting, duplicate keys, a missing file, tp = pp = 65536 on 64 GPUs) are
// opened as File > Open does. None may crash or block; a refused file names the problem and leaves
// the open scenario exactly as it was; Hugging Face configs likewise through the model panel.
#include <QtTest>

#include <QDir>
#include <QTemporaryDir>

#include <random>

#include "core/scenario/scenario_json.h"
#include "ui/controls/model_panel.h"
#include "ui/main_window.h"
#include "tests/ui/ui_test_setup.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

QStringList filesIn(const QString& folder)
{
    QStringList paths;
    for (const QFileInfo& info : QDir(folder).entryInfoList(QDir::Files | QDir::Hidden))
        paths << info.absoluteFilePath();
    return paths;
}

// Deterministic mutations of a seed: truncations and flipped bytes, as a mutation fuzzer makes.
QList<QByteArray> mutations(const QByteArray& seed, std::mt19937& rng)
{
    QList<QByteArray> out;
    for (int i = 0; i < 6 && !seed.isEmpty(); ++i) {
        QByteArray m = seed;
        const int at = std::uniform_int_distribution<int>(0, static_cast<int>(m.size()) - 1)(rng);
        if (i % 2 == 0)
            m.truncate(at);
        else
            m[at] = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
        out << m;
    }
    return out;
}

} // namespace

class TstBadInput : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int opened_ = 0, refused_ = 0;

    QString put(const QString& name, const QByteArray& text)
    {
        QFile file(dir_.filePath(name));
        file.open(QIODevice::WriteOnly);
        file.write(text);
        return file.fileName();
    }

    // Opens `path` in a fresh window; on refusal, the scenario before must be the scenario after.
    void open(MainWindow& window, const QString& path)
    {
        const std::string before = scenarioToJson(window.document()->scenario()).dump();
        if (window.openFile(path)) {
            ++opened_;
            window.settle();  // the charts and the layout options of what was accepted
            return;
        }
        ++refused_;
        QCOMPARE(scenarioToJson(window.document()->scenario()).dump(), before);
    }

private slots:
    void initTestCase() { test::startWindowTest(); }

    void scenarioCorpus()
    {
        MainWindow window(false);
        window.resize(1366, 768);
        window.show();
        std::mt19937 rng(18);
        const QString root = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/fuzz/");
        QStringList paths = filesIn(root + "corpus/scenario") + filesIn(root + "regressions/scenario");
        QVERIFY(paths.size() >= 4);
        int n = 0;
        for (const QString& seed : QStringList(paths)) {
            QFile file(seed);
            QVERIFY(file.open(QIODevice::ReadOnly));
            for (const QByteArray& m : mutations(file.readAll(), rng))
                paths << put(QStringLiteral("mutant%1.json").arg(n++), m);
        }
        paths << put("not-json.json", "this is not JSON") << put("types.json", R"({"parallel": {"gpus": "many"}})")
              << put("deep.json", QByteArray(5000, '[') + QByteArray(5000, ']'))
              << put("duplicate.json", R"({"parallel": {"gpus": 8, "gpus": 16}})")
              << put("huge-tp.json", R"({"parallel": {"gpus": 64, "tp": 65536, "pp": 65536}})")
              << dir_.filePath("missing.json") << QStringLiteral("/dev/zero");
        for (const QString& path : paths)
            open(window, path);
        qInfo("%d opened, %d refused", opened_, refused_);
        QVERIFY(opened_ >= 4);
        QVERIFY(refused_ >= 7);
    }

    void hfConfigs()
    {
        MainWindow window(false);
        window.show();
        const std::string before = scenarioToJson(window.document()->scenario()).dump();
        window.modelPanel()->importConfig(put("bad-config.json", R"({"model_type": "llama", "num_hidden_layers": 4294967328})"));
        window.modelPanel()->importConfig(QStringLiteral("/dev/zero"));
        QCOMPARE(scenarioToJson(window.document()->scenario()).dump(), before);
        for (const QString& path : filesIn(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/hf")))
            window.modelPanel()->importConfig(path);  // good and bad: none may crash
        window.settle();
    }
};

QTEST_MAIN(TstBadInput)
#include "tst_bad_input.moc"
