// The compiled half of the `adjutant` package; the package's __init__ re-exports what scripts use.
#include "bindings.h"

PYBIND11_MODULE(_adjutant, m) {
  m.doc() = "Adjutant's C++ engine: VASSAL modules, saves and logs.";
  adjutant::bindings::bind_errors(m);
  adjutant::bindings::bind_codec(m);
  adjutant::bindings::bind_writer(m);
  adjutant::bindings::bind_geometry(m);
  adjutant::bindings::bind_module(m);
  adjutant::bindings::bind_game(m);
  adjutant::bindings::bind_dice(m);
  adjutant::bindings::bind_companion(m);
  adjutant::bindings::bind_movement(m);
  adjutant::bindings::bind_trace(m);
  adjutant::bindings::bind_sight(m);
}
