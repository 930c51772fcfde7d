// The version of locus and the git commit it was built from (generated into the build tree at build time).
#pragma once

namespace locus::tools {

/// The project's version ("0.1.0").
const char *version();
/// The commit the binary was built from: an abbreviated hash, with "-dirty" when the tree had uncommitted
/// changes; "unknown" when it was not built from a git checkout.
const char *gitCommit();

} // namespace locus::tools
