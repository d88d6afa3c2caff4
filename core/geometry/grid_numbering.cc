#include "core/geometry/grid_numbering.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "core/geometry/geometry_error.h"
#include "core/java/java_math.h"
#include "core/java/java_text.h"

namespace adjutant::core {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr int kLongestName = 4096;  // characters; far beyond any real board

}  // namespace

RegularNumbering::RegularNumbering(const GridNumbering& spec)
    : spec_(spec), format_(spec.location_format, {"gridLocation", "row", "column"}) {
  // getLocation builds its pattern from the untrimmed format, token by token.
  bool usable = true;
  auto add_index = [&](char type, int leading) {
    if (type == 'A') return pattern_.add_letters();
    // "{leading+1,}": a negative count is a PatternSyntaxException in Java.
    if (leading + 1 < 0) usable = false;
    return pattern_.add_number(leading + 1);
  };
  for (const FormatToken& token : format_tokens(spec_.location_format)) {
    if (!token.property) {
      pattern_.add_literal(token.text);
    } else if (token.text == "gridLocation") {
      if (spec_.first == 'H') {
        column_group_ = add_index(spec_.h_type, spec_.h_leading);
        pattern_.add_literal(spec_.sep);
        row_group_ = add_index(spec_.v_type, spec_.v_leading);
      } else {
        row_group_ = add_index(spec_.v_type, spec_.v_leading);
        pattern_.add_literal(spec_.sep);
        column_group_ = add_index(spec_.h_type, spec_.h_leading);
      }
    } else if (token.text == "row") {
      row_group_ = add_index(spec_.v_type, spec_.v_leading);
    } else if (token.text == "column") {
      column_group_ = add_index(spec_.h_type, spec_.h_leading);
    }
    // Any other $name$ adds nothing to the pattern.
  }
  pattern_usable_ = usable && !pattern_.empty() && column_group_ != 0 && row_group_ != 0;
}

void RegularNumbering::append_index_name(std::string& out, int value, char type, int leading) {
  if (value < 0) out += '-';
  // Math.abs(Integer.MIN_VALUE) stays negative in Java; keep the magnitude in 64 bits here.
  const int64_t magnitude = std::llabs(int64_t{value});
  if (type == 'A') {
    if (magnitude / 26 >= kLongestName) {
      throw GeometryError("alphabetic location index " + std::to_string(value) + " is too large to name");
    }
    int64_t n = magnitude;
    do {
      out += kAlphabet[static_cast<size_t>(n % 26)];
      n -= 26;
    } while (n >= 0);
    return;
  }
  if (leading > kLongestName) {
    throw GeometryError("leading-zero count " + std::to_string(leading) + " is too large to name a location");
  }
  // while (leading > 0 && value < Math.pow(10.0, leading--)) val += "0";
  while (leading > 0 && static_cast<double>(magnitude) < std::pow(10.0, leading)) {
    --leading;
    out += '0';
  }
  out += std::to_string(magnitude);
}

std::string RegularNumbering::index_name(int value, char type, int leading) {
  std::string out;
  append_index_name(out, value, type, leading);
  return out;
}

std::string RegularNumbering::grid_location(int row, int column) const {
  std::string out;
  const int row_value = java::add(row, spec_.v_off);
  const int column_value = java::add(column, spec_.h_off);
  if (spec_.first == 'H') {
    append_index_name(out, column_value, spec_.h_type, spec_.h_leading);
    out += spec_.sep;
    append_index_name(out, row_value, spec_.v_type, spec_.v_leading);
  } else {
    append_index_name(out, row_value, spec_.v_type, spec_.v_leading);
    out += spec_.sep;
    append_index_name(out, column_value, spec_.h_type, spec_.h_leading);
  }
  return out;
}

std::string RegularNumbering::location_name(int row, int column, const PropertyLookup* lookup) const {
  std::string grid = grid_location(row, column);
  if (const auto single = format_.single_property(); single && *single == 0) return grid;
  const std::string row_name = index_name(java::add(row, spec_.v_off), spec_.v_type, spec_.v_leading);
  const std::string column_name = index_name(java::add(column, spec_.h_off), spec_.h_type, spec_.h_leading);
  const std::array<std::optional<std::string_view>, 3> values{std::string_view(grid), std::string_view(row_name),
                                                              std::string_view(column_name)};
  // RegularGridNumbering.locationName evaluates with getLocalizedText.
  return format_.evaluate(values, lookup, /*localized=*/true);
}

std::optional<int> RegularNumbering::parse_index(std::string_view text, char type) {
  if (type == 'A') {
    int value = 0;
    size_t index = 0;
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) ++index;
    while (index < text.size() && text[index] >= 'A' && text[index] <= 'Z') {
      value = java::add(value, index + 1 < text.size() ? 26 : static_cast<int>(kAlphabet.find(text[index])));
      ++index;
    }
    return negative ? java::sub(0, value) : value;
  }
  return java::parse_int(text);
}

std::optional<std::pair<int, int>> RegularNumbering::parse(std::string_view name) const {
  if (!pattern_usable_) return std::nullopt;
  const auto groups = pattern_.match(name);
  if (!groups) return std::nullopt;
  const auto row = parse_index((*groups)[static_cast<size_t>(row_group_ - 1)], spec_.v_type);
  const auto column = parse_index((*groups)[static_cast<size_t>(column_group_ - 1)], spec_.h_type);
  if (!row || !column) return std::nullopt;
  return std::pair{java::sub(*column, spec_.h_off), java::sub(*row, spec_.v_off)};
}

}  // namespace adjutant::core
