// The `--html FILE` option (html_output.h).
#include "tools/html_output.h"

#include "tools/report.h"

#include <fstream>

namespace locus::tools {

void addHtmlOption(CLI::App *cmd, std::string &file, const std::string &what) {
  cmd->add_option("--html", file,
                  "also write a self-contained HTML report to this file: the answer, the source, " + what);
}

void writeHtml(const std::string &path, const std::string &page) {
  std::ofstream out(path, std::ios::binary);
  out << page;
  if (!out)
    report::usageError("--html: cannot write '" + path + "'");
}

} // namespace locus::tools
