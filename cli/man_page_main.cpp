// shardscope-cli-manpage OUT: writes shardscope-cli(1) (cli/man_page.cpp) to OUT. A build step of
// the package (cli/CMakeLists.txt), not installed.
#include <fstream>
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: shardscope-cli-manpage OUT\n";
        return 2;
    }
    std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
    shardscope::cli::printManPage(out, SHARDSCOPE_VERSION);
    out.close();
    if (!out) {
        std::cerr << "shardscope-cli-manpage: cannot write " << argv[1] << "\n";
        return 1;
    }
    return 0;
}
