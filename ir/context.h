// Statement instances: the chain of inlined calls and loop iterations a statement runs in.
#pragma once

#include "ir/ir.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace locus::ir {

/// One level of a statement instance's context: a call (`site` is the Call statement, iteration 0) or an
/// iteration of a loop (`site` is the While statement, `iteration` counts from 0).
struct Context {
  uint32_t parent = kNone; ///< the enclosing context (kNone: the root, the entry procedure's body)
  StmtId site = 0;
  uint32_t iteration = 0;
  friend bool operator==(const Context &, const Context &) = default;
};

/// The path of a context from the root, outermost first: (site, iteration) pairs. Two tables (the
/// interpreter's and the encoder's) name the same instance iff the paths are equal.
using ContextPath = std::vector<std::pair<StmtId, uint32_t>>;

/// Interned contexts: id 0 is the root; `child` returns the same id for the same (parent, site, iteration).
class ContextTable {
public:
  ContextTable() : contexts_{Context{}} {}
  static constexpr uint32_t kRoot = 0;
  uint32_t child(uint32_t parent, StmtId site, uint32_t iteration) {
    auto [it, fresh] =
        index_.try_emplace(std::make_tuple(parent, site, iteration), static_cast<uint32_t>(contexts_.size()));
    if (fresh)
      contexts_.push_back(Context{parent, site, iteration});
    return it->second;
  }
  const Context &at(uint32_t id) const { return contexts_.at(id); }
  size_t size() const { return contexts_.size(); }
  ContextPath path(uint32_t id) const {
    ContextPath p;
    for (; id != kRoot && id != kNone; id = contexts_.at(id).parent)
      p.emplace_back(contexts_[id].site, contexts_[id].iteration);
    return {p.rbegin(), p.rend()};
  }
  /// The id of `path` if it was interned, else kNone.
  uint32_t find(const ContextPath &path) const {
    uint32_t id = kRoot;
    for (const auto &[site, iteration] : path) {
      auto it = index_.find(std::make_tuple(id, site, iteration));
      if (it == index_.end())
        return kNone;
      id = it->second;
    }
    return id;
  }

private:
  std::vector<Context> contexts_;
  std::map<std::tuple<uint32_t, StmtId, uint32_t>, uint32_t> index_;
};

} // namespace locus::ir
