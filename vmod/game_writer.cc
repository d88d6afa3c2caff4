// Writing a game back: a new save of the current state, or the log that was read plus our changes
// as new steps (spec §6.4). Untouched pieces keep their text byte for byte.
#include <algorithm>
#include <set>

#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/game.h"
#include "vmod/save_writer.h"

namespace adjutant::vmod {
namespace {

constexpr char kEsc = '\x1b';

bool is_piece_container(const Command& c) {
  if (!std::holds_alternative<NullRecord>(c.record) || c.children.empty()) return false;
  return std::all_of(c.children.begin(), c.children.end(),
                     [](const Command& child) { return std::holds_alternative<AddPiece>(child.record); });
}

// The stack state VASSAL writes: map;x;y;ids...[;@@layer], keeping the original text when the
// stack's place and members are what it already says.
std::string stack_state(const GamePiece& stack, QuoteRule rule) {
  const std::vector<std::string> tokens = split_sequence(stack.state, ';');
  std::string layer;
  for (const std::string& t : tokens)
    if (t.starts_with("@@")) layer = t;
  SequenceEncoder enc(';', rule);
  const bool legacy_null = !tokens.empty() && tokens[0] == "null";
  if (legacy_null && stack.map.empty()) {
    enc.append("null");
  } else {
    enc.append(stack.map.empty() ? "null" : stack.map).append_int(stack.x).append_int(stack.y);
  }
  for (const std::string& id : stack.members) enc.append(id);
  if (!layer.empty()) enc.append(layer);
  const std::string fresh = enc.str();
  // Same content written differently (e.g. legacy x/y fields) keeps its original text.
  return split_sequence(fresh, ';') == tokens ? stack.state : fresh;
}

Command add_piece_command(const GamePiece& p, QuoteRule rule) {
  return Command{AddPiece{p.id, p.type(), p.is_stack() ? stack_state(p, rule) : p.state}, {}};
}

// BasicLogger's LogCommand: the command without its subcommands, each subcommand logged the same
// way as a child, so a NullCommand with two children is `LOG\t` ESC `LOG\t…` ESC `LOG\t…`.
Command log_step(const Command& change) {
  Command step{LogEntry{CommandBox(Command{change.record, {}})}, {}};
  for (const Command& child : change.children) step.children.push_back(log_step(child));
  return step;
}

}  // namespace

// Pieces in the order they were added, each stack right after its members (VASSAL needs members
// first); empty stacks are dropped, as VASSAL drops them.
std::string Game::save_text() const {
  const bool only_chat = std::all_of(changes_.begin(), changes_.end(),
                                     [](const Command& c) { return std::holds_alternative<Chat>(c.record); });
  // Decoding the text and encoding it again gives it back byte for byte.
  if (only_chat && !is_log()) return *text_;

  Command piece_list{NullRecord{}, {}};
  for (const GamePiece* piece : order_) {
    if (!piece) continue;
    const GamePiece& p = *piece;
    if (!p.is_stack() && !p.stack.empty() && pieces_.count(p.stack)) continue;  // written with its stack
    if (p.is_stack()) {
      if (p.members.empty()) continue;
      for (const std::string& member : p.members) piece_list.children.push_back(add_piece_command(pieces_.at(member), rule_));
    }
    piece_list.children.push_back(add_piece_command(p, rule_));
  }

  std::vector<Command> setup;
  setup.reserve(setup_end_);
  for (size_t i = 0; i < setup_end_; ++i) setup.push_back(setup_command(i));
  Command save{reader_->root(), {}};
  bool pieces_written = false;
  bool players_written = false;
  std::set<GlobalPropertyKey> globals_written;
  // Global properties the file held no restore for (set by a log step or a change), before its end.
  const auto write_other_globals = [&] {
    for (const auto& [key, value] : globals_) {
      if (globals_written.insert(key).second) {
        save.children.push_back(Command{GlobalPropertyRestore{key.name, value, key.container}, {}});
      }
    }
  };
  for (size_t i = 0; i < setup_end_; ++i) {
    if (const auto* restore = std::get_if<GlobalPropertyRestore>(&setup[i].record)) {
      globals_written.insert(restore_key(*restore));
    }
  }
  for (size_t i = 0; i < setup_end_; ++i) {
    const Command& child = setup[i];
    if (std::holds_alternative<EndSave>(child.record)) write_other_globals();
    if (is_piece_container(child)) {
      if (!pieces_written) save.children.push_back(piece_list);
      pieces_written = true;
    } else if (std::holds_alternative<AddPlayer>(child.record)) {
      if (!players_written)
        for (const Player& p : players_) save.children.push_back(Command{AddPlayer{p.id, p.name, p.side}, {}});
      players_written = true;
    } else if (const auto* restore = std::get_if<GlobalPropertyRestore>(&child.record)) {
      GlobalPropertyRestore updated = *restore;
      if (auto it = globals_.find(restore_key(*restore)); it != globals_.end()) updated.value = it->second;
      save.children.push_back(Command{updated, child.children});
    } else if (const auto* layout = std::get_if<BoardLayout>(&child.record)) {
      auto it = layouts_.find(layout->map_id());
      save.children.push_back(Command{it == layouts_.end() ? child.record : Record{it->second}, child.children});
    } else if (std::holds_alternative<EndSave>(child.record) && !pieces_written) {
      save.children.push_back(piece_list);
      pieces_written = true;
      save.children.push_back(child);
    } else {
      save.children.push_back(child);
    }
  }
  if (!pieces_written) save.children.push_back(piece_list);
  write_other_globals();
  return encode_command(save, rule_);
}

std::string Game::log_text() const {
  std::string text = *text_;  // the text read, as encoding its decoded commands gives it again
  for (const Command& change : changes_) {
    const std::string step = encode_command(log_step(change), rule_);
    text += kEsc;
    text += SequenceEncoder(kEsc, rule_).append(step).str();
  }
  return text;
}

namespace {

std::vector<ZipEntry> game_entries(const std::string& saved_game, std::optional<uint8_t> key,
                                   const std::optional<Metadata>& savedata, const Module* module,
                                   const std::optional<std::string>& moduledata) {
  Metadata meta = savedata.value_or(Metadata{});
  if (module && meta.version.empty()) meta.version = module->version;
  if (meta.vassal_version.empty() && module) meta.vassal_version = module->vassal_version;
  meta.date_saved = now_millis();
  return save_entries(saved_game, key, meta, moduledata);
}

}  // namespace

void Game::save(const std::string& path, std::optional<uint8_t> key) const {
  write_zip_atomically(path, game_entries(save_text(), key, savedata_, module_, moduledata_entry_));
}

void Game::save_log(const std::string& path, std::optional<uint8_t> key) const {
  write_zip_atomically(path, game_entries(log_text(), key, savedata_, module_, moduledata_entry_));
}

}  // namespace adjutant::vmod
