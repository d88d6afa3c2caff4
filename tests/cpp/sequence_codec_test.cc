// SequenceEncoder / Decoder against the worked examples of spec §3 (vassal-format.md), each
// produced and decoded by VASSAL's own class.
#include "vmod/sequence_codec.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace adjutant::vmod {
namespace {

using Tokens = std::vector<std::string>;
constexpr char kTab = '\t';
constexpr char kEsc = '\x1b';

TEST(SequenceCodec, Example1EscapedDelimiterAndEmptyElements) {
  EXPECT_EQ(join_sequence({"a;b", "", "c", ""}, ';'), "a\\;b;;c;");
  EXPECT_EQ(split_sequence("a\\;b;;c;", ';'), (Tokens{"a;b", "", "c", ""}));
}

TEST(SequenceCodec, Example2QuotesAroundQuotedAndBackslashStart) {
  EXPECT_EQ(join_sequence({"'x'", "\\y", "z"}, ';'), "''x'';'\\y';z");
  EXPECT_EQ(split_sequence("''x'';'\\y';z", ';'), (Tokens{"'x'", "\\y", "z"}));
}

TEST(SequenceCodec, Example3TrailingBackslashBugOfCurrentVassal) {
  const std::string encoded = join_sequence({"C:\\", "next"}, ';');
  EXPECT_EQ(encoded, "C:\\;next");
  EXPECT_EQ(split_sequence(encoded, ';'), (Tokens{"C:;next"}));  // lost, as in VASSAL
  EXPECT_EQ(split_sequence(join_sequence({"next", "C:\\"}, ';'), ';'), (Tokens{"next", "C:\\"}));
}

TEST(SequenceCodec, LegacyRuleQuotesTrailingBackslash) {
  EXPECT_EQ(join_sequence({"C:\\", "next"}, ';', QuoteRule::kLegacy), "'C:\\';next");
  EXPECT_EQ(split_sequence("'C:\\';next", ';'), (Tokens{"C:\\", "next"}));
  EXPECT_EQ(join_sequence({"\\y"}, ';', QuoteRule::kLegacy), "\\y");
}

TEST(SequenceCodec, Example4NestedLevelsOfAnAddPiece) {
  const std::string basic_type = "piece;" + join_sequence({"", "", "tank.png", "Tank; heavy/1"}, ';');
  EXPECT_EQ(basic_type, "piece;;;tank.png;Tank\\; heavy/1");
  EXPECT_EQ(join_sequence({"Allies", "a,b"}, ','), "Allies,a\\,b");

  const std::string type = join_sequence({"mark;Side,Note", join_sequence({"emb2;Flip;130;F", basic_type}, kTab)}, kTab);
  EXPECT_EQ(type, "mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy/1");
  const std::string state = join_sequence({"Allies,a\\,b", join_sequence({"-1", "Main Map;100;200;;0"}, kTab)}, kTab);
  EXPECT_EQ(state, "Allies,a\\,b\t-1\\\tMain Map;100;200;;0");

  const std::string add = "+/" + join_sequence({"1001", type, state}, '/');
  EXPECT_EQ(add,
            "+/1001/mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy\\/1/"
            "Allies,a\\,b\t-1\\\tMain Map;100;200;;0");
  const std::string move = "M/1001/Main Map/150/200/null/Main Map/100/200/null/Joel";
  const std::string null_command = join_sequence({"", add, move}, kEsc);
  EXPECT_EQ(null_command, "\x1b" + add + "\x1b" + move);

  const std::string save = join_sequence({"begin_save", null_command, "end_save"}, kEsc);
  EXPECT_EQ(save, "begin_save\x1b\\\x1b" + add + "\\\x1b" + move + "\x1b" "end_save");

  // ... and back, level by level.
  const Tokens top = split_sequence(save, kEsc);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[1], null_command);
  const Tokens commands = split_sequence(top[1], kEsc);
  ASSERT_EQ(commands.size(), 3u);
  const Tokens fields = split_sequence(commands[1].substr(2), '/');
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[1], type);
  const Tokens traits = split_sequence(fields[1], kTab);
  EXPECT_EQ(traits, (Tokens{"mark;Side,Note", "emb2;Flip;130;F\tpiece;;;tank.png;Tank\\; heavy/1"}));
}

TEST(SequenceCodec, Example5BackslashesGrowWithDepth) {
  const std::string chain = join_sequence({"T1", join_sequence({"T2", join_sequence({"T3", "piece;;;;"}, kTab)}, kTab)}, kTab);
  EXPECT_EQ(chain, "T1\tT2\\\tT3\\\\\tpiece;;;;");
  // A trait type ending in '\' breaks the level: the TAB is taken as escaped.
  EXPECT_EQ(split_sequence("label;;C:\\\tpiece;;;x.png;A", kTab), (Tokens{"label;;C:\tpiece;;;x.png;A"}));
}

TEST(SequenceCodec, DecoderEdgeCases) {
  EXPECT_EQ(split_sequence("", ';'), (Tokens{""}));
  EXPECT_EQ(split_sequence("a;", ';'), (Tokens{"a", ""}));
  EXPECT_EQ(split_sequence(";a", ';'), (Tokens{"", "a"}));
  EXPECT_EQ(split_sequence("'", ';'), (Tokens{"'"}));       // a lone quote is not unquoted
  EXPECT_EQ(split_sequence("'''", ';'), (Tokens{"'"}));
  EXPECT_EQ(join_sequence({"'"}, ';'), "'''");              // ... but is quoted on the way out
  EXPECT_EQ(join_sequence({}, ';'), "");

  SequenceDecoder none = SequenceDecoder::empty(';');
  EXPECT_FALSE(none.has_more());
  EXPECT_EQ(none.next(), "");
}

TEST(SequenceCodec, TypedReadsFallBackLikeVassal) {
  SequenceDecoder d("12;x;2.5;true;yes", ';');
  EXPECT_EQ(d.next_int(-1), 12);
  EXPECT_EQ(d.next_int(-1), -1);
  EXPECT_DOUBLE_EQ(d.next_double(0), 2.5);
  EXPECT_TRUE(d.next_bool(false));
  EXPECT_FALSE(d.next_bool(true));
  EXPECT_FALSE(d.has_more());
  EXPECT_EQ(d.next_int(7), 7);
  EXPECT_EQ(d.next_or("dflt"), "dflt");

  // nextInt is Integer.parseInt (int range, one sign, no blanks); nextDouble is Double.parseDouble
  // (which trims, and knows Infinity but not inf).
  SequenceDecoder j("2147483648;+-5;-2147483648; 3;+7; 2.5 ;inf;-Infinity", ';');
  EXPECT_EQ(j.next_int(-1), -1);
  EXPECT_EQ(j.next_int(-1), -1);
  EXPECT_EQ(j.next_int(-1), INT32_MIN);
  EXPECT_EQ(j.next_int(-1), -1);
  EXPECT_EQ(j.next_int(-1), 7);
  EXPECT_DOUBLE_EQ(j.next_double(0), 2.5);
  EXPECT_DOUBLE_EQ(j.next_double(0), 0);
  EXPECT_EQ(j.next_double(0), -std::numeric_limits<double>::infinity());
}

TEST(SequenceCodec, EncoderValueIsAbsentUntilSomethingIsAppended) {
  SequenceEncoder e(';');
  EXPECT_FALSE(e.value().has_value());
  e.append("");
  ASSERT_TRUE(e.value().has_value());
  EXPECT_EQ(*e.value(), "");
  e.append_int(-3).append_bool(true);
  EXPECT_EQ(e.str(), ";-3;true");
}

TEST(SequenceCodec, EvidenceTellsTheQuotingGeneration) {
  QuoteEvidence legacy;
  split_sequence("'C:\\';next", ';', &legacy);
  EXPECT_EQ(legacy.rule(), QuoteRule::kLegacy);
  QuoteEvidence current;
  split_sequence("'\\y';z", ';', &current);
  EXPECT_EQ(current.rule(QuoteRule::kLegacy), QuoteRule::kCurrent);
  QuoteEvidence silent;
  split_sequence("a;b", ';', &silent);
  EXPECT_EQ(silent.rule(QuoteRule::kLegacy), QuoteRule::kLegacy);
}

}  // namespace
}  // namespace adjutant::vmod
