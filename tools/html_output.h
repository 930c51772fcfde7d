// The `--html FILE` option of `verify`, `localize` and `repair`: the report page (session/html.h) written to
// the file the option names.
#pragma once

#include "session/html.h"

#include <CLI/CLI.hpp>

#include <string>

namespace locus::tools {

/// Adds `--html FILE`; `what` says what the page shows besides the source and the answer.
void addHtmlOption(CLI::App *cmd, std::string &file, const std::string &what);

/// Writes `page` (session/html.h's) to `path`; a file that cannot be written is a usage error.
void writeHtml(const std::string &path, const std::string &page);

} // namespace locus::tools
