// Reading TOML with toml++ for the companion file: where a value stands in the file, the words of a
// string or list, and checked access to keys, each failure a CompanionError naming the file, line
// and column. Shared by the companion file's sections (vmod/companion.cc, vmod/companion_movement.cc).
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/java/java_text.h"
#include "core/hexes/terrain.h"

namespace adjutant::vmod::toml_reading {

// A place in the file: 1-based line and column (0: unknown).
struct At {
  int line = 0;
  int column = 0;
};

inline At at(const toml::source_region& r) { return At{static_cast<int>(r.begin.line), static_cast<int>(r.begin.column)}; }
inline At at(const toml::node& n) { return at(n.source()); }
inline At at(const toml::key& k) { return at(k.source()); }

// One word of a list: a name as written, and where.
struct Word {
  std::string text;
  At where;
};

inline std::string in_quotes(std::string_view s) { return "'" + std::string(s) + "'"; }

inline std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// A table's entries in the order the file gives them (toml++ keeps keys sorted), so that errors
// come in file order and "first at line N" is the earlier line.
inline std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& t) {
  std::vector<std::pair<const toml::key*, const toml::node*>> out;
  for (const auto& [key, value] : t) out.emplace_back(&key, &value);
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    const auto& a = x.first->source().begin;
    const auto& b = y.first->source().begin;
    return std::pair{a.line, a.column} < std::pair{b.line, b.column};
  });
  return out;
}

// Checked reading of one file's TOML tree; every failure names the file and the place.
class TomlReader {
 public:
  explicit TomlReader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(At where, const std::string& message) const;
  void only_keys(const toml::table& t, std::initializer_list<std::string_view> allowed, std::string_view where) const;
  void only_keys(const toml::table& t, std::span<const std::string_view> allowed, std::string_view where) const;
  std::string string_value(const toml::node& n, std::string_view what) const;
  std::string require_string(const toml::table& t, std::string_view key, std::string_view where, At table_at) const;
  std::optional<std::string> optional_string(const toml::table& t, std::string_view key, std::string_view where) const;
  const toml::table& require_table(const toml::table& t, std::string_view key, std::string_view where, At table_at) const;
  const toml::table* optional_table(const toml::table& t, std::string_view key, std::string_view where) const;
  // Where the character `offset` of a string value stands: past the opening quote of a one-line
  // string (escapes aside), at the value itself otherwise.
  static At inside(const toml::node& n, size_t offset = 0);
  // The words of a string (split at white space when `split`) or of an array of strings (each
  // element one word, as written). Each word's place is its first character.
  std::vector<Word> words(const toml::node& n, std::string_view what, bool split) const;
  core::PropertyValue scalar(const toml::node& n, std::string_view what) const;

 protected:
  std::string file_;
};

}  // namespace adjutant::vmod::toml_reading
