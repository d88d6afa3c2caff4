// A log's history as a game keeps it (the text, each step decoded again when needed, and what
// undoes each step, built when first going back): wherever replay stands, forward, back or by
// seeking, the game is what a fresh replay to that step gives, and its steps are the commands of
// the decoded text.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "corpus.h"
#include "game_position.h"
#include "vmod/command.h"
#include "vmod/format_error.h"
#include "vmod/game.h"

namespace adjutant::vmod {
namespace {

namespace fs = std::filesystem;

using ::adjutant::testing::position_text;

size_t position_hash(const Game& game) { return std::hash<std::string>{}(position_text(game)); }

std::string described(const StepEffect& effect) {
  std::string out;
  for (const std::string& line : effect.describe()) out += line + '\n';
  return out;
}

// A command's kinds of record, nested as its children are, and its text: equal only for the same tree.
std::string shape(const Command& command, QuoteRule rule) {
  std::string out(record_name(command.record));
  out += '(';
  for (const Command& child : command.children) out += shape(child, rule) + ',';
  return out + ')' + encode_command(command, rule);
}

const fs::path kTldLog = testing::corpus_dir() / "uckelman+tld-mod" / "game" / "0608-3.log";

TEST(GameHistory, SeekingAnywhereInTheTldLogGivesWhatAFreshReplayGives) {
  ADJUTANT_REQUIRE_CORPUS();
  if (!fs::exists(kTldLog)) ADJUTANT_SHARED_MISSING("no " << kTldLog);

  // A fresh replay, step by step from the start: each position and what each step did.
  Game fresh = Game::open(kTldLog.string());
  const size_t steps = fresh.step_count();
  ASSERT_GT(steps, 1000u);
  fresh.seek(0);
  std::vector<size_t> at{position_hash(fresh)};
  std::vector<std::string> effects;
  for (size_t i = 0; i < steps; ++i) {
    effects.push_back(described(fresh.step_forward()));
    at.push_back(position_hash(fresh));
  }

  // The game as opened (at its end), stepped back to the start: each step back says what the step
  // did, as stepping forward over it said.
  Game game = Game::open(kTldLog.string());
  ASSERT_EQ(game.position(), steps);
  EXPECT_EQ(position_hash(game), at[steps]);
  for (size_t p = steps; p > 0; --p) {
    const std::string effect = described(game.step_back());
    ASSERT_EQ(effect, effects[p - 1]) << "step " << p;
    ASSERT_EQ(position_hash(game), at[p - 1]) << "back to " << p - 1;
  }

  // Seeks both ways across the whole log, to positions spread over it.
  size_t seed = 12345;
  for (int i = 0; i < 80; ++i) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    const size_t target = (seed >> 33) % (steps + 1);
    game.seek(target);
    ASSERT_EQ(game.position(), target);
    ASSERT_EQ(position_hash(game), at[target]) << "seek to " << target;
  }

  // Opened again (no history kept) and sent straight back: the text replayed to the target.
  for (size_t target : {size_t{0}, steps / 2, steps - 1}) {
    Game reopened = Game::open(kTldLog.string());
    reopened.seek(target);
    ASSERT_EQ(position_hash(reopened), at[target]) << "seek from the end to " << target;
    reopened.seek(steps);
    ASSERT_EQ(position_hash(reopened), at[steps]) << "back to the end from " << target;
  }

  // Written out at a few positions, the same save as the fresh replay's there.
  for (size_t target : {size_t{0}, steps / 3, steps - 1}) {
    game.seek(target);
    fresh.seek(target);
    EXPECT_EQ(game.save_text(), fresh.save_text()) << "at " << target;
  }
}

// Steps that set global properties (one the save held, one new), seat a player and lay out a map,
// undone and done again.
TEST(GameHistory, StepsOverPropertiesPlayersAndLayoutsAreUndoneAndRedone) {
  constexpr char kEsc = '\x1b';
  const std::string text = join_sequence(
      {"begin_save", "GlobalProperty\t;Turn;1;Module", "end_save",
       "LOG\t" + encode_record(MutableProperty{"Turn", "1", "2", "Module"}),
       "LOG\t" + encode_record(MutableProperty{"Phase", "", "Move", "Main Map"}),
       "LOG\t" + encode_record(AddPlayer{"p1", "Joel", "Union"}),
       "LOG\t" + encode_record(BoardLayout{"Main MapBoardPicker", {{"North", false, 0, 0}}})},
      kEsc);
  Game game = Game::from_text(text, "history.vlog");
  ASSERT_EQ(game.step_count(), 4u);
  const GlobalPropertyKey turn{"Module", "Turn"}, phase{"Main Map", "Phase"};
  const auto globals = [&] { return game.global_properties(); };
  EXPECT_EQ(globals().at(turn), "2");
  EXPECT_EQ(globals().at(phase), "Move");
  EXPECT_EQ(game.players().size(), 1u);
  EXPECT_EQ(game.board_layouts().count("Main Map"), 1u);
  const std::string at_end = position_text(game);

  game.step_back();
  EXPECT_EQ(game.board_layouts().count("Main Map"), 0u);
  game.step_back();
  EXPECT_TRUE(game.players().empty());
  game.step_back();
  EXPECT_EQ(globals().count(phase), 0u);
  EXPECT_EQ(globals().at(turn), "2");
  game.step_back();
  EXPECT_EQ(globals().at(turn), "1");
  game.seek(4);
  EXPECT_EQ(position_text(game), at_end);
}

TEST(GameHistory, EveryLogsStepsAreTheCommandsOfItsWholeDecodedText) {
  ADJUTANT_REQUIRE_CORPUS();
  size_t logs = 0;
  for (const fs::path& path : testing::corpus_files({".vlog", ".log"})) {
    SCOPED_TRACE(path.string());
    const Game game = Game::open(path.string());
    if (!game.is_log()) continue;
    ++logs;
    const std::string text = read_saved_game(path.string());
    const CommandTree tree = CommandTree::decode(text);
    const auto& children = tree.root.children;
    ASSERT_GE(children.size(), game.step_count());
    const size_t first_step = children.size() - game.step_count();
    for (size_t i = 0; i < game.step_count(); ++i) {
      ASSERT_EQ(shape(game.step(i), tree.rule), shape(children[first_step + i], tree.rule))
          << "step " << i + 1;
    }
    EXPECT_EQ(game.log_text(), tree.encode());
  }
  EXPECT_GT(logs, 20u);
}


// A piece whose state has fewer levels than its type: decoding takes it, applying refuses it.
const std::string kBadPiece = "+/" + join_sequence({"A", "mark;Side\tpiece;;;a.png;Alpha", "Union"}, '/');

std::string position_of_error(const std::function<void()>& run) {
  try {
    run();
  } catch (const FormatError& e) {
    return std::string(e.place().position) + " | " + e.what();
  }
  return "no error";
}

// Commands are applied as they are decoded, yet a malformed command anywhere is reported before an
// error of applying one met earlier, at the position a decode of the whole text names.
TEST(GameHistory, AMalformedCommandIsReportedBeforeAnEarlierErrorOfApplying) {
  constexpr char kEsc = '\x1b';
  const std::string container = join_sequence({"", kBadPiece}, kEsc);
  const std::string bad_apply = join_sequence({"begin_save", container, "end_save", "LOG\tCHAThi"}, kEsc);
  EXPECT_NE(position_of_error([&] { Game::from_text(bad_apply, "bad.vlog"); }).find("setup, AddPiece A"),
            std::string::npos);
  const std::string both =
      join_sequence({"begin_save", container, "end_save", "LOG\tM/B/Main Map/x/600/null/Main Map/300/400/null/p1"}, kEsc);
  const std::string from_tree = position_of_error([&] { CommandTree::decode(both); });
  ASSERT_NE(from_tree.find("(MovePiece) |"), std::string::npos) << from_tree;
  const std::string from_game = position_of_error([&] { Game::from_text(both, "both.vlog"); });
  EXPECT_EQ(from_game.substr(0, from_game.find(" | ")), from_tree.substr(0, from_tree.find(" | ")));
  EXPECT_NE(from_game.find("both.vlog [savedGame], command 6 (MovePiece): MovePiece field 3 is not an integer"),
            std::string::npos) << from_game;
}

// Text that shows the legacy quoting only after pieces were applied is read again under that rule:
// the pieces carry it, and what VASSAL skips is reported once.
TEST(GameHistory, LegacyQuotingMetLateIsTheRuleOfEveryPiece) {
  constexpr char kEsc = '\x1b';
  const std::string piece = "+/" + join_sequence({"A", "piece;;;a.png;Alpha", "Main Map;100;200;;0"}, '/');
  const std::string text = join_sequence(
      {"begin_save", join_sequence({"", piece}, kEsc), "end_save", "LOG\tD/Z/'C:\\'/old"}, kEsc);
  const Game game = Game::from_text(text, "legacy.vlog");
  ASSERT_EQ(game.pieces().size(), 1u);
  EXPECT_EQ(game.pieces()[0]->rule, QuoteRule::kLegacy);
  EXPECT_EQ(game.warnings().size(), 1u);
  EXPECT_EQ(game.log_text(), CommandTree::decode(text).encode());
  EXPECT_EQ(CommandTree::decode(text).rule, QuoteRule::kLegacy);
}

// A game opened at its end keeps no history; going back reads the text again, under the rule it
// was read with.
TEST(GameHistory, GoingBackFromTheEndReadsTheTextAgainUnderItsRule) {
  constexpr char kEsc = '\x1b';
  const std::string piece = "+/" + join_sequence({"A", "piece;;;a.png;Alpha", "Main Map;100;200;;0"}, '/');
  const std::string text =
      join_sequence({"begin_save", join_sequence({"", piece}, kEsc), "end_save",
                     "LOG\tM/A/Main Map/300/400/null/Main Map/100/200/null/p1", "LOG\tD/Z/'C:\\'/old"},
                    kEsc);
  Game game = Game::from_text(text, "legacy.vlog");
  ASSERT_EQ(game.step_count(), 2u);
  const std::string at_end = position_text(game);
  const StepEffect back = game.step_back();
  EXPECT_TRUE(back.pieces.empty());
  game.step_back();
  EXPECT_EQ(game.piece("A").x, 100);
  EXPECT_EQ(game.pieces()[0]->rule, QuoteRule::kLegacy);
  EXPECT_EQ(game.warnings().size(), 1u);
  game.seek(2);
  EXPECT_EQ(position_text(game), at_end);
  EXPECT_EQ(game.log_text(), CommandTree::decode(text).encode());
}

// Changes made at the end of a log with no history kept: going back and forth undoes and redoes
// the steps, so a change to a piece no step touched stands, and every change is still written.
TEST(GameHistory, ChangesMadeAtTheEndStandAcrossASeekBack) {
  constexpr char kEsc = '\x1b';
  const auto piece = [](const std::string& id, int x) {
    return "+/" + join_sequence({id, "mark;Side\tpiece;;;a.png;" + id, join_sequence({"Union", "Main Map;" + std::to_string(x) + ";200;;0"}, '\t')}, '/');
  };
  const std::string text = join_sequence(
      {"begin_save", join_sequence({"", piece("A", 100), piece("B", 500)}, kEsc), "end_save",
       "LOG\tM/A/Main Map/300/400/null/Main Map/100/200/null/p1"},
      kEsc);
  Game game = Game::from_text(text, "changes.vlog");
  game.set_property("B", "Side", "Confederate");
  game.seek(0);
  EXPECT_EQ(game.piece("A").x, 100);
  EXPECT_NE(game.piece("B").state.find("Confederate"), std::string::npos);
  game.seek(1);
  EXPECT_EQ(game.piece("A").x, 300);
  EXPECT_NE(game.piece("B").state.find("Confederate"), std::string::npos);
  ASSERT_EQ(game.changes().size(), 1u);
  EXPECT_NE(game.log_text().find("Confederate"), std::string::npos);
}

}  // namespace
}  // namespace adjutant::vmod
