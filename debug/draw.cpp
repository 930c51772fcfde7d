// The heap picture of a paused run (debug/draw.h).
#include "debug/draw.h"

#include "session/render.h"

#include <sstream>

namespace locus::debug {

std::string drawState(const ir::Program &prog, const ir::State &st, uint32_t proc, const ir::State *before) {
  (void)before;
  std::ostringstream os;
  ir::State shown = st; // the innermost frame's variables, shown as the procedure's
  if (!st.frames.empty())
    shown.entryVars = st.frames.back().vars;
  render::printState(os, prog, shown, proc);
  return os.str();
}

} // namespace locus::debug
