#include "vmod/predefined_setup.h"

#include <filesystem>
#include <string>

#include "vmod/archive.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

std::string quoted_names(const Module& module) {
  std::string names;
  for (const PredefinedSetupSpec& s : module.predefined_setups) {
    if (s.is_menu) continue;
    names += (names.empty() ? "'" : ", '") + s.name + "'";
  }
  return names.empty() ? "it has none" : "it has " + names;
}

// The module's archive holding only `entry`. A bare buildFile's set-ups lie in its folder.
Archive archive_with(const Module& module, const std::string& entry) {
  const auto only = [&entry](const std::string& name) { return name == entry; };
  Archive archive = Archive::open(module.source, {}, only);
  if (archive.kind() != ArchiveKind::kPlainText) return archive;
  const std::filesystem::path folder = std::filesystem::path(module.source).parent_path();
  return Archive::open(folder.empty() ? "." : folder.string(), {}, only);
}

}  // namespace

const PredefinedSetupSpec& find_predefined_setup(const Module& module, std::string_view name_or_file) {
  for (const PredefinedSetupSpec& s : module.predefined_setups) {
    if (!s.is_menu && s.name == name_or_file) return s;
  }
  for (const PredefinedSetupSpec& s : module.predefined_setups) {
    if (!s.file.empty() && s.file == name_or_file) return s;
  }
  for (const PredefinedSetupSpec& s : module.predefined_setups) {
    if (s.name == name_or_file) return s;
  }
  throw BuildFileError("no predefined set-up named '" + std::string(name_or_file) + "' (" + quoted_names(module) + ")",
                       Place{module.source, module.build_file, {}});
}

bool opens_file(const PredefinedSetupSpec& setup) { return setup.use_file && !setup.file.empty(); }

Game open_predefined_setup(const Module& module, std::string_view name_or_file) {
  const PredefinedSetupSpec& setup = find_predefined_setup(module, name_or_file);
  if (!opens_file(setup)) {
    throw BuildFileError("predefined set-up '" + setup.name + "' loads no save: " +
                             (setup.is_menu ? "it is a menu" : "it starts a new game"),
                         Place{module.source, module.build_file, "line " + std::to_string(setup.line)});
  }
  const Archive archive = archive_with(module, setup.file);
  if (!archive.contains(setup.file)) {
    throw ArchiveError("predefined set-up '" + setup.name + "' names the file '" + setup.file +
                           "', which the module does not hold",
                       Place{archive.path(), setup.file, {}});
  }
  return Game::open_entry(archive, setup.file, &module);
}

}  // namespace adjutant::vmod
