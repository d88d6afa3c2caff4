#include "core/movement/stacking.h"

#include <cctype>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string_view>

namespace adjutant::core {

namespace {

// An exact number, denominator > 0, in lowest terms. Overflow is reported, never wrapped.
struct Exact {
  int64_t numerator = 0;
  int64_t denominator = 1;

  static std::optional<Exact> make(int64_t n, int64_t d) {
    if (d == 0) return std::nullopt;
    if (d < 0) {
      if (n == INT64_MIN || d == INT64_MIN) return std::nullopt;
      n = -n;
      d = -d;
    }
    const int64_t g = std::gcd(n, d);
    return Exact{n / g, d / g};
  }
  std::string text() const {
    return denominator == 1 ? std::to_string(numerator) : std::to_string(numerator) + "/" + std::to_string(denominator);
  }
};

std::optional<Exact> add(Exact a, Exact b) {
  int64_t n1 = 0, n2 = 0, n = 0, d = 0;
  if (__builtin_mul_overflow(a.numerator, b.denominator, &n1) || __builtin_mul_overflow(b.numerator, a.denominator, &n2) ||
      __builtin_add_overflow(n1, n2, &n) || __builtin_mul_overflow(a.denominator, b.denominator, &d))
    return std::nullopt;
  return Exact::make(n, d);
}

// Digits with single underscores between them ("1_000"), as Python reads numbers; at least one.
std::optional<std::string> digits(std::string_view text, size_t& i) {
  std::string out;
  while (i < text.size()) {
    if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      out += text[i++];
    } else if (text[i] == '_' && !out.empty() && i + 1 < text.size() &&
               std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      ++i;
    } else {
      break;
    }
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::optional<int64_t> whole(const std::string& digits_text) {
  int64_t value = 0;
  for (char c : digits_text)
    if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, c - '0', &value)) return std::nullopt;
  return value;
}

std::optional<int64_t> power_of_ten(int64_t exponent) {
  int64_t value = 1;
  for (int64_t i = 0; i < exponent; ++i)
    if (__builtin_mul_overflow(value, 10, &value)) return std::nullopt;
  return value;
}

// What Python's Fraction(text) reads: "3", "-2", "1/2", "2.5", ".5", "1e3", " 4 "; nullopt otherwise.
std::optional<Exact> exact_number(std::string_view text) {
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  size_t i = 0;
  const bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  const std::optional<std::string> integer = digits(text, i);
  std::string fraction_digits;
  int64_t exponent = 0;
  std::optional<Exact> value;
  if (integer && i < text.size() && text[i] == '/') {
    ++i;
    const std::optional<std::string> below = digits(text, i);
    if (!below) return std::nullopt;
    const auto n = whole(*integer), d = whole(*below);
    if (!n || !d) return std::nullopt;
    value = Exact::make(*n, *d);
  } else {
    if (i < text.size() && text[i] == '.') {
      ++i;
      if (const auto after = digits(text, i)) fraction_digits = *after;
    }
    if (!integer && fraction_digits.empty()) return std::nullopt;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
      ++i;
      const bool down = i < text.size() && text[i] == '-';
      if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
      const std::optional<std::string> e = digits(text, i);
      const auto e_value = e ? whole(*e) : std::nullopt;
      if (!e_value) return std::nullopt;
      exponent = down ? -*e_value : *e_value;
    }
    const auto n = whole(integer.value_or("") + fraction_digits);
    exponent -= static_cast<int64_t>(fraction_digits.size());
    const auto scale = power_of_ten(exponent < 0 ? -exponent : exponent);
    int64_t scaled = 0;
    if (!n || !scale) return std::nullopt;
    if (exponent >= 0) {
      if (__builtin_mul_overflow(*n, *scale, &scaled)) return std::nullopt;
      value = Exact::make(scaled, 1);
    } else {
      value = Exact::make(*n, *scale);
    }
  }
  if (i != text.size() || !value) return std::nullopt;
  if (negative) value->numerator = -value->numerator;
  return value;
}

// Text quoted as Python's repr quotes it: 'Lee', "O'Neal".
std::string quoted(const std::string& text) {
  const char quote = text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\' || c == quote) {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out + quote;
}

Exact measured(const StackedUnit& unit, const std::string& attribute) {
  const auto it = unit.attributes.find(attribute);
  const std::string text = it == unit.attributes.end() ? "" : it->second;
  const std::optional<Exact> value = exact_number(text);
  if (!value)
    throw StackingError("unit " + quoted(unit.name) + ": " + attribute + " " + quoted(text) + " is not a number");
  return *value;
}

bool counted(const MovementRules& rules, const StackLimit& limit, const StackedUnit& unit) {
  if (limit.classes == kEveryClass) return true;
  for (size_t i = 0; i < rules.classes.size(); ++i)
    if (rules.classes[i].name == unit.unit_class) return (limit.classes & class_bit(static_cast<int>(i))) != 0;
  return false;
}

}  // namespace

std::vector<std::string> over_stack_limits(const MovementRules& rules, const std::vector<StackedUnit>& units) {
  std::vector<std::string> problems;
  for (const StackLimit& limit : rules.stack_limits) {
    Exact total;
    for (const StackedUnit& unit : units) {
      if (!counted(rules, limit, unit)) continue;
      const std::optional<Exact> sum = add(total, limit.measure.empty() ? Exact{1, 1} : measured(unit, limit.measure));
      if (!sum) throw StackingError("unit " + quoted(unit.name) + ": the " + limit.measure + " of the stack is too large");
      total = *sum;
    }
    // total > most, exactly: numerator > most * denominator (a product past 64 bits exceeds any total).
    int64_t bound = 0;
    if (__builtin_mul_overflow(limit.most, total.denominator, &bound) || total.numerator <= bound) continue;
    std::string what = total.text() + " " + (limit.measure.empty() ? "units" : limit.measure);
    if (limit.classes != kEveryClass) what += " of " + rules.class_names(limit.classes);
    problems.push_back(what + ", over the limit of " + std::to_string(limit.most));
  }
  return problems;
}

}  // namespace adjutant::core
