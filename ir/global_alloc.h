// The allocation of a global array as a statement: how localization blames a declared size.
#pragma once

#include "ir/ir.h"

namespace locus::ir {

/// The allocation of a global array (Var::alloc) has no statement in any procedure: it runs before the
/// entry. Localization blames its length (the declared size, `int t[3];`) through a statement made up for
/// it: a NewArray `g := new T[alloc]` at the global's location, with the id globalAllocId(g), above every id
/// a front end gives (ids from kGlobalAllocBase on are reserved: ir::validate rejects them). StmtIndex does
/// not know these statements; stmtLoc locates both kinds.
constexpr StmtId kGlobalAllocBase = 0xF0000000u;
inline StmtId globalAllocId(uint32_t global) {
  return kGlobalAllocBase + global;
}
inline bool isGlobalAlloc(StmtId id) {
  return id >= kGlobalAllocBase;
}
/// The global whose allocation `id` is (isGlobalAlloc(id)).
inline uint32_t globalOfAlloc(StmtId id) {
  return id - kGlobalAllocBase;
}

/// The statement of global `global`'s allocation (which must have Var::alloc): its length a 64-bit int.
Stmt globalAllocStmt(const Program &prog, uint32_t global);

/// The location of statement `id`: a statement of a procedure (found in `index`) or the allocation of a
/// global array (the global's declaration); invalid when it is neither.
SourceLoc stmtLoc(const Program &prog, const StmtIndex &index, StmtId id);

} // namespace locus::ir
