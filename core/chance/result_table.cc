#include "core/chance/result_table.h"

#include <algorithm>
#include <charconv>

namespace adjutant::core {

namespace {

// The integers in a label, in order: "6-16" -> 6, 16; "+3" -> 3; "1-3" -> 1, 3.
std::vector<int> numbers_in(std::string_view label) {
  std::vector<int> out;
  for (size_t i = 0; i < label.size();) {
    if (label[i] < '0' || label[i] > '9') {
      ++i;
      continue;
    }
    int value = 0;
    auto [end, error] = std::from_chars(label.data() + i, label.data() + label.size(), value);
    if (error != std::errc()) break;
    const bool negative = i > 0 && label[i - 1] == '-' && (i == 1 || label[i - 2] == ' ');
    out.push_back(negative ? -value : value);
    i = static_cast<size_t>(end - label.data());
  }
  return out;
}

}  // namespace

TableColumn TableColumn::range(std::string_view label) {
  const std::vector<int> n = numbers_in(label);
  if (n.empty()) throw TableError("column '" + std::string(label) + "' has no number to choose it by");
  return {std::string(label), static_cast<double>(n.front())};
}

TableColumn TableColumn::odds(std::string_view label) {
  const std::vector<int> n = numbers_in(label);
  if (n.size() != 2 || n[1] == 0) throw TableError("column '" + std::string(label) + "' is not odds like 2-1 or 1-3");
  return {std::string(label), static_cast<double>(n[0]) / static_cast<double>(n[1])};
}

ResultTable::ResultTable(std::string name, std::vector<TableColumn> columns, std::vector<TableRow> rows)
    : name_(std::move(name)), columns_(std::move(columns)), rows_(std::move(rows)) {
  if (columns_.empty() || rows_.empty()) throw TableError("table " + name_ + " needs at least one column and one row");
  for (size_t i = 1; i < columns_.size(); ++i)
    if (!(columns_[i - 1].from < columns_[i].from))
      throw TableError("table " + name_ + ": column " + columns_[i].label + " does not start above column " +
                       columns_[i - 1].label);
  for (size_t i = 0; i < rows_.size(); ++i) {
    const TableRow& row = rows_[i];
    const std::string where = "table " + name_ + ", row " + std::to_string(row.low) + "-" + std::to_string(row.high);
    if (row.low > row.high) throw TableError(where + ": the range runs backwards");
    if (i > 0 && row.low <= rows_[i - 1].high) throw TableError(where + ": overlaps the row before it");
    if (row.cells.size() != columns_.size())
      throw TableError(where + ": " + std::to_string(row.cells.size()) + " values for " +
                       std::to_string(columns_.size()) + " columns");
  }
}

size_t ResultTable::column_for(double value, bool* clamped) const {
  if (clamped) *clamped = value < columns_.front().from;
  size_t column = 0;
  while (column + 1 < columns_.size() && value >= columns_[column + 1].from) ++column;
  return column;
}

size_t ResultTable::column_labeled(std::string_view label) const {
  for (size_t i = 0; i < columns_.size(); ++i)
    if (columns_[i].label == label) return i;
  throw TableError("table " + name_ + " has no column " + std::string(label));
}

TableResult ResultTable::lookup(double value, int roll, int shift, int modifiers) const {
  bool below = false;
  TableResult result = lookup_column(column_for(value, &below), roll, shift, modifiers);
  result.column_clamped = result.column_clamped || below;
  return result;
}

TableResult ResultTable::lookup_column(size_t column, int roll, int shift, int modifiers) const {
  if (column >= columns_.size()) throw TableError("table " + name_ + " has no column " + std::to_string(column));
  TableResult r;
  r.table = name_;
  r.roll = roll;
  r.shift = shift;
  r.modified_roll = roll + modifiers;
  const long shifted = static_cast<long>(column) + shift;
  const long last = static_cast<long>(columns_.size()) - 1;
  r.column = static_cast<size_t>(std::clamp(shifted, 0L, last));
  r.column_clamped = shifted != static_cast<long>(r.column);
  r.column_label = columns_[r.column].label;
  r.row_roll = std::clamp(r.modified_roll, rows_.front().low, rows_.back().high);
  r.row_clamped = r.row_roll != r.modified_roll;
  auto row = std::find_if(rows_.begin(), rows_.end(), [&](const TableRow& t) { return t.low <= r.row_roll && r.row_roll <= t.high; });
  const std::string where = "table " + name_ + ", column " + r.column_label + ", roll " + std::to_string(r.row_roll);
  if (row == rows_.end()) throw TableError(where + ": the chart has no row for this roll");
  r.result = row->cells[r.column];
  if (r.result.empty()) throw TableError(where + ": the chart has no value here");
  return r;
}

std::vector<TableChance> ResultTable::distribution(double value, std::string_view dice, int shift,
                                                  int modifiers) const {
  return distribution_column(column_for(value), dice, shift, modifiers);
}

std::vector<TableChance> ResultTable::distribution_column(size_t column, std::string_view dice, int shift,
                                                          int modifiers) const {
  const DiceOutcomes outcomes = dice_outcomes(dice);
  std::vector<std::pair<std::string, uint64_t>> ways;  // result -> outcomes, in order of first reached
  for (const auto& [roll, n] : outcomes.ways) {
    const std::string result = lookup_column(column, roll, shift, modifiers).result;
    auto it = std::find_if(ways.begin(), ways.end(), [&](const auto& w) { return w.first == result; });
    if (it == ways.end()) {
      ways.emplace_back(result, n);
    } else {
      it->second += n;
    }
  }
  std::vector<TableChance> out;
  for (const auto& [result, n] : ways) out.push_back({result, Probability::of(n, outcomes.outcomes)});
  return out;
}

}  // namespace adjutant::core
