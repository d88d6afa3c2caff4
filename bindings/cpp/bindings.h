// One function per area of the Python API; adjutant_module.cc calls them in order.
#pragma once

#include <pybind11/pybind11.h>

namespace adjutant::bindings {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_codec(py::module_& m);
void bind_writer(py::module_& m);
void bind_module(py::module_& m);
void bind_game(py::module_& m);
void bind_dice(py::module_& m);
void bind_geometry(py::module_& m);
void bind_companion(py::module_& m);
void bind_movement(py::module_& m);  // after bind_companion: adds Companion.movement
void bind_trace(py::module_& m);     // after bind_movement: adds Movement's traces
void bind_sight(py::module_& m);     // after bind_companion: adds Companion.sight

}  // namespace adjutant::bindings
