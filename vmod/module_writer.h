// Writing a new module archive (.vmod, spec §1): buildFile.xml, the moduledata VASSAL derives from
// it, the images, and any other entries (help files, predefined set-up saves).
#pragma once

#include <map>
#include <string>

#include "vmod/metadata.h"

namespace adjutant::vmod {

struct ModuleContents {
  std::string build_file;                            // the text of buildFile.xml
  std::map<std::string, std::string> images;         // file name under images/ -> bytes
  std::map<std::string, std::string> other_entries;  // entry name -> bytes
};

// The moduledata VASSAL writes for a buildFile, from its root element's attributes: name, version,
// description, VassalVersion, ModuleOther1 and ModuleOther2 (extra1, extra2); dateSaved empty.
// Throws BuildFileError (entry buildFile.xml, the line) when the text is not XML or its root is
// not a module (VASSAL.build.GameModule or the legacy VASSAL.launch.BasicModule).
Metadata module_metadata(const std::string& build_file);

// Writes the module as a new zip atomically: buildFile.xml, moduledata (dateSaved now), the images
// as images/<name>, then the other entries. ArchiveError when `path` exists or an entry name is
// unsafe or repeated; BuildFileError as module_metadata.
void write_module(const std::string& path, const ModuleContents& contents);

}  // namespace adjutant::vmod
