// A TOML file's text changed line by line, everything not changed kept byte for byte: the companion
// writer (vmod/companion_rewrite.h) replaces, removes and inserts whole lines, each line changed at
// most once. With the helpers that place toml++'s source positions in the text and write TOML words.
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace adjutant::vmod::toml_text {

class LineEdits {
 public:
  explicit LineEdits(const std::string& text);

  int size() const { return static_cast<int>(lines_.size()); }
  // Line `i` (0-based) of the original text, without its end of line.
  const std::string& line(int i) const { return lines_[static_cast<size_t>(i)]; }
  const std::vector<std::string>& lines() const { return lines_; }

  // Lines [first, last) become `text` (whole lines, each ending "\n"; "" removes them). Throws
  // std::logic_error when one of them was changed already.
  void replace(int first, int last, std::string text);
  void remove(int first, int last) { replace(first, last, ""); }
  bool changed(int line) const { return replaced_[static_cast<size_t>(line)].has_value(); }
  // `text` (whole lines) before line `before` (size(): at the end), after what was inserted there before.
  void insert(int before, const std::string& text);

  std::string text() const;

 private:
  std::vector<std::string> lines_;
  std::vector<std::optional<std::string>> replaced_;  // per line
  std::vector<std::string> inserted_;                 // per line, and one for the end
};

// The byte where a toml++ column (1-based, counted in characters) stands in a line.
size_t byte_at(const std::string& line, size_t column);

// Where a key = value entry stands: its first and last line (0-based).
struct Entry {
  const toml::key* key = nullptr;
  const toml::node* value = nullptr;
  int first = 0;
  int last = 0;
};
std::vector<Entry> entries(const toml::table& table);  // in file order

// The lines of an entry with another value: the key as written and what follows the value (a comment) kept.
std::string with_value(const LineEdits& edits, const Entry& entry, const std::string& value);
// What follows an entry's value on its last line (spaces and a comment).
std::string after_value(const LineEdits& edits, const Entry& entry);
// Line `line` (0-based) with `text` put at toml++ position `column` (1-based, characters).
std::string inserted_at(const LineEdits& edits, int line, size_t column, const std::string& text);

bool is_header(const std::string& line);
bool is_blank(const std::string& line);
bool is_blank_or_comment(const std::string& line);
// A header line without its spaces and comment: "[map.hexsides.\"steep slope\"]" stays one word.
std::string header_of(const std::string& line);
// The lines a section spans: from its header to the next header, less the blank and comment
// lines just before that header (they belong to what follows).
std::pair<int, int> section(const std::vector<std::string>& lines, int header);

std::string quoted(const std::string& text);
// A key as TOML needs it: bare when it can be, quoted otherwise.
std::string quoted_key(const std::string& word);
// Names as one TOML string, or a multi-line one wrapped near 100 columns when long.
std::string name_list(const std::vector<std::string>& names);

}  // namespace adjutant::vmod::toml_text
