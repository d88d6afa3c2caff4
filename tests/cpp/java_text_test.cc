// Java's own answers (Integer.parseInt, Long.parseLong, Double.parseDouble, String.trim,
// String.isBlank, as printed by OpenJDK 17 and 25, which agree) for the same strings in UTF-8.
#include "core/java/java_text.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace {

using adjutant::core::java::is_blank;
using adjutant::core::java::parse_double;
using adjutant::core::java::parse_int;
using adjutant::core::java::parse_long;
using adjutant::core::java::trim;

struct IntegerCase {
  std::string text;
  std::optional<int32_t> as_int;   // nullopt: NumberFormatException
  std::optional<int64_t> as_long;
};

const IntegerCase kIntegerCases[] = {
    {"+-5", std::nullopt, std::nullopt},
    {"-+5", std::nullopt, std::nullopt},
    {"++1", std::nullopt, std::nullopt},
    {"-0", 0, 0},
    {"+0", 0, 0},
    {"+7", 7, 7},
    {"7", 7, 7},
    {"00012", 12, 12},
    {" 5", std::nullopt, std::nullopt},  // parseInt does not trim
    {"5 ", std::nullopt, std::nullopt},
    {"2147483647", 2147483647, 2147483647},
    {"2147483648", std::nullopt, 2147483648},
    {"-2147483648", INT32_MIN, -2147483648},
    {"-2147483649", std::nullopt, -2147483649},
    {"", std::nullopt, std::nullopt},
    {"-", std::nullopt, std::nullopt},
    {"+", std::nullopt, std::nullopt},
    {"9223372036854775807", std::nullopt, INT64_MAX},
    {"9223372036854775808", std::nullopt, std::nullopt},
    {"-9223372036854775808", std::nullopt, INT64_MIN},
    {"-9223372036854775809", std::nullopt, std::nullopt},
    {"0x10", std::nullopt, std::nullopt},
    {"1_000", std::nullopt, std::nullopt},
    {"1e3", std::nullopt, std::nullopt},
    // Character.digit(ch, 10) takes every decimal digit of the Basic Multilingual Plane.
    {"\u0663", 3, 3},                 // ARABIC-INDIC DIGIT THREE
    {"-\u0663\u0660", -30, -30},
    {"\uFF11\uFF12", 12, 12},         // FULLWIDTH DIGIT ONE, TWO
    {"1\u0663", 13, 13},
    {"\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u06602147483647", 2147483647, 2147483647},
    {"\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663", std::nullopt, 3333333333},
    {"\uABF9", 9, 9},                 // MEETEI MAYEK DIGIT NINE, the last run of the table
    // Not digits to Java: superscripts, Roman numerals, and digits beyond U+FFFF (two surrogates).
    {"\u00B2", std::nullopt, std::nullopt},
    {"\u2167", std::nullopt, std::nullopt},
    {"\U0001D7CF", std::nullopt, std::nullopt},  // MATHEMATICAL BOLD DIGIT ONE
    // Malformed UTF-8 (an overlong '0', a lone continuation byte) is U+FFFD to Java's decoder.
    {"\xC0\xB0", std::nullopt, std::nullopt},
    {"1\x80", std::nullopt, std::nullopt},
};

TEST(JavaText, ParseIntAndLongAnswerAsJava) {
  for (const IntegerCase& c : kIntegerCases) {
    EXPECT_EQ(parse_int(c.text), c.as_int) << "Integer.parseInt(\"" << c.text << "\")";
    EXPECT_EQ(parse_long(c.text), c.as_long) << "Long.parseLong(\"" << c.text << "\")";
  }
}

constexpr uint64_t kNaNBits = 0x7ff8000000000000;  // Java's one NaN; any NaN matches it

struct DoubleCase {
  std::string text;
  std::optional<uint64_t> bits;  // Double.doubleToRawLongBits of Java's answer; nullopt: exception
};

const DoubleCase kDoubleCases[] = {
    {"1.5", 0x3ff8000000000000},
    {" 1.5\t", 0x3ff8000000000000},     // parseDouble trims
    {"1.5\x01", 0x3ff8000000000000},    // ... every char <= U+0020
    {"\u00A01.5", std::nullopt},        // ... but not a no-break space
    {"1e3", 0x408f400000000000},
    {"1E-3", 0x3f50624dd2f1a9fc},
    {"0.1", 0x3fb999999999999a},
    {"1.", 0x3ff0000000000000},
    {"  .5", 0x3fe0000000000000},
    {".5e1", 0x4014000000000000},
    {"1.e1", 0x4024000000000000},
    {".", std::nullopt},
    {"1f", 0x3ff0000000000000},
    {"2D", 0x4000000000000000},
    {"-0", 0x8000000000000000},
    {"-0.0e5", 0x8000000000000000},
    {"0x1p3", 0x4020000000000000},
    {"0x1.8P1", 0x4008000000000000},
    {"0X1P+3D", 0x4020000000000000},
    {"0x1.p1", 0x4000000000000000},
    {"0x.8p1", 0x3ff0000000000000},
    {"0x.p1", std::nullopt},
    {"0xp1", std::nullopt},
    {"0x10", std::nullopt},             // a hexadecimal literal needs its p exponent
    {"NaN", 0x7ff8000000000000},
    {"-NaN", 0x7ff8000000000000},
    {"+Infinity", 0x7ff0000000000000},
    {"-Infinity", 0xfff0000000000000},
    {"Infinity ", 0x7ff0000000000000},
    {"inf", std::nullopt},
    {"nan", std::nullopt},
    {"1e400", 0x7ff0000000000000},
    {"-1e400", 0xfff0000000000000},
    {"1e-400", 0x0},
    {"1e99999999999999", 0x7ff0000000000000},
    {"1e-99999999999999", 0x0},
    {"1" + std::string(500, '0') + "e-10", 0x7ff0000000000000},
    {"0." + std::string(400, '0') + "1e400", 0x3fb999999999999a},
    {"0x1p1024", 0x7ff0000000000000},
    {"0x1p-1074", 0x1},
    {"0x1p-1075", 0x0},
    {"0x0p99999", 0x0},
    {"4.9e-324", 0x1},
    {"2.4703282292062328e-324", 0x1},
    {"2.4703282292062327e-324", 0x0},
    {"1.7976931348623157e308", 0x7fefffffffffffff},
    {"1.7976931348623159e308", 0x7ff0000000000000},
    {"9007199254740993", 0x4340000000000000},
    {"+-1", std::nullopt},
    {"1_0", std::nullopt},
    {"", std::nullopt},
    {"  ", std::nullopt},
    {"1.5x", std::nullopt},
    {"1e", std::nullopt},
    {"1e+", std::nullopt},
    {"\u0663", std::nullopt},           // unlike parseInt, ASCII digits only
    {"\u0663.5", std::nullopt},
};

TEST(JavaText, ParseDoubleAnswersAsJava) {
  for (const DoubleCase& c : kDoubleCases) {
    const std::optional<double> value = parse_double(c.text);
    const std::string call = "Double.parseDouble(\"" + c.text.substr(0, 40) + "\")";
    ASSERT_EQ(value.has_value(), c.bits.has_value()) << call;
    if (!value) continue;
    if (*c.bits == kNaNBits) {
      EXPECT_TRUE(std::isnan(*value)) << call;
    } else {
      EXPECT_EQ(std::bit_cast<uint64_t>(*value), *c.bits) << call << " gave " << *value;
    }
  }
}

TEST(JavaText, TrimStripsEveryCharUpToSpace) {
  EXPECT_EQ(trim("\t x \x01"), "x");
  EXPECT_EQ(trim(std::string("\0x\0", 3)), "x");
  EXPECT_EQ(trim("\x01\x02"), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("a b"), "a b");
  // No-break and Unicode spaces are above U+0020: trim keeps them.
  EXPECT_EQ(trim(" \u00A0x\u00A0 "), "\u00A0x\u00A0");
  EXPECT_EQ(trim("\u2003x\u2003"), "\u2003x\u2003");
}

TEST(JavaText, IsBlankIsCharacterIsWhitespace) {
  EXPECT_TRUE(is_blank(""));
  EXPECT_TRUE(is_blank(" \t\n\v\f\r"));
  EXPECT_TRUE(is_blank("\x1C\x1D\x1E\x1F"));
  EXPECT_TRUE(is_blank("\u3000\u205F\u2003\u1680\u2028\u2029"));
  EXPECT_FALSE(is_blank("\x01\x02"));     // trim() would leave nothing; isBlank says no
  EXPECT_FALSE(is_blank("\u00A0"));       // no-break spaces are not whitespace to Java
  EXPECT_FALSE(is_blank("\u2007"));
  EXPECT_FALSE(is_blank("\u202F"));
  EXPECT_FALSE(is_blank("\u0085"));       // NEXT LINE is a control, not whitespace
  EXPECT_FALSE(is_blank("\u200B"));
  EXPECT_FALSE(is_blank("\u180E"));
  EXPECT_FALSE(is_blank(" x "));
  EXPECT_FALSE(is_blank("\xE3\x80"));     // U+3000 cut short
}

}  // namespace
