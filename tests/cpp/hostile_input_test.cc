// What a hostile-input pass found, each with its input made here: files that are no VASSAL file,
// nesting and sizes beyond the limits (vmod/limits.h), texts that did not round-trip, and
// arithmetic at the edges of int. Run under -DADJUTANT_SANITIZE=ON to catch undefined behaviour.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "temp_dir.h"
#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/format_error.h"
#include "vmod/game.h"
#include "vmod/limits.h"
#include "vmod/module.h"
#include "vmod/obfuscation.h"
#include "vmod/piece.h"
#include "vmod/piece_slot.h"
#include "vmod/sequence_codec.h"

namespace adjutant::vmod {
namespace {

using testing::TempDir;

constexpr char kEsc = '\x1b';
constexpr char kTab = '\t';

template <typename Error, typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

const std::string kSave = std::string("begin_save") + kEsc + "end_save";

// ---- files that are no save or module ----

TEST(NotVassal, ASaveIsRefusedUnlessItIsOne) {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir.write("empty.vsav", ""), "an empty file"},
      {dir.write("notes.vsav", "just some notes\nabout the game\n"), "text that is no VASSAL file"},
      {dir.write("random.vsav", std::string("\x01\x9c\xff\x00\x13", 5)), "binary data"},
      {dir.write("picture.vsav", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)), "a PNG image"},
      {dir.write("module.vsav", zip_bytes({{"buildFile.xml", "<VASSAL.build.GameModule/>", true},
                                           {"moduledata", "<data/>", true}},
                                          "module.vsav")),
       "a zip archive holding a module (buildFile)"},
      {dir.write("other.zip", zip_bytes({{"readme.txt", "hello", true}}, "other.zip")),
       "a zip archive with neither a savedGame nor a buildFile.xml or buildFile entry"},
  };
  for (const auto& [path, what] : cases) {
    const std::string message = error_of<ArchiveError>([&] { Game::open(path); });
    EXPECT_EQ(message, path + ": not a VASSAL save or log: " + what +
                           "; expected a .vsav or .vlog (a zip with a savedGame entry) or a save's text starting "
                           "with !VCSK or begin_save");
    EXPECT_NE(error_of<ArchiveError>([&] { read_saved_game(path); }), "no error") << path;
  }
}

TEST(NotVassal, ABareSaveTextIsReadAsVassalReadsIt) {
  TempDir dir;
  EXPECT_NO_THROW(Game::open(dir.write("plain.sav", kSave)));
  EXPECT_NO_THROW(Game::open(dir.write("hidden.sav", obfuscate(kSave, 0x2a))));
  EXPECT_EQ(Archive::open(dir.write("plain.log", kSave)).content_kind(), ContentKind::kSave);
  EXPECT_EQ(Archive::open(dir.write("notes.log", "hello")).content_kind(), ContentKind::kUnknown);
  EXPECT_EQ(Archive::open(dir.write("buildFile", "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"M\"/>"))
                .content_kind(),
            ContentKind::kModule);
}

TEST(NotVassal, AModuleIsRefusedUnlessItIsOne) {
  TempDir dir;
  const std::string expected =
      "; expected a .vmod (a zip with a buildFile.xml or buildFile entry), its extracted folder, or a bare buildFile";
  const std::string empty = dir.write("empty.vmod", "");
  EXPECT_EQ(error_of<ArchiveError>([&] { load_module(empty); }),
            empty + ": not a VASSAL module: an empty file" + expected);
  const std::string picture = dir.write("picture.vmod", std::string("\xFF\xD8\xFF\xE0", 4) + "JFIF");
  EXPECT_EQ(error_of<ArchiveError>([&] { load_module(picture); }),
            picture + ": not a VASSAL module: a JPEG image" + expected);
  const std::string save = dir.write("save.vmod", zip_bytes({{"savedGame", kSave, true}}, "save.vmod"));
  EXPECT_EQ(error_of<ArchiveError>([&] { load_module(save); }),
            save + ": not a VASSAL module: a zip archive holding a save or log (savedGame)" + expected);
  const std::string html = dir.write("page.vmod", "<html><body>hello</body></html>");
  EXPECT_EQ(error_of<BuildFileError>([&] { load_module(html); }),
            html + ", line 1: the root element <html> is not a VASSAL module (VASSAL.build.GameModule)");
  EXPECT_NO_THROW(load_module(dir.write("buildFile.xml", "<VASSAL.build.GameModule name=\"M\"/>")));
}

// ---- nesting and sizes ----

TEST(Limits, DeepLogNestingIsRefusedNotAStackOverflow) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "LOG\t";
  text += "CHAThello";
  const std::string message = error_of<CommandError>([&] { CommandTree::decode(text); });
  EXPECT_NE(message.find("commands nested more than " + std::to_string(limits::kMaxCommandDepth) + " deep"),
            std::string::npos)
      << message;
}

// enc(ESC: "", enc(ESC: "", ... "CHAThi")), `depth` levels.
std::string esc_nesting(size_t depth) {
  std::string text = std::string("CHAThi") + kEsc + "CHATho";
  for (size_t i = 1; i < depth; ++i) text = join_sequence({"", text}, kEsc);
  return text;
}

TEST(Limits, DeepEscNestingIsRefusedAndShallowerRoundTrips) {
  const std::string deep = esc_nesting(limits::kMaxCommandDepth + 5);
  EXPECT_NE(error_of<CommandError>([&] { CommandTree::decode(deep); }).find("nested more than"), std::string::npos);
  const std::string allowed = esc_nesting(limits::kMaxCommandDepth - 5);
  EXPECT_EQ(CommandTree::decode(allowed).encode(), allowed);
}

TEST(Limits, AHugeCommandIsRefused) {
  const std::string chat = "CHAT" + std::string(limits::kMaxRecordBytes + 1, 'x');
  const std::string text = std::string("begin_save") + kEsc + chat + kEsc + "end_save";
  EXPECT_EQ(error_of<CommandError>([&] { CommandTree::decode(text); }),
            "command 2: a command of " + std::to_string(chat.size()) + " bytes (limit " +
                std::to_string(limits::kMaxRecordBytes) + ")");
}

// A trait chain as VASSAL nests it, written straight out: the k-th TAB carries k-1 backslashes.
std::string nested_types(size_t traits) {
  std::string text;
  for (size_t k = 1; k < traits; ++k) text += "mark;Side" + std::string(k - 1, '\\') + kTab;
  return text + "piece;;;img.png;Unit";
}

TEST(Limits, TooManyTraitsAreRefusedAndManyParseInOnePass) {
  const std::string over = nested_types(limits::kMaxTraits + 1);
  EXPECT_EQ(error_of<PieceError>([&] { TraitChain::parse(over, ""); }),
            "more than " + std::to_string(limits::kMaxTraits) + " traits in one piece");
  const TraitChain chain = TraitChain::parse(nested_types(limits::kMaxTraits), "");
  ASSERT_EQ(chain.traits().size(), limits::kMaxTraits);
  EXPECT_EQ(chain.basic().type, "piece;;;img.png;Unit");
  EXPECT_EQ(chain.traits()[7].type, "mark;Side");
  const std::string some = nested_types(300);
  EXPECT_EQ(TraitChain::parse(some, "").type(), some);
}

// The level-by-level decoding VASSAL does (and Adjutant did): the reference for NestedSequence.
std::vector<std::pair<std::string, std::string>> parse_level_by_level(const std::string& type, const std::string& state) {
  std::vector<std::pair<std::string, std::string>> out;
  const bool has_state = !state.empty();
  std::string type_rest = type, state_rest = state;
  while (true) {
    SequenceDecoder types(type_rest, kTab);
    std::string my_type = types.next();
    if (!types.has_more()) {
      out.emplace_back(my_type, state_rest);
      return out;
    }
    std::string inner_type = types.next();
    std::string my_state, inner_state;
    if (has_state) {
      SequenceDecoder states(state_rest, kTab);
      my_state = states.next();
      if (!states.has_more()) return {};  // fewer state levels: an error
      inner_state = states.next();
    }
    out.emplace_back(my_type, my_state);
    type_rest = inner_type;
    state_rest = inner_state;
  }
}

TEST(Limits, OnePassTraitParsingGivesWhatLevelByLevelDecodingGives) {
  std::mt19937 random(16);
  const std::string alphabet = std::string("a\\'") + kTab;
  auto text = [&] {
    std::string s(random() % 14, 'a');
    for (char& c : s) c = alphabet[random() % alphabet.size()];
    return s;
  };
  for (int i = 0; i < 20000; ++i) {
    const std::string type = text();
    const std::string state = i % 3 == 0 ? std::string() : text();
    const auto expected = parse_level_by_level(type, state);
    std::vector<std::pair<std::string, std::string>> got;
    try {
      const TraitChain chain = TraitChain::parse(type, state);
      for (const Trait& t : chain.traits()) got.emplace_back(t.type, t.state);
    } catch (const PieceError&) {
    }
    ASSERT_EQ(got, expected) << "type [" << type << "] state [" << state << "]";
  }
}

std::string prototype_bomb_module(int prototypes) {
  std::string xml = "<VASSAL.build.GameModule name=\"Bomb\"><VASSAL.build.module.PrototypesContainer>";
  for (int i = 0; i < prototypes; ++i) {
    const std::string next = "P" + std::to_string(i + 1);
    const std::string body = i + 1 < prototypes ? "prototype;" + next + "\t" + "prototype;" + next + "\\\t" + "piece;;;;"
                                                : std::string("mark;Level\tpiece;;;;");
    xml += "<VASSAL.build.module.PrototypeDefinition name=\"P" + std::to_string(i) + "\">+/null/" + body +
           "/\t</VASSAL.build.module.PrototypeDefinition>";
  }
  xml += "</VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PieceWindow name=\"Pieces\">"
         "<VASSAL.build.widget.PieceSlot entryName=\"Unit\" gpid=\"1\">+/null/prototype;P0\tpiece;;;;Unit/\t"
         "</VASSAL.build.widget.PieceSlot></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>";
  return xml;
}

TEST(Limits, PrototypeExpansionIsCapped) {
  const Module module = parse_build_file(prototype_bomb_module(41), "bomb.vmod");
  ASSERT_EQ(module.piece_slots.size(), 1u);
  const std::string message = error_of<PieceError>([&] { slot_piece(module.piece_slots[0], &module); });
  EXPECT_NE(message.find("more than " + std::to_string(limits::kMaxTraits) +
                         " traits once prototypes are expanded (while expanding P0)"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.substr(0, std::string("bomb.vmod").size()), "bomb.vmod");
  const Module small = parse_build_file(prototype_bomb_module(5), "small.vmod");
  EXPECT_EQ(slot_piece(small.piece_slots[0], &small).traits().size(), 17u);  // 16 markers and the BasicPiece
}

// ---- archives ----

// A zip whose one stored entry declares `declared` bytes but holds `data`.
std::string lying_zip(const std::string& name, const std::string& data, uint32_t declared) {
  auto le16 = [](uint16_t v) { return std::string{static_cast<char>(v & 0xFF), static_cast<char>(v >> 8)}; };
  auto le32 = [&](uint32_t v) { return le16(static_cast<uint16_t>(v & 0xFFFF)) + le16(static_cast<uint16_t>(v >> 16)); };
  const uint16_t n = static_cast<uint16_t>(name.size());
  const std::string local = "PK\x03\x04" + le16(10) + le16(0) + le16(0) + le32(0) + le32(0) + le32(declared) +
                            le32(declared) + le16(n) + le16(0) + name + data;
  const std::string central = "PK\x01\x02" + le16(20) + le16(10) + le16(0) + le16(0) + le32(0) + le32(0) +
                              le32(declared) + le32(declared) + le16(n) + le16(0) + le16(0) + le16(0) + le16(0) +
                              le32(0) + le32(0) + name;
  const std::string end = "PK\x05\x06" + le16(0) + le16(0) + le16(1) + le16(1) + le32(static_cast<uint32_t>(central.size())) +
                          le32(static_cast<uint32_t>(local.size())) + le16(0);
  return local + central + end;
}

TEST(Limits, ADeclaredSizeIsOnlyAClaim) {
  const std::string zip = lying_zip("savedGame", "begin_save", 200u << 20);
  const std::string message = error_of<ArchiveError>([&] { Archive::from_bytes(zip, "liar.vsav"); });
  EXPECT_EQ(message.substr(0, std::string("liar.vsav [savedGame]").size()), "liar.vsav [savedGame]") << message;
}

TEST(Limits, ManySmallEntriesThatCompressTooWellAreABomb) {
  std::vector<ZipEntry> entries;
  for (int i = 0; i < 8; ++i) entries.push_back({"zeros" + std::to_string(i), std::string(512 << 10, '\0'), true});
  entries.push_back({"savedGame", kSave, true});
  ArchiveLimits limits;
  limits.max_ratio = 100;
  const std::string message = error_of<ArchiveError>([&] { Archive::from_bytes(zip_bytes(entries, "b"), "bomb.vsav", limits); });
  EXPECT_NE(message.find("over all entries is beyond 100"), std::string::npos) << message;
}

// ---- round trips ----

TEST(RoundTrip, EveryCommandTextEncodesBackAsItWasRead) {
  const std::vector<std::string> texts = {
      std::string("a") + kEsc + "\\",
      std::string("begin_save") + kEsc + "\\" + kEsc + "end_save",
      std::string("a") + kEsc + "'\\'",
      std::string("'a'") + kEsc + "b",
      std::string("a\\") + kEsc + "b" + kEsc + "\\",
      std::string("\\") + kEsc + "x\\",
      std::string("LOG\t") + "a" + kEsc + "\\b",
  };
  for (const std::string& text : texts) EXPECT_EQ(CommandTree::decode(text).encode(), text) << text;
}

TEST(RoundTrip, TraitTextsVassalWouldReadAsOtherTraitsAreNotWritten) {
  EXPECT_THROW(chain_traits({{"mark;Side", "a"}, {"piece;;;x.png;A\tB", ""}}), std::invalid_argument);
  EXPECT_THROW(chain_traits({{"label;;C:\\", ""}, {"piece;;;x.png;A", ""}}), std::invalid_argument);
  const PieceTexts ok = chain_traits({{"mark;Side\tNote", "a\tb"}, {"piece;;;x.png;A", ""}});
  const TraitChain chain = TraitChain::parse(ok.type, ok.state);
  ASSERT_EQ(chain.traits().size(), 2u);
  EXPECT_EQ(chain.traits()[0].type, "mark;Side\tNote");
  EXPECT_EQ(chain.traits()[0].state, "a\tb");
}

// ---- arithmetic at the edges ----

TEST(EdgeArithmetic, RotatorAndLayerPropertiesOfExtremeStates) {
  const auto props = [](const std::string& type, const std::string& state) {
    return TraitChain::parse(type + "\tpiece;;;;", state + "\tnull;0;0").properties();
  };
  for (const std::string state : {"2147483647", "-2147483648", "9223372036854775807", "1e300", "-1e300", "NaN"}) {
    EXPECT_NO_THROW(props("rotate;6;;;;;;;Turn", state)) << state;
    EXPECT_NO_THROW(props("rotate;1;;;;;Turn", state)) << state;
  }
  EXPECT_EQ(props("rotate;1;;;;;Turn", "1e300").at("Turn_Degrees"), "2147483647");
  EXPECT_EQ(props("rotate;6;;;;;;;Turn", "2147483647").at("Turn_Facing"), "-2147483648");  // Java's int
  std::vector<std::string> layer_type(25);
  layer_type[15] = "a.png,b.png";
  layer_type[18] = "Step";
  layer_type[24] = "1";
  const PropertyMap layer = props("emb2;" + join_sequence(layer_type, ';'), "2147483648");
  EXPECT_NE(layer.at("Step_Level"), "-2147483648");
}

}  // namespace
}  // namespace adjutant::vmod
