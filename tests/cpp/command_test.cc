// The savedGame command tree (spec §6): typed records, ESC/LOG nesting, errors, and the corpus.
#include "vmod/command.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "corpus.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/obfuscation.h"

namespace adjutant::vmod {
namespace {

const std::string ESC(1, '\x1b');
const std::string TAB = "\t";

// Decodes one leaf record, checks it re-encodes to the same text, and returns the record.
template <typename T>
T decode_leaf_as(const std::string& text) {
  const Command command = decode_command(text);
  EXPECT_TRUE(command.children.empty());
  EXPECT_EQ(encode_command(command), text);
  const T* record = std::get_if<T>(&command.record);
  EXPECT_NE(record, nullptr) << "decoded as " << record_name(command.record) << ": " << text;
  return record ? *record : T{};
}

std::string roundtrip(const std::string& text) { return CommandTree::decode(text).encode(); }

// ------------------------------------------------------------------ piece commands

TEST(CommandRecords, AddPiece) {
  const auto add = decode_leaf_as<AddPiece>("+/1001/piece;;;tank.png;Tank\\/1/Main Map;100;200;;0");
  ASSERT_TRUE(add.id.has_value());
  EXPECT_EQ(*add.id, "1001");
  EXPECT_EQ(add.type, "piece;;;tank.png;Tank/1");
  EXPECT_EQ(add.state, "Main Map;100;200;;0");
}

TEST(CommandRecords, AddPieceWithNullId) {
  const auto add = decode_leaf_as<AddPiece>("+/null/prototype;Unit\tpiece;;;0172.f.svg;A/");
  EXPECT_FALSE(add.id.has_value());
  EXPECT_EQ(add.type, "prototype;Unit\tpiece;;;0172.f.svg;A");
  EXPECT_EQ(add.state, "");
  EXPECT_EQ(encode_record(AddPiece{std::nullopt, "t", "s"}), "+/null/t/s");
}

TEST(CommandRecords, RemovePiece) {
  EXPECT_EQ(decode_leaf_as<RemovePiece>("-/1168285239225").id, "1168285239225");
  // The id is raw: a '/' in it is not a separator.
  EXPECT_EQ(decode_leaf_as<RemovePiece>("-/a/b").id, "a/b");
}

TEST(CommandRecords, ChangePieceWithAndWithoutOldState) {
  const auto both = decode_leaf_as<ChangePiece>("D/1168285238620/\ttrue\\\t\\\\\t-1;/\tfalse\\\t\\\\\t-1;");
  EXPECT_EQ(both.id, "1168285238620");
  EXPECT_EQ(both.new_state, "\ttrue\\\t\\\\\t-1;");
  ASSERT_TRUE(both.old_state.has_value());
  EXPECT_EQ(*both.old_state, "\tfalse\\\t\\\\\t-1;");

  const auto only_new = decode_leaf_as<ChangePiece>("D/42/a\\/b");
  EXPECT_EQ(only_new.new_state, "a/b");
  EXPECT_FALSE(only_new.old_state.has_value());
}

TEST(CommandRecords, MovePieceFromSpecExample2) {
  const auto move = decode_leaf_as<MovePiece>(
      "M/1168285239254/Normandy/1532/1504/null/Normandy/1477/1536/1168285238620/foo");
  EXPECT_EQ(move.id, "1168285239254");
  EXPECT_EQ(move.new_map, "Normandy");
  EXPECT_EQ(move.new_x, 1532);
  EXPECT_EQ(move.new_y, 1504);
  EXPECT_FALSE(move.new_under.has_value());
  EXPECT_EQ(move.old_map, "Normandy");
  EXPECT_EQ(move.old_x, 1477);
  EXPECT_EQ(move.old_y, 1536);
  EXPECT_EQ(move.old_under, "1168285238620");
  EXPECT_EQ(move.player, "foo");
}

TEST(CommandRecords, MovePieceOffMapAndWithoutPlayer) {
  const auto move = decode_leaf_as<MovePiece>("M/7/null/-5/0/null/Board A/10/20/null");
  EXPECT_FALSE(move.new_map.has_value());
  EXPECT_EQ(move.new_x, -5);
  EXPECT_FALSE(move.player.has_value());
}

// ------------------------------------------------------------------ other leaves

TEST(CommandRecords, SaveMarkersAndNull) {
  decode_leaf_as<BeginSave>("begin_save");
  decode_leaf_as<EndSave>("end_save");
  decode_leaf_as<NullRecord>("");
}

TEST(CommandRecords, Chat) {
  EXPECT_EQ(decode_leaf_as<Chat>("CHAT<Joel> - Eisenhower places a letter...").message,
            "<Joel> - Eisenhower places a letter...");
  EXPECT_EQ(decode_leaf_as<Chat>("CHAT*** d6 = 3 *** <Joel>\\").message, "*** d6 = 3 *** <Joel>\\");
}

TEST(CommandRecords, Players) {
  const auto add = decode_leaf_as<AddPlayer>("PLAYER\tfoo\tJoel\tAllies");
  EXPECT_EQ(add.id, "foo");
  EXPECT_EQ(add.name, "Joel");
  EXPECT_EQ(add.side, "Allies");
  EXPECT_EQ(decode_leaf_as<AddPlayer>("PLAYER\t\t\t<observer>").side, "<observer>");
  EXPECT_EQ(decode_leaf_as<RemovePlayer>("PYREMOVE\tsecret").id, "secret");
}

TEST(CommandRecords, BoardLayout) {
  const auto one = decode_leaf_as<BoardLayout>("NormandyBoardPicker\tNormandy\t0\t0");
  EXPECT_EQ(one.picker_id, "NormandyBoardPicker");
  EXPECT_EQ(one.map_id(), "Normandy");
  ASSERT_EQ(one.cells.size(), 1u);
  EXPECT_EQ(one.cells[0].board, "Normandy");
  EXPECT_FALSE(one.cells[0].reversed);

  const auto two = decode_leaf_as<BoardLayout>("Map0BoardPicker\tNorth/rev\t0\t0\tSouth\t0\t1");
  ASSERT_EQ(two.cells.size(), 2u);
  EXPECT_EQ(two.cells[0].board, "North");
  EXPECT_TRUE(two.cells[0].reversed);
  EXPECT_EQ(two.cells[1].board, "South");
  EXPECT_EQ(two.cells[1].row, 1);
  EXPECT_EQ(two.map_id(), "Map0");
}

TEST(CommandRecords, Properties) {
  const auto mutable_property = decode_leaf_as<MutableProperty>("MutableProperty\tgblDeckChoice\t\t2\tModule");
  EXPECT_EQ(mutable_property.name, "gblDeckChoice");
  EXPECT_EQ(mutable_property.old_value, "");
  EXPECT_EQ(mutable_property.new_value, "2");
  EXPECT_EQ(mutable_property.container, "Module");

  const auto global = decode_leaf_as<GlobalPropertyRestore>("GlobalProperty\t;p1CardCounter;0;Module");
  EXPECT_EQ(global.name, "p1CardCounter");
  EXPECT_EQ(global.value, "0");
  EXPECT_EQ(global.container, "Module");
  EXPECT_EQ(decode_leaf_as<GlobalPropertyRestore>("GlobalProperty\t;Note;a\\;b;Main:Zone").value, "a;b");
}

TEST(CommandRecords, TurnNotesUnmaskSetupStack) {
  const auto turn = decode_leaf_as<TurnState>("TURNTurnTracker0\t0|1;0;true;20");
  EXPECT_EQ(turn.tracker_id, "TurnTracker0");
  EXPECT_EQ(turn.state, "0|1;0;true;20");

  const auto notes = decode_leaf_as<Notes>("NOTES\tline 1|line 2");
  EXPECT_EQ(notes.prefix, "NOTES\t");
  EXPECT_EQ(notes.body, "line 1|line 2");
  EXPECT_EQ(decode_leaf_as<Notes>("PNOTES\t").prefix, "PNOTES\t");
  EXPECT_EQ(decode_leaf_as<Notes>("PNOTE\trommel8\tBid 24").prefix, "PNOTE\t");
  EXPECT_EQ(decode_leaf_as<Notes>("SNOTE\tn\to\tfalse\tt\t01/02/2007 1:00 PM\th").prefix, "SNOTE\t");

  EXPECT_TRUE(decode_leaf_as<Unmask>("UNMASK\t").ids.empty());
  EXPECT_EQ(decode_leaf_as<Unmask>("UNMASK\talice\tbob").ids, (std::vector<std::string>{"alice", "bob"}));
  EXPECT_EQ(decode_leaf_as<SetupStackMarker>("SETUP_STACK\t").text, "");
  EXPECT_EQ(encode_record(SetupStackMarker{}), "SETUP_STACK\t");
}

TEST(CommandRecords, UndoAndLog) {
  EXPECT_TRUE(decode_leaf_as<Undo>("UNDO\ttrue").value);
  EXPECT_FALSE(decode_leaf_as<Undo>("UNDO\tfalse").value);
  const auto log = decode_leaf_as<LogEntry>("LOG\tCHAThello");
  const auto* chat = std::get_if<Chat>(&log.command->record);
  ASSERT_NE(chat, nullptr);
  EXPECT_EQ(chat->message, "hello");
}

TEST(CommandRecords, UnknownLeavesStayVerbatim) {
  for (const std::string text : {"CHECK\trunningVassalVersion<2.9.8\tALERT\\\tVersion mismatch.", "EXT\tkgs\tv1.1",
                                 "AUDIO\tFlip.wav", "SGKC\tSGKC0\ttrue", "OBA/+/0/x", "UNDO\tmaybe"}) {
    EXPECT_EQ(decode_leaf_as<Verbatim>(text).text, text);
  }
}

// Typed forms that cannot reproduce the bytes fall back to Verbatim for that leaf.
TEST(CommandRecords, InexactTypedFormsFallBackToVerbatim) {
  for (const std::string text : {
           "GlobalProperty\t;StateTreasury;0",            // pre-3.2: no container
           "MutableProperty\tname\told\tnew",             // pre-3.2: no container
           "M/7/Map/+5/0/null/Map/1/2/null/p",            // Integer.parseInt accepts "+5"
           "M/7/Map/05/0/null/Map/1/2/null/p",            // leading zero
           "D/1/a/b/c",                                   // an extra field
           "+/1/type/state/extra",                        // an extra field
           "PLAYER\tonly-id",                             // missing fields
           "NormandyBoardPicker\tNormandy\t0",            // incomplete cell
           "TURNTracker\ta\tb",                           // more than two fields
       }) {
    const Command command = decode_command(text);
    EXPECT_TRUE(std::holds_alternative<Verbatim>(command.record)) << text << " -> " << record_name(command.record);
    EXPECT_EQ(encode_command(command), text);
  }
}

TEST(CommandRecords, RecordNames) {
  EXPECT_EQ(record_name(Record{AddPiece{}}), "AddPiece");
  EXPECT_EQ(record_name(Record{MovePiece{}}), "MovePiece");
  EXPECT_EQ(record_name(Record{LogEntry{}}), "Log");
  EXPECT_EQ(record_name(Record{Verbatim{}}), "Verbatim");
}

// ------------------------------------------------------------------ nesting

// Spec §3 example 4: an AddPiece and a MovePiece in a NullCommand, inside a save.
TEST(CommandNesting, SpecSaveExample) {
  const std::string type = "mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy/1";
  const std::string state = "Allies,a\\,b\t-1\\\tMain Map;100;200;;0";
  const std::string add =
      "+/1001/mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy\\/1/Allies,a\\,b\t-1\\\tMain Map;100;200;;0";
  const std::string move = "M/1001/Main Map/150/200/null/Main Map/100/200/null/Joel";
  const std::string null_command = ESC + add + ESC + move;
  const std::string save = "begin_save" + ESC + "\\" + ESC + add + "\\" + ESC + move + ESC + "end_save";

  const CommandTree tree = CommandTree::decode(save);
  EXPECT_EQ(tree.encode(), save);
  EXPECT_TRUE(std::holds_alternative<BeginSave>(tree.root.record));
  ASSERT_EQ(tree.root.children.size(), 2u);
  const Command& nested = tree.root.children[0];
  EXPECT_TRUE(std::holds_alternative<NullRecord>(nested.record));
  ASSERT_EQ(nested.children.size(), 2u);
  const auto& piece = std::get<AddPiece>(nested.children[0].record);
  EXPECT_EQ(piece.type, type);
  EXPECT_EQ(piece.state, state);
  EXPECT_EQ(std::get<MovePiece>(nested.children[1].record).new_x, 150);
  EXPECT_TRUE(std::holds_alternative<EndSave>(tree.root.children[1].record));
  EXPECT_EQ(encode_command(nested), null_command);
}

// A container read in parts, unescaped in place or in a copy: the text is as it was afterwards, and
// each child visited whole with no separator in it is told where it stands in the text, as written
// there; a child holding separators, the container's own record and a quoted container's children
// are not.
TEST(CommandNesting, PartsReadFromAContainerKnowWhereTheyStandInTheText) {
  const std::string first = "+/1/piece;;;a.png;I\\/2/Main Map;1;2";
  const std::string nested = join_sequence({"M/1/Main Map/3/4/null/Main Map/1/2/null/me", "CHAThi"}, '\x1b');
  const std::string last = "+/2/stack/Main Map;3;4;1";
  const std::string container = join_sequence({"", first, nested, last}, '\x1b');
  // Starts and ends with a quote, so it is written quoted.
  const std::string quoted_container = join_sequence({"'hello", first, "bye'"}, '\x1b');
  const std::string text = join_sequence({"begin_save", container, quoted_container, "end_save"}, '\x1b');
  ASSERT_NE(text.find("''hello"), std::string::npos);
  for (const bool in_place : {true, false}) {
    SCOPED_TRACE(in_place ? "in place" : "in a copy");
    std::string read = text;
    CommandReader reader(read);
    ASSERT_EQ(reader.size(), 3u);
    std::vector<std::pair<std::string, std::optional<size_t>>> parts;  // what `now` held, and where
    for (size_t i = 0; i < 2; ++i) {
      reader.next_in_parts(read, in_place, [&](const Command&, const CommandReader::PartText* where) {
        parts.emplace_back(where ? std::string(where->now) : "", where ? std::optional(where->offset) : std::nullopt);
      });
    }
    EXPECT_EQ(read, text);
    ASSERT_EQ(parts.size(), 7u);
    EXPECT_EQ(parts[0].second, std::nullopt);  // the container's own record
    EXPECT_EQ(parts[1].first, first);
    ASSERT_TRUE(parts[1].second);
    EXPECT_EQ(text.substr(*parts[1].second, first.size()), first);
    EXPECT_EQ(parts[2].second, std::nullopt);  // holds a separator: written with a backslash before it
    EXPECT_EQ(parts[3].first, last);
    ASSERT_TRUE(parts[3].second);
    EXPECT_EQ(text.substr(*parts[3].second, last.size()), last);
    EXPECT_EQ(parts[4].second, std::nullopt);
    EXPECT_EQ(parts[5].first, "");  // in a quoted container
    EXPECT_EQ(parts[5].second, std::nullopt);
  }
}

// Spec §6.4: a logged step with tree root[a, b[c]] is
// enc(ESC: LOG+enc(root), LOG+enc(a), enc(ESC: LOG+enc(b), LOG+enc(c))).
TEST(CommandNesting, LogStepTree) {
  const std::string a = "D/1/new/old";
  const std::string b = "M/2/Map/1/2/null/Map/3/4/null/me";
  const std::string c = "+/3/stack/Map;1;2;2";
  const std::string inner_b = "LOG\t" + b + ESC + "LOG\t" + c;                     // enc(ESC: LOG b, LOG c)
  const std::string step = "LOG\t" + ESC + "LOG\t" + a + ESC + "LOG\t" + b + "\\" + ESC + "LOG\t" + c;
  const std::string log = "begin_save" + ESC + "end_save" + ESC + "LOG\t\\" + ESC + "LOG\t" + a + "\\" + ESC +
                          "LOG\t" + b + "\\\\" + ESC + "LOG\t" + c;

  const Command decoded_step = decode_command(step);
  EXPECT_EQ(encode_command(decoded_step), step);
  const auto& root_log = std::get<LogEntry>(decoded_step.record);
  EXPECT_TRUE(std::holds_alternative<NullRecord>(root_log.command->record));
  ASSERT_EQ(decoded_step.children.size(), 2u);
  EXPECT_TRUE(std::holds_alternative<ChangePiece>(std::get<LogEntry>(decoded_step.children[0].record).command->record));
  const Command& b_step = decoded_step.children[1];
  EXPECT_EQ(encode_command(b_step), inner_b);
  EXPECT_TRUE(std::holds_alternative<MovePiece>(std::get<LogEntry>(b_step.record).command->record));
  ASSERT_EQ(b_step.children.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<AddPiece>(std::get<LogEntry>(b_step.children[0].record).command->record));

  const CommandTree tree = CommandTree::decode(log);
  EXPECT_EQ(tree.encode(), log);
  ASSERT_EQ(tree.root.children.size(), 2u);
  EXPECT_EQ(encode_command(tree.root.children[1]), step);
}

// Spec §8 example 2, as it appears inside a log.
TEST(CommandNesting, SpecMovePieceInsideStep) {
  const std::string move = "M/1168285239254/Normandy/1532/1504/null/Normandy/1477/1536/1168285238620/foo";
  const std::string stack = "+/1168633839352/stack/Normandy;1532;1504;1168285239254";
  const std::string text = "end_save" + ESC + "LOG\t" + move + "\\" + ESC + "LOG\t" + stack;
  const CommandTree tree = CommandTree::decode(text);
  EXPECT_EQ(tree.encode(), text);
  const Command& step = tree.root.children.at(0);
  const auto& logged = std::get<LogEntry>(step.record);
  const auto& m = std::get<MovePiece>(logged.command->record);
  EXPECT_EQ(m.old_under, "1168285238620");
  EXPECT_EQ(m.player, "foo");
  const auto& child = std::get<LogEntry>(step.children.at(0).record);
  EXPECT_EQ(std::get<AddPiece>(child.command->record).state, "Normandy;1532;1504;1168285239254");
}

TEST(CommandNesting, OddTopLevelShapesRoundTrip) {
  for (const std::string& text : std::vector<std::string>{std::string(), ESC, ESC + ESC, "a" + ESC, "'quoted'", "x\\" + ESC + "y",
                                 "'a" + ESC + "b'", "CHATc:\\" + ESC + "end_save", "\\" + ESC + "x" + ESC + "y"}) {
    EXPECT_EQ(roundtrip(text), text);
  }
}

// ------------------------------------------------------------------ quoting generations

TEST(CommandQuoting, LegacyQuotingIsDetectedAndKept) {
  // <=3.3 quoted a field ending in '\'; current VASSAL would write it bare.
  const std::string text = "begin_save" + ESC + "D/1/'C:\\'/old" + ESC + "end_save";
  const CommandTree tree = CommandTree::decode(text);
  EXPECT_EQ(tree.rule, QuoteRule::kLegacy);
  EXPECT_EQ(std::get<ChangePiece>(tree.root.children.at(0).record).new_state, "C:\\");
  EXPECT_EQ(tree.encode(), text);
}

TEST(CommandQuoting, CurrentQuotingIsDetectedAndKept) {
  const std::string text = "begin_save" + ESC + "D/1/'\\x'/old" + ESC + "end_save";
  const CommandTree tree = CommandTree::decode(text);
  EXPECT_EQ(tree.rule, QuoteRule::kCurrent);
  EXPECT_EQ(std::get<ChangePiece>(tree.root.children.at(0).record).new_state, "\\x");
  EXPECT_EQ(tree.encode(), text);
}

TEST(CommandQuoting, MixedEvidenceKeepsBytes) {
  const std::string text = "begin_save" + ESC + "D/1/'C:\\'/old" + ESC + "D/2/'\\x'/old" + ESC + "end_save";
  const CommandTree tree = CommandTree::decode(text);
  EXPECT_EQ(tree.encode(), text);
}

// ------------------------------------------------------------------ errors

TEST(CommandErrors, AddPieceWithTooFewFields) {
  try {
    CommandTree::decode("begin_save" + ESC + "+/1001/only-type" + ESC + "end_save");
    FAIL() << "expected CommandError";
  } catch (const CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("command 2 (AddPiece)"), std::string::npos) << e.what();
    EXPECT_EQ(e.place().position, "command 2 (AddPiece)");
  }
}

TEST(CommandErrors, MovePieceWithBadCoordinate) {
  try {
    CommandTree::decode("begin_save" + ESC + "CHAThi" + ESC + "M/1/Map/x/2/null/Map/3/4/null/me");
    FAIL() << "expected CommandError";
  } catch (const CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("command 3 (MovePiece)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"x\""), std::string::npos) << e.what();
  }
}

TEST(CommandErrors, MovePieceWithTooFewFieldsInsideLog) {
  EXPECT_THROW(CommandTree::decode("end_save" + ESC + "LOG\tM/1/Map/1/2"), CommandError);
  EXPECT_THROW(decode_command("M/1/Map/1/2/null/Map/3/4"), CommandError);
}

// ------------------------------------------------------------------ speed

// A 1.2 MB log-like text must decode in linear time (spec budget: well under 20 ms optimised).
TEST(CommandSpeed, LargeLogDecodesQuickly) {
  std::string text = "begin_save" + ESC + "\\" + ESC;
  const std::string add = "+/1168285160940/placemark;Disrupt;68,0;x\\\\\\/y\tpiece;;;0172.svg;III\\/266/\\\t-1;";
  for (int i = 0; i < 3000; ++i) text += add + "\\" + ESC;
  text += "end_save";
  for (int i = 0; i < 3000; ++i)
    text += ESC + "LOG\tM/1/Normandy/1532/1504/null/Normandy/1477/1536/2/foo\\" + ESC + "LOG\tCHAT* moves *";
  ASSERT_GT(text.size(), 400000u);
  const auto start = std::chrono::steady_clock::now();
  const CommandTree tree = CommandTree::decode(text);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(tree.encode(), text);
  // Generous, so that debug and sanitizer builds pass; a quadratic decoder takes seconds.
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), 1000);
}

// ------------------------------------------------------------------ corpus

size_t count_records(const Command& command) {
  size_t n = 1;
  if (const auto* log = std::get_if<LogEntry>(&command.record)) n += count_records(*log->command);
  for (const auto& child : command.children) n += count_records(child);
  return n;
}

// TLD's plain-text scenario_5.sav ends in "end_save\n": VASSAL 2.x trimmed what it read, so that
// is its end_save, but the exact text is a different leaf and stays verbatim.
bool is_end_save(const Command& command) {
  if (std::holds_alternative<EndSave>(command.record)) return true;
  const auto* verbatim = std::get_if<Verbatim>(&command.record);
  return verbatim && verbatim->text == "end_save\n";
}

// Spec §9: every save and log in the corpus decodes and re-encodes to the same text.
TEST(CommandCorpus, EverySaveAndLogRoundTrips) {
  ADJUTANT_REQUIRE_CORPUS();
  const auto files = testing::corpus_files({".vsav", ".vlog", ".sav", ".log"});
  ASSERT_FALSE(files.empty());
  size_t checked = 0;
  size_t identical = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const Archive archive = Archive::open(path.string());
    if (!archive.contains("savedGame")) continue;
    ++checked;
    const std::string text = deobfuscate(archive.read_required("savedGame"));
    const CommandTree tree = CommandTree::decode(text);
    const std::string encoded = tree.encode();
    EXPECT_EQ(encoded.size(), text.size());
    EXPECT_TRUE(encoded == text) << "first difference at byte "
                                 << std::mismatch(encoded.begin(), encoded.end(), text.begin(), text.end()).first -
                                        encoded.begin();
    identical += encoded == text;
    // Saves and logs open with the restore command: begin_save, then end_save among its children.
    EXPECT_TRUE(std::holds_alternative<BeginSave>(tree.root.record)) << record_name(tree.root.record);
    const bool has_end = std::any_of(tree.root.children.begin(), tree.root.children.end(), is_end_save);
    EXPECT_TRUE(has_end);
    EXPECT_GT(count_records(tree.root), 2u);
  }
  RecordProperty("files_checked", static_cast<int>(checked));
  EXPECT_GT(checked, 0u);
  EXPECT_EQ(identical, checked);
}

}  // namespace
}  // namespace adjutant::vmod
