#include "cli/commands.h"
namespace speedlab::cli {
Command add_import(CLI::App&, Global&) { return [] { return 1; }; }
Command add_compare(CLI::App&, Global&) { return [] { return 1; }; }
Command add_sysinfo(CLI::App&, Global&) { return [] { return 1; }; }
}
