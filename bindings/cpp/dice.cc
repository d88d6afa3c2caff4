// Dice and chart lookups for plugins and scripts: the same seeded stream as the C++ engine.
#include <pybind11/stl.h>

#include "bindings.h"
#include "core/chance/dice.h"
#include "core/chance/result_table.h"

namespace adjutant::bindings {
namespace {

py::object fraction(const core::Probability& p) {
  return py::module_::import("fractions").attr("Fraction")(p.numerator, p.denominator);
}

// {result: Fraction}, in the order of the lowest roll giving each result.
py::dict chances(const std::vector<core::TableChance>& distribution) {
  py::dict out;
  for (const core::TableChance& c : distribution) out[py::str(c.result)] = fraction(c.probability);
  return out;
}

}  // namespace

void bind_dice(py::module_& m) {
  py::class_<core::DieRoll>(m, "DieRoll", "One roll: what it decided, the dice, each face, the result.")
      .def_readonly("purpose", &core::DieRoll::purpose)
      .def_readonly("dice", &core::DieRoll::dice)
      .def_readonly("faces", &core::DieRoll::faces)
      .def_readonly("result", &core::DieRoll::result)
      .def("__repr__", [](const core::DieRoll& r) {
        return "<DieRoll " + r.dice + " = " + std::to_string(r.result) + " for " + r.purpose + ">";
      });

  py::class_<core::Dice>(m, "Dice",
                         "Dice from a seed: the same seed gives the same rolls everywhere. Every roll is kept in "
                         "`rolls` with its purpose, for the report.")
      .def(py::init<uint64_t>(), py::arg("seed"))
      .def_property_readonly("seed", &core::Dice::seed)
      .def("d6", &core::Dice::d6, py::arg("purpose"))
      .def("two_d6", &core::Dice::two_d6, py::arg("purpose"))
      .def("d66", &core::Dice::d66, py::arg("purpose"), "Two dice read as tens and ones: 11 to 66.")
      .def("roll", &core::Dice::roll, py::arg("dice"), py::arg("purpose"), "'d6', '2d6', 'd66' or 'NdS'.")
      .def_property_readonly("rolls", &core::Dice::rolls)
      .def_static(
          "distribution",
          [](const std::string& dice) {
            py::dict out;
            for (const auto& [result, p] : core::dice_distribution(dice)) out[py::int_(result)] = fraction(p);
            return out;
          },
          py::arg("dice"), "Each result of 'd6', '2d6', 'd66' or 'NdS' with its exact chance: {result: Fraction}.");

  py::class_<core::TableColumn>(m, "TableColumn", "A chart column and the value it starts at.")
      .def(py::init([](std::string label, double from) { return core::TableColumn{std::move(label), from}; }),
           py::arg("label"), py::arg("start"))
      .def_static("range", &core::TableColumn::range, py::arg("label"), "'6-16' starts at 6.")
      .def_static("odds", &core::TableColumn::odds, py::arg("label"), "'2-1' starts at 2.0, '1-3' at 1/3.")
      .def_readonly("label", &core::TableColumn::label)
      .def_readonly("start", &core::TableColumn::from);

  py::class_<core::TableResult>(m, "TableResult", "What a chart said, and how it was read.")
      .def_readonly("result", &core::TableResult::result)
      .def_readonly("table", &core::TableResult::table)
      .def_readonly("column_label", &core::TableResult::column_label)
      .def_readonly("column", &core::TableResult::column)
      .def_readonly("roll", &core::TableResult::roll)
      .def_readonly("modified_roll", &core::TableResult::modified_roll)
      .def_readonly("row_roll", &core::TableResult::row_roll)
      .def_readonly("shift", &core::TableResult::shift)
      .def_readonly("column_clamped", &core::TableResult::column_clamped)
      .def_readonly("row_clamped", &core::TableResult::row_clamped);

  py::class_<core::ResultTable>(m, "ResultTable",
                                "A rulebook chart: columns chosen by a value, rows by a die roll. rows are "
                                "(low, high, [cell per column]); an empty cell is a value the chart lacks.")
      .def(py::init([](std::string name, std::vector<core::TableColumn> columns,
                       const std::vector<std::tuple<int, int, std::vector<std::string>>>& rows) {
             std::vector<core::TableRow> table_rows;
             for (const auto& [low, high, cells] : rows) table_rows.push_back({low, high, cells});
             return core::ResultTable(std::move(name), std::move(columns), std::move(table_rows));
           }),
           py::arg("name"), py::arg("columns"), py::arg("rows"))
      .def_property_readonly("name", &core::ResultTable::name)
      .def_property_readonly("columns", &core::ResultTable::columns)
      .def("column_for", [](const core::ResultTable& t, double value) { return t.column_for(value); }, py::arg("value"))
      .def("lookup", &core::ResultTable::lookup, py::arg("value"), py::arg("roll"), py::arg("shift") = 0,
           py::arg("modifiers") = 0, "Column for value, moved by shift, at roll + modifiers; clamped at the edges.")
      .def(
          "lookup_column",
          [](const core::ResultTable& t, const std::string& label, int roll, int shift, int modifiers) {
            return t.lookup_column(t.column_labeled(label), roll, shift, modifiers);
          },
          py::arg("label"), py::arg("roll"), py::arg("shift") = 0, py::arg("modifiers") = 0)
      .def(
          "distribution",
          [](const core::ResultTable& t, double value, const std::string& dice, int shift, int modifiers) {
            return chances(t.distribution(value, dice, shift, modifiers));
          },
          py::arg("value"), py::arg("dice"), py::arg("shift") = 0, py::arg("modifiers") = 0,
          "What a roll of `dice` reads, as lookup reads it: {result: Fraction}, results in the order of the lowest "
          "roll giving them. TableError for a blank cell a roll reaches.")
      .def(
          "distribution_column",
          [](const core::ResultTable& t, const std::string& label, const std::string& dice, int shift, int modifiers) {
            return chances(t.distribution_column(t.column_labeled(label), dice, shift, modifiers));
          },
          py::arg("label"), py::arg("dice"), py::arg("shift") = 0, py::arg("modifiers") = 0);

  py::register_exception<core::TableError>(m, "TableError", PyExc_ValueError);
}

}  // namespace adjutant::bindings
