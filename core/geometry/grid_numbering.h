// What hex and square numbering share (VASSAL's RegularGridNumbering): an index's name (numeric
// with leading zeros, or alphabetic A..Z, AA, BB ...), the grid location "column sep row" (or row
// first), the location format with $gridLocation$, $row$ and $column$, and parsing a name back
// into the indices it was made from. hex_numbering.h and square_numbering.h add the geometry.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/geometry/formatted_string.h"
#include "core/geometry/grid_spec.h"
#include "core/geometry/name_pattern.h"

namespace adjutant::core {

class RegularNumbering {
 public:
  explicit RegularNumbering(const GridNumbering& spec);

  const GridNumbering& spec() const { return spec_; }

  // getName(row, column): the grid location of indices before hOff/vOff are added.
  std::string grid_location(int row, int column) const;
  // locationName for the indices: the location format with gridLocation, row and column set.
  // `lookup` answers other $names$ (module properties); unknown ones expand to nothing.
  std::string location_name(int row, int column, const PropertyLookup* lookup) const;

  // getLocation's parsing half: the (column, row) the name stands for, with hOff/vOff already
  // subtracted; nullopt where VASSAL throws BadCoords (or fails parsing a number too long for int).
  std::optional<std::pair<int, int>> parse(std::string_view name) const;

  // getName(int, char, int): "-" for negatives; 'A': A..Z then AA, BB .. ZZ, AAA ...; numeric:
  // zero-padded to at least leading + 1 digits. Throws GeometryError for names that would run
  // to thousands of characters (huge indices or leading-zero counts), where VASSAL would too.
  static void append_index_name(std::string& out, int value, char type, int leading);
  static std::string index_name(int value, char type, int leading);
  // parseName: the value of an index name as the pattern accepted it.
  static std::optional<int> parse_index(std::string_view text, char type);

 private:
  GridNumbering spec_;
  FormattedString format_;
  NamePattern pattern_;
  int column_group_ = 0;
  int row_group_ = 0;
  bool pattern_usable_ = false;
};

}  // namespace adjutant::core
