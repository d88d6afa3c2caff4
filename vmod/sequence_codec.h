// VASSAL's SequenceEncoder / SequenceEncoder.Decoder: the escaping used at every level of
// VASSAL's text formats (ESC between commands, '/' in piece commands, TAB between traits, ';'
// inside a trait). See docs/formats.md, "Escaping".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::vmod {

// Which VASSAL generation's quoting rule the encoder follows. Both decode the same way.
enum class QuoteRule {
  kCurrent,  // 3.4+: quote strings that start with '\' or start and end with '\''
  kLegacy,   // <=3.3: quote strings that end with '\' or start and end with '\''
};

class SequenceEncoder {
 public:
  explicit SequenceEncoder(char delimiter, QuoteRule rule = QuoteRule::kCurrent);

  // An empty string, like Java's null, writes nothing but still counts as an element.
  SequenceEncoder& append(std::string_view element);
  SequenceEncoder& append_int(int64_t value);
  SequenceEncoder& append_bool(bool value);

  // Java's getValue(): nullopt when nothing was appended.
  const std::optional<std::string>& value() const { return buffer_; }
  // The value, or "" when nothing was appended.
  std::string str() const { return buffer_.value_or(std::string()); }

 private:
  void start_element();

  char delimiter_;
  QuoteRule rule_;
  std::optional<std::string> buffer_;
};

// Which quoting generation the decoded text shows: a quoted token is evidence of the rule that
// quotes it, an unquoted one of the rule that leaves it alone. Tokens that neither starts nor ends
// with '\' say nothing, since both rules treat them alike.
struct QuoteEvidence {
  bool current = false;
  bool legacy = false;
  void merge(const QuoteEvidence& other) {
    current |= other.current;
    legacy |= other.legacy;
  }
  // The rule that reproduces the text; `fallback` when the text does not tell.
  QuoteRule rule(QuoteRule fallback = QuoteRule::kCurrent) const;
};

class SequenceDecoder {
 public:
  SequenceDecoder(std::string_view text, char delimiter);
  // Java's `new Decoder(null, d)`: no tokens at all.
  static SequenceDecoder empty(char delimiter);

  bool has_more() const { return has_more_; }
  // The next token; "" once exhausted (and it stays exhausted).
  std::string next();

  // Typed reads return the default when exhausted or unparsable, as VASSAL's do (nextInt is
  // Integer.parseInt, nextDouble Double.parseDouble).
  std::string next_or(std::string_view fallback);
  int32_t next_int(int32_t fallback);
  double next_double(double fallback);
  bool next_bool(bool fallback);  // true only for the literal "true"

  // What is left, undecoded (the rest of the text after the last token read).
  std::string_view rest() const { return has_more_ ? rest_ : std::string_view(); }
  const QuoteEvidence& evidence() const { return evidence_; }

 private:
  SequenceDecoder(char delimiter) : delimiter_(delimiter), has_more_(false) {}

  std::string_view rest_;
  char delimiter_;
  bool has_more_;
  QuoteEvidence evidence_;
};

// Whether `element`, appended alone to a SequenceEncoder(delimiter, rule), is written as the text at
// `offset`; moves `offset` past it. Compares without writing the element out.
bool written_at(std::string_view text, size_t& offset, std::string_view element, char delimiter, QuoteRule rule);

// Every token of `text` (at least one: "" gives [""]).
std::vector<std::string> split_sequence(std::string_view text, char delimiter,
                                        QuoteEvidence* evidence = nullptr);
// enc(delimiter: elements...); "" for an empty list.
std::string join_sequence(const std::vector<std::string>& elements, char delimiter,
                          QuoteRule rule = QuoteRule::kCurrent);

}  // namespace adjutant::vmod
