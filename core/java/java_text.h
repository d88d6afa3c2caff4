// java.lang.String's and the number wrappers' text rules, for code that must read text exactly as
// VASSAL does. Text is UTF-8 (what the module and save files hold); Java sees the same characters
// as UTF-16, and every function answers what Java answers for that string, including for
// characters outside ASCII. Malformed UTF-8 stands for U+FFFD, as Java's decoder makes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace adjutant::core::java {

// Integer.parseInt(s) (radix 10): one optional leading '+' or '-', then at least one decimal digit,
// nothing else (no blanks: Java does not trim here), within int's range; nullopt where Java throws
// NumberFormatException. A digit is what Character.digit(ch, 10) accepts: any Unicode decimal
// digit of the Basic Multilingual Plane ("٣" is 3, "１２" is 12), not one outside it (Java reads
// those as two surrogate chars, neither a digit), not superscripts or other numerals.
std::optional<int32_t> parse_int(std::string_view text);

// Long.parseLong(s): the same rules within long's range.
std::optional<int64_t> parse_long(std::string_view text);

// Double.parseDouble(s): trims as trim() does, then a Java floating literal: optional sign, decimal
// digits with an optional '.' and e/E exponent, or a hexadecimal 0x...p... literal, either with an
// optional f/F/d/D suffix; or NaN or Infinity after the sign. ASCII digits only. Values beyond
// double's range give +-Infinity or +-0, as in Java.
std::optional<double> parse_double(std::string_view text);

// String.trim(): strips every char <= U+0020 (controls included, not just blanks) from both ends.
// UTF-8 keeps those as single bytes, so the result is a view of the same text.
std::string_view trim(std::string_view text);

// String.isBlank(): empty or only Character.isWhitespace code points (which include U+2003 and
// the other Unicode spaces, but not the no-break spaces U+00A0, U+2007, U+202F, nor controls
// other than U+0009-U+000D and U+001C-U+001F). Not trim(s).isEmpty(): "\x01" is not blank.
bool is_blank(std::string_view text);

}  // namespace adjutant::core::java
