#include "vmod/save_writer.h"

#include <chrono>
#include <stdexcept>

#include "vmod/obfuscation.h"
#include "vmod/sequence_codec.h"

namespace adjutant::vmod {

std::string now_millis() {
  using namespace std::chrono;
  return std::to_string(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

std::vector<ZipEntry> save_entries(const std::string& saved_game, std::optional<uint8_t> key,
                                   const Metadata& savedata, const std::optional<std::string>& moduledata) {
  std::vector<ZipEntry> entries{{"savedGame", obfuscate(saved_game, key), true},
                                {"savedata", write_savedata(savedata), true}};
  if (moduledata) entries.push_back({"moduledata", *moduledata, true});
  return entries;
}

void NewSave::claim_id(const std::string& id) {
  if (id.empty() || id == "null") throw std::invalid_argument("a piece id must not be empty or 'null'");
  if (!ids_.insert(id).second) throw std::invalid_argument("piece id '" + id + "' is used twice");
}

NewSave& NewSave::add_piece(const std::string& id, const std::string& type, const std::string& state) {
  claim_id(id);
  pieces_.push_back(Command{AddPiece{id, type, state}, {}});
  loose_pieces_.insert(id);
  return *this;
}

NewSave& NewSave::add_stack(const std::string& id, const std::string& map, int x, int y,
                            const std::vector<std::string>& members) {
  if (members.empty()) throw std::invalid_argument("stack '" + id + "' has no pieces (VASSAL drops empty stacks)");
  for (const std::string& member : members)
    if (!loose_pieces_.count(member))
      throw std::invalid_argument("stack '" + id + "' holds '" + member +
                                  "', which is not a piece added before it or is in another stack");
  claim_id(id);
  SequenceEncoder state(';');
  state.append(map).append_int(x).append_int(y);
  for (const std::string& member : members) {
    state.append(member);
    loose_pieces_.erase(member);
  }
  pieces_.push_back(Command{AddPiece{id, "stack", state.str()}, {}});
  return *this;
}

NewSave& NewSave::add_player(const std::string& id, const std::string& name, const std::string& side) {
  return add_restore(Command{AddPlayer{id, name, side}, {}});
}

NewSave& NewSave::set_global_property(const std::string& name, const std::string& value,
                                      const std::string& container) {
  return add_restore(Command{GlobalPropertyRestore{name, value, container}, {}});
}

NewSave& NewSave::add_restore(const Command& command) {
  restores_.push_back(command);
  return *this;
}

std::string NewSave::saved_game() const {
  Command save{BeginSave{}, {}};
  save.children.push_back(Command{NullRecord{}, {}});  // the version check, which encodes as ""
  if (!pieces_.empty()) save.children.push_back(Command{NullRecord{}, pieces_});
  save.children.insert(save.children.end(), restores_.begin(), restores_.end());
  save.children.push_back(Command{EndSave{}, {}});
  return encode_command(save);
}

std::vector<ZipEntry> NewSave::entries(const Metadata& module, const std::string& description,
                                       std::optional<uint8_t> key) const {
  Metadata savedata;
  savedata.version = module.version;
  savedata.vassal_version = module.vassal_version;
  savedata.date_saved = now_millis();
  savedata.description = description;
  Metadata moduledata = module;
  if (moduledata.date_saved.empty()) moduledata.date_saved = savedata.date_saved;
  return save_entries(saved_game(), key, savedata, write_moduledata(moduledata));
}

void NewSave::write(const std::string& path, const Metadata& module, const std::string& description,
                    std::optional<uint8_t> key) const {
  write_zip_atomically(path, entries(module, description, key));
}

}  // namespace adjutant::vmod
