// The allocation of a global array as a statement (global_alloc.h).
#include "ir/global_alloc.h"

namespace locus::ir {

Stmt globalAllocStmt(const Program &prog, uint32_t global) {
  const Var &g = prog.globals.at(global);
  Stmt s;
  s.kind = Stmt::NewArray;
  s.id = globalAllocId(global);
  s.loc = g.loc;
  s.guard = Expr::boolLit(true);
  s.lhs = VarRef{true, global};
  s.value = Expr::intLit(BigInt(g.alloc.value()), Type::fixedInt(64, true));
  return s;
}

SourceLoc stmtLoc(const Program &prog, const StmtIndex &index, StmtId id) {
  if (isGlobalAlloc(id)) {
    uint32_t g = globalOfAlloc(id);
    return g < prog.globals.size() && prog.globals[g].alloc ? prog.globals[g].loc : SourceLoc{};
  }
  const Stmt *s = index.find(id);
  return s ? s->loc : SourceLoc{};
}

} // namespace locus::ir
