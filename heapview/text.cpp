// The terminal drawing of a heap graph (render.h: renderText; the layout rules: README.md).
#include "heapview/layout.h"
#include "heapview/render.h"

#include <algorithm>
#include <map>
#include <set>

namespace locus::heapview {

namespace {

using detail::Component;

/// The characters of a drawing: box-drawing arrows, or plain ASCII.
struct Glyphs {
  std::string arrow, two, nullBack, down, ref, pointedBy, ellipsis, line;
  std::u32string treeLeft, treeRight, treeUp, treeUpLeft, treeUpRight, treeLine;
};

const Glyphs &glyphs(bool ascii) {
  static const Glyphs fancy{" ─▶ ", " ⇄ ", "null ◀─ ", "▼",  " → ", "◀─ ", "…",
                            "─",    U"┌",  U"┐",       U"┴", U"┘",  U"└",  U"─"};
  static const Glyphs plain{" -> ", " <-> ", "null <- ", "v",  " -> ", "<- ", "...",
                            "-",    U".",    U".",       U"'", U"'",   U"'",  U"-"};
  return ascii ? plain : fancy;
}

std::u32string toU32(const std::string &s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

std::string toUtf8(const std::u32string &s) {
  std::string out;
  for (char32_t c : s) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (c >> 18)));
      out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

/// Terminal columns of UTF-8 text (one per code point: the drawing uses no wide characters).
size_t cols(const std::string &s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string repeat(const std::string &s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i)
    out += s;
  return out;
}

std::string rtrim(std::string s) {
  while (!s.empty() && s.back() == ' ')
    s.pop_back();
  return s;
}

/// `items` joined by `sep` after `head`, broken into lines of at most `width` columns where possible; later
/// lines are indented by `indent` spaces.
std::vector<std::string> wrap(const std::string &head, const std::vector<std::string> &items,
                              const std::string &sep, const std::string &tail, unsigned width,
                              size_t indent) {
  std::vector<std::string> lines{head};
  for (size_t i = 0; i < items.size(); ++i) {
    std::string piece = items[i] + (i + 1 < items.size() ? sep : tail);
    std::string &cur = lines.back();
    bool fresh = cur.size() == (lines.size() == 1 ? head.size() : indent);
    if (!fresh && cols(cur) + cols(rtrim(piece)) > width) {
      lines.back() = rtrim(cur);
      lines.push_back(std::string(indent, ' '));
    }
    lines.back() += piece;
  }
  if (items.empty())
    lines.back() += tail;
  lines.back() = rtrim(lines.back());
  return lines;
}

/// What every drawing of one graph needs.
struct Ctx {
  const Graph &g;
  const Changes *ch;
  const Glyphs &gl;
  unsigned width;
  std::string mark(bool changed) const { return changed ? "*" : ""; }
  bool slotChanged(const Node &n, const Slot &s) const { return ch && ch->slot(n.id, s.name); }
  std::string nodeName(const Node &n) const { return n.name() + mark(ch && ch->isNew(n.id)); }
  /// The variables pointing to `n`, `*` after those that changed: `head, cur*`.
  std::string labels(const Node &n) const {
    std::string s;
    for (const std::string &v : n.vars)
      s += (s.empty() ? "" : ", ") + v + mark(ch && ch->root(v));
    return s;
  }
};

std::string valueText(const Slot &s) {
  return s.value ? ir::toString(*s.value) : "?";
}

/// `[n4 val=10]`: the node and every slot the drawing does not show as an arrow.
std::string boxText(const Ctx &cx, const Node &n, const Component &c) {
  std::string s = "[" + cx.nodeName(n);
  for (const Slot &sl : n.slots)
    if (!c.drawn.count({n.id, sl.name}))
      s += " " + sl.name + "=" + valueText(sl) + cx.mark(cx.slotChanged(n, sl));
  return s + "]";
}

/// One line per node: `n3 DNode { next → n2, prev → n4, val = 8 }  ◀─ head, cur`.
void drawLines(const Ctx &cx, const Component &c, std::vector<std::string> &out) {
  for (uint32_t id : c.nodes) {
    const Node &n = *cx.g.find(id);
    std::vector<std::string> items;
    for (const Slot &s : n.slots) {
      std::string m = cx.mark(cx.slotChanged(n, s));
      if (n.array)
        items.push_back(n.others.empty() ? valueText(s) + m : s.name + ": " + valueText(s) + m);
      else
        items.push_back(s.name + (s.isRef() ? cx.gl.ref : std::string(" = ")) + valueText(s) + m);
    }
    if (n.moreKnown)
      items.push_back(cx.gl.ellipsis + " " + std::to_string(n.moreKnown) + " more");
    if (!n.others.empty())
      items.push_back("others: " + n.others);
    std::string tail = items.empty() ? "}" : " }";
    std::string lab = cx.labels(n);
    if (!lab.empty())
      tail += "  " + cx.gl.pointedBy + lab;
    std::vector<std::string> ls = wrap(cx.nodeName(n) + " " + n.type + " {" + (items.empty() ? "" : " "),
                                       items, ", ", tail, cx.width, 4);
    out.insert(out.end(), ls.begin(), ls.end());
  }
}

/// A list left to right, wrapped into rows; false when a box does not fit the width or more than 4 rows are
/// needed.
bool drawList(const Ctx &cx, const Component &c, std::vector<std::string> &out) {
  const Glyphs &gl = cx.gl;
  struct Cell {
    std::string box, label, conn;
  };
  std::vector<Cell> cells;
  for (size_t i = 0; i < c.nodes.size(); ++i) {
    const Node &n = *cx.g.find(c.nodes[i]);
    Cell cell{boxText(cx, n, c), cx.labels(n), ""};
    if (i + 1 < c.nodes.size()) {
      const Node &next = *cx.g.find(c.nodes[i + 1]);
      cell.conn = c.mirrored.count({next.id, c.back}) ? gl.two : gl.arrow;
    } else if (c.end == 0) {
      cell.conn = gl.arrow + "null";
    } else if (cx.g.find(c.end) && std::find(c.nodes.begin(), c.nodes.end(), c.end) != c.nodes.end()) {
      cell.conn = (c.closingBack ? gl.two : gl.arrow) + "back to n" + std::to_string(c.end);
    } else {
      cell.conn = gl.arrow + "n" + std::to_string(c.end);
    }
    // a label wider than its box and arrow widens the arrow
    size_t need = cell.label.empty() ? 0 : cols(cell.label) + 2;
    size_t have = cols(cell.box) + cols(cell.conn);
    if (need > have && i + 1 < c.nodes.size()) {
      size_t pad = need - have;
      if (cell.conn == gl.two)
        cell.conn = std::string(pad / 2, ' ') + cell.conn + std::string(pad - pad / 2, ' ');
      else
        cell.conn = " " + repeat(gl.line, pad) + cell.conn.substr(1);
    }
    cells.push_back(cell);
  }
  std::string prefix = c.nullBack ? gl.nullBack : "";
  size_t indent = prefix.empty() ? 2 : cols(prefix);
  struct Row {
    std::string text;
    std::vector<std::pair<size_t, std::string>> labels; ///< (column of the box, label)
  };
  std::vector<Row> rows{{prefix, {}}};
  for (const Cell &cell : cells) {
    Row *row = &rows.back();
    size_t start = cols(row->text);
    // the columns the cell needs from its start: its box and arrow, and its label (one column in)
    size_t w =
        std::max(cols(cell.box) + cols(rtrim(cell.conn)), cell.label.empty() ? 0 : cols(cell.label) + 1);
    if (start + w > cx.width && start > (rows.size() == 1 ? cols(prefix) : indent)) {
      rows.push_back({std::string(indent, ' '), {}});
      row = &rows.back();
      start = indent;
    }
    if (start + w > cx.width)
      return false;
    if (!cell.label.empty())
      row->labels.push_back({start + 1, cell.label});
    row->text += cell.box + cell.conn;
  }
  if (rows.size() > 4)
    return false;
  for (const Row &row : rows) {
    if (!row.labels.empty()) {
      std::u32string lab, down;
      for (const auto &[col, text] : row.labels) {
        std::u32string t = toU32(text);
        if (lab.size() < col)
          lab.resize(col, U' ');
        lab += t;
        down.resize(col, U' ');
        down += toU32(gl.down);
        lab += U' ';
      }
      out.push_back(rtrim(toUtf8(lab)));
      out.push_back(toUtf8(down));
    }
    out.push_back(rtrim(row.text));
  }
  return true;
}

/// A tree drawn into lines of code points, all `width` wide; `anchor`: the column of its root's centre.
struct Block {
  std::vector<std::u32string> lines;
  size_t width = 0, anchor = 0;
};

void put(std::u32string &line, size_t col, const std::u32string &s) {
  if (line.size() < col + s.size())
    line.resize(col + s.size(), U' ');
  line.replace(col, s.size(), s);
}

std::optional<Block> treeBlock(const Ctx &cx, const Component &c, uint32_t id, size_t depth) {
  if (depth > 64)
    return std::nullopt;
  const Node &n = *cx.g.find(id);
  std::u32string box = toU32(boxText(cx, n, c));
  size_t boxCenter = (box.size() - 1) / 2;
  std::string lab = cx.labels(n);
  if (!lab.empty())
    box += U" " + toU32(cx.gl.pointedBy + lab);
  auto child = [&](const std::string &f) -> uint32_t {
    for (const Slot &s : n.slots)
      if (s.name == f && c.drawn.count({id, f}) && s.target())
        return s.target();
    return 0;
  };
  uint32_t l = child(c.left), r = child(c.right);
  std::optional<Block> bl, br;
  if (l && !(bl = treeBlock(cx, c, l, depth + 1)))
    return std::nullopt;
  if (r && !(br = treeBlock(cx, c, r, depth + 1)))
    return std::nullopt;
  Block b;
  if (!bl && !br) {
    b.lines.push_back(box);
    b.width = box.size();
    b.anchor = boxCenter;
    return b;
  }
  // columns relative to the children's row, which starts at 0; the root may reach left of it
  long offL = 0, offR = 0, la = 0, ra = 0, rootAnchor = 0;
  if (bl && br) {
    offR = static_cast<long>(bl->width) + 2;
    la = static_cast<long>(bl->anchor);
    ra = offR + static_cast<long>(br->anchor);
    rootAnchor = (la + ra) / 2;
  } else if (bl) {
    la = static_cast<long>(bl->anchor);
    rootAnchor = la + 2;
  } else {
    ra = static_cast<long>(br->anchor);
    rootAnchor = ra - 2;
  }
  long boxStart = rootAnchor - static_cast<long>(boxCenter);
  long shift = std::max({0L, -boxStart, -rootAnchor});
  const Glyphs &gl = cx.gl;
  std::u32string top, conn;
  put(top, static_cast<size_t>(boxStart + shift), box);
  if (bl && br) {
    put(conn, la + shift, gl.treeLeft);
    for (long k = la + 1; k < ra; ++k)
      put(conn, k + shift, gl.treeLine);
    put(conn, ra + shift, gl.treeRight);
    put(conn, rootAnchor + shift, gl.treeUp);
  } else if (bl) {
    put(conn, la + shift, gl.treeLeft);
    for (long k = la + 1; k < rootAnchor; ++k)
      put(conn, k + shift, gl.treeLine);
    put(conn, rootAnchor + shift, gl.treeUpLeft);
  } else {
    put(conn, rootAnchor + shift, gl.treeUpRight);
    for (long k = rootAnchor + 1; k < ra; ++k)
      put(conn, k + shift, gl.treeLine);
    put(conn, ra + shift, gl.treeRight);
  }
  b.lines = {top, conn};
  size_t height = std::max(bl ? bl->lines.size() : 0, br ? br->lines.size() : 0);
  for (size_t k = 0; k < height; ++k) {
    std::u32string line;
    if (bl && k < bl->lines.size())
      put(line, offL + shift, bl->lines[k]);
    if (br && k < br->lines.size())
      put(line, offR + shift, br->lines[k]);
    b.lines.push_back(line);
  }
  for (const std::u32string &line : b.lines)
    b.width = std::max(b.width, line.size());
  for (std::u32string &line : b.lines)
    line.resize(b.width, U' ');
  b.anchor = static_cast<size_t>(rootAnchor + shift);
  return b;
}

bool drawTree(const Ctx &cx, const Component &c, std::vector<std::string> &out) {
  std::optional<Block> b = treeBlock(cx, c, c.nodes.front(), 0);
  if (!b || b->width > cx.width)
    return false;
  for (const std::u32string &line : b->lines)
    out.push_back(rtrim(toUtf8(line)));
  return true;
}

/// The key of one drawing: `─▶ next`, `⇄ next + prev mirrored`; `┌┴┐ left, right …`.
std::vector<std::string> keyOf(const Ctx &cx, const Component &c) {
  const Glyphs &gl = cx.gl;
  auto trim = [](const std::string &s) { return rtrim(s.substr(s.find_first_not_of(' '))); };
  std::vector<std::string> k;
  if (c.kind == Component::List) {
    k.push_back(trim(gl.arrow) + " " + c.next);
    if (!c.back.empty())
      k.push_back(trim(gl.two) + " " + c.next + " + " + c.back + " mirrored");
  } else if (c.kind == Component::Tree) {
    k.push_back(toUtf8(gl.treeLeft + gl.treeUp + gl.treeRight) + " " + c.left + ", " + c.right +
                " (no branch: null)");
    if (c.parentNote)
      k.push_back(c.parent + " = the node above unless in the box (the root's: null)");
  }
  return k;
}

} // namespace

std::string renderText(const Graph &g, const Changes *changes, const TextOptions &opts) {
  Ctx cx{g, changes, glyphs(opts.ascii), opts.width};
  std::vector<std::string> out;
  // the roots not written beside a node
  std::vector<std::string> vars;
  for (const Root &r : g.roots) {
    bool labelled = r.type.isHeapRef() && r.value.kind == ir::Type::Ref && g.find(r.value.node);
    if (!labelled)
      vars.push_back(r.name + " = " + ir::toString(r.value) + cx.mark(changes && changes->root(r.name)));
  }
  if (!vars.empty())
    for (const std::string &l : wrap("variables: ", vars, ", ", "", opts.width, 11))
      out.push_back(l);
  if (g.roots.empty())
    out.push_back("variables: none");
  std::vector<std::string> keys;
  for (const Component &c : detail::components(g)) {
    if (!out.empty())
      out.push_back("");
    std::vector<std::string> lines;
    bool drawn = (c.kind == Component::List && drawList(cx, c, lines)) ||
                 (c.kind == Component::Tree && drawTree(cx, c, lines));
    if (!drawn) {
      lines.clear();
      drawLines(cx, c, lines);
    } else {
      for (const std::string &k : keyOf(cx, c))
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
          keys.push_back(k);
    }
    out.insert(out.end(), lines.begin(), lines.end());
  }
  if (g.nodes.empty() && g.omitted == 0)
    out.push_back("(no heap nodes reachable)");
  if (g.omitted)
    out.push_back(cx.gl.ellipsis + " and " + std::to_string(g.omitted) + " more node" +
                  (g.omitted == 1 ? "" : "s"));
  if (!keys.empty() || (changes && !changes->empty()))
    out.push_back("");
  if (!keys.empty())
    for (const std::string &l : wrap("key: ", keys, ", ", "", opts.width, 5))
      out.push_back(l);
  if (changes && !changes->empty()) {
    std::vector<std::string> items;
    for (const Root &r : g.roots)
      if (changes->root(r.name))
        items.push_back(r.name);
    for (const Node &n : g.nodes)
      for (const Slot &s : n.slots)
        if (changes->slot(n.id, s.name))
          items.push_back(n.array ? n.name() + "[" + s.name + "]" : n.name() + "." + s.name);
    std::vector<std::string> created;
    for (const Node &n : g.nodes)
      if (changes->isNew(n.id))
        created.push_back(n.name());
    if (!created.empty()) {
      std::string s = "new:";
      for (const std::string &c : created)
        s += " " + c;
      items.push_back(s);
    }
    for (const std::string &l : wrap("changed (*): ", items, ", ", "", opts.width, 13))
      out.push_back(l);
  }
  std::string text;
  for (const std::string &l : out)
    text += l + "\n";
  return text;
}

} // namespace locus::heapview
