// VASSAL's escaping (vmod/sequence_codec.h). The first byte picks the delimiter and the quoting rule;
// the rest is decoded as text with every typed read, and, split at '\n' into elements, encoded and
// decoded back.
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "vmod/sequence_codec.h"

using namespace adjutant::vmod;

namespace {

constexpr char kDelimiters[] = {'\x1b', '/', '\t', ';', ','};

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t begin = 0;
  for (size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', begin)) {
    lines.emplace_back(text.substr(begin, nl - begin));
    begin = nl + 1;
  }
  lines.emplace_back(text.substr(begin));
  return lines;
}

// The one list VASSAL's encoder cannot write back: under the current rule an element ending in '\'
// is written unquoted, so before a delimiter it escapes that delimiter.
bool round_trip_promised(const std::vector<std::string>& elements, QuoteRule rule) {
  if (rule == QuoteRule::kLegacy) return true;
  for (size_t i = 0; i + 1 < elements.size(); ++i) {
    const std::string& e = elements[i];
    const bool quoted = e.starts_with('\\') || (e.starts_with('\'') && e.ends_with('\''));
    if (e.ends_with('\\') && !quoted) return false;
  }
  return true;
}

std::string shown(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += "[" + s + "]";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const char delimiter = kDelimiters[data[0] % sizeof kDelimiters];
  const QuoteRule rule = (data[0] & 0x80) ? QuoteRule::kLegacy : QuoteRule::kCurrent;
  const std::string_view text = adjutant::fuzz::as_text(data + 1, size - 1);

  QuoteEvidence evidence;
  const std::vector<std::string> tokens = split_sequence(text, delimiter, &evidence);
  FUZZ_CHECK(!tokens.empty(), "split_sequence gave no token");
  (void)evidence.rule();

  SequenceDecoder typed(text, delimiter);
  for (int field = 0; typed.has_more(); ++field) {
    switch (field % 4) {
      case 0: (void)typed.next_int(-1); break;
      case 1: (void)typed.next_double(0.5); break;
      case 2: (void)typed.next_bool(false); break;
      default: (void)typed.next_or("default"); break;
    }
    (void)typed.rest();
  }
  FUZZ_CHECK(typed.next().empty(), "an exhausted decoder returned a token");

  const std::vector<std::string> elements = split_lines(text);
  const std::string encoded = join_sequence(elements, delimiter, rule);
  if (round_trip_promised(elements, rule)) {
    const std::vector<std::string> decoded = split_sequence(encoded, delimiter);
    FUZZ_CHECK(decoded == elements, "elements " + shown(elements) + " encoded as [" + encoded + "] decode as " + shown(decoded));
  }
  return 0;
}
