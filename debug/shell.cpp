// The debugger's command loop (debug/shell.h).
#include "debug/shell.h"

#include "debug/draw.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

#include <editline/readline.h>

namespace locus::debug {

namespace {

struct Command {
  const char *name;
  const char *alias;
  const char *args;
  const char *help;
};

const std::vector<Command> &commands() {
  static const std::vector<Command> all = {
      {"start", "run", "", "run the program from its start, paused at its first statement"},
      {"next", "n", "", "run the current line (calls included)"},
      {"step", "s", "", "run the current line, stopping inside a call"},
      {"finish", "", "", "run until the current procedure returns"},
      {"continue", "c", "", "run to the next breakpoint or the end"},
      {"enter", "", "", "at a loop's test: run its body once more (forced when its condition is false)"},
      {"leave", "", "", "at a loop's test: leave the loop (forced when its condition is true)"},
      {"change", "", "ENTITY VALUE",
       "set a variable (`change current n3`) or a field (`change n4 -> prev n3`, `change n4.prev n3`)"},
      {"print", "p", "PATH", "the value of a variable, node or field path (`head.next.val`, `n3`)"},
      {"show", "", "", "the current line and the heap"},
      {"dot", "", "FILE", "write the heap as Graphviz DOT (a FILE ending in .svg: as SVG, drawn by dot)"},
      {"break", "b", "LINE|PROC",
       "stop at LINE, or at the first line of procedure PROC (`continue` runs to it)"},
      {"delete", "", "LINE", "remove the breakpoint at LINE"},
      {"spec", "", "",
       "the current state of the tracked entities is what the program must reach here "
       "(a checkpoint)"},
      {"checkpoints", "", "", "the checkpoints recorded"},
      {"resume", "", "N", "back to checkpoint N (its run and its specs)"},
      {"track", "", "[VAR...]", "specs describe only these variables (no VAR: every variable again)"},
      {"untrack", "", "VAR...", "specs leave these variables out"},
      {"localize", "", "",
       "the suspicious lines: gradient's, then the formula methods' between the last two checkpoints"},
      {"repair", "", "", "a repair meeting every spec recorded (proof-guided), hot-patched into the session"},
      {"trust", "", "LINE", "repair keeps the statements of LINE as they are (they run as `concrete`)"},
      {"rewrite", "", "[FILE]", "the repaired program: its diff, or the whole text written to FILE"},
      {"save", "", "FILE", "write the session as a script (`locus debug PROG --script FILE` replays it)"},
      {"help", "h", "", "this list"},
      {"quit", "q", "", "end the session"},
  };
  return all;
}

/// The commands that only move the run, without arguments: the session's call of each.
const std::map<std::string, Reply (Session::*)()> motions = {
    {"start", &Session::start},   {"next", &Session::next},     {"step", &Session::step},
    {"finish", &Session::finish}, {"continue", &Session::cont}, {"enter", &Session::enter},
    {"leave", &Session::leave}};

const Command *find(const std::string &w) {
  for (const Command &c : commands())
    if (w == c.name || (*c.alias && w == c.alias))
      return &c;
  return nullptr;
}

std::vector<std::string> words(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;)
    out.push_back(w);
  return out;
}

/// Splits a line at `;` (the paper's `next; next; next`).
std::vector<std::string> split(const std::string &line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ';') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::optional<unsigned> number(const std::string &s) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return static_cast<unsigned>(std::stoul(s));
}

// ---- libedit completion --------------------------------------------------------------------------------

Session *completing = nullptr;
std::vector<std::string> candidates;

char *generate(const char *text, int state) {
  static size_t at;
  if (state == 0)
    at = 0;
  size_t n = std::strlen(text);
  while (at < candidates.size()) {
    const std::string &c = candidates[at++];
    if (c.compare(0, n, text) == 0)
      return strdup(c.c_str());
  }
  return nullptr;
}

char **complete(const char *text, int start, int) {
  candidates.clear();
  if (start == 0) {
    for (const Command &c : commands())
      candidates.emplace_back(c.name);
  } else if (completing) {
    candidates = completing->names();
  }
  return rl_completion_matches(text, generate);
}

class Input {
public:
  Input(std::istream &in, bool interactive) : in_(in), interactive_(interactive) {
    if (!interactive_)
      return;
    rl_attempted_completion_function = complete;
    if (const char *home = std::getenv("HOME")) {
      history_ = std::string(home) + "/.locus_debug_history";
      read_history(history_.c_str());
    }
  }
  ~Input() {
    if (interactive_ && !history_.empty())
      write_history(history_.c_str());
  }
  bool read(std::string &line) {
    if (!interactive_)
      return static_cast<bool>(std::getline(in_, line));
    char *l = readline("(locus) ");
    if (!l)
      return false;
    line = l;
    std::free(l);
    if (line.find_first_not_of(" \t") != std::string::npos)
      add_history(line.c_str());
    return true;
  }

private:
  std::istream &in_;
  bool interactive_;
  std::string history_;
};

} // namespace

std::string helpText() {
  std::ostringstream os;
  os << "Commands (several on one line separated by ';'):\n";
  for (const Command &c : commands()) {
    std::string head = std::string(c.name) + (*c.args ? " " + std::string(c.args) : "");
    if (*c.alias)
      head += " (" + std::string(c.alias) + ")";
    os << "  " << head << std::string(head.size() < 24 ? 24 - head.size() : 1, ' ') << c.help << "\n";
  }
  return os.str();
}

size_t runShell(Session &s, std::istream &in, std::ostream &out, const ShellOptions &o) {
  completing = &s;
  Input input(in, o.interactive);
  size_t failed = 0, svgs = 0;
  std::vector<std::string> log; // the commands that make the session, for `save`
  std::string line;
  bool quit = false;
  while (!quit && input.read(line)) {
    for (const std::string &part : split(line)) {
      std::vector<std::string> w = words(part);
      if (w.empty() || w[0][0] == '#')
        continue;
      std::string text;
      for (const std::string &x : w)
        text += (text.empty() ? "" : " ") + x;
      if (o.echo && !o.json)
        out << "(locus) " << text << "\n";
      if (o.beforeCommand)
        o.beforeCommand();
      const Command *c = find(w[0]);
      Reply r;
      std::vector<std::string> args(w.begin() + 1, w.end());
      auto usage = [&](const std::string &msg) {
        r.ok = false;
        r.message = msg;
      };
      // the one number a command takes (a line, a checkpoint); nullopt after saying what was expected
      auto numberArg = [&](const std::string &what) {
        std::optional<unsigned> n = args.size() == 1 ? number(args[0]) : std::nullopt;
        if (!n)
          usage(std::string(c->name) + ": " + what + " is expected");
        return n;
      };
      if (!c) {
        usage("unknown command '" + w[0] + "' (help lists the commands)");
      } else {
        std::string name = c->name;
        bool wantsArgs = *c->args && c->args[0] != '[';
        if (wantsArgs && args.empty()) {
          usage(name + ": " + c->args + " is missing (" + c->help + ")");
        } else if (!*c->args && !args.empty()) {
          usage(name + " takes no arguments");
        } else if (auto m = motions.find(name); m != motions.end()) {
          r = (s.*(m->second))();
        } else if (name == "change") {
          // change ENTITY VALUE, where ENTITY may be `n4 -> prev`: the value is the last word
          if (args.size() < 2) {
            usage("change: ENTITY VALUE expected (`change current n3`, `change n4 -> prev n3`)");
          } else {
            std::string target;
            for (size_t k = 0; k + 1 < args.size(); ++k)
              target += (k ? " " : "") + args[k];
            r = s.change(target, args.back());
          }
        } else if (name == "print") {
          std::string what;
          for (const std::string &a : args)
            what += a;
          r = s.print(what);
        } else if (name == "show") {
          r.moved = true;
          if (!s.running())
            usage("the program is not running (start runs it)");
        } else if (name == "dot") {
          std::string err;
          if (!s.running()) {
            usage("the program is not running (start runs it)");
          } else if (args[0].size() > 4 && args[0].compare(args[0].size() - 4, 4, ".svg") == 0) {
            if (!s.writeSvg(args[0], err))
              usage("dot: " + err);
            else
              r.message = "wrote " + args[0];
          } else {
            std::ofstream f(args[0], std::ios::binary);
            f << s.dot();
            if (!f)
              usage("dot: cannot write " + args[0]);
            else
              r.message = "wrote " + args[0];
          }
        } else if (name == "break" && args.size() == 1 && !number(args[0])) {
          r = s.breakAtProc(args[0]);
        } else if (name == "break" || name == "delete") {
          if (std::optional<unsigned> n = numberArg("a line number"))
            r = s.breakAt(*n, name == "break");
        } else if (name == "spec") {
          r = s.spec();
        } else if (name == "checkpoints") {
          r.message = s.checkpoints();
        } else if (name == "resume") {
          if (std::optional<unsigned> n = numberArg("a checkpoint number"))
            r = s.resume(*n);
        } else if (name == "track" || name == "untrack") {
          r = s.track(args, name == "track");
        } else if (name == "localize") {
          r = s.localize();
        } else if (name == "repair") {
          r = s.repair();
        } else if (name == "trust") {
          if (std::optional<unsigned> n = numberArg("a line number"))
            r = s.trust(*n);
        } else if (name == "rewrite") {
          r = args.size() > 1 ? Reply{false, "rewrite: at most one FILE"}
                              : s.rewrite(args.empty() ? "" : args[0]);
        } else if (name == "save") {
          std::ofstream f(args[0]);
          f << "# locus debug session: locus debug " << s.options().source.file << " --entry "
            << s.options().entry << (s.options().args.empty() ? "" : " --args " + s.options().args)
            << " --script " << args[0] << "\n";
          for (const std::string &l : log)
            f << l << "\n";
          if (!f)
            usage("save: cannot write " + args[0]);
          else
            r.message = "Session saved to " + args[0] + " (" + std::to_string(log.size()) + " commands)";
        } else if (name == "help") {
          r.message = helpText();
        } else if (name == "quit") {
          quit = true;
        }
        if (r.ok && name != "save" && name != "help" && name != "quit" && name != "print" && name != "show" &&
            name != "checkpoints" && name != "rewrite" && name != "dot")
          log.push_back(text);
      }
      if (!r.ok)
        ++failed;
      std::string picture = r.moved && s.running() ? s.heap() : std::string();
      if (r.moved && s.running() && !o.svgDir.empty()) {
        std::ostringstream name;
        name << o.svgDir << "/step-" << ++svgs << ".svg";
        std::string err;
        if (!s.writeSvg(name.str(), err)) {
          r.message += (r.message.empty() ? "" : "\n") + std::string("svg: ") + err;
        }
      }
      if (o.json) {
        Json j;
        j["command"] = text;
        j["ok"] = r.ok;
        if (!r.message.empty())
          j["message"] = r.message;
        if (!r.data.empty())
          j["result"] = r.data;
        if (r.moved) {
          j["position"] = s.positionJson();
          j["state"] = s.stateJson();
        }
        out << j.dump() << "\n";
      } else {
        if (!r.message.empty())
          out << (r.ok ? "" : "error: ") << r.message << "\n";
        if (r.moved && s.running()) {
          out << s.where() << "\n";
          out << picture;
        }
      }
      out.flush();
      if (quit)
        break;
    }
  }
  completing = nullptr;
  return failed;
}

} // namespace locus::debug
