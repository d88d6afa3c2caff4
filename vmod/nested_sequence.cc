#include "vmod/nested_sequence.h"

namespace adjutant::vmod {

// At level k, a delimiter preceded by r backslashes in the whole text is preceded by r - k in the
// level's text (each level above dropped one): with r == k it separates the level's tokens, with
// r > k it is escaped. Every level only holds delimiters with r >= k, so a level ends at the next
// delimiter with r <= k after the separator of the level around it.
NestedSequence::NestedSequence(std::string_view text, char delimiter) : text_(text), end_(text.size()) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != delimiter) continue;
    size_t run = 0;
    while (run < i && text[i - 1 - run] == '\\') ++run;
    positions_.push_back(i);
    runs_.push_back(run);
  }
  next_outer_.assign(positions_.size(), kNone);
  std::vector<size_t> pending;  // a stack of delimiters whose next outer one is still unknown
  for (size_t i = positions_.size(); i-- > 0;) {
    while (!pending.empty() && runs_[pending.back()] > runs_[i]) pending.pop_back();
    if (!pending.empty()) next_outer_[i] = pending.back();
    pending.push_back(i);
  }
  find_separator();
}

void NestedSequence::find_separator() {
  separator_ = kNone;
  size_t i = first_;
  while (i < positions_.size() && positions_[i] < end_ && runs_[i] != level_) ++i;
  if (i < positions_.size() && positions_[i] < end_) separator_ = i;
}

std::string NestedSequence::unescape(size_t begin, size_t end, size_t dropped) const {
  std::string out;
  out.reserve(end - begin);
  size_t cursor = begin;
  for (size_t i = first_; i < positions_.size() && positions_[i] < end; ++i) {
    const size_t run_start = positions_[i] - runs_[i];
    out.append(text_.substr(cursor, run_start - cursor));
    out.append(runs_[i] - dropped, '\\');
    out.push_back(text_[positions_[i]]);
    cursor = positions_[i] + 1;
  }
  out.append(text_.substr(cursor, end - cursor));
  return out;
}

std::string NestedSequence::token() const {
  const size_t end = has_inner() ? positions_[separator_] - level_ : end_;
  std::string token = unescape(begin_, end, level_ + 1);
  if (token.size() > 1 && token.front() == '\'' && token.back() == '\'') token = token.substr(1, token.size() - 2);
  return token;
}

std::string NestedSequence::whole() const { return unescape(begin_, end_, level_); }

void NestedSequence::descend() {
  const size_t next = next_outer_[separator_];
  begin_ = positions_[separator_] + 1;
  if (next != kNone && positions_[next] - runs_[next] < end_) end_ = positions_[next] - runs_[next];
  // SequenceDecoder unquotes the token: the quotes are the region's own first and last bytes.
  if (end_ > begin_ + 1 && text_[begin_] == '\'' && text_[end_ - 1] == '\'') {
    ++begin_;
    --end_;
  }
  first_ = separator_ + 1;
  ++level_;
  find_separator();
}

}  // namespace adjutant::vmod
