// A rulebook chart as data: columns chosen by a value (strength, odds, difference, rating), rows
// by a die roll; column shifts and die-roll modifiers, clamped at the table's edges as the
// rulebooks say ("treat results above the highest column as the highest column").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/chance/dice.h"

namespace adjutant::core {

// A lookup the table cannot answer: a column or roll it has no value for. The message names the
// table, the column and the roll.
class TableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TableColumn {
  std::string label;  // as printed: "6-16", "2-1", "+3"
  double from = 0;    // the column applies from this value up to the next column's `from`

  // "6-16" or "56" or "+3": from the first number. "2-1" as odds: from 2/1; "1-3": from 1/3.
  static TableColumn range(std::string_view label);
  static TableColumn odds(std::string_view label);
};

struct TableRow {
  int low = 0;   // the die results this row covers, inclusive
  int high = 0;
  std::vector<std::string> cells;  // one per column; "" where the chart has no value
};

struct TableResult {
  std::string result;
  std::string table;
  std::string column_label;
  size_t column = 0;
  int roll = 0;             // as rolled
  int modified_roll = 0;    // roll + modifiers, before clamping
  int row_roll = 0;         // the roll the row was read at, after clamping
  int shift = 0;
  bool column_clamped = false;
  bool row_clamped = false;
};

// One result a roll on a table can give, and its exact chance.
struct TableChance {
  std::string result;
  Probability probability;
};

class ResultTable {
 public:
  // Columns in increasing `from`; rows in increasing, non-overlapping die ranges; every row with
  // one cell per column. Throws TableError naming the table and the row otherwise.
  ResultTable(std::string name, std::vector<TableColumn> columns, std::vector<TableRow> rows);

  const std::string& name() const { return name_; }
  const std::vector<TableColumn>& columns() const { return columns_; }
  const std::vector<TableRow>& rows() const { return rows_; }

  // The column a value falls in: below the first column, the first; above the last, the last.
  size_t column_for(double value, bool* clamped = nullptr) const;
  size_t column_labeled(std::string_view label) const;  // throws TableError for an unknown label

  // Reads the chart: the column for `value`, moved by `shift` columns (clamped at the edges), at
  // roll + modifiers (clamped to the lowest and highest rows). Throws TableError where the chart
  // has no value.
  TableResult lookup(double value, int roll, int shift = 0, int modifiers = 0) const;
  TableResult lookup_column(size_t column, int roll, int shift = 0, int modifiers = 0) const;

  // What a roll of `dice` ("d6", "2d6", "NdS", "d66") reads, read as `lookup` reads it: each result
  // with its exact chance, in the order of the lowest roll giving it. Throws TableError as
  // `lookup` does for a blank cell any roll reaches, std::invalid_argument for unknown dice.
  std::vector<TableChance> distribution(double value, std::string_view dice, int shift = 0, int modifiers = 0) const;
  std::vector<TableChance> distribution_column(size_t column, std::string_view dice, int shift = 0,
                                               int modifiers = 0) const;

 private:
  std::string name_;
  std::vector<TableColumn> columns_;
  std::vector<TableRow> rows_;
};

}  // namespace adjutant::core
