// The trust boundary's file handling (issue 18, issue 16): the one atomic writer, the one input
// reader with its limits, the strict JSON parse, and the removal of stale scratch folders. Each
// case reproduces an attack or an accident the hostile-input audit found.
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/common/atomic_file.h"
#include "core/common/input_file.h"
#include "core/common/scratch_folder.h"

using namespace shardscope;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void put(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

// Names in `folder`: a failed or successful write leaves no temporary behind.
QStringList entries(const fs::path& folder)
{
    QStringList names;
    for (const auto& e : fs::directory_iterator(folder))
        names << QString::fromStdString(e.path().filename().string());
    names.sort();
    return names;
}

mode_t modeOf(const fs::path& path)
{
    struct stat info {};
    ::lstat(path.c_str(), &info);
    return info.st_mode;
}

} // namespace

class TstSafeIo : public QObject {
    Q_OBJECT

private slots:
    // ln -s victim.txt dir/x.json.tmp once made --save-scenario dir/x.json overwrite victim.txt
    // and leave x.json a link to it.
    void plantedTemporaryLinkIsNotFollowed()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        put(root / "victim.txt", "victim");
        fs::create_symlink(root / "victim.txt", root / "x.json.tmp");
        std::string error;
        QVERIFY2(writeFileAtomically(root / "x.json", "new", error), error.c_str());
        QCOMPARE(slurp(root / "victim.txt"), std::string("victim"));
        QVERIFY(S_ISREG(modeOf(root / "x.json")));
        QCOMPARE(slurp(root / "x.json"), std::string("new"));
        QCOMPARE(entries(root), QStringList({"victim.txt", "x.json", "x.json.tmp"}));
    }

    void modeIsKept()
    {
        QTemporaryDir dir;
        const fs::path file = fs::path(dir.path().toStdString()) / "private.json";
        put(file, "old");
        QCOMPARE(::chmod(file.c_str(), 0600), 0);
        std::string error;
        QVERIFY2(writeFileAtomically(file, "new", error), error.c_str());
        QCOMPARE(modeOf(file) & 07777, mode_t(0600));
        QCOMPARE(slurp(file), std::string("new"));
        QCOMPARE(::chmod(file.c_str(), 0640), 0);
        QVERIFY(writeFileAtomically(file, "newer", error));
        QCOMPARE(modeOf(file) & 07777, mode_t(0640));
    }

    void newFileFollowsUmask()
    {
        QTemporaryDir dir;
        const fs::path file = fs::path(dir.path().toStdString()) / "new.json";
        const mode_t mask = ::umask(022);
        std::string error;
        const bool ok = writeFileAtomically(file, "x", error);
        ::umask(mask);
        QVERIFY2(ok, error.c_str());
        QCOMPARE(modeOf(file) & 07777, mode_t(0644));
    }

    // A device node, a link to one and a FIFO are refused and stay what they were.
    void specialTargetsAreRefused()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        std::string error;
        QVERIFY(!writeFileAtomically("/dev/null", "x", error));
        QVERIFY(error.find("not a regular file") != std::string::npos);
        QVERIFY(S_ISCHR(modeOf("/dev/null")));

        fs::create_symlink("/dev/null", root / "null-link.json");
        QVERIFY(!writeFileAtomically(root / "null-link.json", "x", error));
        QVERIFY(S_ISLNK(modeOf(root / "null-link.json")));

        QCOMPARE(::mkfifo((root / "fifo.json").c_str(), 0600), 0);
        QVERIFY(!writeFileAtomically(root / "fifo.json", "x", error));
        QVERIFY(S_ISFIFO(modeOf(root / "fifo.json")));

        fs::create_directory(root / "folder.json");
        QVERIFY(!writeFileAtomically(root / "folder.json", "x", error));
        QVERIFY(fs::is_directory(root / "folder.json"));

        QVERIFY(!writeFileAtomically("/dev/full", "x", error));
        QVERIFY(!writeFileAtomically("", "x", error));
        QCOMPARE(entries(root), QStringList({"fifo.json", "folder.json", "null-link.json"}));
    }

    // A link to a regular file: that file is replaced, the link stays a link.
    void linkToRegularFileIsFollowed()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        fs::create_directory(root / "real");
        put(root / "real" / "s.json", "old");
        fs::create_symlink(root / "real" / "s.json", root / "link.json");
        std::string error;
        QVERIFY2(writeFileAtomically(root / "link.json", "new", error), error.c_str());
        QVERIFY(S_ISLNK(modeOf(root / "link.json")));
        QCOMPARE(slurp(root / "real" / "s.json"), std::string("new"));
        QCOMPARE(entries(root / "real"), QStringList({"s.json"}));
    }

    void missingFolderFailsCleanly()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        std::string error;
        QVERIFY(!writeFileAtomically(root / "no" / "x.json", "x", error));
        QVERIFY(error.find("x.json") != std::string::npos);
        QVERIFY(entries(root).isEmpty());
    }

    // /dev/zero and --hf-config /dev/zero read until killed; a FIFO blocked waiting for a writer.
    void specialInputsAreRefusedAtOnce()
    {
        const auto start = std::chrono::steady_clock::now();
        Diagnostics out;
        QVERIFY(!readInputFile("/dev/zero", "scenario", out));
        QCOMPARE(out.size(), std::size_t{1});
        QCOMPARE(out[0].field.str(), std::string("scenario"));
        QVERIFY(out[0].message().find("not a regular file") != std::string::npos);

        QTemporaryDir dir;
        const fs::path fifo = fs::path(dir.path().toStdString()) / "fifo";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY(!readInputFile(fifo, "scenario", out));
        QVERIFY(!readInputFile(dir.path().toStdString(), "scenario", out));
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    }

    void sizeLimit()
    {
        QTemporaryDir dir;
        const fs::path big = fs::path(dir.path().toStdString()) / "big.json";
        put(big, "{}");
        fs::resize_file(big, kMaxInputBytes + 1);  // sparse: nothing is written
        Diagnostics out;
        QVERIFY(!readInputFile(big, "cases", out));
        QVERIFY(out.back().message().find("16 MiB") != std::string::npos);
        fs::resize_file(big, kMaxInputBytes);
        QVERIFY(readInputFile(big, "cases", out).has_value());
    }

    void pathsMustBeNonEmptyUtf8()
    {
        Diagnostics out;
        QVERIFY(!readInputFile("", "scenario", out));
        QVERIFY(!readInputFile(std::string("bad\xff\xfe.json"), "scenario", out));
        QCOMPARE(out.size(), std::size_t{2});
        QVERIFY(isValidUtf8("plain ascii"));
        QVERIFY(isValidUtf8("\xe4\xb8\xad\xe6\x96\x87"));   // 中文
        QVERIFY(!isValidUtf8("\xc0\xaf"));                   // overlong '/'
        QVERIFY(!isValidUtf8("\xed\xa0\x80"));               // a surrogate
        QVERIFY(!isValidUtf8("\xe4\xb8"));                   // cut short
    }

    void duplicateKeysAreNamed()
    {
        Diagnostics out;
        QVERIFY(!parseJsonStrict(R"({"parallel": {"gpus": 8, "gpus": 16}})", "s.json", "scenario", out));
        QVERIFY(out.back().message().find("\"gpus\"") != std::string::npos);
        QVERIFY(!parseJsonStrict(R"({"a": 1, "a": 1})", "s.json", "scenario", out));
        // The same key in two objects is no duplicate.
        QVERIFY(parseJsonStrict(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})", "s.json", "scenario", out));
    }

    void depthLimit()
    {
        const auto nested = [](int depth) { return std::string(depth, '[') + std::string(depth, ']'); };
        Diagnostics out;
        QVERIFY(parseJsonStrict(nested(kMaxJsonDepth), "d.json", "scenario", out).has_value());
        QVERIFY(!parseJsonStrict(nested(kMaxJsonDepth + 1), "d.json", "scenario", out));
        QVERIFY(out.back().message().find("nested deeper") != std::string::npos);
        QVERIFY(!parseJsonStrict(nested(100000), "d.json", "scenario", out));
        // Brackets inside strings are text.
        QVERIFY(parseJsonStrict("{\"k\": \"" + std::string(1000, '[') + "\"}", "d.json", "scenario", out).has_value());
        QVERIFY(!parseJsonStrict("{\"a\": 1e999}", "d.json", "scenario", out));
    }

    void staleScratchFoldersAreRemoved()
    {
        const pid_t child = ::fork();
        if (child == 0)
            ::_exit(0);
        QVERIFY(child > 0);
        ::waitpid(child, nullptr, 0);
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path stale = root / ("shardscope-" + std::to_string(child) + "-abc123");
        const fs::path mine = root / (scratchFolderPrefix() + "def456");
        fs::create_directories(stale / "inner");
        put(stale / "inner" / "chart.png", "x");
        fs::create_directory(mine);
        fs::create_directory(root / "shardscope-notapid-x");
        fs::create_directory(root / "other");
        QCOMPARE(removeStaleScratchFolders(root), 1);
        QCOMPARE(entries(root), QStringList({"other", QString::fromStdString(mine.filename().string()), "shardscope-notapid-x"}));
    }
};

QTEST_GUILESS_MAIN(TstSafeIo)
#include "tst_safe_io.moc"
