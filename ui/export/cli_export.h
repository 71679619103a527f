#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace shardscope::ui {

// shardscope-cli export --scenario FILE --chart memory|sequence|communication|scaling|drift
//   --out FILE.png|.pdf|.svg [--size WxH] [--theme light|dark] [--lang en|zh_CN] [scenario flags]
// Renders the GUI's own chart classes headless. Needs a QApplication (cli_main makes one,
// offscreen when there is no display). Returns the CLI exit status.
int runExportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace shardscope::ui
