#include "vmod/module_writer.h"

#include <tinyxml2.h>

#include <string_view>
#include <vector>

#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/save_writer.h"

namespace adjutant::vmod {
namespace {

constexpr const char* kBuildFile = "buildFile.xml";

std::string attribute(const tinyxml2::XMLElement& element, const char* name) {
  const char* value = element.Attribute(name);
  return value ? value : "";
}

Place build_file_line(int line) { return Place{{}, kBuildFile, "line " + std::to_string(line)}; }

}  // namespace

Metadata module_metadata(const std::string& build_file) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(build_file.data(), build_file.size()) != tinyxml2::XML_SUCCESS)
    throw BuildFileError(std::string("broken XML: ") + doc.ErrorName() + " " + (doc.ErrorStr() ? doc.ErrorStr() : ""),
                         build_file_line(doc.ErrorLineNum()));
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (!root) throw BuildFileError("no root element", build_file_line(1));
  const std::string_view tag = root->Name();
  if (tag != "VASSAL.build.GameModule" && tag != "VASSAL.launch.BasicModule")
    throw BuildFileError("root is <" + std::string(tag) + ">, not a module's VASSAL.build.GameModule",
                         build_file_line(root->GetLineNum()));
  Metadata meta;
  meta.name = attribute(*root, "name");
  meta.version = attribute(*root, "version");
  meta.vassal_version = attribute(*root, "VassalVersion");
  meta.description = attribute(*root, "description");
  meta.extra1 = attribute(*root, "ModuleOther1");
  meta.extra2 = attribute(*root, "ModuleOther2");
  return meta;
}

void write_module(const std::string& path, const ModuleContents& contents) {
  Metadata moduledata;
  try {
    moduledata = module_metadata(contents.build_file);
  } catch (FormatError& e) {
    e.locate(path);
    throw;
  }
  moduledata.date_saved = now_millis();
  std::vector<ZipEntry> entries{{kBuildFile, contents.build_file, true},
                                {"moduledata", write_moduledata(moduledata), true}};
  for (const auto& [name, bytes] : contents.images) entries.push_back({"images/" + name, bytes, true});
  for (const auto& [name, bytes] : contents.other_entries) entries.push_back({name, bytes, true});
  write_zip_atomically(path, entries);
}

}  // namespace adjutant::vmod
