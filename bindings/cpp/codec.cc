// The codec for scripts and tests: a save's plaintext, the command tree it encodes, and writing new files.
#include <pybind11/stl.h>

#include "bindings.h"
#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/game.h"

namespace adjutant::bindings {
namespace {

std::string file_kind(const std::string& path) {
  const auto identifying = [](const std::string& name) {
    return name == "savedGame" || name == "buildFile.xml" || name == "buildFile" || name == "moduledata" ||
           name == "extensiondata";
  };
  const vmod::Archive archive = vmod::Archive::open(path, {}, identifying);
  switch (archive.content_kind()) {
    case vmod::ContentKind::kModule: return "module";
    case vmod::ContentKind::kExtension: return "extension";
    case vmod::ContentKind::kSave: return "save";
    case vmod::ContentKind::kUnknown: break;
  }
  return "unknown";
}

}  // namespace

void bind_codec(py::module_& m) {
  m.def("file_kind", &file_kind, py::arg("path"),
        "What a file or folder holds, decided as VASSAL does: 'module', 'extension', 'save' (saves and logs) "
        "or 'unknown'.");
  m.def("read_saved_game", &vmod::read_saved_game, py::arg("path"), py::call_guard<py::gil_scoped_release>(),
        "The plaintext savedGame text of a .vsav/.vlog (or a bare save text), deobfuscated.");
  m.def(
      "write_new_file", [](const std::string& path, const std::string& text) { vmod::write_file_atomically(path, text); },
      py::arg("path"), py::arg("text"),
      "Writes text to a new file atomically (a temporary file beside it, then renamed); ArchiveError when the file "
      "exists: Adjutant never writes over a file.");

  py::class_<vmod::Command>(m, "Command", "One command of a savedGame text and the commands it carries.")
      .def_property_readonly("kind", [](const vmod::Command& c) { return std::string(vmod::record_name(c.record)); },
                             "What the command is: 'AddPiece', 'MovePiece', 'Log', 'Verbatim', ...")
      .def_readonly("children", &vmod::Command::children)
      .def_property_readonly(
          "logged",
          [](const vmod::Command& c) -> std::optional<vmod::Command> {
            if (const auto* log = std::get_if<vmod::LogEntry>(&c.record)) return *log->command;
            return std::nullopt;
          },
          "For a 'Log' command (a log step), the command it logged; None otherwise.")
      .def("encode", [](const vmod::Command& c) { return vmod::encode_command(c); },
           "The command and its children as VASSAL writes them.")
      .def("__repr__", [](const vmod::Command& c) {
        return "<Command " + std::string(vmod::record_name(c.record)) + " with " + std::to_string(c.children.size()) +
               " children>";
      });

  py::class_<vmod::CommandTree>(m, "CommandTree", "A decoded savedGame text.")
      .def_readonly("root", &vmod::CommandTree::root)
      .def("encode", &vmod::CommandTree::encode, "The text again; identical to the input for an unchanged tree.")
      .def_property_readonly("legacy_quoting",
                             [](const vmod::CommandTree& t) { return t.rule == vmod::QuoteRule::kLegacy; },
                             "True when the text uses the quoting of VASSAL 3.3 and older.");

  m.def("decode_commands", &vmod::CommandTree::decode, py::arg("text"), py::call_guard<py::gil_scoped_release>(),
        "Decodes a savedGame text into its command tree; CommandError names the command that is malformed.");
}

}  // namespace adjutant::bindings
