#include "core/java/java_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>

namespace adjutant::core::java {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

struct CodePoint {
  char32_t value;
  size_t length;  // bytes it takes
};

bool continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// The code point starting at s[i]. A malformed sequence (overlong, a surrogate, past U+10FFFF, cut
// short) gives U+FFFD for its first byte.
CodePoint decode(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return {b0, 1};
  size_t length = 0;
  char32_t value = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    value = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    value = b0 & 0x0F;
    if (b0 == 0xE0) low = 0xA0;
    if (b0 == 0xED) high = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    value = b0 & 0x07;
    if (b0 == 0xF0) low = 0x90;
    if (b0 == 0xF4) high = 0x8F;
  } else {
    return {kReplacement, 1};
  }
  if (i + length > s.size() || byte(1) < low || byte(1) > high) return {kReplacement, 1};
  for (size_t k = 1; k < length; ++k) {
    if (!continuation(byte(k))) return {kReplacement, 1};
    value = (value << 6) | (byte(k) & 0x3F);
  }
  return {value, length};
}

// The zero of every run of ten decimal digits (general category Nd) in the Basic Multilingual
// Plane, as Character.digit(ch, 10) knows them (the same in Java 17 and 25).
constexpr std::array<char32_t, 37> kDigitZeros = {
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50,
    0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10};

// Character.digit(ch, 10) for a char: the digit's value, or -1. A code point past U+FFFF is two
// chars in Java, neither of them a digit.
int decimal_digit(char32_t c) {
  const auto after = std::upper_bound(kDigitZeros.begin(), kDigitZeros.end(), c);
  if (after == kDigitZeros.begin()) return -1;
  const char32_t offset = c - *(after - 1);
  return offset < 10 ? static_cast<int>(offset) : -1;
}

// Character.isWhitespace(codePoint).
bool java_whitespace(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x1680 || (c >= 0x2000 && c <= 0x2006) ||
         (c >= 0x2008 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x205F || c == 0x3000;
}

// Integer.parseInt / Long.parseLong: accumulates negatively, as Java does, so that MIN_VALUE fits.
template <typename Int>
std::optional<Int> parse_integer(std::string_view s) {
  if (s.empty()) return std::nullopt;
  size_t i = 0;
  bool negative = false;
  if (s[0] == '-' || s[0] == '+') {
    negative = s[0] == '-';
    if (s.size() == 1) return std::nullopt;
    i = 1;
  }
  const Int limit = negative ? std::numeric_limits<Int>::min() : -std::numeric_limits<Int>::max();
  const Int multmin = limit / 10;
  Int result = 0;
  while (i < s.size()) {
    const CodePoint c = decode(s, i);
    i += c.length;
    const int digit = decimal_digit(c.value);
    if (digit < 0 || result < multmin) return std::nullopt;
    result *= 10;
    if (result < limit + digit) return std::nullopt;
    result -= digit;
  }
  return negative ? result : -result;
}

bool ascii_digit(char c) { return c >= '0' && c <= '9'; }
bool hex_digit(char c) { return ascii_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

}  // namespace

std::optional<int32_t> parse_int(std::string_view text) { return parse_integer<int32_t>(text); }

std::optional<int64_t> parse_long(std::string_view text) { return parse_integer<int64_t>(text); }

std::optional<double> parse_double(std::string_view text) {
  std::string_view s = trim(text);
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  const double sign = negative ? -1.0 : 1.0;
  if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (s == "Infinity") return sign * std::numeric_limits<double>::infinity();
  if (!s.empty() && std::string_view("fFdD").find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  if (hex) s.remove_prefix(2);
  const auto digit = hex ? hex_digit : ascii_digit;

  // Mantissa: digits, an optional '.', digits; at least one digit in all.
  size_t i = 0;
  while (i < s.size() && digit(s[i])) ++i;
  const size_t whole_digits = i;
  size_t digits = i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const size_t start = i;
    while (i < s.size() && digit(s[i])) ++i;
    digits += i - start;
  }
  if (digits == 0) return std::nullopt;
  const std::string_view mantissa = s.substr(0, i);

  // Exponent: required in a hexadecimal literal (p/P, a power of two), optional otherwise (e/E).
  int64_t exponent = 0;
  if (i < s.size() || hex) {
    if (i == s.size() || (hex ? (s[i] != 'p' && s[i] != 'P') : (s[i] != 'e' && s[i] != 'E'))) return std::nullopt;
    ++i;
    bool exponent_negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) exponent_negative = s[i++] == '-';
    const size_t start = i;
    // Saturates far beyond any double's exponent, so that a long run of digits cannot overflow.
    for (; i < s.size() && ascii_digit(s[i]); ++i) exponent = std::min<int64_t>(exponent * 10 + (s[i] - '0'), 1 << 30);
    if (i == start || i != s.size()) return std::nullopt;
    if (exponent_negative) exponent = -exponent;
  }

  double value = 0;
  const auto result = std::from_chars(s.data(), s.data() + s.size(), value,
                                      hex ? std::chars_format::hex : std::chars_format::general);
  if (result.ec == std::errc::result_out_of_range) {
    // Too large or too small for a double: Java gives Infinity or 0. Which one follows from where
    // the first significant digit stands, plus the exponent.
    const size_t first = mantissa.find_first_not_of("0.");
    if (first == std::string_view::npos) return sign * 0.0;
    const int64_t position = static_cast<int64_t>(whole_digits) - static_cast<int64_t>(first) +
                             (first > whole_digits ? 1 : 0);
    const int64_t order = position * (hex ? 4 : 1) + exponent;
    value = order > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (result.ec != std::errc() || result.ptr != s.data() + s.size()) {
    return std::nullopt;
  }
  return sign * value;
}

std::string_view trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && static_cast<unsigned char>(text[begin]) <= 0x20) ++begin;
  while (end > begin && static_cast<unsigned char>(text[end - 1]) <= 0x20) --end;
  return text.substr(begin, end - begin);
}

bool is_blank(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const CodePoint c = decode(text, i);
    if (!java_whitespace(c.value)) return false;
    i += c.length;
  }
  return true;
}

}  // namespace adjutant::core::java
