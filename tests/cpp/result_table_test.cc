// Chart lookups with the values the Lee Invades the North rulebook gives (rules catalog §1D):
// column selection by range and by odds, shifts, die-roll modifiers, clamping, missing values.
#include "core/chance/result_table.h"

#include <gtest/gtest.h>

namespace adjutant::core {
namespace {

// The Command Broadcast Table's known cells (LIN 1D): distance columns 1-4 and 5-8, d6 rows.
// Cells the catalog does not give are left empty, as a chart with a value missing.
ResultTable broadcast() {
  std::vector<TableRow> rows;
  for (int roll = 1; roll <= 6; ++roll) rows.push_back({roll, roll, {"", ""}});
  rows[0].cells[0] = "-1";
  rows[4].cells[0] = "Full";
  rows[3].cells[1] = "Full";
  return ResultTable("Command Broadcast", {TableColumn::range("1-4"), TableColumn::range("5-8")}, rows);
}

TEST(ResultTable, ReadsTheBroadcastTableAsTheRulebookDoes) {
  const ResultTable table = broadcast();
  EXPECT_EQ(table.lookup(6, 4).result, "Full");   // column 5-8, roll 4
  EXPECT_EQ(table.lookup(3, 1).result, "-1");     // column 1-4, roll 1
  EXPECT_EQ(table.lookup(1, 5).result, "Full");   // column 1-4, roll 5
  const TableResult r = table.lookup(6, 4);
  EXPECT_EQ(r.column_label, "5-8");
  EXPECT_EQ(r.table, "Command Broadcast");
}

TEST(ResultTable, AMissingChartValueIsAnErrorNamingTableColumnAndRoll) {
  try {
    broadcast().lookup(6, 2);
    FAIL() << "expected TableError";
  } catch (const TableError& e) {
    EXPECT_STREQ(e.what(), "table Command Broadcast, column 5-8, roll 2: the chart has no value here");
  }
}

TEST(ResultTable, ModifiersAndShiftsAreClampedAtTheEdges) {
  const ResultTable table = broadcast();
  const ResultTable excess("Excess Losses", {TableColumn::range("0")},
                           {{1, 2, {"0"}}, {3, 5, {"1"}}, {6, 6, {"2"}}});
  const TableResult high = excess.lookup(0, 4, 0, +3);  // 4 + 3 = 7 reads as 6
  EXPECT_EQ(high.modified_roll, 7);
  EXPECT_EQ(high.row_roll, 6);
  EXPECT_TRUE(high.row_clamped);
  EXPECT_EQ(high.result, "2");
  EXPECT_EQ(excess.lookup(0, 4).result, "1");  // a row covering 3-5
  EXPECT_THROW(table.lookup(2, 4, 0, 3), TableError);  // row 6 of column 1-4 is not given
  const TableResult low = table.lookup(3, 3, 0, -5);   // reads as 1
  EXPECT_EQ(low.result, "-1");
  EXPECT_TRUE(low.row_clamped);
  const TableResult shifted = table.lookup(3, 4, +1);  // column 1-4 shifted right to 5-8
  EXPECT_EQ(shifted.result, "Full");
  EXPECT_FALSE(shifted.column_clamped);
  const TableResult past = table.lookup(7, 4, +2);     // beyond the last column stays on it
  EXPECT_EQ(past.column_label, "5-8");
  EXPECT_TRUE(past.column_clamped);
}

TEST(ResultTable, ColumnsByRangeAndOdds) {
  const ResultTable crt("CRT", {TableColumn::range("1-5"), TableColumn::range("6-16"), TableColumn::range("17-25"),
                                TableColumn::range("26-55"), TableColumn::range("56")},
                        {{1, 6, {"a", "b", "c", "d", "e"}}});
  EXPECT_EQ(crt.lookup(16, 1).column_label, "6-16");
  EXPECT_EQ(crt.lookup(17, 1).column_label, "17-25");
  EXPECT_EQ(crt.lookup(80, 1).column_label, "56");

  const ResultTable odds("Odds", {TableColumn::odds("1-3"), TableColumn::odds("1-2"), TableColumn::odds("1-1"),
                                  TableColumn::odds("2-1"), TableColumn::odds("3-1")},
                         {{1, 6, {"1-3", "1-2", "1-1", "2-1", "3-1"}}});
  EXPECT_EQ(odds.lookup(7.0 / 3.0, 1).result, "2-1");  // 7 against 3 rounds down to 2-1
  EXPECT_EQ(odds.lookup(1.0 / 3.0, 1).result, "1-3");
  EXPECT_EQ(odds.lookup(2.0 / 5.0, 1).result, "1-3");
  EXPECT_EQ(odds.lookup(3.0 / 6.0, 1).result, "1-2");
  bool clamped = false;
  EXPECT_EQ(odds.column_for(0.2, &clamped), 0u);
  EXPECT_TRUE(clamped);
  EXPECT_EQ(odds.column_labeled("1-1"), 2u);
  EXPECT_THROW(odds.column_labeled("4-1"), TableError);
}

TEST(ResultTable, MalformedChartsAreRefusedWithTheRowNamed) {
  const std::vector<TableColumn> two = {TableColumn::range("1"), TableColumn::range("2")};
  EXPECT_THROW(ResultTable("T", two, {{1, 2, {"x"}}}), TableError);
  EXPECT_THROW(ResultTable("T", two, {{1, 3, {"x", "y"}}, {3, 4, {"x", "y"}}}), TableError);
  EXPECT_THROW(ResultTable("T", {TableColumn::range("5"), TableColumn::range("2")}, {{1, 1, {"x", "y"}}}), TableError);
  EXPECT_THROW(TableColumn::odds("2"), TableError);
  try {
    ResultTable("Attrition", two, {{1, 1, {"0", "1"}}, {2, 2, {"1"}}});
    FAIL();
  } catch (const TableError& e) {
    EXPECT_STREQ(e.what(), "table Attrition, row 2-2: 1 values for 2 columns");
  }
}

// The result and its chance as "result p/q", for short comparisons.
std::vector<std::string> chances(const std::vector<TableChance>& d) {
  std::vector<std::string> out;
  for (const TableChance& c : d)
    out.push_back(c.result + " " + std::to_string(c.probability.numerator) + "/" +
                  std::to_string(c.probability.denominator));
  return out;
}

TEST(ResultTableDistribution, TwoDiceOnAOneToSixTableClampAtTheLastRow) {
  const ResultTable excess("Excess Losses", {TableColumn::range("0")}, {{1, 2, {"0"}}, {3, 5, {"1"}}, {6, 6, {"2"}}});
  // 2d6: 2 reads row 1-2; 3-5 row 3-5; 6-12 all read row 6.
  EXPECT_EQ(chances(excess.distribution(0, "2d6")), (std::vector<std::string>{"0 1/36", "1 1/4", "2 13/18"}));
  // -3: 2-5 clamp to row 1 (10 of 36), 6-8 read row 3-5 (16 of 36), 9-12 read row 6 (10 of 36).
  EXPECT_EQ(chances(excess.distribution(0, "2d6", 0, -3)), (std::vector<std::string>{"0 5/18", "1 4/9", "2 5/18"}));
  uint64_t sum = 0;  // in 36ths
  for (const TableChance& c : excess.distribution(0, "2d6", 0, -3)) sum += c.probability.numerator * (36 / c.probability.denominator);
  EXPECT_EQ(sum, 36u);
  EXPECT_EQ(chances(excess.distribution(0, "d6", 0, +5)), (std::vector<std::string>{"2 1/1"}));
}

TEST(ResultTableDistribution, ColumnsShiftsAndTheOrderOfFirstRoll) {
  const ResultTable table("CRT", {TableColumn::range("1"), TableColumn::range("5")},
                          {{1, 1, {"A", "x"}}, {2, 2, {"B", "x"}}, {3, 3, {"A", "y"}}, {4, 6, {"C", "y"}}});
  EXPECT_EQ(chances(table.distribution(2, "d6")), (std::vector<std::string>{"A 1/3", "B 1/6", "C 1/2"}));
  EXPECT_EQ(chances(table.distribution(2, "d6", +1)), (std::vector<std::string>{"x 1/3", "y 2/3"}));
  EXPECT_EQ(chances(table.distribution_column(1, "d6")), chances(table.distribution(9, "d6")));
  EXPECT_THROW(table.distribution(2, "2x6"), std::invalid_argument);
}

TEST(ResultTableDistribution, AReachableBlankIsAnErrorNamingTableColumnAndRoll) {
  const ResultTable table = broadcast();
  try {
    table.distribution(6, "d6");
    FAIL() << "expected TableError";
  } catch (const TableError& e) {
    EXPECT_STREQ(e.what(), "table Command Broadcast, column 5-8, roll 1: the chart has no value here");
  }
  // Column 1-4 has values at 1 and 5 only; +4 with d6 reads rows 5 and 6 (clamped): row 6 is blank.
  EXPECT_THROW(table.distribution(1, "d6", 0, +4), TableError);
  // A blank no roll reaches is no error: a d6 -5 reads row 1 only.
  EXPECT_EQ(chances(table.distribution(1, "d6", 0, -5)), (std::vector<std::string>{"-1 1/1"}));
}

}  // namespace
}  // namespace adjutant::core
