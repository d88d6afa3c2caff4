// The companion writer: a file's map tables, places and vocabulary rewritten in its own text, byte
// for byte: what does not change stays as written (ranges, comments, other keys), a changed entry
// keeps its key and comment, and the result loads.
#include "vmod/companion_rewrite.h"

#include <gtest/gtest.h>

#include <string>

#include "terrain_examples.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

std::optional<core::HexTopology> lookup(const std::string& map, const std::string&) {
  if (map != "Main Map") return std::nullopt;
  return testing::ccrr_topology();
}

using Lists = std::vector<std::pair<std::string, std::vector<std::string>>>;
using Levels = std::vector<std::pair<int, std::vector<std::string>>>;
using Sides = std::vector<std::pair<std::string, std::vector<HexsideEntry>>>;
using Chains = std::vector<LineEntry>;
using Places = std::vector<PlaceEntry>;

Companion parse(const std::string& text) { return parse_companion(text, "c.toml", lookup); }

const std::string kFile = R"(# my notes on this map
format = 1
rules = "generic"

[module]
name = "Test"

[vocabulary]
terrain = ["clear", "woods", "town"]
hexside = ["stream", "slope"]
high_side = ["slope"]
lines = ["road"]
places = ["town", "depot"]

[[map]]
name = "Main Map"
default_terrain = "clear"

# The woods of the valley.
[map.terrain]   # typed by hand
woods = ["0101..0202", "0505"]  # the valley
town = "0707"

[map.elevation]
1 = "0303 0304"

[map.hexsides]
stream = "0101/0102"  # the brook

[map.hexsides.slope]
"0303/0403" = "0303"

# Roads.
[[map.line]]
type = "road"
name = "Mill Road"
hexes = "0601 0602 0603"

[[map.line]]
type = "road"
hexes = "0801 0802"

# Towns, as the rulebook's map shows them.
[[map.place]]
name = "Avon"
kind = "town"
hex = "0707"  # the ford town
vp = 2

[[map.place]]
name = "Depot A"
kind = "depot"
hex = "0909"

[movement]
[movement.class.infantry]
terrain = { clear = 1, woods = 2, town = 1 }  # rule 6.1
[movement.class.cavalry]
[movement.class.cavalry.terrain]
clear = 1
woods = 3
town = 1
)";

// The file's own contents as tables: what the page sends when nothing was painted.
MapTables as_written() {
  MapTables t;
  t.map = "Main Map";
  t.terrain = Lists{{"woods", {"0101", "0102", "0201", "0202", "0505"}}, {"town", {"0707"}}};
  t.elevation = Levels{{1, {"0303", "0304"}}};
  t.hexsides = Sides{{"stream", {{"0102/0101", ""}}}, {"slope", {{"0403/0303", "0303"}}}};
  t.lines = Chains{{"road", "Mill Road", {"0601", "0602", "0603"}, {}}, {"road", "", {"0801", "0802"}, {}}};
  t.places = Places{{0, "Avon", "town", {"0707"}}, {1, "Depot A", "depot", {"0909"}}};
  t.note = "painted";
  return t;
}

std::string rewritten(const MapTables& tables, const NewWords& words = {}) {
  const std::string text = rewrite_companion(kFile, parse(kFile), {tables}, words);
  parse(text);  // it loads
  return text;
}

// kFile with each of `changes` (old text, new text) made once.
std::string edited(const std::vector<std::pair<std::string, std::string>>& changes) {
  std::string text = kFile;
  for (const auto& [from, to] : changes) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

TEST(CompanionRewrite, TheSameContentsLeaveTheTextAsItWas) {
  EXPECT_EQ(rewritten(as_written()), kFile);
}

TEST(CompanionRewrite, AChangedListKeepsItsKeyCommentAndTheRangesThatStay) {
  MapTables t = as_written();
  t.terrain = Lists{{"woods", {"0101", "0102", "0201", "0202", "0606"}}, {"town", {"0707"}}};
  EXPECT_EQ(rewritten(t), edited({{R"(woods = ["0101..0202", "0505"]  # the valley)", R"(woods = "0101..0202 0606"  # the valley)"}}));
  // One hex of the range goes: the range is written out.
  t.terrain = Lists{{"woods", {"0101", "0201", "0202"}}, {"town", {"0707"}}};
  EXPECT_EQ(rewritten(t), edited({{R"(woods = ["0101..0202", "0505"]  # the valley)", R"(woods = "0101 0201 0202"  # the valley)"}}));
}

TEST(CompanionRewrite, KeysGoAndComeWithTheirTable) {
  MapTables t = as_written();
  t.terrain = Lists{{"town", {"0707", "0708"}}, {"woods", {"0505"}}};
  t.elevation = Levels{{1, {"0303", "0304"}}, {-1, {"1010"}}};
  EXPECT_EQ(rewritten(t), edited({{R"(woods = ["0101..0202", "0505"]  # the valley)", R"(woods = "0505"  # the valley)"},
                                  {"town = \"0707\"\n", "town = \"0707 0708\"\n"},
                                  {"1 = \"0303 0304\"\n", "1 = \"0303 0304\"\n-1 = \"1010\"\n"}}));
  t.terrain = Lists{{"woods", {"0505"}}};
  EXPECT_EQ(rewritten(t).find("town = \"0707"), std::string::npos);
}

TEST(CompanionRewrite, PlacesRenamedMovedRemovedAndAdded) {
  MapTables t = as_written();
  t.places = Places{{0, "Avon Ford", "town", {"0708"}}, {std::nullopt, "Mill", "depot", {"0303"}},
                    {std::nullopt, "Bigtown", "town", {"1001", "1002"}}};
  EXPECT_EQ(rewritten(t), edited({{"name = \"Avon\"", "name = \"Avon Ford\""},
                                  {"hex = \"0707\"  # the ford town", "hex = \"0708\"  # the ford town"},
                                  {"[[map.place]]\nname = \"Depot A\"\nkind = \"depot\"\nhex = \"0909\"\n\n",
                                   "[[map.place]]\nname = \"Mill\"\nkind = \"depot\"\nhex = \"0303\"\n\n"
                                   "[[map.place]]\nname = \"Bigtown\"\nkind = \"town\"\nhexes = \"1001 1002\"\n\n"}}));
  t.places = Places{{1, "Depot A", "depot", {"0909", "0910"}}};
  EXPECT_EQ(rewritten(t), edited({{"[[map.place]]\nname = \"Avon\"\nkind = \"town\"\nhex = \"0707\"  # the ford town\nvp = 2\n\n", ""},
                                  {"hex = \"0909\"", "hexes = \"0909 0910\""}}));
}

TEST(CompanionRewrite, APlaceIndexTheMapLacksIsRefused) {
  MapTables t = as_written();
  t.places = Places{{2, "Avon", "town", {"0707"}}};
  EXPECT_THROW(rewritten(t), CompanionError);
}

TEST(CompanionRewrite, LinesKeptRemovedAndAdded) {
  MapTables t = as_written();
  t.lines = Chains{{"road", "", {"0801", "0802"}, {}}, {"road", "New", {"0101", "0102"}, {}}};
  EXPECT_EQ(rewritten(t), edited({{"[[map.line]]\ntype = \"road\"\nname = \"Mill Road\"\nhexes = \"0601 0602 0603\"\n\n", ""},
                                  {"hexes = \"0801 0802\"\n", "hexes = \"0801 0802\"\n\n[[map.line]]\ntype = \"road\"\n"
                                                              "name = \"New\"\nhexes = \"0101 0102\"\n"}}));
}

TEST(CompanionRewrite, HexsidesEntryByEntry) {
  MapTables t = as_written();
  t.hexsides = Sides{{"stream", {{"0101/0102", ""}, {"0505/0506", ""}}}, {"slope", {{"0303/0403", "0403"}, {"0606/0607", "0607"}}}};
  EXPECT_EQ(rewritten(t), edited({{"stream = \"0101/0102\"  # the brook", "stream = \"0101/0102 0505/0506\"  # the brook"},
                                  {"\"0303/0403\" = \"0303\"\n", "\"0303/0403\" = \"0403\"\n\"0606/0607\" = \"0607\"\n"}}));
  t.hexsides = Sides{{"stream", {{"0101/0102", ""}}}};
  EXPECT_EQ(rewritten(t), edited({{"[map.hexsides.slope]\n\"0303/0403\" = \"0303\"\n\n", ""}}));
}

TEST(CompanionRewrite, NewWordsJoinTheVocabularyAndEachClassGetsAPlaceholderCost) {
  MapTables t = as_written();
  t.terrain->push_back({"marsh", {"0404"}});
  NewWords words;
  words.terrain = {"marsh", "woods"};  // woods it has
  words.hexside = {"wall"};
  words.high_side = {"wall"};
  words.lines = {"rail"};
  const std::string text = rewritten(t, words);
  EXPECT_EQ(text, edited({{"terrain = [\"clear\", \"woods\", \"town\"]", "terrain = [\"clear\", \"woods\", \"town\", \"marsh\"]"},
                          {"hexside = [\"stream\", \"slope\"]", "hexside = [\"stream\", \"slope\", \"wall\"]"},
                          {"high_side = [\"slope\"]", "high_side = [\"slope\", \"wall\"]"},
                          {"lines = [\"road\"]", "lines = [\"road\", \"rail\"]"},
                          {"town = \"0707\"\n", "town = \"0707\"\nmarsh = \"0404\"\n"},
                          {"terrain = { clear = 1, woods = 2, town = 1 }  # rule 6.1",
                           "# placeholder: give the cost of marsh (here \"prohibited\")\n"
                           "terrain = { clear = 1, woods = 2, town = 1, marsh = \"prohibited\" }  # rule 6.1"},
                          {"town = 1\n", "town = 1\nmarsh = \"prohibited\"  # placeholder: give its cost\n"}}));
  const Companion c = parse(text);
  EXPECT_EQ(c.maps[0].terrain_name(*c.maps[0].topology().hex_named("0404")), "marsh");
  EXPECT_EQ(c.movement->rules.classes[0].terrain[3], core::kProhibited);
}

TEST(CompanionRewrite, AVocabularyKeyTheFileLacksIsAdded) {
  const std::string file = edited({{"places = [\"town\", \"depot\"]\n", ""}, {"[[map.place]]\nname = \"Avon\"\nkind = \"town\"\nhex = \"0707\"  # the ford town\nvp = 2\n\n", ""},
                                   {"[[map.place]]\nname = \"Depot A\"\nkind = \"depot\"\nhex = \"0909\"\n\n", ""}});
  MapTables t;
  t.map = "Main Map";
  t.places = Places{{std::nullopt, "Avon", "town", {"0707"}}};
  NewWords words;
  words.places = {"town"};
  const std::string text = rewrite_companion(file, parse(file), {t}, words);
  EXPECT_NE(text.find("lines = [\"road\"]\nplaces = [\"town\"]\n"), std::string::npos) << text;
  EXPECT_NE(text.find("hexes = \"0801 0802\"\n\n[[map.place]]\nname = \"Avon\"\nkind = \"town\"\nhex = \"0707\"\n"), std::string::npos) << text;
  parse(text);
}

TEST(CompanionRewrite, ANewTableGoesAfterTheMapsOwnKeys) {
  const std::string file = edited({{"[map.elevation]\n1 = \"0303 0304\"\n\n", ""}});
  MapTables t;
  t.map = "Main Map";
  t.elevation = Levels{{2, {"0101"}}};
  t.note = "painted";
  const std::string text = rewrite_companion(file, parse(file), {t});
  EXPECT_NE(text.find("default_terrain = \"clear\"\n\n[map.elevation]  # painted\n2 = \"0101\"\n\n# The woods"), std::string::npos) << text;
  t.elevation = Levels{};  // nothing to hold: no table added
  EXPECT_EQ(rewrite_companion(file, parse(file), {t}), file);
}

TEST(CompanionRewrite, AnInlineTableIsRefused) {
  const std::string file = edited({{"[map.elevation]\n1 = \"0303 0304\"\n", ""}, {"default_terrain = \"clear\"\n", "default_terrain = \"clear\"\nelevation = { 1 = \"0303\" }\n"}});
  MapTables t;
  t.map = "Main Map";
  t.elevation = Levels{{2, {"0101"}}};
  EXPECT_THROW(rewrite_companion(file, parse(file), {t}), CompanionError);
}

}  // namespace
}  // namespace adjutant::vmod
