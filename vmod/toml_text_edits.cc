#include "vmod/toml_text_edits.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace adjutant::vmod::toml_text {

LineEdits::LineEdits(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines_.push_back(line);
  replaced_.resize(lines_.size());
  inserted_.resize(lines_.size() + 1);
}

void LineEdits::replace(int first, int last, std::string text) {
  for (int i = first; i < last; ++i) {
    if (replaced_[static_cast<size_t>(i)]) {
      throw std::logic_error("line " + std::to_string(i + 1) + " of the companion file is rewritten twice");
    }
  }
  for (int i = first + 1; i < last; ++i) replaced_[static_cast<size_t>(i)] = "";
  if (first < last) replaced_[static_cast<size_t>(first)] = std::move(text);
}

void LineEdits::insert(int before, const std::string& text) { inserted_[static_cast<size_t>(before)] += text; }

std::string LineEdits::text() const {
  std::string out;
  for (size_t i = 0; i < lines_.size(); ++i) {
    out += inserted_[i];
    out += replaced_[i] ? *replaced_[i] : lines_[i] + "\n";
  }
  return out + inserted_.back();
}

size_t byte_at(const std::string& line, size_t column) {
  size_t byte = 0;
  for (size_t c = 1; c < column && byte < line.size(); ++c) {
    ++byte;
    while (byte < line.size() && (static_cast<unsigned char>(line[byte]) & 0xC0) == 0x80) ++byte;
  }
  return byte;
}

std::vector<Entry> entries(const toml::table& table) {
  std::vector<Entry> out;
  for (const auto& [key, value] : table) {
    out.push_back({&key, &value, static_cast<int>(key.source().begin.line) - 1,
                   static_cast<int>(value.source().end.line) - 1});
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    const auto& x = a.key->source().begin;
    const auto& y = b.key->source().begin;
    return std::pair{x.line, x.column} < std::pair{y.line, y.column};
  });
  return out;
}

std::string after_value(const LineEdits& edits, const Entry& entry) {
  const toml::source_position& end = entry.value->source().end;
  const std::string& last = edits.line(static_cast<int>(end.line) - 1);
  return last.substr(byte_at(last, end.column));
}

std::string with_value(const LineEdits& edits, const Entry& entry, const std::string& value) {
  const toml::source_position& begin = entry.value->source().begin;
  const std::string& first = edits.line(static_cast<int>(begin.line) - 1);
  return first.substr(0, byte_at(first, begin.column)) + value + after_value(edits, entry) + "\n";
}

std::string inserted_at(const LineEdits& edits, int line, size_t column, const std::string& text) {
  const std::string& l = edits.line(line);
  const size_t at = byte_at(l, column);
  return l.substr(0, at) + text + l.substr(at) + "\n";
}

bool is_header(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  return first != std::string::npos && line[first] == '[';
}

bool is_blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

bool is_blank_or_comment(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

std::string header_of(const std::string& line) {
  std::string out;
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    if (!quoted && c == '#') break;
    if (quoted || !std::isspace(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

std::pair<int, int> section(const std::vector<std::string>& lines, int header) {
  int last = header + 1;
  while (last < static_cast<int>(lines.size()) && !is_header(lines[static_cast<size_t>(last)])) ++last;
  while (last > header + 1 && is_blank_or_comment(lines[static_cast<size_t>(last - 1)])) --last;
  return {header, last};
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string quoted_key(const std::string& word) {
  const bool bare = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  return bare ? word : quoted(word);
}

std::string name_list(const std::vector<std::string>& names) {
  std::string line;
  for (const std::string& n : names) line += (line.empty() ? "" : " ") + n;
  if (line.size() <= 80) return "\"" + line + "\"";
  std::string out = "\"\"\"\n";
  size_t width = 0;
  for (const std::string& n : names) {
    if (width > 0 && width + 1 + n.size() > 100) {
      out += '\n';
      width = 0;
    }
    if (width > 0) {
      out += ' ';
      ++width;
    }
    out += n;
    width += n.size();
  }
  return out + "\n\"\"\"";
}

}  // namespace adjutant::vmod::toml_text
