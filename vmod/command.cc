#include "vmod/command.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/java/java_text.h"
#include "vmod/format_error.h"
#include "vmod/limits.h"

namespace adjutant::vmod {

// ---------------------------------------------------------------------------------------------
// CommandBox

CommandBox::CommandBox() : ptr_(std::make_unique<Command>()) {}
CommandBox::CommandBox(Command command) : ptr_(std::make_unique<Command>(std::move(command))) {}
CommandBox::CommandBox(const CommandBox& other) : ptr_(std::make_unique<Command>(*other.ptr_)) {}
CommandBox& CommandBox::operator=(const CommandBox& other) {
  if (this != &other) ptr_ = std::make_unique<Command>(*other.ptr_);
  return *this;
}
CommandBox::CommandBox(CommandBox&&) noexcept = default;
CommandBox& CommandBox::operator=(CommandBox&&) noexcept = default;
CommandBox::~CommandBox() = default;

std::string BoardLayout::map_id() const {
  constexpr std::string_view kSuffix = "BoardPicker";
  if (picker_id.size() >= kSuffix.size() &&
      std::string_view(picker_id).substr(picker_id.size() - kSuffix.size()) == kSuffix) {
    return picker_id.substr(0, picker_id.size() - kSuffix.size());
  }
  return picker_id;
}

// State shared by one decode: the quoting evidence found so far, a running record number for
// error positions, and (on a second pass) the rule every typed leaf must reproduce.
struct DecodeContext {
  QuoteEvidence evidence;
  std::optional<QuoteRule> forced_rule;
  size_t record_count = 0;
  size_t depth = 0;  // commands being decoded, one inside the next
};

namespace {

// Record prefixes, as VASSAL's encoders write them.
constexpr std::string_view kAddPrefix = "+/";
constexpr std::string_view kRemovePrefix = "-/";
constexpr std::string_view kChangePrefix = "D/";
constexpr std::string_view kMovePrefix = "M/";
constexpr std::string_view kChatPrefix = "CHAT";
constexpr std::string_view kPlayerPrefix = "PLAYER\t";
constexpr std::string_view kPlayerRemovePrefix = "PYREMOVE\t";
constexpr std::string_view kMutablePropertyPrefix = "MutableProperty\t";
constexpr std::string_view kGlobalPropertyPrefix = "GlobalProperty\t";
constexpr std::string_view kTurnPrefix = "TURN";
constexpr std::string_view kUnmaskPrefix = "UNMASK\t";
constexpr std::string_view kSetupStackPrefix = "SETUP_STACK\t";
constexpr std::string_view kLogPrefix = "LOG\t";
constexpr std::string_view kUndoPrefix = "UNDO\t";
constexpr std::string_view kBeginSave = "begin_save";
constexpr std::string_view kEndSave = "end_save";
constexpr std::string_view kBoardPickerSuffix = "BoardPicker";
constexpr std::string_view kNotesPrefixes[] = {"NOTES\t", "PNOTES\t", "PNOTE\t", "SNOTE\t"};
constexpr std::string_view kNull = "null";
constexpr char kPieceSeparator = '/';
constexpr char kTab = '\t';

std::optional<std::string> unwrap_null(std::string token) {
  if (token == kNull) return std::nullopt;
  return token;
}
std::string_view wrap_null(const std::optional<std::string>& value) {
  return value ? std::string_view(*value) : kNull;
}

bool quote_wrapped(std::string_view s) { return s.size() > 1 && s.front() == '\'' && s.back() == '\''; }

[[noreturn]] void fail(const DecodeContext& ctx, std::string_view kind, const std::string& what) {
  throw CommandError(what, Place{{}, {}, "command " + std::to_string(ctx.record_count) + " (" + std::string(kind) + ")"});
}

Command decode_text(std::string_view text, DecodeContext& ctx, std::string* storage = nullptr);

// One more command inside the ones being decoded; refused beyond the nesting limit, before the
// stack (decoding, encoding, copying and freeing a tree all recurse) could run out.
class NestingGuard {
 public:
  explicit NestingGuard(DecodeContext& ctx) : ctx_(ctx) {
    if (++ctx_.depth > limits::kMaxCommandDepth) {
      throw CommandError("commands nested more than " + std::to_string(limits::kMaxCommandDepth) +
                             " deep (ESC levels and LOG steps); VASSAL never writes such nesting",
                         Place{{}, {}, "command " + std::to_string(ctx_.record_count + 1)});
    }
  }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;
  ~NestingGuard() { --ctx_.depth; }

 private:
  DecodeContext& ctx_;
};

// ------------------------------------------------------------------ typed leaf parsers
// Each returns nullopt when the text is not of the typed form (it then stays Verbatim); malformed
// records of the piece kinds VASSAL would refuse throw instead.

std::optional<Record> parse_add_piece(std::string_view body, const DecodeContext& ctx) {
  std::vector<std::string> fields = split_sequence(body, kPieceSeparator);
  if (fields.size() < 3) fail(ctx, "AddPiece", "AddPiece needs id, type and state; found " + std::to_string(fields.size()) + " field(s)");
  if (fields.size() > 3) return std::nullopt;
  return AddPiece{unwrap_null(std::move(fields[0])), std::move(fields[1]), std::move(fields[2])};
}

std::optional<Record> parse_change_piece(std::string_view body) {
  std::vector<std::string> fields = split_sequence(body, kPieceSeparator);
  if (fields.size() < 2 || fields.size() > 3) return std::nullopt;
  ChangePiece change{std::move(fields[0]), std::move(fields[1]), std::nullopt};
  if (fields.size() == 3) change.old_state = std::move(fields[2]);
  return change;
}

int move_coordinate(const std::vector<std::string>& fields, size_t index, const DecodeContext& ctx) {
  const auto value = core::java::parse_int(fields[index]);
  if (!value) fail(ctx, "MovePiece", "MovePiece field " + std::to_string(index + 1) + " is not an integer: \"" + fields[index] + "\"");
  return *value;
}

std::optional<Record> parse_move_piece(std::string_view body, const DecodeContext& ctx) {
  std::vector<std::string> f = split_sequence(body, kPieceSeparator);
  if (f.size() < 9) fail(ctx, "MovePiece", "MovePiece needs at least 9 fields; found " + std::to_string(f.size()));
  if (f.size() > 10) return std::nullopt;
  MovePiece move;
  move.new_x = move_coordinate(f, 2, ctx);
  move.new_y = move_coordinate(f, 3, ctx);
  move.old_x = move_coordinate(f, 6, ctx);
  move.old_y = move_coordinate(f, 7, ctx);
  move.id = std::move(f[0]);
  move.new_map = unwrap_null(std::move(f[1]));
  move.new_under = unwrap_null(std::move(f[4]));
  move.old_map = unwrap_null(std::move(f[5]));
  move.old_under = unwrap_null(std::move(f[8]));
  // The player is written as is; when absent VASSAL substitutes the reader's own id.
  if (f.size() == 10) move.player = std::move(f[9]);
  return move;
}

std::optional<Record> parse_add_player(std::string_view body) {
  std::vector<std::string> f = split_sequence(body, kTab);
  if (f.size() != 3) return std::nullopt;
  return AddPlayer{std::move(f[0]), std::move(f[1]), std::move(f[2])};
}

std::optional<Record> parse_mutable_property(std::string_view body) {
  std::vector<std::string> f = split_sequence(body, kTab);
  if (f.size() != 4) return std::nullopt;  // pre-3.2 files have no container field
  return MutableProperty{std::move(f[0]), std::move(f[1]), std::move(f[2]), std::move(f[3])};
}

std::optional<Record> parse_global_property(std::string_view text) {
  std::vector<std::string> f = split_sequence(text, ';');
  if (f.size() != 4 || f[0] != kGlobalPropertyPrefix) return std::nullopt;
  return GlobalPropertyRestore{std::move(f[1]), std::move(f[2]), std::move(f[3])};
}

std::optional<Record> parse_turn(std::string_view text) {
  std::vector<std::string> f = split_sequence(text, kTab);
  if (f.size() != 2 || !f[0].starts_with(kTurnPrefix)) return std::nullopt;
  return TurnState{f[0].substr(kTurnPrefix.size()), std::move(f[1])};
}

std::optional<Record> parse_unmask(std::string_view body) {
  Unmask unmask;
  if (!body.empty()) unmask.ids = split_sequence(body, kTab);
  return unmask;
}

std::optional<Record> parse_undo(std::string_view body) {
  if (body == "true") return Undo{true};
  if (body == "false") return Undo{false};
  return std::nullopt;
}

std::optional<BoardLayout::Cell> parse_board_cell(const std::string& board, const std::string& col,
                                                  const std::string& row) {
  std::vector<std::string> parts = split_sequence(board, kPieceSeparator);
  if (parts.size() > 2 || (parts.size() == 2 && parts[1] != "rev")) return std::nullopt;
  const auto column = core::java::parse_int(col);
  const auto row_index = core::java::parse_int(row);
  if (!column || !row_index) return std::nullopt;
  return BoardLayout::Cell{std::move(parts[0]), parts.size() == 2, *column, *row_index};
}

// A map's layout: the first TAB token is "<map>BoardPicker", then (board[/rev], col, row) triples.
bool looks_like_board_layout(std::string_view text) {
  const size_t tab = text.find(kTab);
  const std::string_view first = text.substr(0, tab);
  return first.ends_with(kBoardPickerSuffix);
}

std::optional<Record> parse_board_layout(std::string_view text) {
  std::vector<std::string> f = split_sequence(text, kTab);
  if ((f.size() - 1) % 3 != 0) return std::nullopt;
  BoardLayout layout;
  layout.picker_id = std::move(f[0]);
  for (size_t i = 1; i < f.size(); i += 3) {
    auto cell = parse_board_cell(f[i], f[i + 1], f[i + 2]);
    if (!cell) return std::nullopt;
    layout.cells.push_back(std::move(*cell));
  }
  return layout;
}

std::optional<Record> parse_notes(std::string_view text) {
  for (std::string_view prefix : kNotesPrefixes) {
    if (text.starts_with(prefix)) return Notes{std::string(prefix), std::string(text.substr(prefix.size()))};
  }
  return std::nullopt;
}

// The typed form of a leaf, or nullopt when none applies.
std::optional<Record> parse_typed_leaf(std::string_view text, DecodeContext& ctx) {
  if (text.empty()) return NullRecord{};
  if (text == kBeginSave) return BeginSave{};
  if (text == kEndSave) return EndSave{};
  if (text.starts_with(kAddPrefix)) return parse_add_piece(text.substr(kAddPrefix.size()), ctx);
  if (text.starts_with(kRemovePrefix)) return RemovePiece{std::string(text.substr(kRemovePrefix.size()))};
  if (text.starts_with(kChangePrefix)) return parse_change_piece(text.substr(kChangePrefix.size()));
  if (text.starts_with(kMovePrefix)) return parse_move_piece(text.substr(kMovePrefix.size()), ctx);
  if (text.starts_with(kChatPrefix)) return Chat{std::string(text.substr(kChatPrefix.size()))};
  if (text.starts_with(kPlayerPrefix)) return parse_add_player(text.substr(kPlayerPrefix.size()));
  if (text.starts_with(kPlayerRemovePrefix)) return RemovePlayer{std::string(text.substr(kPlayerRemovePrefix.size()))};
  if (text.starts_with(kMutablePropertyPrefix)) return parse_mutable_property(text.substr(kMutablePropertyPrefix.size()));
  if (text.starts_with(kGlobalPropertyPrefix)) return parse_global_property(text);
  if (text.starts_with(kTurnPrefix)) return parse_turn(text);
  if (text.starts_with(kUnmaskPrefix)) return parse_unmask(text.substr(kUnmaskPrefix.size()));
  if (text.starts_with(kSetupStackPrefix)) return SetupStackMarker{std::string(text.substr(kSetupStackPrefix.size()))};
  if (text.starts_with(kLogPrefix)) return LogEntry{CommandBox(decode_text(text.substr(kLogPrefix.size()), ctx))};
  if (text.starts_with(kUndoPrefix)) return parse_undo(text.substr(kUndoPrefix.size()));
  if (auto notes = parse_notes(text)) return notes;
  if (looks_like_board_layout(text)) return parse_board_layout(text);
  return std::nullopt;
}

// Keeps the typed record only if some quoting rule writes it back exactly as `text`; the rule(s)
// that do are evidence of the generation that wrote the file.
Record keep_if_exact(Record record, std::string_view text, DecodeContext& ctx) {
  if (ctx.forced_rule) {
    if (encode_record(record, *ctx.forced_rule) == text) return record;
    return Verbatim{std::string(text)};
  }
  const bool current = encode_record(record, QuoteRule::kCurrent) == text;
  // When the current rule reproduces the text, the legacy rule can only differ for a field that
  // starts with '\' (written quoted: `'\`) or ends with it (then the last field, ending the text).
  const bool rules_may_differ = text.find("'\\") != std::string_view::npos || (!text.empty() && text.back() == '\\');
  if (current && !rules_may_differ) return record;
  const bool legacy = encode_record(record, QuoteRule::kLegacy) == text;
  if (!current && !legacy) return Verbatim{std::string(text)};
  if (current != legacy) {
    ctx.evidence.current |= current;
    ctx.evidence.legacy |= legacy;
  }
  return record;
}

Record decode_leaf(std::string_view text, DecodeContext& ctx) {
  ++ctx.record_count;
  if (text.size() > limits::kMaxRecordBytes) {
    throw CommandError("a command of " + std::to_string(text.size()) + " bytes (limit " +
                           std::to_string(limits::kMaxRecordBytes) + ")",
                       Place{{}, {}, "command " + std::to_string(ctx.record_count)});
  }
  std::optional<Record> typed = parse_typed_leaf(text, ctx);
  if (!typed) return Verbatim{std::string(text)};
  // A logged command is exact when its inner command is; that was settled while decoding it.
  if (std::holds_alternative<LogEntry>(*typed)) return std::move(*typed);
  return keep_if_exact(std::move(*typed), text, ctx);
}

// Which quoting rules write `tokens` back as `text`; a rule that does not cannot re-encode them.
struct RuleFit {
  bool current;
  bool legacy;
};
// Whether `token`, written under `rule`, is the text at `offset`, followed by ESC when `more`
// tokens follow; moves `offset` past it. Token by token, this is join_sequence(tokens) == text
// without writing the joined text.
bool writes_next(std::string_view text, size_t& offset, const std::string& token, QuoteRule rule, bool more) {
  if (!written_at(text, offset, token, kCommandSeparator, rule)) return false;
  if (!more) return offset == text.size();
  if (offset >= text.size() || text[offset] != kCommandSeparator) return false;
  ++offset;
  return true;
}

// Adds one more token to a fit, `current_offset` and `legacy_offset` as writes_next keeps them.
void fit_next(RuleFit& fit, std::string_view text, size_t& current_offset, size_t& legacy_offset,
              const std::string& token, bool more) {
  fit.current = fit.current && writes_next(text, current_offset, token, QuoteRule::kCurrent, more);
  fit.legacy = fit.legacy && writes_next(text, legacy_offset, token, QuoteRule::kLegacy, more);
}

RuleFit rules_writing(const std::vector<std::string>& tokens, std::string_view text) {
  RuleFit fit{true, true};
  size_t current_offset = 0;
  size_t legacy_offset = 0;
  for (size_t i = 0; i < tokens.size(); ++i)
    fit_next(fit, text, current_offset, legacy_offset, tokens[i], i + 1 < tokens.size());
  return fit;
}

// Whether tokens the rules write back as `fit` says can stand for the text in the tree; records
// which generation they show.
bool fit_reproduces(RuleFit fit, DecodeContext& ctx) {
  if (ctx.forced_rule) return *ctx.forced_rule == QuoteRule::kCurrent ? fit.current : fit.legacy;
  if (fit.current != fit.legacy) {
    ctx.evidence.current |= fit.current;
    ctx.evidence.legacy |= fit.legacy;
  }
  return fit.current || fit.legacy;
}

// GameModule.decode: a text that is its own single ESC token is a leaf; otherwise the first
// token is the command itself and every further token a child, decoded the same way. When
// `storage` holds the text, it is released once split, so that a deep tree never keeps every
// level's copy at once.
Command decode_text(std::string_view text, DecodeContext& ctx, std::string* storage) {
  const NestingGuard nesting(ctx);
  const bool leaf = text.find(kCommandSeparator) == std::string_view::npos && !quote_wrapped(text);
  if (leaf) return Command{decode_leaf(text, ctx), {}};

  std::vector<std::string> tokens = split_sequence(text, kCommandSeparator);
  // Tokens that no quoting rule writes back as the text (a single quoted token, an unquoted `\`
  // that VASSAL always quotes, ...) cannot be re-encoded by the tree: keep the text whole.
  if (tokens.size() == 1 || !fit_reproduces(rules_writing(tokens, text), ctx)) {
    ++ctx.record_count;
    return Command{Verbatim{std::string(text)}, {}};
  }
  if (storage) std::string().swap(*storage);  // `text` is no longer used

  Command command;
  std::string& head = tokens.front();
  // A first token that itself holds separators (a record containing ESC) stays as written.
  if (head.find(kCommandSeparator) != std::string::npos || quote_wrapped(head)) {
    ++ctx.record_count;
    command.record = Verbatim{std::move(head)};
  } else {
    command.record = decode_leaf(head, ctx);
  }
  std::string().swap(head);
  command.children.reserve(tokens.size() - 1);
  for (size_t i = 1; i < tokens.size(); ++i) command.children.push_back(decode_text(tokens[i], ctx, &tokens[i]));
  return command;
}

// ------------------------------------------------------------------ encoding

struct RecordEncoder {
  QuoteRule rule;

  std::string prefixed(std::string_view prefix, std::string_view body) const {
    std::string out;
    out.reserve(prefix.size() + body.size());
    out.append(prefix);
    out.append(body);
    return out;
  }

  std::string operator()(const NullRecord&) const { return {}; }
  std::string operator()(const BeginSave&) const { return std::string(kBeginSave); }
  std::string operator()(const EndSave&) const { return std::string(kEndSave); }
  std::string operator()(const AddPiece& r) const {
    SequenceEncoder se(kPieceSeparator, rule);
    se.append(wrap_null(r.id)).append(r.type).append(r.state);
    return prefixed(kAddPrefix, se.str());
  }
  std::string operator()(const RemovePiece& r) const { return prefixed(kRemovePrefix, r.id); }
  std::string operator()(const ChangePiece& r) const {
    SequenceEncoder se(kPieceSeparator, rule);
    se.append(r.id).append(r.new_state);
    if (r.old_state) se.append(*r.old_state);
    return prefixed(kChangePrefix, se.str());
  }
  std::string operator()(const MovePiece& r) const {
    SequenceEncoder se(kPieceSeparator, rule);
    se.append(r.id)
        .append(wrap_null(r.new_map))
        .append_int(r.new_x)
        .append_int(r.new_y)
        .append(wrap_null(r.new_under))
        .append(wrap_null(r.old_map))
        .append_int(r.old_x)
        .append_int(r.old_y)
        .append(wrap_null(r.old_under));
    if (r.player) se.append(*r.player);
    return prefixed(kMovePrefix, se.str());
  }
  std::string operator()(const Chat& r) const { return prefixed(kChatPrefix, r.message); }
  std::string operator()(const AddPlayer& r) const {
    SequenceEncoder se(kTab, rule);
    se.append(r.id).append(r.name).append(r.side);
    return prefixed(kPlayerPrefix, se.str());
  }
  std::string operator()(const RemovePlayer& r) const { return prefixed(kPlayerRemovePrefix, r.id); }
  std::string operator()(const BoardLayout& r) const {
    SequenceEncoder se(kTab, rule);
    se.append(r.picker_id);
    for (const auto& cell : r.cells) {
      SequenceEncoder board(kPieceSeparator, rule);
      board.append(cell.board);
      if (cell.reversed) board.append("rev");
      se.append(board.str()).append_int(cell.column).append_int(cell.row);
    }
    return se.str();
  }
  std::string operator()(const MutableProperty& r) const {
    SequenceEncoder se(kTab, rule);
    se.append(r.name).append(r.old_value).append(r.new_value).append(r.container);
    return prefixed(kMutablePropertyPrefix, se.str());
  }
  std::string operator()(const GlobalPropertyRestore& r) const {
    SequenceEncoder se(';', rule);
    se.append(kGlobalPropertyPrefix).append(r.name).append(r.value).append(r.container);
    return se.str();
  }
  std::string operator()(const TurnState& r) const {
    SequenceEncoder se(kTab, rule);
    se.append(std::string(kTurnPrefix) + r.tracker_id).append(r.state);
    return se.str();
  }
  std::string operator()(const Notes& r) const { return prefixed(r.prefix, r.body); }
  std::string operator()(const Unmask& r) const {
    return prefixed(kUnmaskPrefix, join_sequence(r.ids, kTab, rule));
  }
  std::string operator()(const SetupStackMarker& r) const { return prefixed(kSetupStackPrefix, r.text); }
  std::string operator()(const LogEntry& r) const { return prefixed(kLogPrefix, encode_command(*r.command, rule)); }
  std::string operator()(const Undo& r) const { return prefixed(kUndoPrefix, r.value ? "true" : "false"); }
  std::string operator()(const Verbatim& r) const { return r.text; }
};

struct RecordNamer {
  std::string_view operator()(const NullRecord&) const { return "Null"; }
  std::string_view operator()(const BeginSave&) const { return "BeginSave"; }
  std::string_view operator()(const EndSave&) const { return "EndSave"; }
  std::string_view operator()(const AddPiece&) const { return "AddPiece"; }
  std::string_view operator()(const RemovePiece&) const { return "RemovePiece"; }
  std::string_view operator()(const ChangePiece&) const { return "ChangePiece"; }
  std::string_view operator()(const MovePiece&) const { return "MovePiece"; }
  std::string_view operator()(const Chat&) const { return "Chat"; }
  std::string_view operator()(const AddPlayer&) const { return "AddPlayer"; }
  std::string_view operator()(const RemovePlayer&) const { return "RemovePlayer"; }
  std::string_view operator()(const BoardLayout&) const { return "BoardLayout"; }
  std::string_view operator()(const MutableProperty&) const { return "MutableProperty"; }
  std::string_view operator()(const GlobalPropertyRestore&) const { return "GlobalProperty"; }
  std::string_view operator()(const TurnState&) const { return "Turn"; }
  std::string_view operator()(const Notes&) const { return "Notes"; }
  std::string_view operator()(const Unmask&) const { return "Unmask"; }
  std::string_view operator()(const SetupStackMarker&) const { return "SetupStack"; }
  std::string_view operator()(const LogEntry&) const { return "Log"; }
  std::string_view operator()(const Undo&) const { return "Undo"; }
  std::string_view operator()(const Verbatim&) const { return "Verbatim"; }
};

}  // namespace

std::string_view record_name(const Record& record) { return std::visit(RecordNamer{}, record); }

std::string encode_record(const Record& record, QuoteRule rule) { return std::visit(RecordEncoder{rule}, record); }

std::string encode_command(const Command& command, QuoteRule rule) {
  std::string own = encode_record(command.record, rule);
  if (command.children.empty()) return own;
  SequenceEncoder se(kCommandSeparator, rule);
  se.append(own);
  for (const auto& child : command.children) se.append(encode_command(child, rule));
  return se.str();
}

Command decode_command(std::string_view text, QuoteEvidence* evidence) {
  DecodeContext ctx;
  Command command = decode_text(text, ctx);
  if (evidence) evidence->merge(ctx.evidence);
  return command;
}

namespace {

// The token a child's span holds, unescaped as the split of the whole text gave it.
std::string span_token(std::string_view span) { return SequenceDecoder(span, kCommandSeparator).next(); }

// A child's token unescaped inside the text it was read from, and the text put back as it was when
// done. Within a span every separator is escaped by the backslash before it, and unescaping drops
// those backslashes and then single quotes around the whole, so the token fits in the span: a save's
// container of pieces is read without a copy of it.
class TokenInPlace {
 public:
  TokenInPlace(std::string& text, size_t offset, size_t length) : text_(text), offset_(offset), length_(length) {
    char* span = text_.data() + offset_;
    for (size_t from = 0; from < length_; ++from) {
      if (from + 1 < length_ && span[from + 1] == kCommandSeparator) continue;  // the escaping backslash
      span[unescaped_++] = span[from];
    }
    quoted_ = unescaped_ > 1 && span[0] == '\'' && span[unescaped_ - 1] == '\'';
  }
  TokenInPlace(const TokenInPlace&) = delete;
  TokenInPlace& operator=(const TokenInPlace&) = delete;
  ~TokenInPlace() {
    char* span = text_.data() + offset_;
    size_t to = length_;
    for (size_t from = unescaped_; from-- > 0;) {
      span[--to] = span[from];
      if (span[from] == kCommandSeparator) span[--to] = '\\';
    }
  }
  std::string_view token() const {
    const std::string_view unescaped(text_.data() + offset_, unescaped_);
    return quoted_ ? unescaped.substr(1, unescaped.size() - 2) : unescaped;
  }

 private:
  std::string& text_;
  size_t offset_;
  size_t length_;
  size_t unescaped_ = 0;
  bool quoted_ = false;
};

}  // namespace

CommandReader::CommandReader(std::string_view text, std::optional<QuoteRule> forced_rule) {
  DecodeContext ctx;
  ctx.forced_rule = forced_rule;
  *this = CommandReader(text, ctx);
}

// decode_text's first level, keeping where each child is instead of decoding it: `ctx` is the
// decoding state as decode_text would receive it for `text`.
CommandReader::CommandReader(std::string_view text, DecodeContext& ctx) : forced_rule_(ctx.forced_rule) {
  const NestingGuard nesting(ctx);
  depth_ = ctx.depth;
  const bool leaf = text.find(kCommandSeparator) == std::string_view::npos && !quote_wrapped(text);
  if (leaf) {
    root_ = decode_leaf(text, ctx);
  } else {
    SequenceDecoder decoder(text, kCommandSeparator);
    std::string head;
    RuleFit fit{true, true};
    size_t current_offset = 0;
    size_t legacy_offset = 0;
    while (decoder.has_more()) {
      const size_t offset = static_cast<size_t>(decoder.rest().data() - text.data());
      std::string token = decoder.next();
      const bool more = decoder.has_more();
      const size_t end = more ? static_cast<size_t>(decoder.rest().data() - text.data()) - 1 : text.size();
      spans_.push_back(Span{offset, end - offset});
      fit_next(fit, text, current_offset, legacy_offset, token, more);
      if (spans_.size() == 1) head = std::move(token);
    }
    if (spans_.size() == 1 || !fit_reproduces(fit, ctx)) {
      ++ctx.record_count;
      root_ = Verbatim{std::string(text)};
      spans_.clear();
    } else {
      // A first token that itself holds separators (a record containing ESC) stays as written.
      if (head.find(kCommandSeparator) != std::string::npos || quote_wrapped(head)) {
        ++ctx.record_count;
        root_ = Verbatim{std::move(head)};
      } else {
        root_ = decode_leaf(head, ctx);
      }
      spans_.erase(spans_.begin());
    }
  }
  spans_.shrink_to_fit();
  take(ctx);
}

DecodeContext CommandReader::context() const {
  DecodeContext ctx;
  ctx.evidence = evidence_;
  ctx.forced_rule = forced_rule_;
  ctx.record_count = record_count_;
  ctx.depth = depth_;
  return ctx;
}

void CommandReader::take(const DecodeContext& ctx) {
  evidence_ = ctx.evidence;
  record_count_ = ctx.record_count;
}

Command CommandReader::next(std::string_view text) {
  const Span span = spans_.at(next_++);
  DecodeContext ctx = context();
  std::string token = span_token(text.substr(span.offset, span.length));
  Command command = decode_text(token, ctx, &token);
  take(ctx);
  return command;
}

void CommandReader::next_in_parts(std::string& text, bool in_place, const PartVisitor& visit) {
  const Span span = spans_.at(next_++);
  DecodeContext ctx = context();
  std::optional<TokenInPlace> unescaped;
  std::string copy;
  if (in_place) {
    unescaped.emplace(text, span.offset, span.length);
  } else {
    copy = span_token(std::string_view(text).substr(span.offset, span.length));
  }
  const std::string_view token = in_place ? unescaped->token() : std::string_view(copy);
  // The child's own children are read as the root's are, by a reader of its token that goes on
  // counting from here; it decodes as decode_text(token) would.
  CommandReader inner(token, ctx);
  visit(Command{std::move(inner.root_), {}}, nullptr);
  // A byte of the token stands in the text past the backslash put back before each separator ahead
  // of it (a token that was quoted is not followed there).
  const auto separators = [&](size_t from, size_t to) {
    return static_cast<size_t>(std::count(token.begin() + from, token.begin() + to, kCommandSeparator));
  };
  const bool quoted = span.length != token.size() + separators(0, token.size());
  size_t counted = 0;
  size_t separators_before = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    const Span part = inner.spans_[i];
    separators_before += separators(counted, part.offset);
    counted = part.offset;
    const PartText where{token.substr(part.offset, part.length), span.offset + part.offset + separators_before};
    const bool unchanged = !quoted && where.now.find(kCommandSeparator) == std::string_view::npos;
    visit(inner.next(token), unchanged ? &where : nullptr);
  }
  take(inner.context());
}

Command CommandReader::child(std::string_view text, size_t index, QuoteRule rule) const {
  const Span span = spans_.at(index);
  DecodeContext ctx;
  ctx.forced_rule = rule;
  ctx.depth = depth_;
  std::string token = span_token(text.substr(span.offset, span.length));
  return decode_text(token, ctx, &token);
}

CommandTree CommandTree::decode(std::string_view text) {
  const auto read = [&](std::optional<QuoteRule> forced_rule) {
    CommandReader reader(text, forced_rule);
    Command root{reader.root(), {}};
    root.children.reserve(reader.size());
    for (size_t i = 0; i < reader.size(); ++i) root.children.push_back(reader.next(text));
    return std::make_pair(std::move(root), reader);
  };
  CommandTree tree;
  auto [root, reader] = read(std::nullopt);
  tree.root = std::move(root);
  tree.rule = reader.rule();
  // Mixed evidence: decode again so that typed leaves the chosen rule cannot reproduce stay
  // verbatim instead of being rewritten.
  if (reader.mixed()) tree.root = read(tree.rule).first;
  return tree;
}

std::string CommandTree::encode() const { return encode_command(root, rule); }

}  // namespace adjutant::vmod
