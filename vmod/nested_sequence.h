// VASSAL's chains nested with one delimiter, enc(d: t1, enc(d: t2, enc(d: t3, ...))) (a piece's
// traits with TAB), read level by level in one pass over the text. Decoding level by level, as
// VASSAL does, copies and unescapes the rest of the chain at every level: quadratic in its length
// (the k-th delimiter carries k-1 backslashes, so the text itself grows as the square of the depth).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::vmod {

class NestedSequence {
 public:
  // `text` must outlive the reader.
  NestedSequence(std::string_view text, char delimiter);

  // Whether the current level has a second token (the level inside it).
  bool has_inner() const { return separator_ != kNone; }
  // The current level's first token, as SequenceDecoder(level text).next() gives it.
  std::string token() const;
  // The current level's whole text.
  std::string whole() const;
  // Moves to the level inside (the current level's second token, decoded once). Requires has_inner().
  void descend();

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  // The text of [begin, end) with each delimiter's backslashes reduced by `dropped`.
  std::string unescape(size_t begin, size_t end, size_t dropped) const;
  void find_separator();

  std::string_view text_;
  std::vector<size_t> positions_;  // every delimiter
  std::vector<size_t> runs_;       // the backslashes right before each
  std::vector<size_t> next_outer_; // the next delimiter with at most as many backslashes
  size_t level_ = 0;
  size_t begin_ = 0;
  size_t end_ = 0;
  size_t first_ = 0;               // the first delimiter at or after begin_
  size_t separator_ = kNone;       // the delimiter ending the current level's first token
};

}  // namespace adjutant::vmod
