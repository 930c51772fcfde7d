// Reads of indeterminate values as checks (uninit.h).
#include "ir/uninit.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace locus::ir {
namespace {

class Instrument {
public:
  Instrument(Procedure &p, StmtId &next, Stmt::Kind check) : p_(p), next_(next), check_(check) {}

  size_t run() {
    forEachStmt(p_.body, [&](Stmt &s) {
      if (s.kind == Stmt::Nondet && !s.message.empty() && !s.lhs.global && !flags_.count(s.lhs.index))
        flags_[s.lhs.index] = Flag{fresh(s.message + "_written", Type::boolType()), s.message};
    });
    if (flags_.empty())
      return 0;
    p_.body = block(std::move(p_.body));
    return added_;
  }

private:
  struct Flag {
    uint32_t var = kNone; ///< the bool temporary
    std::string object;
  };

  uint32_t fresh(const std::string &base, Type t) {
    std::string name = base;
    for (int k = 1; p_.varIndex(name) != kNone; ++k)
      name = base + "_" + std::to_string(k);
    Var v;
    v.name = name;
    v.type = t;
    v.kind = VarKind::Local;
    v.temp = true;
    p_.vars.push_back(std::move(v));
    return static_cast<uint32_t>(p_.vars.size() - 1);
  }

  Expr flagUse(const Flag &f) const { return Expr::varUse(VarRef{false, f.var}, Type::boolType()); }

  /// A statement made at `s` (its guard, location, construct and range).
  Stmt at(const Stmt &s, Stmt::Kind k) {
    Stmt n;
    n.kind = k;
    n.id = next_++;
    n.loc = s.loc;
    n.guard = s.guard;
    n.construct = s.construct;
    n.range = s.range;
    return n;
  }

  Stmt setFlag(const Stmt &s, const Flag &f, Expr value) {
    Stmt n = at(s, Stmt::Assign);
    n.lhs = VarRef{false, f.var};
    n.value = std::move(value);
    return n;
  }

  std::vector<Stmt> block(std::vector<Stmt> in) {
    std::vector<Stmt> out;
    out.reserve(in.size());
    for (Stmt &s : in) {
      if (s.isCompound()) {
        s.body = block(std::move(s.body));
        out.push_back(std::move(s));
        continue;
      }
      // reads first, in order of first use; a read in the right operand of `and`, `or`, `implies` only
      // where the left one lets it be evaluated (its condition; none: always)
      std::vector<uint32_t> read;
      std::map<uint32_t, std::optional<Expr>> when;
      std::function<void(const Expr &, const std::optional<Expr> &)> walk =
          [&](const Expr &x, const std::optional<Expr> &c) {
            if (x.kind == Expr::Binary && (x.op == Op::And || x.op == Op::Or || x.op == Op::Implies)) {
              walk(x.args.at(0), c);
              Expr left = x.op == Op::Or ? Expr::unary(Op::Not, x.args[0]) : x.args[0];
              walk(x.args.at(1), c ? Expr::binary(Op::And, *c, std::move(left)) : std::move(left));
              return;
            }
            for (const Expr &a : x.args)
              walk(a, c);
            if (x.kind != Expr::VarUse || x.var.global || !flags_.count(x.var.index))
              return;
            if (std::find(read.begin(), read.end(), x.var.index) == read.end()) {
              read.push_back(x.var.index);
              when[x.var.index] = c;
            } else if (std::optional<Expr> &w = when[x.var.index]; w) {
              w = c ? std::optional<Expr>(Expr::binary(Op::Or, *w, *c)) : std::nullopt;
            }
          };
      auto reads = [&](const Expr &e) { walk(e, std::nullopt); };
      if (s.kind == Stmt::Scan)
        reads(s.guard);
      else
        forEachExprOf(s, reads);
      for (uint32_t v : read) {
        const Flag &f = flags_.at(v);
        Stmt a = at(s, check_);
        a.value = when[v] ? Expr::binary(Op::Implies, *when[v], flagUse(f)) : flagUse(f);
        a.message = "'" + f.object + "' read before it was written";
        out.push_back(std::move(a));
        ++added_;
      }
      // then the writes
      std::vector<Stmt> after;
      if (s.kind == Stmt::Scan) {
        for (size_t k = 0; k < s.args.size(); ++k) {
          const VarRef &v = s.args[k].var;
          auto it = v.global ? flags_.end() : flags_.find(v.index);
          if (it == flags_.end())
            continue;
          if (!s.lhs.valid())
            s.lhs = VarRef{false, fresh("scanned", Type::fixedInt(32, true))};
          Expr count = Expr::varUse(s.lhs, p_.vars[s.lhs.index].type);
          Expr more = Expr::binary(Op::Gt, count, Expr::intLit(BigInt(static_cast<int64_t>(k)), count.type));
          after.push_back(setFlag(s, it->second, Expr::binary(Op::Or, flagUse(it->second), std::move(more))));
        }
      } else if (s.lhs.valid() && !s.lhs.global && flags_.count(s.lhs.index)) {
        bool drawn = s.kind == Stmt::Nondet && !s.message.empty();
        after.push_back(setFlag(s, flags_.at(s.lhs.index), Expr::boolLit(!drawn)));
      }
      out.push_back(std::move(s));
      for (Stmt &a : after)
        out.push_back(std::move(a));
    }
    return out;
  }

  Procedure &p_;
  StmtId &next_;
  Stmt::Kind check_; ///< Assert (a failure) or Assume (the path ends)
  std::map<uint32_t, Flag> flags_;
  size_t added_ = 0;
};

} // namespace

namespace {
size_t instrument(Program &prog, Stmt::Kind check) {
  StmtId next = prog.maxStmtId() + 1;
  size_t added = 0;
  for (Procedure &p : prog.procs)
    added += Instrument(p, next, check).run();
  return added;
}
} // namespace

size_t checkIndeterminateReads(Program &prog) {
  return instrument(prog, Stmt::Assert);
}

size_t assumeDefinedReads(Program &prog) {
  return instrument(prog, Stmt::Assume);
}

} // namespace locus::ir
