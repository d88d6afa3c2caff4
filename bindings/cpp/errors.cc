// C++ FormatError and its subclasses become the Python classes of adjutant.errors, with the
// place (file, entry, position) as attributes.
#include "bindings.h"
#include "vmod/format_error.h"

namespace adjutant::bindings {
namespace {

void raise(const char* class_name, const vmod::FormatError& e) {
  py::object type = py::module_::import("adjutant.errors").attr(class_name);
  py::object error = type(e.what());
  error.attr("message") = e.message();
  error.attr("file") = e.place().file;
  error.attr("entry") = e.place().entry;
  error.attr("position") = e.place().position;
  PyErr_SetObject(type.ptr(), error.ptr());
}

void translate(std::exception_ptr pending) {
  if (!pending) return;
  try {
    std::rethrow_exception(pending);
  } catch (const vmod::ArchiveError& e) {
    raise("ArchiveError", e);
  } catch (const vmod::ObfuscationError& e) {
    raise("ObfuscationError", e);
  } catch (const vmod::CommandError& e) {
    raise("CommandError", e);
  } catch (const vmod::BuildFileError& e) {
    raise("BuildFileError", e);
  } catch (const vmod::PieceError& e) {
    raise("PieceError", e);
  } catch (const vmod::GameStateError& e) {
    raise("GameStateError", e);
  } catch (const vmod::CompanionError& e) {
    raise("CompanionError", e);
  } catch (const vmod::FormatError& e) {
    raise("FormatError", e);
  }
}

}  // namespace

void bind_errors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr pending) {
    try {
      translate(pending);
    } catch (py::error_already_set& e) {
      e.restore();  // adjutant.errors itself failed to import: report that instead
    }
  });
}

}  // namespace adjutant::bindings
