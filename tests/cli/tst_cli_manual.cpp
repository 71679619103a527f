// The manual page and --version: the manual is generated from the command and field tables, so
// every command, every command option and every scenario flag must be in it, written as roff
// that cannot be misread (no line starting with a control character it did not mean).
#include <QtTest>

#include <sstream>
#include <string>

#include "cli/cli.h"
#include "core/scenario/field_table.h"

using namespace shardscope;
using namespace shardscope::cli;

class TestCliManual : public QObject {
    Q_OBJECT

    static std::string manual()
    {
        std::ostringstream out;
        printManPage(out, "9.8.7");
        return out.str();
    }

    // roff writes a dash in a flag as \- (a minus sign that can be searched and copied).
    static std::string asRoff(std::string text)
    {
        for (std::size_t at = text.find('-'); at != std::string::npos; at = text.find('-', at + 2))
            text.replace(at, 1, "\\-");
        return text;
    }

private slots:
    void namesEveryCommandAndOption()
    {
        const std::string text = manual();
        QVERIFY(text.find(".TH SHARDSCOPE\\-CLI 1 \"\" \"ShardScope 9.8.7\"") != std::string::npos);
        for (const Command& command : commands()) {
            QVERIFY2(text.find(".SS " + asRoff(command.name) + "\n") != std::string::npos, command.name);
            for (const OptionSpec& option : command.options)
                QVERIFY2(text.find("\\fB" + asRoff(std::string("--") + option.name) + "\\fR") != std::string::npos, option.name);
        }
        int flags = 0;
        for (const FieldSpec& field : scenarioFields()) {
            if (field.flag == nullptr)
                continue;
            ++flags;
            QVERIFY2(text.find(".TP\n\\fB" + asRoff(std::string("--") + field.flag) + "\\fR") != std::string::npos, field.flag);
        }
        QVERIFY(flags > 50);  // the field table, not a handful
    }

    void isWellFormedRoff()
    {
        const std::string text = manual();
        std::istringstream lines(text);
        std::string line;
        const std::string requests[] = {".\\\"", ".TH ", ".SH ", ".SS ", ".TP", ".PP", ".br", ".ad l", ".nh"};
        while (std::getline(lines, line)) {
            if (line.empty() || (line[0] != '.' && line[0] != '\''))
                continue;
            bool known = false;
            for (const std::string& request : requests)
                known = known || line.rfind(request, 0) == 0;
            QVERIFY2(known, line.c_str());  // text that starts with '.' is escaped as \&.
        }
        QVERIFY(text.find(".SH EXIT STATUS\n0 success") != std::string::npos);
    }

    void versionIsTheProjectVersion()
    {
        std::ostringstream out, err;
        QCOMPARE(runCli({"--version"}, out, err), kExitOk);
        QCOMPARE(QString::fromStdString(out.str()), QStringLiteral("shardscope-cli %1\n").arg(QStringLiteral(SHARDSCOPE_VERSION)));
        QVERIFY(err.str().empty());
    }
};

QTEST_GUILESS_MAIN(TestCliManual)
#include "tst_cli_manual.moc"
