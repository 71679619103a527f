// shardscope-cli: wiring only; the commands live in core/cli.
#include <iostream>
#include <string>
#include <vector>

#include "core/cli/cli.h"

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    return shardscope::cli::runCli(args, std::cout, std::cerr);
}
