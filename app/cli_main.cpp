// shardscope-cli: wiring only. The commands live in core/cli; `export` renders the GUI's chart
// classes, so it alone starts a (headless when there is no display) QApplication.
#include <QApplication>

#include <iostream>
#include <string>
#include <vector>

#include "core/cli/cli.h"
#include "ui/export/cli_export.h"
#include "ui/platform/headless.h"

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "export") {
        if (shardscope::ui::withoutDisplay())
            shardscope::ui::useOffscreenPlatform();
        QApplication app(argc, argv);
        try {
            return shardscope::ui::runExportCommand({args.begin() + 1, args.end()}, std::cout, std::cerr);
        } catch (const std::exception& e) {
            std::cerr << "shardscope-cli: internal error: " << e.what() << "\n";
            return shardscope::cli::kExitInternal;
        }
    }
    return shardscope::cli::runCli(args, std::cout, std::cerr);
}
