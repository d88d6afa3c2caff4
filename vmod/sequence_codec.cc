#include "vmod/sequence_codec.h"

#include "core/java/java_text.h"

namespace adjutant::vmod {
namespace {

bool single_quoted(std::string_view s) { return s.starts_with('\'') && s.ends_with('\''); }

bool needs_quotes(std::string_view s, QuoteRule rule) {
  if (single_quoted(s)) return true;
  return rule == QuoteRule::kCurrent ? s.starts_with('\\') : s.ends_with('\\');
}

}  // namespace

QuoteRule QuoteEvidence::rule(QuoteRule fallback) const {
  if (current && !legacy) return QuoteRule::kCurrent;
  if (legacy && !current) return QuoteRule::kLegacy;
  return fallback;
}

SequenceEncoder::SequenceEncoder(char delimiter, QuoteRule rule) : delimiter_(delimiter), rule_(rule) {}

void SequenceEncoder::start_element() {
  if (buffer_) {
    buffer_->push_back(delimiter_);
  } else {
    buffer_.emplace();
  }
}

SequenceEncoder& SequenceEncoder::append(std::string_view element) {
  start_element();
  std::string& out = *buffer_;
  const bool quote = needs_quotes(element, rule_);
  if (quote) out.push_back('\'');
  // Only the delimiter is escaped: backslashes and quotes pass through (VASSAL does the same).
  for (char c : element) {
    if (c == delimiter_) out.push_back('\\');
    out.push_back(c);
  }
  if (quote) out.push_back('\'');
  return *this;
}

SequenceEncoder& SequenceEncoder::append_int(int64_t value) { return append(std::to_string(value)); }

SequenceEncoder& SequenceEncoder::append_bool(bool value) { return append(std::string_view(value ? "true" : "false")); }

SequenceDecoder::SequenceDecoder(std::string_view text, char delimiter)
    : rest_(text), delimiter_(delimiter), has_more_(true) {}

SequenceDecoder SequenceDecoder::empty(char delimiter) { return SequenceDecoder(delimiter); }

std::string SequenceDecoder::next() {
  if (!has_more_) return std::string();
  std::string token;
  size_t begin = 0;
  size_t end = rest_.find(delimiter_);
  // The token's length, escapes included, so that a long one is not copied as it grows.
  size_t last = end;
  while (last != std::string_view::npos && last > 0 && rest_[last - 1] == '\\') last = rest_.find(delimiter_, last + 1);
  token.reserve(last == std::string_view::npos ? rest_.size() : last);
  // A delimiter right after a backslash is escaped: drop that backslash and keep scanning.
  while (end != std::string_view::npos && end > begin && rest_[end - 1] == '\\') {
    token.append(rest_.substr(begin, end - 1 - begin));
    begin = end;
    end = rest_.find(delimiter_, end + 1);
  }
  if (end == std::string_view::npos) {
    token.append(rest_.substr(begin));
    has_more_ = false;
    rest_ = {};
  } else {
    token.append(rest_.substr(begin, end - begin));
    rest_ = rest_.substr(end + 1);
  }
  if (token.size() > 1 && single_quoted(token)) {
    token = token.substr(1, token.size() - 2);
    if (!single_quoted(token)) {
      if (token.starts_with('\\') && !token.ends_with('\\')) evidence_.current = true;
      if (token.ends_with('\\') && !token.starts_with('\\')) evidence_.legacy = true;
    }
  } else {
    if (token.starts_with('\\') && !token.ends_with('\\')) evidence_.legacy = true;
    // An unquoted token ending in '\' can only be the last one under the current rule (elsewhere
    // it would have swallowed the delimiter), so only then is it evidence.
    if (token.ends_with('\\') && !token.starts_with('\\') && !has_more_) evidence_.current = true;
  }
  return token;
}

std::string SequenceDecoder::next_or(std::string_view fallback) {
  return has_more_ ? next() : std::string(fallback);
}

int32_t SequenceDecoder::next_int(int32_t fallback) {
  if (!has_more_) return fallback;
  return core::java::parse_int(next()).value_or(fallback);
}

double SequenceDecoder::next_double(double fallback) {
  if (!has_more_) return fallback;
  return core::java::parse_double(next()).value_or(fallback);
}

bool SequenceDecoder::next_bool(bool fallback) { return has_more_ ? next() == "true" : fallback; }

bool written_at(std::string_view text, size_t& offset, std::string_view element, char delimiter, QuoteRule rule) {
  size_t at = offset;
  const auto next_is = [&](char c) { return at < text.size() && text[at++] == c; };
  const bool quote = needs_quotes(element, rule);
  if (quote && !next_is('\'')) return false;
  for (char c : element) {
    if (c == delimiter && !next_is('\\')) return false;
    if (!next_is(c)) return false;
  }
  if (quote && !next_is('\'')) return false;
  offset = at;
  return true;
}

std::vector<std::string> split_sequence(std::string_view text, char delimiter, QuoteEvidence* evidence) {
  std::vector<std::string> tokens;
  SequenceDecoder decoder(text, delimiter);
  while (decoder.has_more()) tokens.push_back(decoder.next());
  if (evidence) evidence->merge(decoder.evidence());
  return tokens;
}

std::string join_sequence(const std::vector<std::string>& elements, char delimiter, QuoteRule rule) {
  SequenceEncoder encoder(delimiter, rule);
  for (const auto& e : elements) encoder.append(e);
  return encoder.str();
}

}  // namespace adjutant::vmod
