// The audit of the C front end: every kind of clang AST node (statement, expression, declaration) and every
// cast kind, classified by what the lowering does with it. The lowering consults these tables before it
// lowers a node, so a kind it has no code for is always a located `unsupported C construct` error, never
// passed over; tests/unit/frontend_c/test_audit.cpp checks that every kind clang defines is classified.
#pragma once

#include <clang/AST/DeclBase.h>
#include <clang/AST/OperationKinds.h>
#include <clang/AST/Stmt.h>

namespace locus::c::audit {

enum class Support : unsigned char {
  Unknown,  ///< not classified (the unit test fails on any)
  Lowered,  ///< the lowering has code for it (which may still reject some of its forms with a message)
  Rejected, ///< a C construct outside the subset: `what` is the error message's description
  NotC,     ///< clang builds it only for other languages (C++, Objective-C, OpenMP, OpenCL, CUDA, …)
};

struct Entry {
  Support support = Support::Unknown;
  const char *what = nullptr; ///< Lowered: what it is; Rejected: the construct, for the message
};

Entry stmtClass(clang::Stmt::StmtClass k);
Entry castKind(clang::CastKind k);
Entry declKind(clang::Decl::Kind k);

} // namespace locus::c::audit
