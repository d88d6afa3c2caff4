// Writing VASSAL's own encodings for scripts and generators: the escaping, a piece's trait chain,
// the `!VCSK` obfuscation, new modules and new saves. Python code never encodes these by hand.
#include <pybind11/stl.h>

#include <stdexcept>

#include "bindings.h"
#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/metadata.h"
#include "vmod/module_writer.h"
#include "vmod/obfuscation.h"
#include "vmod/piece.h"
#include "vmod/save_writer.h"
#include "vmod/sequence_codec.h"

namespace adjutant::bindings {
namespace {

using Traits = std::vector<std::pair<std::string, std::string>>;

char delimiter_char(const std::string& delimiter) {
  if (delimiter.size() != 1) throw std::invalid_argument("the delimiter must be one character, not '" + delimiter + "'");
  return delimiter[0];
}

std::string piece_definition(const Traits& traits) {
  const vmod::PieceTexts piece = vmod::chain_traits(traits);
  return vmod::encode_record(vmod::AddPiece{std::nullopt, piece.type, piece.state});
}

void add_restore(vmod::NewSave& save, const std::string& text) {
  vmod::Command command = vmod::decode_command(text);
  if (std::holds_alternative<vmod::AddPiece>(command.record))
    throw std::invalid_argument("a piece goes in with add_piece or add_stack, not add_restore");
  save.add_restore(command);
}

std::string metadata_repr(const vmod::Metadata& m) {
  return "<Metadata name='" + m.name + "' version='" + m.version + "' VASSAL " + m.vassal_version + ">";
}

void bind_metadata(py::module_& m) {
  py::class_<vmod::Metadata>(m, "Metadata",
                             "A module's or a save's metadata entry (moduledata, savedata): what VASSAL shows before "
                             "it opens the file.")
      .def(py::init([](std::string name, std::string version, std::string vassal_version, std::string description,
                       std::string extra1, std::string extra2, std::string date_saved) {
             vmod::Metadata meta;
             meta.name = std::move(name);
             meta.version = std::move(version);
             meta.vassal_version = std::move(vassal_version);
             meta.description = std::move(description);
             meta.extra1 = std::move(extra1);
             meta.extra2 = std::move(extra2);
             meta.date_saved = std::move(date_saved);
             return meta;
           }),
           py::kw_only(), py::arg("name") = "", py::arg("version") = "", py::arg("vassal_version") = "",
           py::arg("description") = "", py::arg("extra1") = "", py::arg("extra2") = "", py::arg("date_saved") = "")
      .def_readwrite("name", &vmod::Metadata::name, "<name>: the module's name (moduledata only).")
      .def_readwrite("version", &vmod::Metadata::version, "<version>: the module's version.")
      .def_readwrite("vassal_version", &vmod::Metadata::vassal_version, "<VassalVersion>: the VASSAL that wrote it.")
      .def_readwrite("description", &vmod::Metadata::description, "<description>: the module's, or a save's comment.")
      .def_readwrite("extra1", &vmod::Metadata::extra1, "<extra1>: the module's ModuleOther1.")
      .def_readwrite("extra2", &vmod::Metadata::extra2, "<extra2>: the module's ModuleOther2.")
      .def_readwrite("date_saved", &vmod::Metadata::date_saved,
                     "<dateSaved>: milliseconds since the epoch; empty: the moment it is written.")
      .def("__repr__", &metadata_repr);

  m.def("module_metadata", &vmod::module_metadata, py::arg("build_file"),
        "The moduledata VASSAL writes for a buildFile text, from its root element: name, version, description, "
        "VassalVersion, ModuleOther1/2. BuildFileError (with the line) when it is not XML or not a module.");
}

void bind_new_save(py::module_& m) {
  py::class_<vmod::NewSave>(m, "NewSave",
                            "A save written from scratch, laid out as VASSAL writes one: add the pieces (each stack "
                            "after its pieces), then the players, global properties and other restores, then write.")
      .def(py::init<>())
      .def(
          "add_piece",
          [](vmod::NewSave& s, const std::string& id, const Traits& traits) -> vmod::NewSave& {
            const vmod::PieceTexts piece = vmod::chain_traits(traits);
            return s.add_piece(id, piece.type, piece.state);
          },
          py::arg("id"), py::arg("traits"), py::return_value_policy::reference_internal,
          "A piece from its traits' (type, state) pairs, outermost first, ending with the BasicPiece "
          "(('piece;;;image.png;Name', 'Main Map;x;y;gpid;0')). id: any text unique in the save (VASSAL uses the "
          "time in milliseconds). ValueError when the id is taken.")
      .def("add_stack", &vmod::NewSave::add_stack, py::arg("id"), py::arg("map"), py::arg("x"), py::arg("y"),
           py::arg("members"), py::return_value_policy::reference_internal,
           "A stack of pieces added before it, bottom first, at (x, y) on the map of that id. ValueError for an "
           "empty stack or a member that is not a loose piece added before.")
      .def("add_player", &vmod::NewSave::add_player, py::arg("id"), py::arg("name"), py::arg("side"),
           py::return_value_policy::reference_internal,
           "A player: id (VASSAL's password), name and side.")
      .def("set_global_property", &vmod::NewSave::set_global_property, py::arg("name"), py::arg("value"),
           py::arg("container") = "Module", py::return_value_policy::reference_internal,
           "A global property's value; container 'Module', a map name or 'map:zone'.")
      .def("add_restore", &add_restore, py::arg("command"), py::return_value_policy::reference_internal,
           "Any other restore command as VASSAL writes it, such as 'SETUP_STACK\\t' (the at-start stacks are "
           "placed already). Restores are written in the order added.")
      .def_property_readonly("saved_game", &vmod::NewSave::saved_game,
                             "The plaintext savedGame text: begin_save, the pieces in one command, the restores, "
                             "end_save, escaped as VASSAL does.")
      .def(
          "archive",
          [](const vmod::NewSave& s, const vmod::Metadata& module, const std::string& description,
             std::optional<uint8_t> key) {
            return py::bytes(vmod::zip_bytes(s.entries(module, description, key), "save"));
          },
          py::arg("module"), py::arg("description") = "", py::arg("key") = py::none(),
          "The .vsav as bytes, for a save kept inside a module (a predefined set-up); as write() writes it.")
      .def("write", &vmod::NewSave::write, py::arg("path"), py::arg("module"), py::arg("description") = "",
           py::arg("key") = py::none(),
           "Writes a new .vsav (never over an existing file): savedGame obfuscated with `key` (0-255; a random one "
           "by default, as VASSAL), savedata with the module's version and `description` (the save's comment), and "
           "moduledata from `module` (a Metadata, as module_metadata gives it).");
}

}  // namespace

void bind_writer(py::module_& m) {
  m.def(
      "encode_sequence",
      [](const std::vector<std::string>& elements, const std::string& delimiter) {
        return vmod::join_sequence(elements, delimiter_char(delimiter));
      },
      py::arg("elements"), py::arg("delimiter"),
      "VASSAL's SequenceEncoder: the elements joined by the one-character delimiter, each delimiter inside an "
      "element escaped with a backslash, an element that starts with a backslash or is wrapped in single quotes "
      "quoted. '' for an empty list.");
  m.def(
      "decode_sequence",
      [](const std::string& text, const std::string& delimiter) {
        return vmod::split_sequence(text, delimiter_char(delimiter));
      },
      py::arg("text"), py::arg("delimiter"),
      "VASSAL's SequenceEncoder.Decoder: every element of the text (at least one: '' gives ['']).");
  m.def(
      "chain_traits",
      [](const Traits& traits) {
        const vmod::PieceTexts piece = vmod::chain_traits(traits);
        return py::make_tuple(piece.type, piece.state);
      },
      py::arg("traits"),
      "A piece's (type, state) texts from its traits' (type, state) pairs, outermost first, ending with the "
      "BasicPiece: enc(TAB: t1, enc(TAB: t2, ...)).");
  m.def("piece_definition", &piece_definition, py::arg("traits"),
        "The text of a PieceSlot or PrototypeDefinition element, '+/null/type/state', from the traits' (type, state) "
        "pairs as chain_traits takes them.");
  m.def(
      "obfuscate", [](const std::string& text, std::optional<uint8_t> key) { return vmod::obfuscate(text, key); },
      py::arg("text"), py::arg("key") = py::none(),
      "The `!VCSK` form VASSAL writes a savedGame in: the key and then each UTF-8 byte XOR the key, as lowercase hex. "
      "key: 0-255, a random one by default.");
  bind_metadata(m);
  m.def(
      "write_module",
      [](const std::string& path, const std::string& build_file, const std::map<std::string, std::string>& images,
         const std::map<std::string, std::string>& entries) {
        vmod::write_module(path, vmod::ModuleContents{build_file, images, entries});
      },
      py::arg("path"), py::arg("build_file"), py::arg("images") = std::map<std::string, std::string>{},
      py::arg("entries") = std::map<std::string, std::string>{},
      "Writes a new .vmod (never over an existing file): buildFile.xml (the text), the moduledata VASSAL derives "
      "from it (module_metadata, dateSaved now), images {name: bytes} as images/<name>, and other entries "
      "{name: bytes} such as a predefined set-up's save (NewSave.archive).");
  bind_new_save(m);
}

}  // namespace adjutant::bindings
