// The small metadata XML entries: moduledata, extensiondata, savedata (spec §1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace adjutant::vmod {

struct Metadata {
  std::string version;         // <version>: the module's version
  std::string vassal_version;  // <VassalVersion>
  std::string name;            // <name> (moduledata only)
  std::string description;     // <description> without lang attribute
  std::string date_saved;      // <dateSaved>: milliseconds since the epoch
  std::string extra1, extra2;  // <extra1>, <extra2>
  std::optional<bool> universal;  // <universal> (extensiondata only)
};

// Parses a metadata entry. Throws BuildFileError (with the entry name and line) on broken XML.
Metadata parse_metadata(const std::string& xml, const std::string& entry_name);

// savedata as VASSAL 3.7 writes it (JDK transformer layout, 2-space indent). The transformer ends
// lines with the platform separator: "\n" on Linux/macOS, "\r\n" from VASSAL on Windows.
std::string write_savedata(const Metadata& meta, std::string_view line_end = "\n");

// moduledata as VASSAL 3.7 writes it: the savedata fields, then <description> (always, as the
// module's description attribute is never null) and <name>.
std::string write_moduledata(const Metadata& meta, std::string_view line_end = "\n");

// "3.7.12" -> {3, 7}; missing parts are 0. Used to choose version-dependent behaviour.
struct VassalVersion {
  int major = 0;
  int minor = 0;
  bool known = false;
};
VassalVersion parse_vassal_version(const std::string& text);

}  // namespace adjutant::vmod
