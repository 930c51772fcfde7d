// Prints IR as GCL text (records, globals, procedures with `#id @line:col` tags) that parses back to it.
#include "ir/printer.h"

#include "ir/floats.h"

#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

namespace locus::ir {

namespace {

/// Calls f on every statement of a list, nested bodies included (pre-order).
template <typename F> void walk(const std::vector<Stmt> &ss, F &&f) {
  for (const Stmt &s : ss) {
    f(s);
    walk(s.body, f);
  }
}

// Binding strength, loosest first, as in grammar/GCL.g4.
enum Prec { PImplies = 1, POr, PAnd, PCmp, PBitOr, PBitXor, PBitAnd, PShift, PAdd, PMul, PUnary, PAtom };

int precOf(const Expr &e) {
  if (e.kind == Expr::Unary)
    return e.op == Op::Cast || isFloatFunction(e.op) ? PAtom : PUnary;
  if (e.kind == Expr::FloatLit)
    return floatLiteral(e.value, e.type)[0] == '-' ? PUnary : PAtom;
  if (e.kind != Expr::Binary)
    return e.kind == Expr::IntLit && e.value.isNegative() ? PUnary : PAtom;
  switch (e.op) {
  case Op::Implies: return PImplies;
  case Op::Or: return POr;
  case Op::And: return PAnd;
  case Op::Mul:
  case Op::Div:
  case Op::Mod: return PMul;
  case Op::Add:
  case Op::Sub: return PAdd;
  case Op::Shl:
  case Op::Shr: return PShift;
  case Op::BitAnd: return PBitAnd;
  case Op::BitXor: return PBitXor;
  case Op::BitOr: return PBitOr;
  default: return PCmp;
  }
}

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        static const char *hex = "0123456789abcdef";
        unsigned char b = static_cast<unsigned char>(c);
        out += std::string("\\x") + hex[b >> 4] + hex[b & 15];
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

struct ExprPrinter {
  const Program &prog;
  const Procedure *proc;

  std::string varName(VarRef v) const {
    if (v.global)
      return v.index < prog.globals.size() ? prog.globals[v.index].name : "<global?>";
    if (proc && v.index < proc->vars.size())
      return proc->vars[v.index].name;
    return "<var?>";
  }

  void print(std::string &out, const Expr &e, int ctx) const {
    bool paren = precOf(e) < ctx;
    if (paren)
      out += '(';
    switch (e.kind) {
    case Expr::IntLit: out += e.value.toString() + intSuffix(e.type); break;
    case Expr::FloatLit: out += floatLiteral(e.value, e.type); break;
    case Expr::BoolLit: out += e.value.isZero() ? "false" : "true"; break;
    case Expr::NullLit: out += "null"; break;
    case Expr::VarUse: out += varName(e.var); break;
    case Expr::Unary: {
      if (e.op == Op::Cast || isFloatFunction(e.op)) {
        out += e.op == Op::Cast ? numTypeName(e.type) + "(" : std::string(opSpelling(e.op)) + "(";
        if (!e.args.empty())
          print(out, e.args[0], 0);
        out += ')';
        break;
      }
      out += e.op == Op::Neg ? "-" : e.op == Op::BitNot ? "~" : "not ";
      if (e.args.empty())
        break;
      const Expr &a = e.args[0];
      // `-5` would parse back as a literal and `--x` is not a token sequence we want: parenthesize.
      bool inner = e.op == Op::Neg && (a.kind == Expr::IntLit || a.kind == Expr::FloatLit ||
                                       (a.kind == Expr::Unary && a.op == Op::Neg));
      print(out, a, inner ? PAtom + 1 : PUnary);
      break;
    }
    case Expr::Binary: {
      if (e.args.size() != 2)
        break;
      int p = precOf(e);
      bool right = e.op == Op::Implies;
      print(out, e.args[0], right ? p + 1 : p);
      out += ' ';
      out += opSpelling(e.op);
      out += ' ';
      print(out, e.args[1], right ? p : p + 1);
      break;
    }
    }
    if (paren)
      out += ')';
  }
};

std::string fieldName(const Program &prog, const Procedure *proc, VarRef base, uint32_t field) {
  const Var *v = nullptr;
  if (base.global ? base.index < prog.globals.size() : proc && base.index < proc->vars.size())
    v = &prog.var(*proc, base);
  if (v && v->type.kind == Type::Ref && v->type.record < prog.records.size() &&
      field < prog.records[v->type.record].fields.size())
    return prog.records[v->type.record].fields[field].name;
  return "<field?>";
}

/// The innermost element type of an array type (`Node` of `Node[][]`).
Type baseOf(Type t) {
  return t.kind == Type::Array ? Type{t.elem, t.bits, t.isSigned, t.record} : t;
}

/// `new E[n]` for an array of type `E[]` (`new Node[n][]` for `Node[][]`), `nondet` after it with `fill`.
std::string newArrayText(const Program &prog, Type array, const std::string &length, bool fill) {
  if (array.kind != Type::Array)
    return "new <array?>[" + length + "]";
  std::string out = "new " + toString(prog, baseOf(array)) + "[" + length + "]";
  for (unsigned i = 1; i < array.dims; ++i)
    out += "[]";
  return fill ? out + " nondet" : out;
}

/// The type of a statement's variable (Void when out of range).
Type varType(const Program &prog, const Procedure &proc, VarRef v) {
  if (v.global ? v.index < prog.globals.size() : v.index < proc.vars.size())
    return prog.var(proc, v).type;
  return {};
}

std::string stmtText(const Program &prog, const Procedure &proc, const Stmt &s) {
  ExprPrinter ep{prog, &proc};
  std::string out;
  if (!s.guard.isTrue()) {
    out += '[';
    ep.print(out, s.guard, 0);
    out += "] ";
  }
  auto expr = [&](const Expr &e) { ep.print(out, e, 0); };
  switch (s.kind) {
  case Stmt::Assign:
    out += ep.varName(s.lhs) + " := ";
    expr(s.value);
    break;
  case Stmt::GetField:
    out += ep.varName(s.lhs) + " := " + ep.varName(s.base) + "." + fieldName(prog, &proc, s.base, s.field);
    break;
  case Stmt::PutField:
    out += ep.varName(s.base) + "." + fieldName(prog, &proc, s.base, s.field) + " := ";
    expr(s.value);
    break;
  case Stmt::New:
    out += ep.varName(s.lhs) + " := new " +
           (s.record < prog.records.size() ? prog.records[s.record].name : std::string("<record?>"));
    break;
  case Stmt::Nondet: out += ep.varName(s.lhs) + " := nondet"; break;
  case Stmt::Assume:
    out += "assume ";
    expr(s.value);
    break;
  case Stmt::Assert:
    out += "assert ";
    expr(s.value);
    if (!s.message.empty())
      out += ", " + quote(s.message);
    break;
  case Stmt::Call: {
    if (s.lhs.valid())
      out += ep.varName(s.lhs) + " := ";
    out += s.callee < prog.procs.size() ? prog.procs[s.callee].name : std::string("<proc?>");
    out += '(';
    for (size_t i = 0; i < s.args.size(); ++i) {
      if (i)
        out += ", ";
      expr(s.args[i]);
    }
    out += ')';
    break;
  }
  case Stmt::Return: out += "return"; break;
  case Stmt::Halt:
    out += "halt";
    if (!(s.value == Expr{})) {
      out += ' ';
      expr(s.value);
    }
    break;
  case Stmt::Print:
  case Stmt::Scan:
    if (s.lhs.valid())
      out += ep.varName(s.lhs) + " := ";
    out += s.kind == Stmt::Print ? "print " : "scan ";
    out += quote(s.message);
    for (const Expr &a : s.args) {
      out += ", ";
      expr(a);
    }
    break;
  case Stmt::Skip: out += "skip"; break;
  case Stmt::Break: out += "break"; break;
  case Stmt::Continue: out += "continue"; break;
  case Stmt::While:
    out += "while (";
    expr(s.value);
    out += ')';
    if (s.unwind)
      out += " unwind " + std::to_string(s.unwind);
    if (!(s.invariant == Expr{})) {
      out += " invariant ";
      expr(s.invariant);
    }
    break;
  case Stmt::Concrete: out += "concrete"; break;
  case Stmt::GetElem:
    out += ep.varName(s.lhs) + " := " + ep.varName(s.base) + "[";
    if (!s.args.empty())
      expr(s.args[0]);
    out += ']';
    break;
  case Stmt::PutElem:
    out += ep.varName(s.base) + "[";
    if (!s.args.empty())
      expr(s.args[0]);
    out += "] := ";
    expr(s.value);
    break;
  case Stmt::NewArray: {
    std::string n;
    ep.print(n, s.value, 0);
    out += ep.varName(s.lhs) + " := " + newArrayText(prog, varType(prog, proc, s.lhs), n, s.fill);
    break;
  }
  case Stmt::Length: out += ep.varName(s.lhs) + " := " + ep.varName(s.base) + ".length"; break;
  }
  return out;
}

/// The file a procedure's statement locations refer to: that of its first located statement (none for a
/// procedure without statements: its `@"file"` would carry no information).
std::optional<uint32_t> procFile(const Procedure &p) {
  std::optional<uint32_t> f;
  auto visit = [&](const Stmt &s) {
    if (!f && s.loc.valid())
      f = s.loc.file;
  };
  walk(p.pre, visit);
  walk(p.body, visit);
  walk(p.post, visit);
  return f;
}

class ProgramPrinter {
public:
  ProgramPrinter(std::ostream &os, const Program &prog, const PrintOptions &opts)
      : os_(os), prog_(prog), opts_(opts) {}

  void run() {
    for (const Record &r : prog_.records) {
      os_ << "type " << r.name << declLoc(r.loc, std::nullopt) << " {\n";
      for (const Field &f : r.fields)
        os_ << "  " << f.name << ": " << toString(prog_, f.type) << declLoc(f.loc, r.loc.file) << ";\n";
      os_ << "}\n\n";
    }
    for (const Var &g : prog_.globals) {
      os_ << "var " << g.name << ": " << toString(prog_, g.type) << declLoc(g.loc, std::nullopt);
      if (g.alloc)
        os_ << " := " << newArrayText(prog_, g.type, std::to_string(*g.alloc), false);
      os_ << ";\n";
    }
    if (!prog_.globals.empty())
      os_ << "\n";
    for (size_t i = 0; i < prog_.procs.size(); ++i) {
      if (i)
        os_ << "\n";
      proc(prog_.procs[i]);
    }
  }

private:
  void proc(const Procedure &p) {
    constructRanges_.clear();
    // The procedure's file is that of its statements (of its declaration when it has none).
    procFile_ = procFile(p);
    if (!procFile_ && p.loc.valid())
      procFile_ = p.loc.file;
    os_ << (p.isTest ? "test " : "proc ") << p.name;
    if (!p.isTest) {
      os_ << '(';
      for (size_t i = 0; i < p.params.size(); ++i)
        os_ << (i ? ", " : "") << var(p, p.params[i]);
      os_ << ')';
      if (p.result != kNone)
        os_ << " returns (" << var(p, p.result) << ')';
    }
    if (std::optional<uint32_t> f = procFile_; opts_.tags && f && *f < prog_.files.size()) {
      os_ << " @" << quote(prog_.files[*f]);
      if (p.loc.valid() && p.loc.file == *f)
        os_ << ' ' << p.loc.line << ':' << p.loc.col;
      else
        os_ << declLoc(p.loc, f); // declared in another file: ` @"decl" line:col`
    }
    if (p.unwind)
      os_ << " unwind " << p.unwind;
    os_ << "\n";
    block(p, "requires ", p.pre);
    block(p, "ensures ", p.post);
    os_ << "{\n";
    for (size_t i = 0; i < p.vars.size(); ++i) {
      if (std::find(p.params.begin(), p.params.end(), i) != p.params.end() || i == p.result)
        continue;
      os_ << (p.vars[i].temp ? "  temp " : "  var ") << var(p, static_cast<uint32_t>(i)) << ";\n";
    }
    stmts(p, p.body, 1);
    os_ << "}\n";
  }

  std::string var(const Procedure &p, uint32_t i) {
    if (i >= p.vars.size())
      return "<var?>: int";
    return p.vars[i].name + ": " + toString(prog_, p.vars[i].type) + declLoc(p.vars[i].loc, procFile_);
  }

  /// ` @line:col` when `loc` lies in `implied`, else ` @"file" line:col`; empty without tags or location.
  std::string declLoc(SourceLoc loc, std::optional<uint32_t> implied) const {
    if (!opts_.tags || !loc.valid() || loc.file >= prog_.files.size())
      return "";
    std::string out = " @";
    if (!implied || *implied != loc.file)
      out += quote(prog_.files[loc.file]) + " ";
    return out + std::to_string(loc.line) + ":" + std::to_string(loc.col);
  }

  void block(const Procedure &p, const char *kw, const std::vector<Stmt> &ss) {
    if (ss.empty())
      return;
    os_ << kw << "{\n";
    stmts(p, ss, 1);
    os_ << "}\n";
  }

  void stmts(const Procedure &p, const std::vector<Stmt> &ss, int depth) {
    for (const Stmt &s : ss) {
      os_ << std::string(2 * depth, ' ');
      if (opts_.tags) {
        os_ << '#' << s.id << ' ';
        if (s.loc.valid())
          os_ << '@' << s.loc.line << ':' << s.loc.col << ' ';
      }
      os_ << stmtText(prog_, p, s);
      if (s.isCompound()) {
        os_ << " {\n";
        stmts(p, s.body, depth + 1);
        os_ << std::string(2 * depth, ' ') << "}" << sourceInfo(s) << "\n";
      } else {
        os_ << ";" << sourceInfo(s) << "\n";
      }
    }
  }

  /// `  ^construct range (node ranges)` after a statement (see PrintOptions::sourceInfo). The range is
  /// printed on a construct's first statement and where it differs from that one's.
  std::string sourceInfo(const Stmt &s) {
    if (!opts_.tags || !opts_.sourceInfo)
      return "";
    std::vector<const SourceRange *> nodes;
    forEachExprOf(s,
                  [&](const Expr &e) { forEachNode(e, [&](const Expr &x) { nodes.push_back(&x.range); }); });
    while (!nodes.empty() && !nodes.back()->valid())
      nodes.pop_back();
    bool showRange = s.range.valid();
    if (s.construct != 0) {
      auto [it, fresh] = constructRanges_.emplace(s.construct, s.range);
      showRange = showRange && (fresh || it->second != s.range);
    }
    const bool object = s.kind == Stmt::Nondet && !s.message.empty();
    if (s.construct == 0 && !showRange && nodes.empty() && !object)
      return "";
    std::string out = "  ^" + std::to_string(s.construct);
    if (showRange)
      out += " " + rangeText(s.range);
    if (!nodes.empty()) {
      out += " (";
      for (size_t i = 0; i < nodes.size(); ++i)
        out += (i ? " " : "") + (nodes[i]->valid() ? rangeText(*nodes[i]) : std::string("_"));
      out += ")";
    }
    if (object)
      out += " " + quote(s.message);
    return out;
  }

  std::ostream &os_;
  const Program &prog_;
  const PrintOptions &opts_;
  std::optional<uint32_t> procFile_; ///< the file of the procedure being printed
  /// The range printed for each construct of the procedure being printed (at its first statement).
  std::map<uint32_t, SourceRange> constructRanges_;
};

} // namespace

std::string rangeText(const SourceRange &r) {
  std::string out = std::to_string(r.begin.line) + ":" + std::to_string(r.begin.col);
  if (r.end.line == r.begin.line && r.end.col >= r.begin.col)
    return out + "+" + std::to_string(r.end.col - r.begin.col);
  return out + "-" + std::to_string(r.end.line) + ":" + std::to_string(r.end.col);
}

void printProgram(std::ostream &os, const Program &prog, const PrintOptions &opts) {
  ProgramPrinter(os, prog, opts).run();
}

std::string toString(const Program &prog, const PrintOptions &opts) {
  std::ostringstream os;
  printProgram(os, prog, opts);
  return os.str();
}

std::string toString(const Program &prog, const Procedure &proc, const Expr &e) {
  std::string out;
  ExprPrinter{prog, &proc}.print(out, e, 0);
  return out;
}

std::string toString(const Program &prog, const Procedure &proc, const Stmt &s) {
  return stmtText(prog, proc, s);
}

std::string toString(const Program &prog, Type t) {
  switch (t.kind) {
  case Type::Int: return intTypeName(t);
  case Type::Float: return numTypeName(t);
  case Type::Bool: return "bool";
  case Type::Null: return "null";
  case Type::Void: return "void";
  case Type::Ref: return t.record < prog.records.size() ? prog.records[t.record].name : "<record?>";
  case Type::Array: {
    std::string out = toString(prog, baseOf(t));
    for (unsigned i = 0; i < t.dims; ++i)
      out += "[]";
    return out;
  }
  }
  return "?";
}

} // namespace locus::ir
