// Loading a save or log into a game state, and replaying a log's steps forward and back.
#include "vmod/game.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <exception>
#include <functional>

#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/limits.h"
#include "vmod/obfuscation.h"

namespace adjutant::vmod {

// What one step changed, as it was before the step: the pieces it touched (their texts, not parsed
// traits; nullopt: did not exist), the global properties it set, the players and layouts when it
// changed them; and its chat lines. A step back puts these back.
struct Game::Snapshot {
  std::vector<std::pair<std::string, std::optional<GamePiece>>> pieces;  // in first-touch order
  std::vector<std::pair<GlobalPropertyKey, std::optional<std::string>>> globals;
  std::optional<std::vector<Player>> players;
  std::optional<std::map<std::string, BoardLayout>> layouts;
  std::vector<std::string> chat;
  std::vector<std::string> other;
};

Game::Game() = default;
Game::Game(Game&&) noexcept = default;
Game& Game::operator=(Game&&) noexcept = default;
Game::~Game() = default;
Game::Game(const Game&) = default;

Game Game::copy() const {
  Game game(*this);
  for (auto& [id, piece] : game.pieces_) game.order_[piece.order] = &piece;  // its own pieces, not ours
  return game;
}

GlobalPropertyKey restore_key(const GlobalPropertyRestore& restore) {
  const size_t tab = restore.name.find('\t');
  if (!restore.container.empty() || tab == std::string::npos) return {restore.container, restore.name};
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t end = restore.name.find('\t', start);
    parts.push_back(restore.name.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (parts.size() != 4) return {restore.container, restore.name};
  return {parts[3] + ":" + parts[1], parts[0]};
}

namespace {

constexpr char kTab = '\t';

bool is_null_id(const std::string& s) { return s.empty() || s == "null"; }

PiecePlace place_of(const GamePiece& p) { return PiecePlace{p.map, p.x, p.y}; }

// The entries a save or log is read from; the others (a module's images, when a module is given
// by mistake) are never decompressed.
bool is_save_entry(const std::string& name) {
  return name == "savedGame" || name == "savedata" || name == "moduledata" || name == "buildFile" ||
         name == "buildFile.xml" || name == "extensiondata";
}

// The savedGame entry is deobfuscated as it is decompressed: its hex, twice the text, is never held.
std::unique_ptr<Archive::EntryDecoder> save_decoder(const std::string& name, uint64_t bytes) {
  if (name != "savedGame") return nullptr;
  return std::make_unique<Deobfuscator>(bytes);
}

}  // namespace

PieceType PieceType::held(std::shared_ptr<const std::string> text) {
  PieceType type;
  type.size_ = static_cast<uint32_t>(text->size());
  type.stack_ = *text == "stack";
  type.chars_ = std::shared_ptr<const char>(std::move(text), text->data());
  return type;
}

PieceType PieceType::written(std::shared_ptr<const std::string> text, std::string_view written, std::string_view type) {
  PieceType viewed;
  viewed.size_ = static_cast<uint32_t>(written.size());
  viewed.escaped_ = true;
  viewed.stack_ = type == "stack";
  viewed.chars_ = std::shared_ptr<const char>(std::move(text), written.data());
  return viewed;
}

void PieceType::rebase(const char* to) { chars_ = std::shared_ptr<const char>(chars_, to); }

std::string PieceType::text() const {
  const std::string_view chars(chars_.get(), size_);
  return escaped_ ? SequenceDecoder(chars, '/').next() : std::string(chars);
}

TraitChain GamePiece::chain() const { return TraitChain::parse(type(), state, rule); }

std::string GamePiece::name() const {
  if (is_stack()) return "";
  const PropertyMap props = chain().properties();
  auto it = props.find("PieceName");
  return it == props.end() ? "" : it->second;
}

std::string read_saved_game(const std::string& path) {
  Archive archive = Archive::open(path, {}, is_save_entry, save_decoder);
  archive.require_save();
  return archive.take_required("savedGame");
}

Game Game::open(const std::string& path, const Module* module) {
  return from_archive(Archive::open(path, {}, is_save_entry, save_decoder), path, module);
}

Game Game::open_entry(const Archive& container, const std::string& entry, const Module* module) {
  const std::string& outer = container.path();
  const std::string source = outer.empty() || outer.back() == '/' ? outer + entry : outer + "/" + entry;
  return from_archive(Archive::from_bytes(container.read_required(entry), source, {}, save_decoder), source, module);
}

Game Game::from_archive(Archive archive, const std::string& source, const Module* module) {
  archive.require_save();
  Game game;
  game.source_ = source;
  game.module_ = module;
  try {
    if (auto meta = archive.read("savedata")) game.savedata_ = parse_metadata(*meta, "savedata");
    game.moduledata_entry_ = archive.read("moduledata");
    if (game.moduledata_entry_) {
      try {
        game.moduledata_ = parse_metadata(*game.moduledata_entry_, "moduledata");
      } catch (const FormatError&) {  // only names the module: VASSAL loads such a save all the same
      }
    }
    game.load(archive.take_required("savedGame"));
  } catch (FormatError& e) {
    e.locate(source, "savedGame");
    throw;
  }
  return game;
}

Game Game::from_text(const std::string& saved_game, const std::string& source, const Module* module) {
  Game game;
  game.source_ = source;
  game.module_ = module;
  try {
    game.load(saved_game);
  } catch (FormatError& e) {
    e.locate(source, "savedGame");
    throw;
  }
  return game;
}

// A save is `begin_save` with the setup commands as children up to `end_save`; in a log every
// child after `end_save` is one step. Text without `end_save` is all setup.
//
// The text is decoded one command at a time, never as a whole tree, and applied as it is decoded:
// the setup as it comes (a container of pieces one piece at a time), then each step. Applying
// assumes the current quoting rule; should the text turn out to show the legacy rule, or both (then
// decoding keeps typed only what the rule settled on writes back), the game is read again under
// that rule. A malformed command is reported before any error of applying, wherever it stands:
// once applying fails, the rest is only decoded. What undoes each step is not kept while loading:
// a game opened at the end of its log keeps no history until it is asked to go back.
void Game::load(std::string text) {
  text_ = std::make_shared<std::string>(std::move(text));
  std::exception_ptr failure;
  reader_.emplace(*text_);
  read_commands(&failure, false, std::nullopt);
  if (reader_->rule() != QuoteRule::kCurrent || reader_->mixed()) {
    rule_ = reader_->rule();
    forced_rule_ = reader_->mixed() ? std::optional<QuoteRule>(rule_) : std::nullopt;
    *this = reread();
    read_commands(nullptr, false, std::nullopt);
  } else if (failure) {
    std::rethrow_exception(failure);
  }
}

Game Game::reread() {
  Game fresh;
  fresh.take_file(*this);
  fresh.reader_.emplace(*fresh.text_, forced_rule_);
  return fresh;
}

void Game::take_file(Game& from) {
  source_ = std::move(from.source_);
  module_ = from.module_;
  savedata_ = std::move(from.savedata_);
  moduledata_entry_ = std::move(from.moduledata_entry_);
  moduledata_ = std::move(from.moduledata_);
  text_ = std::move(from.text_);
  rule_ = from.rule_;
  forced_rule_ = from.forced_rule_;
}

// Applies the reader's commands from the first: every one, or the setup and `steps` steps. With
// `failure`, an error of applying is kept there and the rest is only decoded; without, it is
// thrown. With `keep_history`, what undoes each step is kept.
void Game::read_commands(std::exception_ptr* failure, bool keep_history, std::optional<size_t> steps) {
  CommandReader& reader = *reader_;
  Snapshot* undo = nullptr;
  Snapshot snapshot;
  // A text that pieces of another game view is read from a copy of each command. (The fence orders
  // this read after the last use of a copy that has just let go of the text.)
  const bool in_place = text_.use_count() == 1;
  std::atomic_thread_fence(std::memory_order_acquire);
  const auto apply_part = [&](const Command& part, const PartText* written) {
    if (failure && *failure) return;
    try {
      apply(part, undo, nullptr, written);
    } catch (...) {
      if (!failure) throw;
      *failure = std::current_exception();
    }
  };
  context_ = "setup";
  apply_part(Command{reader.root(), {}}, nullptr);
  setup_end_ = reader.size();
  bool in_setup = true;
  for (size_t i = 0; i < reader.size(); ++i) {
    bool end_save = false;
    bool first = true;
    if (!in_setup) {
      if (steps && position_ == *steps) break;
      snapshot = Snapshot();
      undo = keep_history ? &snapshot : nullptr;
      context_ = "step " + std::to_string(position_ + 1);
    }
    if (in_place) {
      views_to_settle_.emplace();
      unsettled_from_ = order_.size();
    }
    try {
      reader.next_in_parts(*text_, in_place, [&](const Command& part, const PartText* written) {
        if (first) end_save = std::holds_alternative<EndSave>(part.record);
        first = false;
        apply_part(part, written);
      });
    } catch (...) {
      settle_views(undo);
      throw;
    }
    settle_views(undo);
    if (in_setup) {
      if (end_save) {
        setup_end_ = i + 1;
        in_setup = false;
        if (keep_history) undo_.reserve(steps.value_or(reader.size() - setup_end_));
      }
      continue;
    }
    if (keep_history) undo_.push_back(std::move(snapshot));
    ++position_;
  }
}

void Game::settle_views(Snapshot* undo) {
  if (!views_to_settle_) return;
  const auto& views = *views_to_settle_;
  const auto settle = [&](PieceType& type) {
    auto it = std::lower_bound(views.begin(), views.end(), type.view(), [](const auto& view, const char* at) {
      return std::less<const char*>{}(view.first, at);
    });
    if (it != views.end() && it->first == type.view()) type.rebase(it->second);
  };
  for (size_t k = unsettled_from_; k < order_.size(); ++k)
    if (order_[k]) settle(pieces_.at(order_[k]->id).type_text);
  if (undo)
    for (auto& [id, was] : undo->pieces)
      if (was) settle(was->type_text);
  views_to_settle_.reset();
}

// This game's text read again from its setup, to `steps` steps, with what undoes each of them.
Game Game::replayed(size_t steps) {
  Game replay = reread();
  try {
    replay.read_commands(nullptr, true, steps);
  } catch (...) {  // it applied once: should it not now, this game stays as it was
    take_file(replay);
    throw;
  }
  return replay;
}

// What undoes each step up to the position, for a game that kept none.
void Game::build_history() {
  Game replay = replayed(position_);
  take_file(replay);
  undo_ = std::move(replay.undo_);
}

Command Game::setup_command(size_t index) const { return reader_->child(*text_, index, rule_); }

Command Game::step(size_t index) const {
  if (index >= step_count())
    throw GameStateError("no step " + std::to_string(index + 1) + " (the log has " + std::to_string(step_count()) + ")",
                         Place{source_, "savedGame", ""});
  return reader_->child(*text_, setup_end_ + index, rule_);
}

StepEffect Game::step_forward() {
  if (position_ >= step_count())
    throw GameStateError("already at the end of the log (" + std::to_string(step_count()) + " steps)",
                         Place{source_, "savedGame", ""});
  Snapshot snapshot;
  context_ = "step " + std::to_string(position_ + 1);
  apply(step(position_), &snapshot, nullptr);
  StepEffect effect = effect_of(snapshot, position_);
  undo_.push_back(std::move(snapshot));
  ++position_;
  return effect;
}

StepEffect Game::step_back() {
  if (position_ == 0)
    throw GameStateError("already at the start of the log", Place{source_, "savedGame", ""});
  if (undo_.size() < position_) build_history();
  Snapshot snapshot = std::move(undo_.back());
  undo_.pop_back();
  --position_;
  // The effect of going back is the step's own effect, read before it is undone.
  StepEffect effect = effect_of(snapshot, position_);
  restore(snapshot);
  return effect;
}

void Game::seek(size_t target) {
  target = std::min(target, step_count());
  // Back with no history kept: with no changes made, the text's replay to the target is the game
  // there; changes to pieces no step touched must stand, so then the steps are undone.
  if (target < position_ && undo_.size() < position_) {
    if (changes_.empty()) {
      Game replay = replayed(target);
      replay.warnings_ = std::move(warnings_);
      *this = std::move(replay);
    } else {
      build_history();
    }
  }
  while (position_ > target) step_back();
  while (position_ < target) {
    Snapshot snapshot;
    context_ = "step " + std::to_string(position_ + 1);
    apply(step(position_), &snapshot, nullptr);
    undo_.push_back(std::move(snapshot));
    ++position_;
  }
}

void Game::apply(const Command& command, Snapshot* undo, StepEffect* effect, const PartText* written) {
  apply_record(command.record, undo, effect, command.children.empty() ? written : nullptr);
  for (const Command& child : command.children) apply(child, undo, effect);
}

void Game::apply_record(const Record& record, Snapshot* undo, StepEffect* effect, const PartText* written) {
  if (const auto* log = std::get_if<LogEntry>(&record)) {
    apply(*log->command, undo, effect);
  } else if (const auto* add = std::get_if<AddPiece>(&record)) {
    const std::string id = add->id && !is_null_id(*add->id) ? *add->id : next_generated_id();
    remember(id, undo);
    if (add->type == "stack") {
      for (const std::string& member : split_sequence(add->state, ';')) {
        if (pieces_.count(member)) remember(member, undo);
      }
    }
    register_piece(*add, id, written);
  } else if (const auto* remove = std::get_if<RemovePiece>(&record)) {
    GamePiece* found = find_or_warn(remove->id, "RemovePiece");
    if (!found) return;
    GamePiece& p = *found;
    remember(p.id, undo);
    if (!p.stack.empty()) remember(p.stack, undo);
    for (const std::string& member : p.members) remember(member, undo);
    remove_piece(remove->id);
  } else if (const auto* change = std::get_if<ChangePiece>(&record)) {
    GamePiece* found = find_or_warn(change->id, "ChangePiece");
    if (!found) return;
    GamePiece& p = *found;
    remember(p.id, undo);
    if (p.is_stack()) {
      for (const std::string& member : p.members) remember(member, undo);
      for (const std::string& member : split_sequence(change->new_state, ';'))
        if (pieces_.count(member)) remember(member, undo);
    }
    change_piece(*change);
  } else if (const auto* mv = std::get_if<MovePiece>(&record)) {
    GamePiece* found = find_or_warn(mv->id, "MovePiece");
    if (!found) return;
    GamePiece& p = *found;
    remember(p.id, undo);
    if (!p.stack.empty()) remember(p.stack, undo);
    for (const std::string& member : p.members) remember(member, undo);
    if (mv->new_under && pieces_.count(*mv->new_under)) {
      const GamePiece& under = pieces_.at(*mv->new_under);
      if (!under.stack.empty()) remember(under.stack, undo);
    }
    for (const std::string& id : stacks_at(mv->new_map.value_or(""), mv->new_x, mv->new_y)) remember(id, undo);
    move(*mv);
  } else if (const auto* chat = std::get_if<Chat>(&record)) {
    if (undo) undo->chat.push_back(chat->message);
  } else if (const auto* player = std::get_if<AddPlayer>(&record)) {
    if (undo && !undo->players) undo->players = players_;
    auto same = [&](const Player& p) { return p.id == player->id; };
    players_.erase(std::remove_if(players_.begin(), players_.end(), same), players_.end());
    players_.push_back(Player{player->id, player->name, player->side});
    if (undo) undo->other.push_back("player " + player->name + " joined as " + player->side);
  } else if (const auto* gone = std::get_if<RemovePlayer>(&record)) {
    if (undo && !undo->players) undo->players = players_;
    auto same = [&](const Player& p) { return p.id == gone->id; };
    players_.erase(std::remove_if(players_.begin(), players_.end(), same), players_.end());
    if (undo) undo->other.push_back("player " + gone->id + " left");
  } else if (const auto* layout = std::get_if<BoardLayout>(&record)) {
    if (undo && !undo->layouts) undo->layouts = layouts_;
    layouts_[layout->map_id()] = *layout;
  } else if (const auto* property = std::get_if<MutableProperty>(&record)) {
    remember_global({property->container, property->name}, undo);
    globals_[{property->container, property->name}] = property->new_value;
    if (undo)
      undo->other.push_back("property " + property->name + " (" + property->container + "): '" + property->old_value +
                            "' -> '" + property->new_value + "'");
  } else if (const auto* restore = std::get_if<GlobalPropertyRestore>(&record)) {
    remember_global(restore_key(*restore), undo);
    globals_[restore_key(*restore)] = restore->value;
  }
  (void)effect;
}

void Game::remember(const std::string& id, Snapshot* undo) {
  if (!undo) return;
  for (const auto& [touched, was] : undo->pieces)
    if (touched == id) return;
  auto it = pieces_.find(id);
  undo->pieces.emplace_back(id, it == pieces_.end() ? std::nullopt : std::optional<GamePiece>(it->second));
}

void Game::remember_global(const GlobalPropertyKey& key, Snapshot* undo) {
  if (!undo) return;
  for (const auto& [touched, was] : undo->globals)
    if (touched == key) return;
  auto it = globals_.find(key);
  undo->globals.emplace_back(key, it == globals_.end() ? std::nullopt : std::optional<std::string>(it->second));
}

GamePiece& Game::require(const std::string& id, const char* what) {
  auto it = pieces_.find(id);
  if (it == pieces_.end()) fail(std::string(what) + " names unknown piece " + id);
  return it->second;
}

GamePiece* Game::find_or_warn(const std::string& id, const char* what) {
  auto it = pieces_.find(id);
  if (it != pieces_.end()) return &it->second;
  GameWarning warning{context_, std::string(what) + " names unknown piece " + id + "; VASSAL skips it"};
  if (std::find(warnings_.begin(), warnings_.end(), warning) == warnings_.end()) warnings_.push_back(std::move(warning));
  return nullptr;
}

void Game::fail(const std::string& message) const {
  throw GameStateError(message, Place{source_, "savedGame", context_});
}

namespace {
constexpr std::string_view kGeneratedPrefix = "adjutant-";
}  // namespace

std::string Game::next_generated_id() {
  std::string id;
  do {
    id = std::string(kGeneratedPrefix) + std::to_string(++generated_ids_);
  } while (pieces_.count(id));
  return id;
}

void Game::note_generated_id(const std::string& id) {
  if (!id.starts_with(kGeneratedPrefix)) return;
  const char* first = id.data() + kGeneratedPrefix.size();
  const char* last = id.data() + id.size();
  size_t n = 0;
  const auto [end, error] = std::from_chars(first, last, n);
  if (error == std::errc() && end == last && first != last) generated_ids_ = std::max(generated_ids_, n);
}

namespace {

// Where an AddPiece's type stands in its token as written, `+/id/type/state` with `/` escaped, when
// that decodes to `type` as the AddPiece did.
std::optional<std::string_view> written_type(std::string_view token, const std::string& type) {
  constexpr std::string_view kPrefix = "+/";
  if (!token.starts_with(kPrefix)) return std::nullopt;
  SequenceDecoder fields(token.substr(kPrefix.size()), '/');
  fields.next();  // the id
  const std::string_view from = fields.rest();
  fields.next();
  if (!fields.has_more()) return std::nullopt;
  const std::string_view written = from.substr(0, static_cast<size_t>(fields.rest().data() - from.data()) - 1);
  if (SequenceDecoder(written, '/').next() != type) return std::nullopt;
  return written;
}

}  // namespace

void Game::register_piece(const AddPiece& add, const std::string& id, const PartText* written) {
  note_generated_id(id);
  if (auto old = pieces_.find(id); old != pieces_.end()) {
    remove_piece(id);
  }
  if (pieces_.size() >= limits::kMaxPieces) {
    fail("more than " + std::to_string(limits::kMaxPieces) + " pieces and stacks (the limit of one game)");
  }
  GamePiece piece;
  piece.id = id;
  // A type read from the text views it there: the bytes `now` holds are those at `offset` once read
  // (`now` is in the text itself while its container is unescaped in place).
  const std::optional<std::string_view> type_now = written ? written_type(written->now, add.type) : std::nullopt;
  if (type_now) {
    const char* settled = text_->data() + written->offset + (type_now->data() - written->now.data());
    if (views_to_settle_) views_to_settle_->emplace_back(type_now->data(), settled);
    const char* at = views_to_settle_ ? type_now->data() : settled;
    piece.type_text = PieceType::written(text_, std::string_view(at, type_now->size()), add.type);
  } else {
    piece.type_text = type_text(add.type);
  }
  piece.state = add.state;
  piece.rule = rule_;
  TraitChain chain;
  try {
    chain = TraitChain::parse(add.type, add.state, rule_);
  } catch (FormatError& e) {
    e.set_position_if_empty(context_ + ", AddPiece " + id);
    throw;
  }
  piece.order = order_.size();
  if (!piece.is_stack()) {
    piece.map = chain.basic_map();
    piece.x = chain.basic_x();
    piece.y = chain.basic_y();
  }
  GamePiece& stored = pieces_[id] = std::move(piece);
  order_.push_back(&stored);
  if (stored.is_stack()) sync_stack_members(stored);
}

PieceType Game::type_text(const std::string& type) {
  if (auto it = type_texts_.find(type); it != type_texts_.end()) return PieceType::held(it->second);
  auto text = std::make_shared<const std::string>(type);
  type_texts_.emplace(*text, text);
  return PieceType::held(std::move(text));
}

void Game::remove_piece(const std::string& id) {
  auto it = pieces_.find(id);
  if (it == pieces_.end()) return;
  GamePiece& p = it->second;
  detach_from_stack(p);
  for (const std::string& member : p.members) {
    if (auto m = pieces_.find(member); m != pieces_.end()) m->second.stack.clear();
  }
  order_[p.order] = nullptr;
  pieces_.erase(it);
  index_stack(id);
}

// A stack's state is map;x;y;member ids (bottom first), with an optional `@@layer` token. With
// map `null`, VASSAL reads x and y as ids too (spec §5, Stack).
void Game::sync_stack_members(GamePiece& stack) {
  std::vector<std::string> tokens = split_sequence(stack.state, ';');
  std::vector<std::string> ids;
  size_t first_id = 3;
  if (!tokens.empty() && tokens[0] == "null") {
    stack.map.clear();
    first_id = 1;
  } else {
    stack.map = tokens.empty() ? "" : tokens[0];
    SequenceDecoder d(stack.state, ';');
    d.next();
    stack.x = d.next_int(0);
    stack.y = d.next_int(0);
  }
  for (size_t i = first_id; i < tokens.size(); ++i) {
    if (tokens[i].starts_with("@@") || tokens[i].empty()) continue;
    ids.push_back(tokens[i]);
  }
  for (const std::string& old : stack.members) {
    if (auto m = pieces_.find(old); m != pieces_.end() && m->second.stack == stack.id) m->second.stack.clear();
  }
  stack.members.clear();
  for (const std::string& member : ids) {
    auto m = pieces_.find(member);
    if (m == pieces_.end() || m->second.is_stack()) continue;
    GamePiece& piece = m->second;
    if (!piece.stack.empty() && piece.stack != stack.id) detach_from_stack(piece);
    piece.stack = stack.id;
    piece.map = stack.map;
    piece.x = stack.x;
    piece.y = stack.y;
    stack.members.push_back(member);
  }
  index_stack(stack.id);
}

size_t Game::PointHash::operator()(const Point& point) const {
  const uint64_t place = (static_cast<uint64_t>(static_cast<uint32_t>(point.x)) << 32) | static_cast<uint32_t>(point.y);
  return std::hash<uint64_t>{}(place) ^ (std::hash<uint32_t>{}(point.map) << 1);
}

std::optional<Game::Point> Game::point(const std::string& map, int x, int y) const {
  const auto it = std::find(map_ids_.begin(), map_ids_.end(), map);
  if (it == map_ids_.end()) return std::nullopt;
  return Point{static_cast<uint32_t>(it - map_ids_.begin()), x, y};
}

Game::Point Game::indexed_point(const std::string& map, int x, int y) {
  if (const std::optional<Point> known = point(map, x, y)) return *known;
  map_ids_.push_back(map);
  return Point{static_cast<uint32_t>(map_ids_.size() - 1), x, y};
}

void Game::index_stack(const std::string& id) {
  auto it = pieces_.find(id);
  std::optional<Point> key;
  // A stack with no pieces is never landed on (some saves hold tens of thousands): only those
  // with pieces are indexed; one emptied since stays until it is indexed again, and is passed over.
  if (it != pieces_.end() && it->second.is_stack() && !it->second.map.empty() && !it->second.members.empty())
    key = indexed_point(it->second.map, it->second.x, it->second.y);
  if (auto old = stack_point_.find(id); old != stack_point_.end()) {
    if (key && old->second == *key) return;
    auto bucket = stacks_by_point_.find(old->second);
    std::erase(bucket->second, id);
    if (bucket->second.empty()) stacks_by_point_.erase(bucket);
    stack_point_.erase(old);
  }
  if (!key) return;
  stacks_by_point_[*key].push_back(id);
  stack_point_.emplace(id, *key);
}

std::vector<std::string> Game::stacks_at(const std::string& map, int x, int y) const {
  const std::optional<Point> key = point(map, x, y);
  auto it = key ? stacks_by_point_.find(*key) : stacks_by_point_.end();
  return it == stacks_by_point_.end() ? std::vector<std::string>{} : it->second;
}

void Game::change_piece(const ChangePiece& change) {
  GamePiece& p = pieces_.at(change.id);
  std::string state = change.new_state;
  // With the old state, only the traits whose state changed between old and new are applied.
  if (change.old_state && *change.old_state != p.state && !p.is_stack()) {
    const TraitChain old_chain = TraitChain::parse(p.type(), *change.old_state, rule_);
    const TraitChain new_chain = TraitChain::parse(p.type(), change.new_state, rule_);
    const TraitChain current_chain = p.chain();
    const auto& current = current_chain.traits();
    std::vector<std::string> merged;
    for (size_t i = 0; i < current.size(); ++i) {
      const bool changed = i < old_chain.traits().size() && i < new_chain.traits().size() &&
                           old_chain.traits()[i].state != new_chain.traits()[i].state;
      merged.push_back(changed ? new_chain.traits()[i].state : current[i].state);
    }
    state = merged.empty() ? "" : merged.back();
    for (size_t i = merged.size() - 1; i-- > 0;) state = join_sequence({merged[i], state}, kTab, rule_);
  }
  p.state = state;
  TraitChain chain;
  try {
    chain = p.chain();
  } catch (FormatError& e) {
    e.set_position_if_empty(context_ + ", ChangePiece " + p.id);
    throw;
  }
  if (p.is_stack()) {
    sync_stack_members(p);
  } else if (p.stack.empty()) {
    p.map = chain.basic_map();
    p.x = chain.basic_x();
    p.y = chain.basic_y();
  }
}

void Game::detach_from_stack(GamePiece& piece) {
  if (piece.stack.empty()) return;
  if (auto s = pieces_.find(piece.stack); s != pieces_.end()) {
    auto& members = s->second.members;
    members.erase(std::remove(members.begin(), members.end(), piece.id), members.end());
  }
  piece.stack.clear();
}

void Game::place_in_stack(GamePiece& piece, GamePiece& stack, size_t index) {
  detach_from_stack(piece);
  index = std::min(index, stack.members.size());
  stack.members.insert(stack.members.begin() + static_cast<std::ptrdiff_t>(index), piece.id);
  piece.stack = stack.id;
  piece.map = stack.map;
  piece.x = stack.x;
  piece.y = stack.y;
}

// VASSAL's MovePiece: onto `newUnder` when it sits exactly at the new point, else onto a stack
// already at that point, else alone. (VASSAL would also start a new stack on a lone piece; such
// implicit stacks are not modelled: both pieces still report the same place.)
void Game::move(const MovePiece& mv) {
  GamePiece& p = pieces_.at(mv.id);
  const std::string new_map = mv.new_map && !is_null_id(*mv.new_map) ? *mv.new_map : "";
  detach_from_stack(p);
  p.map = new_map;
  p.x = mv.new_x;
  p.y = mv.new_y;
  if (p.is_stack()) {
    for (const std::string& member : p.members) {
      GamePiece& m = pieces_.at(member);
      m.map = p.map;
      m.x = p.x;
      m.y = p.y;
    }
    index_stack(p.id);
    return;
  }
  if (!new_map.empty()) {
    GamePiece* target = nullptr;
    size_t index = 0;
    if (mv.new_under) {
      auto u = pieces_.find(*mv.new_under);
      if (u != pieces_.end() && u->second.map == new_map && u->second.x == p.x && u->second.y == p.y &&
          !u->second.stack.empty()) {
        target = &pieces_.at(u->second.stack);
        auto pos = std::find(target->members.begin(), target->members.end(), u->first);
        index = static_cast<size_t>(pos - target->members.begin()) + 1;
      }
    }
    if (!target) {
      for (const std::string& id : stacks_at(new_map, p.x, p.y)) {
        GamePiece& other = pieces_.at(id);
        if (other.members.empty()) continue;
        target = &other;
        index = other.members.size();
        break;
      }
    }
    if (target) place_in_stack(p, *target, index);
  }
  // Stacked pieces of 2.x saves carry map `null`; later versions keep the map name. Keep the
  // piece's own convention.
  TraitChain chain = p.chain();
  const bool legacy_null_map = !p.stack.empty() && chain.basic_map().empty();
  chain.set_basic_position(legacy_null_map ? "" : new_map, p.x, p.y);
  p.state = chain.state();
}

StepEffect Game::effect_of(const Snapshot& before, size_t index) const {
  StepEffect effect;
  effect.index = index;
  effect.chat = before.chat;
  effect.other = before.other;
  for (const auto& [id, was] : before.pieces) {
    const GamePiece* now = find(id);
    if ((was && was->is_stack()) || (now && now->is_stack())) continue;
    PieceEffect e;
    e.id = id;
    e.name = now ? now->name() : (was ? was->name() : "");
    e.created = !was && now;
    e.removed = was && !now;
    if (was) e.from = place_of(*was);
    if (now) e.to = place_of(*now);
    if (was && now) e.changed = diff_properties(was->chain().properties(), now->chain().properties());
    if (e.created || e.removed || e.moved() || !e.changed.empty()) effect.pieces.push_back(std::move(e));
  }
  return effect;
}

void Game::restore(Snapshot& snapshot) {
  for (auto& [id, was] : snapshot.pieces) {
    if (auto now = pieces_.find(id); now != pieces_.end()) {
      order_[now->second.order] = nullptr;
      pieces_.erase(now);
    }
    if (was) {
      const size_t order = was->order;
      order_[order] = &pieces_.emplace(id, std::move(*was)).first->second;
    }
    index_stack(id);
  }
  for (auto& [key, was] : snapshot.globals) {
    if (was) {
      globals_[key] = std::move(*was);
    } else {
      globals_.erase(key);
    }
  }
  if (snapshot.players) players_ = std::move(*snapshot.players);
  if (snapshot.layouts) layouts_ = std::move(*snapshot.layouts);
}

std::vector<const GamePiece*> Game::pieces() const {
  std::vector<const GamePiece*> out;
  for (const GamePiece* p : order_)
    if (p && !p->is_stack()) out.push_back(p);
  return out;
}

std::vector<const GamePiece*> Game::stacks() const {
  std::vector<const GamePiece*> out;
  for (const GamePiece* p : order_)
    if (p && p->is_stack()) out.push_back(p);
  return out;
}

const GamePiece* Game::find(const std::string& id) const {
  auto it = pieces_.find(id);
  return it == pieces_.end() ? nullptr : &it->second;
}

const GamePiece& Game::piece(const std::string& id) const {
  if (const GamePiece* p = find(id)) return *p;
  throw GameStateError("no piece with id " + id, Place{source_, "savedGame", ""});
}

PropertyMap Game::properties(const GamePiece& piece) const {
  PropertyMap props = piece.chain().properties();
  std::string map_name = piece.map;
  if (module_) {
    if (const MapSpec* m = module_->find_map(piece.map)) map_name = m->name.empty() ? m->id : m->name;
  }
  props["CurrentMap"] = map_name;
  props["CurrentX"] = std::to_string(piece.x);
  props["CurrentY"] = std::to_string(piece.y);
  props["PieceUID"] = piece.id;
  size_t pos = 1, size = 1;
  if (const GamePiece* stack = piece.stack.empty() ? nullptr : find(piece.stack)) {
    size = stack->members.size();
    pos = static_cast<size_t>(std::find(stack->members.begin(), stack->members.end(), piece.id) -
                              stack->members.begin()) + 1;
  }
  props["StackPos"] = std::to_string(pos);
  props["StackSize"] = std::to_string(size);
  return props;
}

void Game::set_property(const std::string& id, const std::string& name, const std::string& value) {
  context_ = "change";
  GamePiece& p = require(id, "set_property");
  const std::string old_state = p.state;
  TraitChain chain = p.chain();
  try {
    chain.set_property(name, value);
  } catch (FormatError& e) {
    e.locate(source_, "savedGame");
    e.set_position_if_empty("piece " + id);
    throw;
  }
  p.state = chain.state();
  changes_.push_back(Command{ChangePiece{id, p.state, old_state}, {}});
}

void Game::move_piece(const std::string& id, const std::string& map, int x, int y) {
  context_ = "change";
  GamePiece& p = require(id, "move_piece");
  MovePiece mv;
  mv.id = id;
  mv.new_map = map.empty() ? std::nullopt : std::optional<std::string>(map);
  mv.new_x = x;
  mv.new_y = y;
  mv.old_map = p.map.empty() ? std::nullopt : std::optional<std::string>(p.map);
  mv.old_x = p.x;
  mv.old_y = p.y;
  if (!p.stack.empty()) {
    const auto& members = pieces_.at(p.stack).members;
    auto pos = std::find(members.begin(), members.end(), id);
    if (pos != members.begin() && pos != members.end()) mv.old_under = *(pos - 1);
  }
  if (!players_.empty()) mv.player = players_.front().id;
  move(mv);
  changes_.push_back(Command{mv, {}});
}

void Game::set_global_property(const std::string& name, const std::string& value, const std::string& container) {
  context_ = "change";
  std::string& held = globals_[{container, name}];
  changes_.push_back(Command{MutableProperty{name, held, value, container}, {}});
  held = value;
}

void Game::chat(const std::string& text) { changes_.push_back(Command{Chat{text}, {}}); }

}  // namespace adjutant::vmod
