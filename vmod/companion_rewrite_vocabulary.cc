#include "vmod/companion_rewrite_vocabulary.h"

#include <algorithm>
#include <string>
#include <vector>

#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

using namespace toml_text;

std::string joined(const std::vector<std::string>& words, const std::string& quote_as_key = "") {
  std::string out;
  for (const std::string& w : words) {
    out += (out.empty() ? "" : ", ") + (quote_as_key.empty() ? quoted(w) : quoted_key(w) + " = " + quote_as_key);
  }
  return out;
}

int last_line(const std::vector<Entry>& entries) {
  int last = 0;
  for (const Entry& e : entries) last = std::max(last, e.last);
  return last;
}

// The entry whose value ends last in the file.
const Entry& last_ending(const std::vector<Entry>& entries) {
  return *std::max_element(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    const auto& x = a.value->source().end;
    const auto& y = b.value->source().end;
    return std::pair{x.line, x.column} < std::pair{y.line, y.column};
  });
}

// The words after the last element of an entry's list, or its one word (a string) made a list with them.
void append_to_list(LineEdits& edits, const Entry& entry, const std::vector<std::string>& words) {
  const toml::array* array = entry.value->as_array();
  if (!array) {
    edits.replace(entry.first, entry.last + 1,
                  with_value(edits, entry, "[" + quoted(entry.value->value_or(std::string())) + ", " + joined(words) + "]"));
    return;
  }
  if (array->empty()) {
    const toml::source_position& open = array->source().begin;
    const int line = static_cast<int>(open.line) - 1;
    edits.replace(line, line + 1, inserted_at(edits, line, open.column + 1, joined(words)));
    return;
  }
  const toml::source_position& end = array->back().source().end;
  const int line = static_cast<int>(end.line) - 1;
  edits.replace(line, line + 1, inserted_at(edits, line, end.column, ", " + joined(words)));
}

// Every movement class's terrain costs with `terrain` at the placeholder cost, marked by a comment.
void placeholder_costs(LineEdits& edits, const toml::table& root, const std::vector<std::string>& terrain) {
  const toml::table* classes = root.at_path("movement.class").as_table();
  if (!classes || terrain.empty()) return;
  const std::string cost = quoted(kPlaceholderCost);
  std::string names;
  for (const std::string& t : terrain) names += (names.empty() ? "" : ", ") + t;
  for (const Entry& c : entries(*classes)) {
    const toml::table* costs = c.value->is_table() ? c.value->as_table()->get_as<toml::table>("terrain") : nullptr;
    if (!costs) continue;
    const std::vector<Entry> written = entries(*costs);
    if (!costs->is_inline()) {
      std::string added;
      for (const std::string& t : terrain) added += quoted_key(t) + " = " + cost + "  # placeholder: give its cost\n";
      edits.insert(written.empty() ? static_cast<int>(costs->source().begin.line) : last_line(written) + 1, added);
      continue;
    }
    const toml::source_position at = written.empty() ? costs->source().begin : last_ending(written).value->source().end;
    const int line = static_cast<int>(at.line) - 1;
    const std::string& text = edits.line(line);
    edits.insert(line, text.substr(0, text.find_first_not_of(" \t")) + "# placeholder: give the cost of " + names +
                           " (here " + cost + ")\n");
    edits.replace(line, line + 1,
                  inserted_at(edits, line, at.column + (written.empty() ? 1 : 0),
                              (written.empty() ? " " : ", ") + joined(terrain, cost) + (written.empty() ? " " : "")));
  }
}

}  // namespace

void add_words(LineEdits& edits, const toml::table& root, const Companion& companion, const NewWords& words) {
  const core::TerrainVocabulary& v = *companion.vocabulary;
  const auto fresh = [](const std::vector<std::string>& given, auto known) {
    std::vector<std::string> out;
    for (const std::string& w : given) {
      if (!known(w) && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    }
    return out;
  };
  const auto in = [](const core::Vocabulary& words) { return [&words](const std::string& w) { return words.id(w).has_value(); }; };
  const std::vector<std::pair<std::string, std::vector<std::string>>> added = {
      {"terrain", fresh(words.terrain, in(v.terrain))},
      {"hexside", fresh(words.hexside, in(v.hexside))},
      {"high_side", fresh(words.high_side, [&v](const std::string& w) {
         const auto id = v.hexside.id(w);
         return id && (v.high_side & core::feature_bit(*id)) != 0;
       })},
      {"lines", fresh(words.lines, in(v.lines))},
      {"places", fresh(words.places, in(v.places))},
  };
  if (std::all_of(added.begin(), added.end(), [](const auto& a) { return a.second.empty(); })) return;
  const toml::table& vocabulary = *root.get_as<toml::table>("vocabulary");
  if (vocabulary.is_inline()) {
    throw CompanionError("[vocabulary] is written inline; make it a [vocabulary] section so that words can be added",
                         Place{companion.file, {}, "line " + std::to_string(vocabulary.source().begin.line)});
  }
  const std::vector<Entry> written = entries(vocabulary);
  std::string new_keys;
  for (const auto& word_list : added) {
    const std::string& key = word_list.first;  // not a structured binding: clang 14 cannot capture one
    const auto& list = word_list.second;
    if (list.empty()) continue;
    const auto it = std::find_if(written.begin(), written.end(), [&](const Entry& e) { return e.key->str() == key; });
    if (it == written.end()) {
      new_keys += key + " = [" + joined(list) + "]\n";
    } else {
      append_to_list(edits, *it, list);
    }
  }
  edits.insert(last_line(written) + 1, new_keys);
  if (companion.movement) placeholder_costs(edits, root, added[0].second);
}

}  // namespace adjutant::vmod
