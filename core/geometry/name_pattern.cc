#include "core/geometry/name_pattern.h"

#include <cstdint>

namespace adjutant::core {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_capital(char c) { return c >= 'A' && c <= 'Z'; }

// Java's '.' (without DOTALL) stops at \n, \r, U+0085, U+2028 and U+2029.
size_t line_terminator_length(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  if (c == '\n' || c == '\r') return 1;
  if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) return 2;
  if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
      (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
    return 3;
  }
  return 0;
}

}  // namespace

void NamePattern::add_literal(std::string_view text) {
  if (text.empty()) return;
  if (!parts_.empty() && parts_.back().kind == Kind::kLiteral) {
    parts_.back().literal += text;
  } else {
    parts_.push_back({Kind::kLiteral, std::string(text), 0});
  }
}

int NamePattern::add_number(int min_digits) {
  parts_.push_back({Kind::kNumber, {}, min_digits < 0 ? 0 : min_digits});
  return ++groups_;
}

int NamePattern::add_letters() {
  parts_.push_back({Kind::kLetters, {}, 0});
  return ++groups_;
}

int NamePattern::add_any() {
  parts_.push_back({Kind::kAny, {}, 0});
  return ++groups_;
}

std::optional<std::vector<std::string_view>> NamePattern::match(std::string_view text) const {
  const size_t n = text.size();
  const size_t count = parts_.size();
  // failed[i * (n + 1) + pos]: parts i.. cannot match text[pos..]. Groups capture but never
  // constrain later parts, so a failure at (i, pos) is a failure whatever came before.
  std::vector<uint8_t> failed((count + 1) * (n + 1), 0);
  std::vector<std::string_view> groups;
  groups.reserve(static_cast<size_t>(groups_));

  // Depth-first in the order java.util.regex tries alternatives: greedy quantifiers longest first.
  auto solve = [&](auto&& self, size_t i, size_t pos) -> bool {
    if (i == count) return pos == n;
    uint8_t& memo = failed[i * (n + 1) + pos];
    if (memo) return false;
    const Part& part = parts_[i];
    auto try_end = [&](size_t end) -> bool {
      groups.push_back(text.substr(pos, end - pos));
      if (self(self, i + 1, end)) return true;
      groups.pop_back();
      return false;
    };
    switch (part.kind) {
      case Kind::kLiteral:
        if (text.substr(pos, part.literal.size()) == part.literal && self(self, i + 1, pos + part.literal.size())) {
          return true;
        }
        break;
      case Kind::kNumber: {
        const size_t start = (pos < n && text[pos] == '-') ? pos + 1 : pos;
        size_t run = 0;
        while (start + run < n && is_digit(text[start + run])) ++run;
        for (size_t k = run; k >= static_cast<size_t>(part.min_digits) && k > 0; --k) {
          if (try_end(start + k)) return true;
        }
        if (part.min_digits == 0 && try_end(start)) return true;
        break;
      }
      case Kind::kLetters: {
        const size_t start = (pos < n && text[pos] == '-') ? pos + 1 : pos;
        if (start < n && is_capital(text[start])) {
          size_t run = 1;
          while (start + run < n && text[start + run] == text[start]) ++run;
          for (size_t k = run; k >= 1; --k) {
            if (try_end(start + k)) return true;
          }
        }
        break;
      }
      case Kind::kAny: {
        size_t run = 0;
        while (pos + run < n && line_terminator_length(text, pos + run) == 0) ++run;
        for (size_t k = run + 1; k-- > 0;) {
          if (try_end(pos + k)) return true;
        }
        break;
      }
    }
    memo = 1;
    return false;
  };
  if (!solve(solve, 0, 0)) return std::nullopt;
  return groups;
}

}  // namespace adjutant::core
