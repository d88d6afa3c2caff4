#include "vmod/toml_reader.h"

#include <cctype>

#include "vmod/format_error.h"

namespace adjutant::vmod::toml_reading {

void TomlReader::fail(At where, const std::string& message) const {
  std::string position;
  if (where.line > 0) {
    position = "line " + std::to_string(where.line);
    if (where.column > 0) position += ", column " + std::to_string(where.column);
  }
  throw CompanionError(message, Place{file_, {}, position});
}

void TomlReader::only_keys(const toml::table& t, std::initializer_list<std::string_view> allowed, std::string_view where) const {
  only_keys(t, std::span<const std::string_view>(allowed.begin(), allowed.size()), where);
}

void TomlReader::only_keys(const toml::table& t, std::span<const std::string_view> allowed, std::string_view where) const {
  for (const auto& [k, v] : in_file_order(t)) {
    const toml::key& key = *k;
    if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
    std::string expected;
    for (std::string_view a : allowed) expected += (expected.empty() ? "" : ", ") + std::string(a);
    fail(at(key), "unknown key " + in_quotes(key.str()) + " in " + std::string(where) + " (expected " + expected + ")");
  }
}

std::string TomlReader::string_value(const toml::node& n, std::string_view what) const {
  const auto* s = n.as_string();
  if (!s) fail(at(n), std::string(what) + " must be a string");
  std::string v(core::java::trim(s->get()));
  if (v.empty()) fail(at(n), std::string(what) + " is empty");
  return v;
}

std::string TomlReader::require_string(const toml::table& t, std::string_view key, std::string_view where, At table_at) const {
  const toml::node* n = t.get(key);
  if (!n) fail(table_at, std::string(where) + " has no " + in_quotes(key));
  return string_value(*n, in_quotes(key) + " in " + std::string(where));
}

std::optional<std::string> TomlReader::optional_string(const toml::table& t, std::string_view key, std::string_view where) const {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  return string_value(*n, in_quotes(key) + " in " + std::string(where));
}

const toml::table& TomlReader::require_table(const toml::table& t, std::string_view key, std::string_view where, At table_at) const {
  const toml::node* n = t.get(key);
  if (!n) fail(table_at, std::string(where) + " has no [" + std::string(key) + "] table");
  const toml::table* table = n->as_table();
  if (!table) fail(at(*n), in_quotes(key) + " must be a table");
  return *table;
}

const toml::table* TomlReader::optional_table(const toml::table& t, std::string_view key, std::string_view where) const {
  const toml::node* n = t.get(key);
  if (!n) return nullptr;
  const toml::table* table = n->as_table();
  if (!table) fail(at(*n), in_quotes(key) + " in " + std::string(where) + " must be a table");
  return table;
}

At TomlReader::inside(const toml::node& n, size_t offset) {
  At w = at(n);
  if (n.source().begin.line == n.source().end.line) w.column += 1 + static_cast<int>(offset);
  return w;
}

std::vector<Word> TomlReader::words(const toml::node& n, std::string_view what, bool split) const {
  std::vector<Word> out;
  if (const auto* s = n.as_string()) {
    const std::string& text = s->get();
    if (!split) {
      const std::string_view name = core::java::trim(text);
      out.push_back({std::string(name), inside(n, name.empty() ? 0 : static_cast<size_t>(name.data() - text.data()))});
    } else {
      size_t i = 0;
      while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) out.push_back({text.substr(i, j - i), inside(n, i)});
        i = j;
      }
    }
  } else if (const auto* a = n.as_array()) {
    for (const toml::node& e : *a) {
      const auto* s = e.as_string();
      if (!s) fail(at(e), std::string(what) + " must list strings");
      const std::string_view name = core::java::trim(s->get());
      out.push_back({std::string(name), inside(e, name.empty() ? 0 : static_cast<size_t>(name.data() - s->get().data()))});
    }
  } else {
    fail(at(n), std::string(what) + " must be a string or an array of strings");
  }
  for (const Word& w : out) {
    if (w.text.empty()) fail(w.where, std::string(what) + " has an empty name");
  }
  return out;
}

core::PropertyValue TomlReader::scalar(const toml::node& n, std::string_view what) const {
  if (const auto* s = n.as_string()) return s->get();
  if (const auto* i = n.as_integer()) return i->get();
  if (const auto* f = n.as_floating_point()) return f->get();
  if (const auto* b = n.as_boolean()) return b->get();
  fail(at(n), std::string(what) + " must be a string, number or boolean");
}

}  // namespace adjutant::vmod::toml_reading
